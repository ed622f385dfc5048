// The JSON-2 ↔ execute_kw mapping: every method of the notes' table both ways, and the cases that must not guess.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KNOWN_METHODS, knownMethod, knownMethodsOf } from '../../../src/core/client/methodCatalog';
import {
  type Json2Call,
  MappingError,
  fromExecute,
  fromExecuteKw,
  legacyResultOf,
  normaliseCreateResult,
  toExecuteKw,
} from '../../../src/core/client/rpcMapping';

const AUTH = { db: 'demo', uid: 2, password: 'key-or-password' };
const CONTEXT = { lang: 'fr_FR', active_test: false };

/** One realistic JSON-2 call per method of the table, with the execute_kw form people write for it. */
const SAMPLES: Array<{ json2: Json2Call; args: unknown[]; kw: Record<string, unknown> }> = [
  {
    json2: { model: 'res.partner', method: 'search', args: { domain: [['is_company', '=', true]], limit: 5, offset: 10, order: 'name' } },
    args: [[['is_company', '=', true]]],
    kw: { limit: 5, offset: 10, order: 'name' },
  },
  { json2: { model: 'res.partner', method: 'search_count', args: { domain: [], limit: 3 } }, args: [[]], kw: { limit: 3 } },
  {
    json2: { model: 'res.partner', method: 'read', args: { fields: ['name'], load: null }, ids: [1, 2] },
    args: [[1, 2]],
    kw: { fields: ['name'], load: null },
  },
  {
    json2: { model: 'res.partner', method: 'search_read', args: { domain: [['name', 'ilike', 'a']], fields: ['name'], limit: 80 } },
    args: [],
    kw: { domain: [['name', 'ilike', 'a']], fields: ['name'], limit: 80 },
  },
  {
    json2: { model: 'res.partner', method: 'fields_get', args: { attributes: ['string', 'type'] } },
    args: [],
    kw: { attributes: ['string', 'type'] },
  },
  {
    json2: { model: 'res.partner', method: 'create', args: { vals_list: [{ name: 'A' }, { name: 'B' }] } },
    args: [[{ name: 'A' }, { name: 'B' }]],
    kw: {},
  },
  { json2: { model: 'res.partner', method: 'write', args: { vals: { phone: '1' } }, ids: [3] }, args: [[3], { phone: '1' }], kw: {} },
  { json2: { model: 'res.partner', method: 'unlink', args: {}, ids: [4, 5] }, args: [[4, 5]], kw: {} },
  { json2: { model: 'res.partner', method: 'name_search', args: { name: 'Azure', limit: 8 } }, args: [], kw: { name: 'Azure', limit: 8 } },
  { json2: { model: 'res.partner', method: 'name_create', args: { name: 'New Co' } }, args: ['New Co'], kw: {} },
  { json2: { model: 'res.partner', method: 'default_get', args: { fields: ['lang'] } }, args: [['lang']], kw: {} },
  {
    json2: { model: 'res.partner', method: 'copy', args: { default: { name: 'Copy' } }, ids: [7] },
    args: [[7]],
    kw: { default: { name: 'Copy' } },
  },
  {
    json2: { model: 'res.partner', method: 'read_group', args: { domain: [], fields: ['id:count'], groupby: ['country_id'], lazy: false } },
    args: [[], ['id:count'], ['country_id']],
    kw: { lazy: false },
  },
  {
    json2: { model: 'res.partner', method: 'formatted_read_group', args: { domain: [], groupby: ['country_id'], aggregates: ['__count'] } },
    args: [[]],
    kw: { groupby: ['country_id'], aggregates: ['__count'] },
  },
  { json2: { model: 'res.partner', method: 'check_access', args: { operation: 'write' }, ids: [1] }, args: [[1], 'write'], kw: {} },
  { json2: { model: 'res.partner', method: 'has_access', args: { operation: 'read' }, ids: [1] }, args: [[1], 'read'], kw: {} },
  { json2: { model: 'res.users', method: 'context_get', args: {} }, args: [], kw: {} },
  {
    json2: { model: 'res.users', method: 'has_group', args: { group_ext_id: 'base.group_system' }, ids: [2] },
    args: [[2], 'base.group_system'],
    kw: {},
  },
  {
    json2: { model: 'res.users.apikeys', method: 'generate', args: { key: 'k', scope: 'rpc', name: 'ci', expiration_date: '2030-01-01' } },
    args: ['k', 'rpc', 'ci', '2030-01-01'],
    kw: {},
  },
  { json2: { model: 'res.users.apikeys', method: 'revoke', args: { key: 'k' } }, args: ['k'], kw: {} },
];

describe('rpcMapping: every method of the table', () => {
  test('the samples cover the whole table', () => {
    assert.deepEqual(new Set(SAMPLES.map((s) => s.json2.method)), new Set(KNOWN_METHODS.map((m) => m.name)));
  });

  for (const sample of SAMPLES) {
    const { model, method } = sample.json2;
    test(`${model}.${method}: JSON-2 → execute_kw → JSON-2, with and without context`, () => {
      for (const context of [undefined, CONTEXT]) {
        const json2: Json2Call = { ...sample.json2, ...(context ? { context } : {}), database: 'demo' };
        const legacy = toExecuteKw(json2, AUTH);
        assert.deepEqual(legacy, { ...AUTH, model, method, args: sample.args, kw: { ...sample.kw, ...(context ? { context } : {}) } });
        const back = fromExecuteKw(legacy);
        assert.deepEqual(
          back.call,
          json2.ids === undefined && knownMethod(model, method)?.level === 'records' ? { ...json2, ids: [] } : json2,
        );
        assert.deepEqual(back.credentials, { uid: 2, password: 'key-or-password' });
      }
    });

    test(`${model}.${method}: execute_kw with everything as keywords maps to the same call`, () => {
      const legacy = toExecuteKw({ ...sample.json2, database: 'demo' }, AUTH, { allKeywords: true });
      const known = knownMethod(model, method);
      assert.equal(legacy.args.length, known?.level === 'records' ? 1 : 0);
      assert.deepEqual(fromExecuteKw(legacy).call, { ...sample.json2, database: 'demo' });
    });
  }
});

describe('rpcMapping: rules of the spec', () => {
  test('the database argument becomes the database of the header and back', () => {
    const mapped = fromExecuteKw({ db: 'shop', uid: 1, password: 'x', model: 'res.partner', method: 'search', args: [[]], kw: {} });
    assert.equal(mapped.call.database, 'shop');
    assert.equal(toExecuteKw(mapped.call, { uid: 1, password: 'x' }).db, 'shop');
    assert.throws(
      () => toExecuteKw({ model: 'res.partner', method: 'search', args: { domain: [] } }, { uid: 1, password: 'x' }),
      MappingError,
    );
  });

  test('a single id as first argument is a list of one; anything else is refused for record methods', () => {
    assert.deepEqual(fromExecute('demo', 2, 'pw', 'res.partner', 'read', 7, ['name']).call.ids, [7]);
    assert.deepEqual(fromExecute('demo', 2, 'pw', 'res.partner', 'read', 7, ['name']).call.args, { fields: ['name'] });
    assert.throws(() => fromExecute('demo', 2, 'pw', 'res.partner', 'unlink', 'seven'), MappingError);
  });

  test('model methods take no ids over JSON-2 and positional arguments are not shifted', () => {
    assert.throws(() => toExecuteKw({ model: 'res.partner', method: 'search', args: { domain: [] }, ids: [1] }, AUTH), /model method/);
    const mapped = fromExecute('demo', 2, 'pw', 'res.partner', 'search', [['id', '>', 1]], 5, 10);
    assert.equal(mapped.call.ids, undefined);
    assert.deepEqual(mapped.call.args, { domain: [['id', '>', 1]], offset: 5, limit: 10 });
  });

  test('context travels only in kw, and leaves kw for the envelope', () => {
    const mapped = fromExecuteKw({ ...AUTH, model: 'res.partner', method: 'search', args: [[]], kw: { context: CONTEXT, limit: 1 } });
    assert.deepEqual(mapped.call.context, CONTEXT);
    assert.deepEqual(mapped.call.args, { domain: [], limit: 1 });
    assert.throws(
      () => fromExecuteKw({ ...AUTH, model: 'res.partner', method: 'search', args: [[]], kw: { context: 'fr' } }),
      MappingError,
    );
  });

  test('unknown methods: every named argument in kw one way; positional arguments refused the other way unless told', () => {
    const legacy = toExecuteKw(
      { model: 'sale.order', method: 'action_confirm', args: { force: true }, ids: [9], context: CONTEXT, database: 'demo' },
      AUTH,
    );
    assert.deepEqual(legacy.args, [[9]]);
    assert.deepEqual(legacy.kw, { force: true, context: CONTEXT });
    const modelLevel = toExecuteKw({ model: 'x_thing', method: 'do_it', args: { a: 1 }, database: 'demo' }, AUTH);
    assert.deepEqual([modelLevel.args, modelLevel.kw], [[], { a: 1 }]);
    assert.throws(() => fromExecuteKw(legacy), /cannot be named/);
    const told = fromExecuteKw(legacy, { unknownMethodLevel: 'records' });
    assert.deepEqual(told.call, {
      model: 'sale.order',
      method: 'action_confirm',
      args: { force: true },
      ids: [9],
      context: CONTEXT,
      database: 'demo',
    });
    assert.equal(told.notes.length, 1);
    assert.throws(() => fromExecuteKw({ ...legacy, args: [[9], 'extra'] }, { unknownMethodLevel: 'records' }), MappingError);
    assert.deepEqual(fromExecuteKw({ ...AUTH, model: 'x_thing', method: 'do_it', args: [], kw: { a: 1 } }).call.args, { a: 1 });
  });

  test('an argument given both positionally and by keyword, or too many positional arguments, is refused', () => {
    assert.throws(() => fromExecuteKw({ ...AUTH, model: 'res.partner', method: 'search', args: [[]], kw: { domain: [] } }), /both/);
    assert.throws(() => fromExecute('demo', 2, 'pw', 'res.partner', 'search_count', [], 1, 2), /at most 2/);
    assert.throws(() => toExecuteKw({ model: 'res.partner', method: 'read', args: { ids: [1] }, database: 'demo' }, AUTH), /reserved/);
  });

  test("create's id-versus-list difference is normalised by an explicit target", () => {
    const single = fromExecuteKw({ ...AUTH, model: 'res.partner', method: 'create', args: [{ name: 'A' }], kw: {} });
    assert.deepEqual(single.call.args, { vals_list: { name: 'A' } });
    assert.equal(single.legacyResult, 'singleId');
    assert.equal(legacyResultOf([42], single.legacyResult), 42);
    assert.equal(fromExecuteKw({ ...AUTH, model: 'res.partner', method: 'create', args: [[{ name: 'A' }]], kw: {} }).legacyResult, 'asIs');
    assert.deepEqual(normaliseCreateResult(42, 'json2', true), [42]);
    assert.deepEqual(normaliseCreateResult([42, 43], 'json2', false), [42, 43]);
    assert.equal(normaliseCreateResult([42], 'legacy', true), 42);
    assert.deepEqual(normaliseCreateResult([42], 'legacy', false), [42]);
  });

  test('name_get, removed in 19.0, becomes a read of display_name and its result is turned back into pairs', () => {
    const mapped = fromExecute('demo', 2, 'pw', 'res.partner', 'name_get', [1, 2]);
    assert.deepEqual(mapped.call, {
      model: 'res.partner',
      method: 'read',
      args: { fields: ['display_name'] },
      ids: [1, 2],
      database: 'demo',
    });
    assert.deepEqual(
      legacyResultOf(
        [
          { id: 1, display_name: 'A' },
          { id: 2, display_name: 'B' },
        ],
        mapped.legacyResult,
      ),
      [
        [1, 'A'],
        [2, 'B'],
      ],
    );
  });

  test('model-specific methods exist only on their models', () => {
    assert.equal(knownMethod('res.partner', 'generate'), undefined);
    assert.ok(knownMethod('res.users.apikeys', 'generate'));
    assert.ok(knownMethodsOf('res.users').some((m) => m.name === 'context_get'));
    assert.ok(!knownMethodsOf('res.partner').some((m) => m.name === 'context_get'));
  });
});
