// one2many and many2many fields over real HTTP: every command of the notes' table, on create and on write, read back
// as lists of ids; malformed commands and read-only relations refused; a failed command rolls the whole call back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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

const create = async (model: string, values: Row) => (await ok<number[]>(sandbox, model, 'create', { vals_list: values }))[0];
const write = (model: string, ids: number[], vals: Row) => ok(sandbox, model, 'write', { ids, vals });
const field = async (model: string, id: number, name: string) =>
  (await ok<Row[]>(sandbox, model, 'read', { ids: [id], fields: [name] }))[0][name] as number[];
const exists = async (model: string, id: number) =>
  (await ok<number[]>(sandbox, model, 'search', { domain: [['id', '=', id]], context: { active_test: false } })).length === 1;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('many2many commands', () => {
  it('creates, updates, deletes, unlinks, links, clears and replaces', async () => {
    const [red, blue] = await ok<number[]>(sandbox, 'res.partner.category', 'create', { vals_list: [{ name: 'Red' }, { name: 'Blue' }] });
    const partner = await create('res.partner', {
      name: 'Tagged',
      category_id: [
        [0, 0, { name: 'Green' }],
        [4, red],
        [4, blue, 0],
      ],
    });
    const tags = await field('res.partner', partner, 'category_id');
    assert.equal(tags.length, 3);
    const green = tags.find((id) => id !== red && id !== blue) as number;
    assert.deepEqual(await field('res.partner.category', green, 'partner_ids'), [partner]);
    await write('res.partner', [partner], { category_id: [[1, green, { name: 'Dark green' }]] });
    assert.equal((await ok<Row[]>(sandbox, 'res.partner.category', 'read', { ids: [green], fields: ['name'] }))[0].name, 'Dark green');
    await write('res.partner', [partner], { category_id: [[3, red, 0]] });
    assert.deepEqual(await field('res.partner', partner, 'category_id'), sorted([green, blue]));
    assert.ok(await exists('res.partner.category', red), '3 unlinks without deleting');
    await write('res.partner', [partner], { category_id: [[2, green]] });
    assert.equal(await exists('res.partner.category', green), false, '2 deletes');
    assert.deepEqual(await field('res.partner', partner, 'category_id'), [blue]);
    await write('res.partner', [partner], { category_id: [[6, 0, [red, blue]]] });
    assert.deepEqual(await field('res.partner', partner, 'category_id'), sorted([red, blue]));
    await write('res.partner', [partner], { category_id: [[5]] });
    assert.deepEqual(await field('res.partner', partner, 'category_id'), []);
    await write('res.partner', [partner], { category_id: [red] });
    assert.deepEqual(await field('res.partner', partner, 'category_id'), [red], 'a plain list of ids replaces');
    await write('res.partner', [partner], { category_id: false });
    assert.deepEqual(await field('res.partner', partner, 'category_id'), []);
  });
});

describe('one2many commands', () => {
  it('creates children with the inverse set, links, unlinks (clearing the inverse), replaces and deletes', async () => {
    const company = await create('res.partner', {
      name: 'Parent Co',
      is_company: true,
      child_ids: [
        [0, 0, { name: 'Kid One' }],
        [0, 0, { name: 'Kid Two' }],
      ],
    });
    const kids = await field('res.partner', company, 'child_ids');
    assert.equal(kids.length, 2);
    assert.deepEqual(
      (await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: kids, fields: ['parent_id'] })).map((row) => (row.parent_id as unknown[])[0]),
      [company, company],
    );
    const loner = await create('res.partner', { name: 'Loner' });
    await write('res.partner', [company], {
      child_ids: [
        [4, loner],
        [3, kids[0]],
      ],
    });
    assert.deepEqual(await field('res.partner', company, 'child_ids'), sorted([kids[1], loner]));
    assert.equal(
      (await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [kids[0]], fields: ['parent_id'] }))[0].parent_id,
      false,
      '3 clears an optional inverse',
    );
    await write('res.partner', [company], { child_ids: [[6, 0, [kids[0]]]] });
    assert.deepEqual(await field('res.partner', company, 'child_ids'), [kids[0]]);
    await write('res.partner', [company], {
      child_ids: [
        [1, kids[0], { function: 'Boss' }],
        [2, kids[1]],
      ],
    });
    assert.equal(await exists('res.partner', kids[1]), false);
    await write('res.partner', [company], { child_ids: [[5, 0, 0]] });
    assert.deepEqual(await field('res.partner', company, 'child_ids'), []);
  });

  it('deletes the children of a required inverse on unlink (custom one2many to a cascade many2one)', async () => {
    await ok(sandbox, 'ir.model', 'create', { vals_list: { name: 'Line', model: 'x_line', state: 'manual' } });
    await grantModelAccess(sandbox, 'x_line');
    const modelId = async (model: string) => (await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', model]] }))[0];
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: [
        {
          model_id: await modelId('x_line'),
          name: 'x_partner_id',
          field_description: 'Partner',
          ttype: 'many2one',
          relation: 'res.partner',
          required: true,
          on_delete: 'cascade',
          state: 'manual',
        },
      ],
    });
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: {
        model_id: await modelId('res.partner'),
        name: 'x_line_ids',
        field_description: 'Lines',
        ttype: 'one2many',
        relation: 'x_line',
        relation_field: 'x_partner_id',
        state: 'manual',
      },
    });
    const partner = await create('res.partner', {
      name: 'With lines',
      x_line_ids: [
        [0, 0, { x_name: 'L1' }],
        [0, 0, { x_name: 'L2' }],
      ],
    });
    const lines = await field('res.partner', partner, 'x_line_ids');
    assert.equal(lines.length, 2);
    await write('res.partner', [partner], { x_line_ids: [[3, lines[0]]] });
    assert.equal(await exists('x_line', lines[0]), false);
    assert.deepEqual(await field('res.partner', partner, 'x_line_ids'), [lines[1]]);
  });
});

describe('refusals', () => {
  it('refuses malformed commands and the removal of fields defined in code, and rolls the call back', async () => {
    const before = (await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [] })).length;
    for (const value of [[[1.5, 0, 0]], [[0, 0, 'x']], [['4', 1]], 'abc', [[6, 0, ['a']]]]) {
      const error = await fails(sandbox, 500, 'res.partner', 'create', { vals_list: { name: 'Bad', category_id: value } });
      assert.match(error.message, /Wrong value for res\.partner\.category_id/);
    }
    // A command number the reference does not know is skipped, as recorded (it links nothing and refuses nothing).
    const tag = (await ok<number[]>(sandbox, 'res.partner.category', 'search', { domain: [], limit: 1 }))[0];
    const [skipped] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: { name: 'Skips 9', category_id: [[9, tag, 0]] } });
    const [read] = await ok<Array<{ category_id: number[] }>>(sandbox, 'res.partner', 'read', { ids: [skipped], fields: ['category_id'] });
    assert.deepEqual(read.category_id, []);
    await ok(sandbox, 'res.partner', 'unlink', { ids: [skipped] });
    await fails(sandbox, 422, 'res.partner', 'create', {
      vals_list: {
        name: 'Half',
        child_ids: [
          [0, 0, { name: 'ok' }],
          [0, 0, {}],
        ],
      },
    });
    assert.equal((await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [] })).length, before);
    const modelId = (await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', 'res.partner']] }))[0];
    const fieldCount = (await ok<Array<{ field_id: number[] }>>(sandbox, 'ir.model', 'read', { ids: [modelId], fields: ['field_id'] }))[0]
      .field_id.length;
    assert.match(
      (await fails(sandbox, 422, 'ir.model', 'write', { ids: [modelId], vals: { field_id: [[5]] } })).message,
      /defined in code and cannot be deleted/,
    );
    assert.equal(
      (await ok<Array<{ field_id: number[] }>>(sandbox, 'ir.model', 'read', { ids: [modelId], fields: ['field_id'] }))[0].field_id.length,
      fieldCount,
    );
  });
});

describe('action_archive and action_unarchive', () => {
  it('archives a company with its contacts in one call, and restores them', async () => {
    const company = await create('res.partner', {
      name: 'Closing Co',
      is_company: true,
      child_ids: [
        [0, 0, { name: 'Closing One' }],
        [0, 0, { name: 'Closing Two' }],
      ],
    });
    const kids = await field('res.partner', company, 'child_ids');
    // It returns nothing (JSON null), as the reference's action_archive.
    assert.equal(await ok(sandbox, 'res.partner', 'action_archive', { ids: [company] }), null);
    const rows = await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [company, ...kids], fields: ['active'] });
    assert.deepEqual(
      rows.map((row) => row.active),
      [false, false, false],
    );
    assert.deepEqual(await ok(sandbox, 'res.partner', 'search', { domain: [['name', 'ilike', 'Closing']] }), []);
    await ok(sandbox, 'res.partner', 'action_unarchive', { ids: [company] });
    assert.equal((await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['name', 'ilike', 'Closing']] })).length, 3);
  });

  it('refuses the whole call for a contact of an active user, and works on other models with active', async () => {
    const [admin] = await ok<Row[]>(sandbox, 'res.users', 'read', { ids: [sandbox.users.admin.id], fields: ['partner_id'] });
    const adminPartner = (admin.partner_id as [number, string])[0];
    const other = await create('res.partner', { name: 'Innocent' });
    const error = await fails(sandbox, 422, 'res.partner', 'action_archive', { ids: [other, adminPartner] });
    assert.match(error.message, /You cannot archive contacts linked to an active user[\s\S]*Mitchell Admin \(admin\)/);
    assert.equal((await ok<Row[]>(sandbox, 'res.partner', 'read', { ids: [other], fields: ['active'] }))[0].active, true, 'rolled back');
    const tag = await create('res.partner.category', { name: 'Old tag' });
    await ok(sandbox, 'res.partner.category', 'action_archive', { ids: [tag] });
    assert.deepEqual(await ok(sandbox, 'res.partner.category', 'search', { domain: [['id', '=', tag]] }), []);
    const noActive = await fails(sandbox, 500, 'res.country', 'action_archive', { ids: [1] });
    assert.match(noActive.message, /has no 'active' field/);
    await fails(sandbox, 403, 'res.partner', 'action_archive', { ids: [other] }, { key: sandbox.keys.robot });
  });
});
