// ir.model and ir.model.fields over real HTTP: every model and field listed; custom models and fields created as real
// tables and columns, used through JSON-2, refused when computed or given defaults, and dropped again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GENERIC_METHODS } from '../../../src/sandbox/methods/genericMethods';
import { BASE_MODELS } from '../../../src/sandbox/models/baseModels';
import { DatabaseRegistries } from '../../../src/sandbox/orm/databaseRegistries';
import { Registry } from '../../../src/sandbox/orm/registry';
import { SecurityCache } from '../../../src/sandbox/orm/access/securityTables';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';
import { grantModelAccess } from '../../support/customModelAccess';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const searchRead = (model: string, domain: unknown[], fields: string[]) => ok<Row[]>(sandbox, model, 'search_read', { domain, fields });
const modelId = async (model: string) => (await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', model]] }))[0];
const addField = async (model: string, values: Row) =>
  (
    await ok<number[]>(sandbox, 'ir.model.fields', 'create', {
      vals_list: { model_id: await modelId(model), state: 'manual', field_description: String(values.name), ...values },
    })
  )[0];
const columns = (table: string) =>
  sandbox.server.catalog.use(sandbox.database, async (storage) =>
    (
      await storage.query<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name',
        [table],
      )
    ).rows.map((row) => row.column_name),
  );

describe('listing models and fields', () => {
  it('lists every model with its fields, views and access rows', async () => {
    const models = await searchRead('ir.model', [], ['model', 'name', 'state', 'field_id', 'view_ids', 'access_ids']);
    const names = models.map((row) => row.model);
    for (const name of [
      'res.partner',
      'res.users',
      'res.users.apikeys',
      'ir.model',
      'ir.model.fields',
      'ir.ui.view',
      'ir.model.access',
      'sandbox.testing',
    ])
      assert.ok(names.includes(name), name);
    const partner = models.find((row) => row.model === 'res.partner') as Row;
    assert.equal(partner.name, 'Contact');
    assert.equal(partner.state, 'base');
    assert.deepEqual(partner.view_ids, []);
    const fieldsGet = await ok<Row>(sandbox, 'res.partner', 'fields_get', { attributes: ['type'] });
    assert.equal((partner.field_id as number[]).length, Object.keys(fieldsGet).length);
    const access = await ok<Row[]>(sandbox, 'ir.model.access', 'read', {
      ids: partner.access_ids,
      fields: ['group_id', 'perm_read', 'perm_unlink'],
    });
    assert.ok(
      access.some((row) => Array.isArray(row.group_id) && row.group_id[1] === 'Role / User' && row.perm_unlink === true),
      JSON.stringify(access),
    );
  });

  it('describes each field with the attributes of the spec', async () => {
    const [country] = await searchRead(
      'ir.model.fields',
      [
        ['model', '=', 'res.partner'],
        ['name', '=', 'country_id'],
      ],
      [
        'model_id',
        'name',
        'field_description',
        'ttype',
        'state',
        'required',
        'readonly',
        'translate',
        'groups',
        'selection',
        'size',
        'on_delete',
        'relation',
        'relation_field',
        'domain',
      ],
    );
    assert.deepEqual(
      { ...country, id: 0, model_id: (country.model_id as unknown[])[1] },
      {
        id: 0,
        model_id: 'Contact',
        name: 'country_id',
        field_description: 'Country',
        ttype: 'many2one',
        state: 'base',
        required: false,
        readonly: false,
        translate: false,
        groups: [],
        selection: false,
        size: 0,
        on_delete: 'restrict',
        relation: 'res.country',
        relation_field: false,
        domain: '[]',
      },
    );
    const [type] = await searchRead(
      'ir.model.fields',
      [
        ['model', '=', 'res.partner'],
        ['name', '=', 'type'],
      ],
      ['selection', 'ttype'],
    );
    assert.equal(type.ttype, 'selection');
    assert.match(String(type.selection), /^\[\('contact', 'Contact'\), /);
    const [fieldIds] = await searchRead(
      'ir.model.fields',
      [
        ['model', '=', 'ir.model'],
        ['name', '=', 'field_id'],
      ],
      ['ttype', 'relation', 'relation_field'],
    );
    assert.deepEqual([fieldIds.ttype, fieldIds.relation, fieldIds.relation_field], ['one2many', 'ir.model.fields', 'model_id']);
  });

  it('lets ordinary users read the meta-models but not change them', async () => {
    const key = sandbox.keys.user;
    assert.ok((await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [] }, { key })).length > 10);
    const error = await fails(
      sandbox,
      403,
      'ir.model',
      'create',
      { vals_list: { name: 'Nope', model: 'x_nope', state: 'manual' } },
      { key },
    );
    assert.match(error.message, /not allowed to create 'Models' \(ir\.model\)/);
  });
});

describe('custom models', () => {
  it('creates a manual x_ model as a real table with its name field x_name, unusable until an access row grants it', async () => {
    const [id] = await ok<number[]>(sandbox, 'ir.model', 'create', { vals_list: { name: 'Boat', model: 'x_boat', state: 'manual' } });
    assert.deepEqual(await columns('x_boat'), ['create_date', 'create_uid', 'id', 'write_date', 'write_uid', 'x_name']);
    const described = await ok<Row>(sandbox, 'x_boat', 'fields_get', { attributes: ['type'] });
    assert.deepEqual(Object.keys(described).sort(), [
      'create_date',
      'create_uid',
      'display_name',
      'id',
      'write_date',
      'write_uid',
      'x_name',
    ]);
    // As on the reference: no access row yet, so no one may use the records, the administrator included.
    const refused = await fails(sandbox, 403, 'x_boat', 'create', { vals_list: {} });
    assert.equal(
      refused.message,
      "You are not allowed to create 'Boat' (x_boat) records.\n\nNo group currently allows this operation.\n\nContact your administrator to request access if necessary.",
    );
    await grantModelAccess(sandbox, 'x_boat');
    const [boat] = await ok<number[]>(sandbox, 'x_boat', 'create', { vals_list: {} });
    const [read] = await ok<Row[]>(sandbox, 'x_boat', 'read', { ids: [boat], fields: ['display_name', 'create_uid'] });
    assert.equal(read.display_name, false, 'named by its empty x_name');
    assert.deepEqual(read.create_uid, [sandbox.users.admin.id, sandbox.users.admin.name]);
    const [model] = await ok<Row[]>(sandbox, 'ir.model', 'read', { ids: [id], fields: ['state', 'field_id', 'access_ids'] });
    assert.equal(model.state, 'manual');
    assert.equal((model.field_id as number[]).length, 7);
    assert.equal((model.access_ids as number[]).length, 1);
    const denied = await fails(sandbox, 403, 'x_boat', 'search', { domain: [] }, { key: sandbox.keys.user });
    assert.match(
      denied.message,
      /'Boat' \(x_boat\) records\.\n\nThis operation is allowed for the following groups:\n\t- Role \/ Administrator\n/,
    );
  });

  it('creates a model that is not manual without loading it, and refuses bad names and methods', async () => {
    await ok(sandbox, 'ir.model', 'create', { vals_list: { name: 'Ghost', model: 'x_ghost', state: 'base' } });
    const missing = await fails(sandbox, 404, 'x_ghost', 'search', { domain: [] });
    assert.equal(missing.message, "the model 'x_ghost' does not exist");
    assert.deepEqual(await columns('x_ghost'), []);
    const bad = await fails(sandbox, 422, 'ir.model', 'create', { vals_list: { name: 'Bad', model: 'boat2', state: 'manual' } });
    assert.equal(bad.message, "The model name must start with 'x_'.");
    const twice = await fails(sandbox, 422, 'ir.model', 'create', {
      vals_list: { name: 'Partner again', model: 'res.partner', state: 'manual' },
    });
    assert.match(twice.message, /must start with 'x_'/);
    const methods = await fails(sandbox, 422, 'ir.model', 'create', {
      vals_list: { name: 'M', model: 'x_m', state: 'manual', methods: 'def f(self): pass' },
    });
    assert.equal(methods.message, 'New methods cannot be added to custom models, only fields.');
    assert.equal(
      (await fails(sandbox, 422, 'ir.model', 'unlink', { ids: [await modelId('res.partner')] })).message,
      "Model 'res.partner' is defined in code and cannot be deleted.",
    );
  });
});

describe('custom fields', () => {
  it('adds a real column of each simple type, readable and writable through JSON-2', async () => {
    // Without fields (field_id given empty): no x_name of its own, this test adds its own.
    await ok(sandbox, 'ir.model', 'create', { vals_list: { name: 'Crate', model: 'x_crate', state: 'manual', field_id: [] } });
    await grantModelAccess(sandbox, 'x_crate');
    await addField('x_crate', { name: 'x_name', ttype: 'char', required: true, size: 5 });
    await addField('x_crate', { name: 'x_notes', ttype: 'text' });
    await addField('x_crate', { name: 'x_count', ttype: 'integer' });
    await addField('x_crate', { name: 'x_weight', ttype: 'float' });
    await addField('x_crate', { name: 'x_fragile', ttype: 'boolean' });
    await addField('x_crate', { name: 'x_day', ttype: 'date' });
    await addField('x_crate', { name: 'x_moment', ttype: 'datetime' });
    await addField('x_crate', { name: 'x_size', ttype: 'selection', selection: "[('s', 'Small'), ('l', 'Large')]" });
    await addField('x_crate', { name: 'x_owner_id', ttype: 'many2one', relation: 'res.partner', on_delete: 'cascade' });
    await addField('x_crate', { name: 'x_tag_ids', ttype: 'many2many', relation: 'res.partner' });
    await addField('res.partner', { name: 'x_crate_ids', ttype: 'one2many', relation: 'x_crate', relation_field: 'x_owner_id' });
    assert.deepEqual(
      (await columns('x_crate')).filter((name) => name.startsWith('x_')),
      ['x_count', 'x_day', 'x_fragile', 'x_moment', 'x_name', 'x_notes', 'x_owner_id', 'x_size', 'x_weight'],
    );
    const [owner, tag] = await ok<number[]>(sandbox, 'res.partner', 'create', {
      vals_list: [{ name: 'Crate Owner' }, { name: 'Crate Tag' }],
    });
    const [crate] = await ok<number[]>(sandbox, 'x_crate', 'create', {
      vals_list: {
        x_name: 'Crate one',
        x_notes: 'long',
        x_count: 3,
        x_weight: 2.5,
        x_fragile: true,
        x_day: '2026-01-02',
        x_moment: '2026-01-02 03:04:05',
        x_size: 'l',
        x_owner_id: owner,
      },
    });
    await sandbox.server.catalog.use(sandbox.database, (storage) =>
      storage.query('INSERT INTO x_res_partner_x_crate_rel (x_crate_id, res_partner_id) VALUES ($1, $2)', [crate, tag]),
    );
    const [read] = await ok<Row[]>(sandbox, 'x_crate', 'read', { ids: [crate], fields: null });
    assert.deepEqual(
      { ...read, create_date: 0, write_date: 0, create_uid: 0, write_uid: 0 },
      {
        id: crate,
        x_name: 'Crate',
        x_notes: 'long',
        x_count: 3,
        x_weight: 2.5,
        x_fragile: true,
        x_day: '2026-01-02',
        x_moment: '2026-01-02 03:04:05',
        x_size: 'l',
        x_owner_id: [owner, 'Crate Owner'],
        x_tag_ids: [tag],
        display_name: 'Crate',
        create_date: 0,
        write_date: 0,
        create_uid: 0,
        write_uid: 0,
      },
    );
    const [partner] = await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [owner], fields: ['x_crate_ids'] });
    assert.deepEqual(partner.x_crate_ids, [crate]);
    assert.deepEqual(
      await ok(sandbox, 'x_crate', 'search', {
        domain: [
          ['x_owner_id.name', '=', 'Crate Owner'],
          ['x_size', '=', 'l'],
        ],
      }),
      [crate],
    );
    const wrong = await fails(sandbox, 500, 'x_crate', 'write', { ids: [crate], vals: { x_size: 'm' } });
    assert.match(wrong.message, /Wrong value for x_crate\.x_size/);
    await fails(sandbox, 422, 'x_crate', 'create', { vals_list: { x_count: 1 } });
    await ok(sandbox, 'res.partner', 'unlink', { ids: [owner] });
    assert.deepEqual(await ok(sandbox, 'x_crate', 'search', { domain: [['id', '=', crate]] }), [], 'on_delete cascade');
  });

  it('refuses computed fields, defaults, unsupported types, bad names and fields of models not loaded', async () => {
    const computed = await fails(sandbox, 422, 'ir.model.fields', 'create', {
      vals_list: {
        model_id: await modelId('res.partner'),
        name: 'x_c',
        field_description: 'C',
        ttype: 'char',
        state: 'manual',
        compute: "for r in self: r['x_c'] = 'a'",
      },
    });
    assert.match(computed.message, /Computed fields cannot be added/);
    const defaulted = await fails(sandbox, 422, 'ir.model.fields', 'create', {
      vals_list: {
        model_id: await modelId('res.partner'),
        name: 'x_d',
        field_description: 'D',
        ttype: 'char',
        state: 'manual',
        default: 'a',
      },
    });
    assert.match(defaulted.message, /Default values, onchange behaviour and methods cannot be set/);
    assert.match(
      (
        await fails(sandbox, 422, 'ir.model.fields', 'create', {
          vals_list: { model_id: await modelId('res.partner'), name: 'x_h', field_description: 'H', ttype: 'reference', state: 'manual' },
        })
      ).message,
      /type 'reference' cannot be created/,
    );
    assert.match(
      (
        await fails(sandbox, 422, 'ir.model.fields', 'create', {
          vals_list: { model_id: await modelId('x_ghost'), name: 'x_m', field_description: 'M', ttype: 'monetary', state: 'manual' },
        })
      ).message,
      /not loaded/,
    );
    assert.match(
      (
        await fails(sandbox, 422, 'ir.model.fields', 'create', {
          vals_list: { model_id: await modelId('res.partner'), name: 'bad', field_description: 'B', ttype: 'char', state: 'manual' },
        })
      ).message,
      /starts with 'x_'/,
    );
    assert.match(
      (
        await fails(sandbox, 422, 'ir.model.fields', 'create', {
          vals_list: { model_id: await modelId('x_ghost'), name: 'x_a', field_description: 'A', ttype: 'char', state: 'manual' },
        })
      ).message,
      /not loaded/,
    );
    assert.match(
      (
        await fails(sandbox, 422, 'ir.model.fields', 'create', {
          vals_list: {
            model_id: await modelId('res.partner'),
            name: 'x_r',
            field_description: 'R',
            ttype: 'many2one',
            relation: 'x_ghost',
            state: 'manual',
          },
        })
      ).message,
      /Unknown model 'x_ghost'/,
    );
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: {
        model_id: await modelId('res.partner'),
        name: 'x_inactive',
        field_description: 'Inactive',
        ttype: 'char',
        state: 'base',
      },
    });
    assert.equal(
      'x_inactive' in (await ok<Row>(sandbox, 'res.partner', 'fields_get', {})),
      false,
      'a field not in state manual never becomes active',
    );
    assert.equal((await columns('res_partner')).includes('x_inactive'), false);
  });

  it('adds html, binary and monetary fields (monetary needs a currency many2one)', async () => {
    await ok(sandbox, 'ir.model', 'create', { vals_list: { name: 'Invoice', model: 'x_invoice', state: 'manual' } });
    await grantModelAccess(sandbox, 'x_invoice');
    await addField('x_invoice', { name: 'x_body', ttype: 'html' });
    await addField('x_invoice', { name: 'x_scan', ttype: 'binary' });
    const refused = await fails(sandbox, 422, 'ir.model.fields', 'create', {
      vals_list: { model_id: await modelId('x_invoice'), name: 'x_total', field_description: 'Total', ttype: 'monetary', state: 'manual' },
    });
    assert.match(refused.message, /needs a many2one to res\.currency named x_currency_id or currency_id/);
    await addField('x_invoice', { name: 'x_currency_id', ttype: 'many2one', relation: 'res.currency' });
    await addField('x_invoice', { name: 'x_total', ttype: 'monetary' });
    const described = await ok<Record<string, Row>>(sandbox, 'x_invoice', 'fields_get', { attributes: ['type', 'currency_field'] });
    assert.deepEqual(
      [described.x_body.type, described.x_scan.type, described.x_total.type, described.x_total.currency_field],
      ['html', 'binary', 'monetary', 'x_currency_id'],
    );
    const [usd] = await ok<number[]>(sandbox, 'res.currency', 'search', { domain: [['name', '=', 'USD']] });
    const [id] = await ok<number[]>(sandbox, 'x_invoice', 'create', {
      vals_list: { x_body: '<p>Hi</p>', x_scan: 'AAEC', x_currency_id: usd, x_total: 12.5 },
    });
    const [row] = await ok<Row[]>(sandbox, 'x_invoice', 'read', { ids: [id], fields: ['x_body', 'x_scan', 'x_total', 'x_currency_id'] });
    assert.deepEqual(row, { id, x_body: '<p>Hi</p>', x_scan: 'AAEC', x_total: 12.5, x_currency_id: [usd, 'USD'] });
  });

  it('drops the column of a removed field and the table of a removed model', async () => {
    const fieldId = await addField('res.partner', { name: 'x_nickname', ttype: 'char' });
    assert.ok((await columns('res_partner')).includes('x_nickname'));
    await ok(sandbox, 'res.partner', 'write', { ids: [1], vals: { x_nickname: 'Sys' } });
    await ok(sandbox, 'ir.model.fields', 'unlink', { ids: [fieldId] });
    assert.equal((await columns('res_partner')).includes('x_nickname'), false);
    assert.match(
      (await fails(sandbox, 500, 'res.partner', 'read', { ids: [1], fields: ['x_nickname'] })).message,
      /Invalid field 'x_nickname'/,
    );
    const nameField = await ok<number[]>(sandbox, 'ir.model.fields', 'search', {
      domain: [
        ['model', '=', 'res.partner'],
        ['name', '=', 'name'],
      ],
    });
    assert.match((await fails(sandbox, 422, 'ir.model.fields', 'unlink', { ids: nameField })).message, /defined in code/);
    await ok(sandbox, 'ir.model.fields', 'unlink', {
      ids: await ok<number[]>(sandbox, 'ir.model.fields', 'search', { domain: [['name', '=', 'x_crate_ids']] }),
    });
    await ok(sandbox, 'ir.model', 'unlink', { ids: [await modelId('x_crate')] });
    assert.deepEqual(await columns('x_crate'), []);
    assert.deepEqual(await columns('x_res_partner_x_crate_rel'), []);
    assert.equal((await fails(sandbox, 404, 'x_crate', 'search', { domain: [] })).message, "the model 'x_crate' does not exist");
    assert.deepEqual(await ok(sandbox, 'ir.model.fields', 'search', { domain: [['model', '=', 'x_crate']] }), []);
  });

  it('rolls a failed creation back: no table, no record', async () => {
    sandbox.faults.failMethod('ir.model', 'create');
    try {
      await fails(sandbox, 500, 'ir.model', 'create', { vals_list: { name: 'Raft', model: 'x_raft', state: 'manual' } });
    } finally {
      sandbox.faults.clear();
    }
    assert.deepEqual(await columns('x_raft'), []);
    assert.equal((await fails(sandbox, 404, 'x_raft', 'search', { domain: [] })).message, "the model 'x_raft' does not exist");
  });
});

describe('reloading the models after a schema change', () => {
  it('answers a schema change with the models already reloaded, as the reference server: the next call pays nothing', async () => {
    const catalog = sandbox.server.catalog;
    await ok(sandbox, 'ir.model', 'create', { vals_list: { name: 'Ledger', model: 'x_ledger', state: 'manual' } });
    assert.ok(catalog.registryFor(sandbox.database).model('x_ledger'), 'the registry has the new model when the create call answers');
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: { model_id: await modelId('x_ledger'), name: 'x_total', ttype: 'float', state: 'manual', field_description: 'Total' },
    });
    assert.ok(catalog.registryFor(sandbox.database).model('x_ledger')?.fields.has('x_total'), 'and the new field when that call answers');
  });

  it('shares one load of the models and of the access rules between the calls that need them at the same time', async () => {
    await sandbox.server.catalog.use(sandbox.database, async (storage) => {
      let statements = 0;
      const counted = {
        query: (sql: string, params?: readonly unknown[]) => {
          statements += 1;
          return storage.query(sql, params);
        },
      };
      const registries = new DatabaseRegistries(Registry.build(BASE_MODELS, GENERIC_METHODS), BASE_MODELS, GENERIC_METHODS);
      const [first, second] = await Promise.all([
        registries.ensure('db', counted as typeof storage),
        registries.ensure('db', counted as typeof storage),
      ]);
      assert.equal(first, second);
      assert.ok(first.model('x_ledger'), 'the custom model loaded');
      const oneLoad = statements;
      assert.equal(oneLoad, 2, 'the models and the fields, read once');
      registries.forget('db');
      await Promise.all([registries.ensure('db', counted as typeof storage), registries.ensure('db', counted as typeof storage)]);
      assert.equal(statements, 2 * oneLoad, 'read again once after a change');

      const security = new SecurityCache();
      statements = 0;
      const [tables, same] = await Promise.all([
        security.ensure('db', counted as typeof storage),
        security.ensure('db', counted as typeof storage),
      ]);
      assert.equal(tables, same);
      const perLoad = statements;
      await security.ensure('db', counted as typeof storage);
      assert.equal(statements, perLoad, 'kept once read');
      security.forget('db');
      await Promise.all([security.ensure('db', counted as typeof storage), security.ensure('db', counted as typeof storage)]);
      assert.equal(statements, 2 * perLoad);
    });
  });
});
