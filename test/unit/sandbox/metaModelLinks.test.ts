// ir.model's one2many fields written with the command table (field_id, view_ids, access_ids), and required custom
// fields: NOT NULL in the database when the table has no row yet, checked by the ORM when it has rows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';
import { groupId } from '../../support/customModelAccess';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const notNull = (table: string, column: string) =>
  sandbox.server.catalog.use(
    sandbox.database,
    async (storage) =>
      (
        await storage.query<{ is_nullable: string }>(
          'SELECT is_nullable FROM information_schema.columns WHERE table_name = $1 AND column_name = $2',
          [table, column],
        )
      ).rows[0]?.is_nullable === 'NO',
  );
const modelRow = async (model: string) =>
  (
    await ok<Row[]>(sandbox, 'ir.model', 'search_read', { domain: [['model', '=', model]], fields: ['field_id', 'view_ids', 'access_ids'] })
  )[0];

describe('writing field_id, view_ids and access_ids of ir.model', () => {
  it('creates a custom model with its fields, a view and an access row in one call', async () => {
    const userGroup = (
      await ok<Row[]>(sandbox, 'ir.model.data', 'search_read', {
        domain: [
          ['model', '=', 'res.groups'],
          ['name', '=', 'group_user'],
        ],
        fields: ['res_id'],
      })
    )[0].res_id;
    const [id] = await ok<number[]>(sandbox, 'ir.model', 'create', {
      vals_list: {
        name: 'Gadget',
        model: 'x_gadget',
        state: 'manual',
        field_id: [
          [0, 0, { name: 'x_name', field_description: 'Name', ttype: 'char', state: 'manual', required: true }],
          [0, 0, { name: 'x_weight', field_description: 'Weight', ttype: 'float', state: 'manual' }],
        ],
        view_ids: [[0, 0, { name: 'x_gadget.list', type: 'list', arch: '<list><field name="x_name"/></list>' }]],
        access_ids: [
          [0, 0, { name: 'users read gadgets', group_id: userGroup, perm_read: true }],
          [
            0,
            0,
            {
              name: 'administrators manage gadgets',
              group_id: await groupId(sandbox, 'base.group_system'),
              perm_read: true,
              perm_write: true,
              perm_create: true,
              perm_unlink: true,
            },
          ],
        ],
      },
    });
    const row = await modelRow('x_gadget');
    assert.equal(row.id, id);
    assert.equal((row.view_ids as number[]).length, 1);
    assert.equal((row.access_ids as number[]).length, 2, 'the rows given (none is made with the model, as on the reference)');
    const [gadget] = await ok<number[]>(sandbox, 'x_gadget', 'create', { vals_list: { x_name: 'Sprocket', x_weight: 1.5 } });
    assert.deepEqual(await ok(sandbox, 'x_gadget', 'read', { ids: [gadget], fields: ['x_name', 'x_weight'] }), [
      { id: gadget, x_name: 'Sprocket', x_weight: 1.5 },
    ]);
    assert.deepEqual(await ok(sandbox, 'x_gadget', 'read', { ids: [gadget], fields: ['x_name'] }, { key: sandbox.keys.user }), [
      { id: gadget, x_name: 'Sprocket' },
    ]);
    await fails(sandbox, 403, 'x_gadget', 'create', { vals_list: { x_name: 'No' } }, { key: sandbox.keys.user });
    assert.equal(await notNull('x_gadget', 'x_name'), true, 'a required field added to an empty table is NOT NULL');
  });

  it('adds and removes fields and views of an existing model with commands', async () => {
    const row = await modelRow('x_gadget');
    await ok(sandbox, 'ir.model', 'write', {
      ids: [row.id],
      vals: { field_id: [[0, 0, { name: 'x_color', field_description: 'Color', ttype: 'char', state: 'manual' }]] },
    });
    assert.ok('x_color' in (await ok<Row>(sandbox, 'x_gadget', 'fields_get', {})));
    const [view] = await ok<number[]>(sandbox, 'ir.ui.view', 'create', {
      vals_list: { name: 'loose form', type: 'form', arch: '<form/>' },
    });
    await ok(sandbox, 'ir.model', 'write', { ids: [row.id], vals: { view_ids: [[4, view]] } });
    assert.equal((await ok<Row[]>(sandbox, 'ir.ui.view', 'read', { ids: [view], fields: ['model'] }))[0].model, 'x_gadget');
    assert.equal(((await modelRow('x_gadget')).view_ids as number[]).length, 2);
    await ok(sandbox, 'ir.model', 'write', { ids: [row.id], vals: { view_ids: [[3, view]] } });
    assert.equal((await ok<Row[]>(sandbox, 'ir.ui.view', 'read', { ids: [view], fields: ['model'] }))[0].model, false);
    await ok(sandbox, 'ir.model', 'write', { ids: [row.id], vals: { view_ids: [[5]] } });
    assert.deepEqual((await modelRow('x_gadget')).view_ids, []);
    const [colorField] = await ok<number[]>(sandbox, 'ir.model.fields', 'search', {
      domain: [
        ['model', '=', 'x_gadget'],
        ['name', '=', 'x_color'],
      ],
    });
    await ok(sandbox, 'ir.model', 'write', { ids: [row.id], vals: { field_id: [[2, colorField]] } });
    assert.equal('x_color' in (await ok<Row>(sandbox, 'x_gadget', 'fields_get', {})), false);
  });
});

describe('required custom fields', () => {
  it('leaves the column nullable on a table with rows and checks the value in the ORM', async () => {
    const [model] = await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', 'res.partner']] });
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: { model_id: model, name: 'x_code', field_description: 'Code', ttype: 'char', state: 'manual', required: true },
    });
    assert.equal(await notNull('res_partner', 'x_code'), false);
    const missing = await fails(sandbox, 422, 'res.partner', 'create', { vals_list: { name: 'No code' } });
    assert.match(missing.message, /x_code/);
    const [created] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: { name: 'With code', x_code: 'C1' } });
    assert.ok(created > 0);
    const fields = await ok<Record<string, Row>>(sandbox, 'res.partner', 'fields_get', { allfields: ['x_code'], attributes: ['required'] });
    assert.deepEqual(fields, { x_code: { required: true } });
  });
});
