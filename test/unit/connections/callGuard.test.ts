// Read-only connections refuse writes before sending; production connections ask, naming model, method and records.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideCall } from '../../../src/core/connections/callGuard';
import { READ_ONLY_METHODS, isReadOnlyRequest } from '../../../src/core/connections/readOnlyMethods';

const plain = { name: 'dev', readOnly: false, production: false };
const readOnly = { name: 'reports', readOnly: true, production: false };
const production = { name: 'prod', readOnly: false, production: true };

test('the read-only list is the one the issue names, with no private method (check_access: refused by a real server)', () => {
  assert.deepEqual([...READ_ONLY_METHODS].sort(), [
    'context_get',
    'default_get',
    'fields_get',
    'formatted_read_group',
    'has_access',
    'has_group',
    'name_search',
    'read',
    'read_group',
    'search',
    'search_count',
    'search_read',
  ]);
});

test('reads go through on every kind of connection', () => {
  for (const profile of [plain, readOnly, production]) {
    assert.deepEqual(decideCall(profile, { kind: 'call', model: 'res.partner', method: 'search_read' }), { action: 'send' });
    assert.deepEqual(decideCall(profile, { kind: 'route', httpMethod: 'GET', path: '/web/version' }), { action: 'send' });
    assert.deepEqual(decideCall(profile, { kind: 'route', httpMethod: 'GET', path: '/doc-bearer/res.partner.json' }), { action: 'send' });
  }
});

test('a read-only connection refuses writes, unknown methods and other routes', () => {
  for (const request of [
    { kind: 'call', model: 'res.partner', method: 'write', ids: [1] },
    { kind: 'call', model: 'res.partner', method: 'action_archive', ids: [1] },
    { kind: 'call', model: 'res.partner', method: 'search_fetch' },
    { kind: 'route', httpMethod: 'POST', path: '/json/2/res.partner/unlink', body: { ids: [3] } },
    { kind: 'route', httpMethod: 'POST', path: '/web/database/drop' },
    { kind: 'route', httpMethod: 'GET', path: '/web/something/else' },
  ] as const) {
    const decision = decideCall(readOnly, request);
    assert.equal(decision.action, 'refuse', JSON.stringify(request));
    assert.match((decision as { reason: string }).reason, /"reports" is read-only/);
  }
});

test('a JSON-2 route is judged by its method, with or without a query string', () => {
  assert.equal(isReadOnlyRequest({ kind: 'route', httpMethod: 'POST', path: '/json/2/res.partner/search_read?debug=1' }), true);
  assert.equal(isReadOnlyRequest({ kind: 'route', httpMethod: 'GET', path: '/json/2/res.partner/search_read' }), false);
  assert.equal(isReadOnlyRequest({ kind: 'route', httpMethod: 'POST', path: '/json/2/res.partner/write' }), false);
});

test('read-only wins over production', () => {
  assert.equal(
    decideCall({ ...readOnly, production: true }, { kind: 'call', model: 'res.partner', method: 'unlink', ids: [1] }).action,
    'refuse',
  );
});

test('a production connection asks before a write, naming the model, method and number of records', () => {
  const decision = decideCall(production, {
    kind: 'route',
    httpMethod: 'POST',
    path: '/json/2/res.partner/unlink',
    body: { ids: [4, 5, 6] },
  });
  assert.equal(decision.action, 'confirm');
  const { question } = decision as Extract<typeof decision, { action: 'confirm' }>;
  assert.equal(question.model, 'res.partner');
  assert.equal(question.method, 'unlink');
  assert.equal(question.recordCount, 3);
  assert.equal(question.message, 'Run res.partner.unlink on 3 records on the production connection "prod"?');
});

test('the question counts created records and says when a call names none', () => {
  const create = decideCall(production, {
    kind: 'call',
    model: 'res.partner',
    method: 'create',
    args: { vals_list: [{ name: 'a' }, { name: 'b' }] },
  });
  assert.match((create as { question: { message: string } }).question.message, /to create 2 records/);
  const one = decideCall(production, { kind: 'call', model: 'res.partner', method: 'write', ids: [9], args: { vals: {} } });
  assert.match((one as { question: { message: string } }).question.message, /on 1 record on/);
  const modelLevel = decideCall(production, { kind: 'call', model: 'res.partner', method: 'name_create', args: { name: 'x' } });
  assert.match((modelLevel as { question: { message: string } }).question.message, /model-level call/);
  const route = decideCall(production, { kind: 'route', httpMethod: 'post', path: '/web/database/drop' });
  assert.equal(
    (route as { question: { message: string } }).question.message,
    'Run POST /web/database/drop on the production connection "prod"?',
  );
});

test('an ordinary connection sends everything without asking', () => {
  assert.deepEqual(decideCall(plain, { kind: 'call', model: 'res.partner', method: 'unlink', ids: [1] }), { action: 'send' });
});
