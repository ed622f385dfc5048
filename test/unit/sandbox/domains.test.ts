// The domain language over real HTTP: one2many / many2many conditions and paths, child_of and parent_of, prefix
// operators at any depth checked against an evaluation in the test, deprecated spellings, bad domains, multi-field order.
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

const search = (domain: unknown, extra: Row = {}, model = 'res.partner') => ok<number[]>(sandbox, model, 'search', { domain, ...extra });
const names = async (domain: unknown) =>
  (await ok<Row[]>(sandbox, 'res.partner', 'search_read', { domain, fields: ['name'] })).map((row) => row.name as string).sort();
const tag = async (name: string) => (await search([['name', '=', name]], {}, 'res.partner.category'))[0];
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('one2many and many2many conditions', () => {
  it('matches a many2many by id, name, display name, emptiness and any', async () => {
    const suppliers = ['Brouwerij De Kroon', 'Ready Mat', 'Société Générale de Café', 'The Jackson Group', 'Wood Corner'].filter(
      (name) => name !== 'Brouwerij De Kroon',
    );
    assert.deepEqual(await names([['category_id', 'in', [await tag('Supplier')]]]), suppliers.sort());
    assert.deepEqual(await names([['category_id', '=', 'Supplier']]), suppliers);
    assert.deepEqual(await names([['category_id.name', '=', 'Supplier']]), suppliers);
    assert.deepEqual(await names([['category_id', 'ilike', 'gold']]), ['Azure Interior', 'Deco Addict']);
    assert.deepEqual(
      await names([['category_id', 'any', [['color', '>', 3]]]]),
      [...suppliers, 'Brouwerij De Kroon', 'Chocolaterie Belle Étoile', 'Müller & Söhne GmbH'].sort(),
    );
    const all = await search([]);
    const tagged = await search([['category_id', '!=', false]]);
    assert.equal(tagged.length, 11);
    assert.deepEqual(sorted(await search([['category_id', '=', false]])), sorted(all.filter((id) => !tagged.includes(id))));
    const customers = await search([['category_id', 'in', [await tag('Customer')]]]);
    assert.equal(customers.length, 6);
    assert.equal((await search([['category_id', 'not in', [await tag('Customer')]]])).length, all.length - 6);
    assert.equal((await search([['category_id', 'not any', [['name', '=', 'Customer']]]])).length, all.length - 6);
    assert.equal((await search([['category_id', 'not ilike', 'customer']])).length, all.length - 6);
  });

  it('follows dotted paths through one2many, many2many and many2one at any length', async () => {
    assert.deepEqual(await names([['child_ids.name', '=', 'Brandon Freeman']]), ['Azure Interior']);
    assert.deepEqual(await names([['child_ids', '=', 'Azure Interior, Brandon Freeman']]), ['Azure Interior']);
    assert.deepEqual(
      await names([
        ['parent_id.category_id.parent_id.name', '=', 'Customer'],
        ['name', 'in', ['Brandon Freeman', 'Addison Olson', 'Edwin Hansen']],
      ]),
      ['Addison Olson', 'Brandon Freeman'],
    );
    assert.deepEqual(
      await names([
        ['category_id.partner_ids.name', '=', 'Wood Corner'],
        ['is_company', '=', true],
      ]),
      ['Ready Mat', 'Société Générale de Café', 'The Jackson Group', 'Wood Corner'],
    );
    const admin = await ok<Row[]>(sandbox, 'res.users', 'read', { ids: [sandbox.users.admin.id], fields: ['partner_id'] });
    assert.deepEqual(await search([['user_ids.login', '=', 'admin']]), [(admin[0].partner_id as [number, string])[0]]);
    const countries = await ok<number[]>(sandbox, 'res.country', 'search', { domain: [['code', 'in', ['BE', 'JP']]] });
    assert.equal(
      (
        await search([
          ['child_ids.country_id', 'in', countries],
          ['is_company', '=', true],
        ])
      ).length,
      4,
    );
  });

  it('reads x2many fields as lists of ids', async () => {
    const [azure] = await search([['name', '=', 'Azure Interior']]);
    const [row] = await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [azure], fields: ['child_ids', 'category_id', 'user_ids'] });
    assert.deepEqual(row.category_id, sorted([await tag('Customer'), await tag('Gold'), await tag('Platinum')]));
    assert.deepEqual(
      sorted(row.child_ids as number[]),
      sorted(await search([['parent_id', '=', azure]], { context: { active_test: false } })),
    );
    assert.deepEqual(row.user_ids, []);
  });
});

describe('hierarchies', () => {
  it('child_of and parent_of over parent_id, with ids or names', async () => {
    const customer = await tag('Customer');
    const platinum = await tag('Platinum');
    assert.deepEqual(
      sorted(await search([['id', 'child_of', customer]], {}, 'res.partner.category')),
      sorted([customer, await tag('Gold'), platinum]),
    );
    assert.deepEqual(
      sorted(await search([['id', 'parent_of', [platinum]]], {}, 'res.partner.category')),
      sorted([customer, await tag('Gold'), platinum]),
    );
    assert.deepEqual(await names([['category_id', 'child_of', 'Gold']]), ['Azure Interior', 'Deco Addict']);
    assert.equal((await search([['category_id', 'child_of', customer]])).length, 6);
    assert.deepEqual(
      await names([
        ['category_id', 'parent_of', platinum],
        ['category_id', 'not in', [customer]],
      ]),
      [],
    );
    const [azure] = await search([['name', '=', 'Azure Interior']]);
    assert.deepEqual(
      sorted(await search([['id', 'child_of', azure]])),
      sorted(await search(['|', ['id', '=', azure], ['parent_id', '=', azure]])),
    );
    const [brandon] = await search([['name', '=', 'Brandon Freeman']]);
    assert.deepEqual(await names([['id', 'parent_of', brandon]]), ['Azure Interior', 'Brandon Freeman']);
    assert.deepEqual(await search([['id', 'child_of', []]]), []);
    const countries = await ok<number[]>(sandbox, 'res.country', 'search', { domain: [['id', 'child_of', [1, 2]]] });
    assert.deepEqual(sorted(countries), [1, 2], 'a model without parent_id: the ids alone');
  });
});

describe('prefix operators, spellings and errors', () => {
  it('nests & | ! at any depth as an evaluation of the same domain in the test does', async () => {
    const rows = await ok<Row[]>(sandbox, 'res.partner', 'search_read', {
      domain: [],
      fields: ['name', 'is_company', 'category_id', 'color', 'city'],
    });
    const customer = await tag('Customer');
    const domains: Array<[unknown[], (row: Row) => boolean]> = [
      [
        ['|', '!', ['is_company', '=', true], '&', ['name', 'ilike', 'a'], '!', ['category_id', '=', false]],
        (row) => !row.is_company || (/a/i.test(String(row.name)) && (row.category_id as number[]).length > 0),
      ],
      [
        ['!', '|', '&', ['color', '>', 2], ['color', '<', 8], '!', '!', ['city', '=', 'Fremont']],
        (row) => !((Number(row.color) > 2 && Number(row.color) < 8) || row.city === 'Fremont'),
      ],
      [
        [
          '&',
          '&',
          ['is_company', '=', true],
          '|',
          ['category_id', 'in', [customer]],
          ['city', '=like', 'B%'],
          '!',
          ['name', 'not ilike', 'e'],
        ],
        (row) =>
          row.is_company === true &&
          ((row.category_id as number[]).includes(customer) || /^B/.test(String(row.city || ''))) &&
          /e/i.test(String(row.name)),
      ],
    ];
    for (const [domain, predicate] of domains) {
      const expected = sorted(rows.filter(predicate).map((row) => row.id as number));
      assert.ok(expected.length > 0, JSON.stringify(domain));
      assert.deepEqual(sorted(await search(domain)), expected, JSON.stringify(domain));
    }
  });

  it('reads empty values in lists as the reference does: not in [False, x], in [] on x2many, NUL characters', async () => {
    const all = await search([], { context: { active_test: false } });
    const withCity = await search([['city', '!=', false]], { context: { active_test: false } });
    const lyon = await search([['city', '=', 'Lyon']], { context: { active_test: false } });
    assert.ok(withCity.length < all.length && lyon.length > 0);
    assert.deepEqual(
      sorted(await search([['city', 'not in', [false, 'Lyon']]], { context: { active_test: false } })),
      sorted(withCity.filter((id) => !lyon.includes(id))),
    );
    assert.deepEqual(
      sorted(await search([['city', 'not in', ['Lyon']]], { context: { active_test: false } })),
      sorted(all.filter((id) => !lyon.includes(id))),
    );
    assert.deepEqual(await search([['category_id', 'in', []]]), []);
    assert.equal((await search([['category_id', 'not in', []]])).length, (await search([])).length);
    assert.deepEqual(sorted(await search([['category_id', '=', []]])), sorted(await search([['category_id', '=', false]])));
    const nul = await fails(sandbox, 500, 'res.partner', 'search', { domain: [['name', '=', 'a\u0000b']] });
    assert.deepEqual([nul.name, nul.message], ['builtins.ValueError', 'A string literal cannot contain NUL (0x00) characters.']);
  });

  it('accepts <> and == and the constant terms', async () => {
    assert.deepEqual(await search([['name', '==', 'Azure Interior']]), await search([['name', '=', 'Azure Interior']]));
    assert.deepEqual(await search([['is_company', '<>', true]]), await search([['is_company', '!=', true]]));
    assert.deepEqual(await search([[0, '=', 1]]), []);
  });

  it('answers bad domains with the documented errors', async () => {
    const unknown = await fails(sandbox, 500, 'res.partner', 'search', { domain: [['nope', '=', 1]] });
    assert.equal(unknown.name, 'builtins.ValueError');
    assert.equal(unknown.message, "Invalid field res.partner.nope in condition ('nope', '=', 1)");
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: ['&', ['name', '=', 'x']] })).message,
      /'&' needs two terms/,
    );
    assert.match((await fails(sandbox, 500, 'res.partner', 'search', { domain: ['!'] })).message, /'!' needs one term/);
    assert.equal(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [['name', 'near', 'x']] })).message,
      "Invalid operator in condition ('name', 'near', 'x')",
    );
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [['category_id', '>', 1]] })).message,
      /Invalid operator '>' for the many2many field/,
    );
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [['child_ids.nope', '=', 1]] })).message,
      /Invalid field res\.partner\.nope/,
    );
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [['name', 'child_of', 1]] })).message,
      /needs a relational field or id/,
    );
    // The reference's Domain() messages, as recorded: an item that is no condition, a domain that is no list.
    assert.equal(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [['name', '=']] })).message,
      "Domain() invalid item in domain: ['name', '=']",
    );
    const notList = await fails(sandbox, 500, 'res.partner', 'search', { domain: "[('name','=','x')]" });
    assert.deepEqual(
      [notList.name, notList.message],
      ['builtins.TypeError', `Domain() invalid argument type for domain: "[('name','=','x')]"`],
    );
    assert.equal(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [['name.foo', '=', 'x']] })).message,
      "Invalid field property 'foo' on res.partner.name",
    );
  });
});

describe('order', () => {
  it('sorts by several fields and directions, and refuses what cannot be sorted', async () => {
    const rows = await ok<Row[]>(sandbox, 'res.partner', 'search_read', {
      domain: [['color', '>', 0]],
      fields: ['color', 'name'],
      order: 'color desc, name asc',
    });
    assert.ok(rows.length > 5);
    for (let index = 1; index < rows.length; index += 1) {
      const [a, b] = [rows[index - 1], rows[index]];
      assert.ok(
        Number(a.color) > Number(b.color) || (a.color === b.color && String(a.name) <= String(b.name)),
        `${JSON.stringify(a)} before ${JSON.stringify(b)}`,
      );
    }
    const byCountry = await ok<Row[]>(sandbox, 'res.partner', 'search_read', {
      domain: [
        ['is_company', '=', true],
        ['country_id', '!=', false],
      ],
      fields: ['country_id'],
      order: 'country_id desc, id',
    });
    const labels = byCountry.map((row) => (row.country_id as [number, string])[1]);
    assert.deepEqual(labels, [...labels].sort().reverse());
    // As recorded from the reference: an order that is no list of terms is a user error (422), a term naming no
    // field a ValueError.
    const malformed = await fails(sandbox, 422, 'res.partner', 'search', { domain: [], order: 'name sideways' });
    assert.deepEqual(
      [malformed.name, malformed.message.startsWith('Invalid "order" specified (name sideways).')],
      ['odoo.exceptions.UserError', true],
    );
    assert.equal(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [], order: 'nope' })).message,
      "Invalid field 'nope' on model 'res.partner'",
    );
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'search', { domain: [], order: 'category_id' })).message,
      /Invalid "order" specified/,
    );
  });
});

describe('as recorded from the reference', () => {
  it('reads child_of on a many2one to the model itself as its hierarchy, the empty string of a text as empty, a day as a whole day', async () => {
    const [top] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Tree top', is_company: true }] });
    const [middle] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Tree middle', parent_id: top }] });
    const [leaf] = await ok<number[]>(sandbox, 'res.partner', 'create', {
      vals_list: [{ name: 'Tree leaf', parent_id: middle, function: 'Leaf' }],
    });
    const tree = [['id', 'in', [top, middle, leaf]]];
    assert.deepEqual(sorted(await search([...tree, ['parent_id', 'child_of', top]])), sorted([top, middle, leaf]));
    assert.deepEqual(sorted(await search([...tree, ['parent_id', 'parent_of', leaf]])), sorted([top, middle, leaf]));
    assert.deepEqual(sorted(await search([...tree, ['function', '=', '']])), sorted([top, middle]));
    assert.deepEqual(await search([...tree, ['function', '!=', '']]), [leaf]);
    // A date bounding a datetime stands for its whole day: `<= day` takes the day's evening too.
    const [customer] = await search([['is_company', '=', true]], { limit: 1 });
    const [order] = await ok<number[]>(sandbox, 'sale.order', 'create', {
      vals_list: [{ partner_id: customer, date_order: '2026-05-01 21:00:00' }],
    });
    const own = [['id', '=', order]];
    assert.deepEqual(await search([...own, ['date_order', '<=', '2026-05-01']], {}, 'sale.order'), [order]);
    assert.deepEqual(await search([...own, ['date_order', '>', '2026-05-01']], {}, 'sale.order'), []);
    assert.deepEqual(await search([...own, ['date_order', '<=', '2026-05-01 20:00:00']], {}, 'sale.order'), []);
    // Dates written are read as Python's strptime reads them.
    const bad = await fails(sandbox, 500, 'sale.order', 'write', { ids: [order], vals: { validity_date: '2026-02-30' } });
    assert.equal(bad.message, 'day is out of range for month');
    const iso = await fails(sandbox, 500, 'sale.order', 'write', { ids: [order], vals: { date_order: '2026-05-01T10:00:00' } });
    assert.equal(iso.message, "time data '2026-05-01T10:00:00' does not match format '%Y-%m-%d %H:%M:%S'");
    await ok(sandbox, 'sale.order', 'write', { ids: [order], vals: { validity_date: '2026-6-3', date_order: '2026-05-02' } });
    const [back] = await ok<Row[]>(sandbox, 'sale.order', 'read', { ids: [order], fields: ['validity_date', 'date_order'] });
    assert.deepEqual([back.validity_date, back.date_order], ['2026-06-03', '2026-05-02 00:00:00']);
  });
});
