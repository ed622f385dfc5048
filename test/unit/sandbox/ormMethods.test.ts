// The generic methods over real HTTP: search, read, search_read, fields_get, create, write, unlink, name_search,
// name_create, default_get, copy, check_access, has_access, context_get; domains; field types; rights per user.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const search = (domain: unknown, extra: Row = {}) => ok<number[]>(sandbox, 'res.partner', 'search', { domain, ...extra });
const read = (ids: number[], fields: string[] | null, extra: Row = {}) =>
  ok<Row[]>(sandbox, 'res.partner', 'read', { ids, fields, ...extra });
const names = async (ids: number[]) => (await read(ids, ['name'])).map((row) => row.name);

describe('search and domains', () => {
  it('returns every match without offset and limit, and pages with them', async () => {
    const all = await search([]);
    assert.ok(all.length > 80);
    assert.deepEqual(await search([], { offset: 5, limit: 10 }), all.slice(5, 15));
    assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: [] }), all.length);
    assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: [], limit: 7 }), 7);
  });

  it('honours = != in "not in" ilike and the prefix operators & | !', async () => {
    const belgium = await search([
      ['country_id.code', '=', 'BE'],
      ['is_company', '=', true],
    ]);
    assert.deepEqual((await names(belgium)).sort(), ['Brouwerij De Kroon', 'Chocolaterie Belle Étoile', 'Société Générale de Café']);
    const companies = await search([['is_company', '=', true]]);
    const notCompanies = await search([['is_company', '!=', true]]);
    assert.equal(companies.length + notCompanies.length, (await search([])).length);
    const picked = companies.slice(0, 3);
    assert.deepEqual((await search([['id', 'in', picked]])).sort(), [...picked].sort());
    assert.equal(
      (
        await search([
          ['id', 'not in', picked],
          ['is_company', '=', true],
        ])
      ).length,
      companies.length - 3,
    );
    assert.deepEqual(await search([['id', 'in', []]]), []);
    assert.deepEqual(
      await names(
        await search([
          ['name', 'ilike', 'müller'],
          ['is_company', '=', true],
        ]),
      ),
      ['Müller & Söhne GmbH'],
    );
    const either = await search(['|', ['name', '=', 'Azure Interior'], ['name', '=', 'Deco Addict']]);
    assert.deepEqual((await names(either)).sort(), ['Azure Interior', 'Deco Addict']);
    const both = await search(['&', ['name', 'ilike', 'a'], ['name', 'ilike', 'z']]);
    assert.ok((await names(both)).every((name) => /a/i.test(String(name)) && /z/i.test(String(name))));
    const negated = await search(['!', ['is_company', '=', true]]);
    assert.deepEqual(negated.sort(), [...notCompanies].sort());
    const nested = await search(['|', '&', ['is_company', '=', true], ['country_id.code', '=', 'JP'], ['name', '=', 'Mark Davis']]);
    assert.deepEqual((await names(nested)).sort(), ['Mark Davis', 'Tokyo Trading Co. 東京商事']);
  });

  it('compares with false, the other operators, a many2one with a display name, and any', async () => {
    const withoutCountry = await search([['country_id', '=', false]]);
    const withCountry = await search([['country_id', '!=', false]]);
    assert.equal(withoutCountry.length + withCountry.length, (await search([])).length);
    assert.ok((await read(withoutCountry, ['country_id'])).every((row) => row.country_id === false));
    const some = await search([
      ['id', '<', 10],
      ['id', '>=', 5],
    ]);
    assert.ok(some.every((id) => id >= 5 && id < 10));
    assert.deepEqual(await search([['name', '=like', 'Azure%']]), await search([['name', '=', 'Azure Interior']]));
    assert.deepEqual(await search([['name', '=ilike', 'azure interior']]), await search([['name', '=', 'Azure Interior']]));
    assert.deepEqual(
      await search([
        ['country_id', '=?', false],
        ['name', '=', 'Azure Interior'],
      ]),
      await search([['name', '=', 'Azure Interior']]),
    );
    const byName = await search([['country_id', 'ilike', 'belg']]);
    assert.deepEqual(byName.sort(), (await search([['country_id.code', '=', 'BE']])).sort());
    const anyDomain = await search([['parent_id', 'any', [['name', '=', 'Azure Interior']]]]);
    const anyNames = await names(anyDomain);
    for (const name of ['Brandon Freeman', 'Colleen Diaz', 'Nicole Ford']) assert.ok(anyNames.includes(name), name);
    assert.deepEqual(anyDomain.sort(), (await search([['parent_id.name', '=', 'Azure Interior']])).sort());
    assert.deepEqual(
      await search([
        ['name', 'not ilike', 'a'],
        ['name', 'ilike', 'a'],
      ]),
      [],
    );
  });

  it('leaves archived records out unless the domain or the context asks for them', async () => {
    const archived = await search([['active', '=', false]]);
    assert.ok(archived.length > 0);
    const all = await search([], { context: { active_test: false } });
    assert.ok(archived.every((id) => all.includes(id)));
    const active = await search([]);
    assert.ok(archived.every((id) => !active.includes(id)));
    const [record] = await read([archived[0]], ['active']);
    assert.equal(record.active, false, 'read finds archived records by id');
  });

  it('orders by the order argument, with several fields and directions', async () => {
    const ids = await search([['is_company', '=', true]], { order: 'name desc' });
    const sorted = await names(ids);
    assert.deepEqual(sorted, [...sorted].sort().reverse());
    const byCountry = await ok<Row[]>(sandbox, 'res.partner', 'search_read', {
      domain: [['is_company', '=', true]],
      fields: ['country_id', 'name'],
      order: 'country_id asc, name desc',
    });
    const keys = byCountry.map((row) => `${(row.country_id as [number, string] | false) ? (row.country_id as [number, string])[1] : ''}`);
    assert.deepEqual(keys, [...keys].sort());
  });

  it('answers the documented errors for bad domains and orders', async () => {
    const unknown = await fails(sandbox, 500, 'res.partner', 'search', { domain: [['foo', '=', 1]] });
    assert.equal(unknown.name, 'builtins.ValueError');
    assert.equal(unknown.message, "Invalid field res.partner.foo in condition ('foo', '=', 1)");
    const path = await fails(sandbox, 500, 'res.partner', 'search', { domain: [['country_id.nope', '=', 'x']] });
    assert.equal(path.message, "Invalid field res.country.nope in condition ('country_id.nope', '=', 'x')");
    for (const domain of [['&', ['name', '=', 'x']], ['!'], [['name', '=']], [5], [['name', 'bogus', 1]]]) {
      const error = await fails(sandbox, 500, 'res.partner', 'search', { domain });
      assert.equal(error.name, 'builtins.ValueError', JSON.stringify(domain));
    }
    // A domain that is not a list is the reference's TypeError, an order that is no list of terms its user error.
    assert.equal((await fails(sandbox, 500, 'res.partner', 'search', { domain: 'name' })).name, 'builtins.TypeError');
    const order = await fails(sandbox, 422, 'res.partner', 'search', { domain: [], order: 'name sideways' });
    assert.match(order.message, /^Invalid "order" specified/);
  });
});

describe('read and search_read', () => {
  it('gives id first, then the fields asked for; many2one as [id, name] or a plain id with load null', async () => {
    const [azure] = await search([['name', '=', 'Azure Interior']]);
    const [record] = await read([azure], ['country_id', 'name', 'is_company']);
    assert.deepEqual(Object.keys(record), ['id', 'country_id', 'name', 'is_company']);
    assert.deepEqual(record, {
      id: azure,
      country_id: [record.country_id instanceof Array ? record.country_id[0] : 0, 'United States'],
      name: 'Azure Interior',
      is_company: true,
    });
    const [plain] = await read([azure], ['country_id'], { load: null });
    assert.equal(typeof plain.country_id, 'number');
    const contacts = await ok<Row[]>(sandbox, 'res.partner', 'search_read', {
      domain: [['parent_id', '=', azure]],
      fields: ['display_name', 'parent_id'],
      limit: 1,
    });
    assert.match(String(contacts[0].display_name), /^Azure Interior, /);
    assert.deepEqual(contacts[0].parent_id, [azure, 'Azure Interior']);
  });

  it('reads every field without a list, with the built-in fields, and empty values as false (numbers as 0)', async () => {
    const [id] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Empty values' }] });
    const [record] = await read([id], null);
    for (const field of ['id', 'create_uid', 'create_date', 'write_uid', 'write_date', 'display_name']) assert.ok(field in record, field);
    // The reference (19.0) has no __last_update field any more.
    assert.ok(!('__last_update' in record));
    assert.equal(Object.keys(record)[0], 'id');
    assert.equal(record.email, false);
    assert.equal(record.parent_id, false);
    assert.equal(record.date, false);
    assert.equal(record.partner_latitude, 0);
    assert.equal(record.color, 0);
    assert.equal(record.is_company, false);
    assert.deepEqual(record.create_uid, [sandbox.users.admin.id, 'Mitchell Admin']);
  });

  it('leaves out ids that do not exist (as the reference reads them), and answers a ValueError for unknown fields', async () => {
    assert.deepEqual(await ok(sandbox, 'res.partner', 'read', { ids: [999999], fields: ['name'] }), []);
    assert.deepEqual(await ok(sandbox, 'res.partner', 'read', { ids: [999999, 1], fields: ['id'] }), [{ id: 1 }]);
    const unknown = await fails(sandbox, 500, 'res.partner', 'read', { ids: [1], fields: ['name', 'nope'] });
    assert.deepEqual([unknown.name, unknown.message], ['builtins.ValueError', "Invalid field 'nope' on 'res.partner'"]);
    // Writing a record that does not exist is still the missing-record error.
    const missing = await fails(sandbox, 404, 'res.partner', 'write', { ids: [999999], vals: { name: 'x' } });
    assert.equal(missing.name, 'odoo.exceptions.MissingError');
    assert.match(missing.message, /^Record does not exist or has been deleted\.\n\(Record: res\.partner\(999999,\), User: \d+\)$/);
  });
});

describe('fields_get', () => {
  it('describes every field, or the attributes asked for', async () => {
    const all = await ok<Record<string, Row>>(sandbox, 'res.partner', 'fields_get', {});
    assert.equal(all.name.type, 'char');
    // As the reference: a name is not required (an address may have none; a contact must, by a constraint).
    assert.equal(all.name.required, false);
    assert.equal(all.country_id.relation, 'res.country');
    assert.deepEqual(all.type.selection, [
      ['contact', 'Contact'],
      ['invoice', 'Invoice'],
      ['delivery', 'Delivery'],
      ['other', 'Other'],
    ]);
    for (const builtin of ['id', 'create_uid', 'create_date', 'write_uid', 'write_date', 'display_name'])
      assert.ok(builtin in all, builtin);
    assert.ok(!('__last_update' in all));
    assert.equal(all.create_uid.type, 'many2one');
    const some = await ok<Record<string, Row>>(sandbox, 'res.partner', 'fields_get', {
      allfields: ['is_company', 'name'],
      attributes: ['string', 'help', 'type'],
    });
    assert.deepEqual(some, {
      name: { string: 'Name', type: 'char' },
      is_company: { string: 'Is a Company', help: 'Check if the contact is a company, otherwise it is a person', type: 'boolean' },
    });
  });
});

describe('create, write, unlink, copy', () => {
  it('creates from one object or a list and always answers a list of ids, with defaults applied', async () => {
    const single = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: { name: 'One' } });
    const several = await ok<number[]>(sandbox, 'res.partner', 'create', {
      vals_list: [{ name: 'Two' }, { name: 'Three', type: 'invoice' }],
    });
    assert.equal(single.length, 1);
    assert.equal(several.length, 2);
    assert.deepEqual(await ok(sandbox, 'res.partner', 'create', { vals_list: [] }), []);
    const rows = await read(several, ['type', 'active', 'create_uid']);
    assert.deepEqual(
      rows.map((row) => row.type),
      ['contact', 'invoice'],
    );
    assert.ok(rows.every((row) => row.active === true));
  });

  it('stores and reads back every field type of this part', async () => {
    const [country] = await ok<number[]>(sandbox, 'res.country', 'search', { domain: [['code', '=', 'FR']] });
    const values = {
      name: 'Types',
      comment: 'multi\nline',
      color: 7,
      partner_latitude: 50.8503,
      is_company: true,
      date: '2024-12-31',
      type: 'delivery',
      country_id: country,
    };
    const [id] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [values] });
    const [record] = await read([id], Object.keys(values));
    assert.deepEqual(record, { id, ...values, country_id: [country, 'France'] });
    const [user] = await ok<number[]>(sandbox, 'res.users', 'search', { domain: [['login', '=', 'demo']] });
    await ok(sandbox, 'res.users', 'write', { ids: [user], vals: { login_date: '2025-01-02 03:04:05' } });
    assert.deepEqual(await ok(sandbox, 'res.users', 'read', { ids: [user], fields: ['login_date'] }), [
      { id: user, login_date: '2025-01-02 03:04:05' },
    ]);
  });

  it('refuses bad values with the reference server errors', async () => {
    // A contact without a name breaks the reference's check_name constraint (an address of another type may have none).
    const required = await fails(sandbox, 422, 'res.partner', 'create', { vals_list: [{ email: 'no-name@example.com' }] });
    assert.equal(required.name, 'odoo.exceptions.ValidationError');
    assert.equal(required.message, 'The operation cannot be completed: Contacts require a name');
    const [nameless] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ type: 'delivery', email: 'd@example.com' }] });
    assert.ok(Number.isInteger(nameless));
    const unknown = await fails(sandbox, 500, 'res.partner', 'create', { vals_list: [{ name: 'x', foo: 1 }] });
    assert.equal(unknown.message, "Invalid field 'foo' in 'res.partner'");
    for (const vals of [
      { name: 'x', color: 'blue' },
      { name: 'x', type: 'martian' },
      { name: 'x', date: '2024-02-30' },
      { name: 'x', parent_id: 'Azure' },
      { name: 'x', partner_latitude: 'north' },
      { name: { text: 'x' } },
    ]) {
      const error = await fails(sandbox, 500, 'res.partner', 'create', { vals_list: [vals] });
      assert.equal(error.name, 'builtins.ValueError', JSON.stringify(vals));
    }
    // A parent that does not exist: the reference reads it (its address) before storing anything, a missing record.
    const dangling = await fails(sandbox, 404, 'res.partner', 'create', { vals_list: [{ name: 'x', parent_id: 999999 }] });
    assert.equal(dangling.name, 'odoo.exceptions.MissingError');
    const danglingCountry = await fails(sandbox, 422, 'res.partner', 'create', { vals_list: [{ name: 'x', country_id: 999999 }] });
    assert.equal(danglingCountry.name, 'odoo.exceptions.ValidationError');
    const duplicate = await fails(sandbox, 422, 'res.country', 'create', { vals_list: [{ name: 'Belgium again', code: 'BE' }] });
    assert.equal(duplicate.message, 'The operation cannot be completed: The code of the country must be unique!');
  });

  it('writes the same values on several records and answers true', async () => {
    const ids = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'W1' }, { name: 'W2' }] });
    assert.equal(
      await ok(sandbox, 'res.partner', 'write', { ids, vals: { phone: '+32 2 555 00 00', create_date: '2000-01-01 00:00:00' } }),
      true,
    );
    const rows = await read(ids, ['phone', 'create_date']);
    assert.ok(rows.every((row) => row.phone === '+32 2 555 00 00' && row.create_date !== '2000-01-01 00:00:00'));
    const emptied = await fails(sandbox, 422, 'res.partner', 'write', { ids, vals: { name: false } });
    assert.equal(emptied.name, 'odoo.exceptions.ValidationError');
    const missing = await fails(sandbox, 404, 'res.partner', 'write', { ids: [...ids, 999999], vals: { phone: 'x' } });
    assert.equal(missing.name, 'odoo.exceptions.MissingError');
  });

  it('deletes records (answers true), then reads leave them out and writes are missing-record errors; a referenced record stays', async () => {
    const ids = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'U1' }, { name: 'U2' }] });
    assert.equal(await ok(sandbox, 'res.partner', 'unlink', { ids }), true);
    assert.deepEqual(await ok(sandbox, 'res.partner', 'read', { ids, fields: ['name'] }), []);
    await fails(sandbox, 404, 'res.partner', 'write', { ids, vals: { name: 'again' } });
    const [azure] = await search([['name', '=', 'Azure Interior']]);
    const referenced = await fails(sandbox, 422, 'res.partner', 'unlink', { ids: [azure] });
    assert.equal(referenced.name, 'odoo.exceptions.ValidationError');
    assert.deepEqual(await names([azure]), ['Azure Interior']);
  });

  it('copies records with their values, the model copy defaults and the given defaults', async () => {
    const [original] = await ok<number[]>(sandbox, 'res.partner', 'create', {
      vals_list: [{ name: 'Original', email: 'o@example.com', color: 3 }],
    });
    const copies = await ok<number[]>(sandbox, 'res.partner', 'copy', { ids: [original] });
    assert.equal(copies.length, 1);
    assert.deepEqual((await read(copies, ['name', 'email', 'color']))[0], {
      id: copies[0],
      name: 'Original (copy)',
      email: 'o@example.com',
      color: 3,
    });
    const [custom] = await ok<number[]>(sandbox, 'res.partner', 'copy', { ids: [original], default: { name: 'Custom', email: false } });
    assert.deepEqual((await read([custom], ['name', 'email']))[0], { id: custom, name: 'Custom', email: false });
  });
});

describe('name_search, name_create, default_get, context_get', () => {
  it('name_search answers [id, display_name] pairs, with a domain, an operator and a limit', async () => {
    const pairs = await ok<Array<[number, string]>>(sandbox, 'res.partner', 'name_search', { name: 'azure' });
    assert.ok(pairs.length >= 4);
    assert.ok(pairs.every(([id, name]) => Number.isInteger(id) && /azure/i.test(name)));
    const companies = await ok<Array<[number, string]>>(sandbox, 'res.partner', 'name_search', {
      name: 'azure',
      domain: [['is_company', '=', true]],
    });
    assert.deepEqual(
      companies.map(([, name]) => name),
      ['Azure Interior'],
    );
    assert.equal((await ok<unknown[]>(sandbox, 'res.partner', 'name_search', { name: '', limit: 3 })).length, 3);
    const exact = await ok<Array<[number, string]>>(sandbox, 'res.country', 'name_search', { name: 'Belgium', operator: '=' });
    assert.deepEqual(
      exact.map(([, name]) => name),
      ['Belgium'],
    );
  });

  it('name_create creates from a name and answers [id, display_name]', async () => {
    const [id, name] = await ok<[number, string]>(sandbox, 'res.partner', 'name_create', { name: 'Named Only' });
    assert.equal(name, 'Named Only');
    assert.deepEqual(await names([id]), ['Named Only']);
  });

  it('default_get answers only the fields that have a default', async () => {
    assert.deepEqual(await ok(sandbox, 'res.partner', 'default_get', { fields: ['type', 'active', 'name', 'is_company'] }), {
      is_company: false,
      type: 'contact',
      active: true,
    });
  });

  it("context_get answers the context of the key's user", async () => {
    assert.deepEqual(await ok(sandbox, 'res.users', 'context_get', {}), {
      lang: 'en_US',
      tz: 'Europe/Brussels',
      uid: sandbox.users.admin.id,
    });
    assert.deepEqual(await ok(sandbox, 'res.users', 'context_get', {}, { key: sandbox.keys.robot }), {
      lang: 'en_US',
      tz: false,
      uid: sandbox.users.robot.id,
    });
  });
});

describe('rights of each demo user', () => {
  it('lets the robot read contacts but nothing more', async () => {
    const robot = { key: sandbox.keys.robot };
    assert.ok((await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [] }, robot)).length > 0);
    const denied = await fails(sandbox, 403, 'res.partner', 'create', { vals_list: [{ name: 'robot was here' }] }, robot);
    assert.equal(denied.name, 'odoo.exceptions.AccessError');
    assert.match(denied.message, /^You are not allowed to create 'Contact' \(res\.partner\) records\./);
    await fails(sandbox, 403, 'res.users', 'search', { domain: [] }, robot);
    await fails(sandbox, 403, 'ir.config_parameter', 'search_read', { domain: [] }, robot);
  });

  it('keeps system parameters for settings administrators', async () => {
    const params = await ok<Row[]>(sandbox, 'ir.config_parameter', 'search_read', {
      domain: [['key', '=', 'database.uuid']],
      fields: ['value'],
    });
    assert.match(String(params[0].value), /^[0-9a-f-]{36}$/);
    const denied = await fails(sandbox, 403, 'ir.config_parameter', 'search_read', { domain: [] }, { key: sandbox.keys.user });
    assert.match(denied.message, /allowed for the following groups:\n\t- Role \/ Administrator\n/);
  });

  it('check_access is private (as on the reference); has_access answers a boolean', async () => {
    const [param] = await ok<number[]>(sandbox, 'ir.config_parameter', 'search', { domain: [], limit: 1 });
    const refused = await fails(sandbox, 403, 'ir.config_parameter', 'check_access', { ids: [param], operation: 'write' });
    assert.equal(refused.message, "Private methods (such as 'ir.config_parameter.check_access') cannot be called remotely.");
    assert.equal(await ok(sandbox, 'ir.config_parameter', 'has_access', { ids: [param], operation: 'write' }), true);
    assert.equal(
      await ok(sandbox, 'ir.config_parameter', 'has_access', { ids: [param], operation: 'read' }, { key: sandbox.keys.user }),
      false,
    );
    assert.equal(await ok(sandbox, 'res.partner', 'has_access', { ids: [], operation: 'create' }, { key: sandbox.keys.user }), true);
    assert.equal(await ok(sandbox, 'res.partner', 'has_access', { ids: [], operation: 'unlink' }, { key: sandbox.keys.robot }), false);
    const bad = await fails(sandbox, 500, 'res.partner', 'has_access', { ids: [], operation: 'eat' });
    assert.equal(bad.name, 'builtins.ValueError');
  });
});

describe('wrong argument types', () => {
  it('answers a 500 TypeError or ValueError, never a crash, for a wrong type of every argument', async () => {
    const table: Array<[string, Row]> = [
      ['search', { domain: 'all' }],
      ['search', { domain: [], order: 5 }],
      ['search_count', { domain: 5 }],
      ['read', { ids: [1], fields: 'name' }],
      ['read', { ids: [1], fields: [1, 2] }],
      ['search_read', { domain: { name: 'x' }, fields: ['name'] }],
      ['search_read', { fields: 'name' }],
      ['fields_get', { allfields: 'name' }],
      ['fields_get', { attributes: 7 }],
      ['create', { vals_list: 5 }],
      ['create', { vals_list: ['x'] }],
      ['create', { vals_list: null }],
      ['write', { ids: [1], vals: [] }],
      ['write', { ids: [1], vals: 'x' }],
      ['name_search', { name: 5 }],
      ['name_search', { operator: 5 }],
      ['name_search', { domain: 'x' }],
      ['name_create', { name: 5 }],
      ['default_get', { fields: 'name' }],
      ['copy', { ids: [1], default: 'x' }],
      ['has_access', { ids: [1], operation: null }],
    ];
    for (const [method, body] of table) {
      const error = await fails(sandbox, 500, 'res.partner', method, body);
      assert.match(error.name, /^builtins\.(TypeError|ValueError)$/, `${method} ${JSON.stringify(body)}: ${error.name}`);
      assert.deepEqual(Object.keys(error), ['name', 'message', 'arguments', 'context', 'debug']);
    }
  });

  it('hands limit and offset to the database as the reference does: its errors, its rounding', async () => {
    const refused: Array<[string, Row, string, string]> = [
      ['search', { domain: [], offset: 'x' }, 'InvalidTextRepresentation', 'invalid input syntax for type bigint: "x"\n'],
      ['search', { domain: [], limit: -1 }, 'InvalidRowCountInLimitClause', 'LIMIT must not be negative\n'],
      ['search', { domain: [], offset: -1 }, 'InvalidRowCountInResultOffsetClause', 'OFFSET must not be negative\n'],
      ['search_count', { domain: [], limit: 'x' }, 'InvalidTextRepresentation', 'invalid input syntax for type bigint: "x"\n'],
      ['name_search', { limit: 'x' }, 'InvalidTextRepresentation', 'invalid input syntax for type bigint: "x"\n'],
      ['search', { domain: [], limit: true }, 'DatatypeMismatch', 'argument of LIMIT must be type bigint, not type boolean\n'],
    ];
    for (const [method, body, name, message] of refused) {
      const error = await fails(sandbox, 500, 'res.partner', method, body);
      assert.deepEqual([error.name, error.message], [`psycopg2.errors.${name}`, message], JSON.stringify(body));
    }
    // A number is rounded (half away from zero), text holding an integer is that integer, a falsy value is no limit.
    assert.equal((await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [], limit: 1.5 })).length, 2);
    assert.equal((await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [], limit: '2' })).length, 2);
    assert.ok((await ok<number[]>(sandbox, 'res.partner', 'search_read', { fields: ['id'], offset: [] })).length > 2);
  });
});
