// html, monetary and binary fields, res.currency, and sandbox.wide (several hundred fields of every type) over HTTP.
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

describe('the wide model', () => {
  it('has several hundred fields of every type, described by fields_get', async () => {
    const described = await ok<Record<string, Row>>(sandbox, 'sandbox.wide', 'fields_get', {
      attributes: ['type', 'currency_field', 'relation'],
    });
    assert.ok(Object.keys(described).length >= 300, String(Object.keys(described).length));
    const types = new Map<string, number>();
    for (const field of Object.values(described)) types.set(String(field.type), (types.get(String(field.type)) ?? 0) + 1);
    for (const type of [
      'char',
      'text',
      'html',
      'integer',
      'float',
      'monetary',
      'boolean',
      'date',
      'datetime',
      'selection',
      'binary',
      'many2one',
    ])
      assert.ok((types.get(type) ?? 0) >= 25, `${type}: ${types.get(type)}`);
    assert.equal(types.get('one2many'), 1);
    assert.equal(types.get('many2many'), 5);
    assert.equal(described.monetary_01.currency_field, 'currency_id');
    assert.equal(described.partner_07_id.relation, 'res.partner');
  });

  it('reads its demo records with every field filled', async () => {
    const rows = await ok<Row[]>(sandbox, 'sandbox.wide', 'search_read', { domain: [], fields: null, order: 'name' });
    assert.equal(rows.length, 3);
    const [first] = rows;
    assert.equal(first.name, 'Wide record 1');
    assert.equal(first.html_03, '<p>Html <b>03</b> of record 1</p>');
    assert.equal(first.monetary_02, 2.5);
    assert.equal(Buffer.from(String(first.binary_01), 'base64').toString(), 'binary 01 of record 1');
    assert.deepEqual((first.currency_id as unknown[])[1], 'USD');
    assert.equal((first.line_ids as number[]).length, 2);
    assert.ok(Array.isArray(first.partner_25_id));
    const lines = await ok<Row[]>(sandbox, 'sandbox.wide.line', 'read', { ids: first.line_ids, fields: ['name', 'price', 'wide_id'] });
    assert.deepEqual(
      lines.map((line) => [line.name, line.price, (line.wide_id as unknown[])[0]]),
      [
        ['First line', 10.5, first.id],
        ['Second line', 2.25, first.id],
      ],
    );
  });
});

describe('html, monetary and binary', () => {
  it('round-trips them, searches them, and refuses binary values that are not base64', async () => {
    const payload = Buffer.from([0, 1, 2, 250, 255]).toString('base64');
    const [id] = await ok<number[]>(sandbox, 'sandbox.wide', 'create', {
      vals_list: { name: 'Typed', html_01: '<h1>Ünïcode ✓</h1>', monetary_01: 19.99, binary_01: payload },
    });
    const [row] = await ok<Row[]>(sandbox, 'sandbox.wide', 'read', {
      ids: [id],
      fields: ['html_01', 'monetary_01', 'binary_01', 'binary_02', 'monetary_02', 'html_02'],
    });
    assert.deepEqual(row, {
      id,
      html_01: '<h1>Ünïcode ✓</h1>',
      monetary_01: 19.99,
      binary_01: payload,
      binary_02: false,
      monetary_02: 0,
      html_02: false,
    });
    assert.deepEqual(
      await ok(sandbox, 'sandbox.wide', 'search', {
        domain: [
          ['monetary_01', '>', 19],
          ['html_01', 'ilike', 'ünïcode'],
        ],
      }),
      [id],
    );
    const bad = await fails(sandbox, 500, 'sandbox.wide', 'write', { ids: [id], vals: { binary_01: 'not base64!' } });
    assert.match(bad.message, /binary values are base64 text/);
    await ok(sandbox, 'sandbox.wide', 'write', { ids: [id], vals: { binary_01: false } });
    assert.equal((await ok<Row[]>(sandbox, 'sandbox.wide', 'read', { ids: [id], fields: ['binary_01'] }))[0].binary_01, false);
  });

  it('lists currencies, the inactive ones with active_test off', async () => {
    const active = await ok<Row[]>(sandbox, 'res.currency', 'search_read', { domain: [], fields: ['name', 'symbol', 'position'] });
    assert.deepEqual(
      active.map((row) => row.name),
      ['EUR', 'USD'],
    );
    const all = await ok<number[]>(sandbox, 'res.currency', 'search', { domain: [], context: { active_test: false } });
    assert.equal(all.length, 5);
    await fails(sandbox, 403, 'res.currency', 'create', { vals_list: { name: 'XXX', symbol: 'x' } }, { key: sandbox.keys.user });
  });
});
