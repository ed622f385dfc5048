// The run order and the wire helpers shared by `json2 run` and the editor: dependencies first, guards, bodies, headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile, resolveRequest } from '../../../src/core/requestFile';
import { answerBody, describeRequest, guardedRequestOf, headersToSend } from '../../../src/core/requestRun/requestCall';
import { runPlan } from '../../../src/core/requestRun/runPlan';
import { decideSend, sendResolved } from '../../../src/core/requestRun/sendResolved';

const FILE = `### Companies
# @name companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"] }

### Version
GET /web/version

### Contacts
# @name contacts
POST res.partner/search_read
{ "domain": [["parent_id", "in", {{companies.response.body[*].id}}]] }

### Write
POST res.partner/write
Authorization: bearer not-this-one
X-Trace: yes
{ "ids": [1, 2], "vals": { "name": "x" } }
`;

test('runPlan puts named dependencies first, once, and keeps the selection order', () => {
  const parsed = parseRequestFile(FILE);
  assert.deepEqual(runPlan(parsed, [2]), [0, 2]);
  assert.deepEqual(runPlan(parsed, [2, 0, 1]), [0, 2, 1]);
  assert.deepEqual(runPlan(parsed, [0, 1, 2, 3]), [0, 1, 2, 3]);
  assert.deepEqual(runPlan(parsed, []), []);
});

test('describeRequest, guardedRequestOf and headersToSend read a resolved call and a route', async () => {
  const parsed = parseRequestFile(FILE);
  const write = await resolveRequest(parsed, 3);
  assert.ok(write.ok);
  assert.equal(describeRequest(write.request), 'POST res.partner/write');
  assert.deepEqual(guardedRequestOf(write.request), {
    kind: 'call',
    model: 'res.partner',
    method: 'write',
    ids: [1, 2],
    args: { vals: { name: 'x' } },
  });
  assert.deepEqual(headersToSend(write.request), { 'X-Trace': 'yes' }, "the file's Authorization never goes: the client adds the key");
  const version = await resolveRequest(parsed, 1);
  assert.ok(version.ok);
  assert.equal(describeRequest(version.request), 'GET /web/version');
  assert.deepEqual(guardedRequestOf(version.request), { kind: 'route', httpMethod: 'GET', path: '/web/version' });
});

test('answerBody parses JSON answers and keeps anything else as text', () => {
  assert.deepEqual(answerBody('[{"id":1}]', 'application/json; charset=utf-8'), [{ id: 1 }]);
  assert.deepEqual(answerBody('{"a":1}', undefined), { a: 1 });
  assert.equal(answerBody('<html>oops</html>', 'text/html'), '<html>oops</html>');
  assert.equal(answerBody('not json', 'application/json'), 'not json');
  assert.equal(answerBody('', 'application/json'), '');
});

test('decideSend: read-only refuses writes, production asks with its own question, # @confirm asks otherwise', async () => {
  const parsed = parseRequestFile(`### Write
# @confirm Rename them?
POST res.partner/write
{ "ids": [1, 2], "vals": { "name": "x" } }

### Read
POST res.partner/read
{ "ids": [1], "fields": ["name"] }
`);
  const write = await resolveRequest(parsed, 0);
  const read = await resolveRequest(parsed, 1);
  assert.ok(write.ok && read.ok);
  const plain = { name: 'local', readOnly: false, production: false };
  assert.deepEqual(decideSend(plain, write.request), { action: 'confirm', question: 'Rename them?', production: false });
  assert.deepEqual(decideSend(plain, read.request), { action: 'send' });
  assert.equal(decideSend({ ...plain, readOnly: true }, write.request).action, 'refuse');
  assert.deepEqual(decideSend({ ...plain, readOnly: true }, read.request), { action: 'send' });
  const production = decideSend({ ...plain, production: true }, write.request);
  assert.equal(production.action, 'confirm');
  assert.ok(
    production.action === 'confirm' && production.production && /res\.partner\.write on 2 records/.test(production.question),
    JSON.stringify(production),
  );
});

test('sendResolved sends the method, path, headers and body, and stores the parsed answer', async () => {
  const parsed = parseRequestFile(FILE);
  const write = await resolveRequest(parsed, 3);
  assert.ok(write.ok);
  const seen: unknown[] = [];
  const client = {
    send: async (request: unknown) => {
      seen.push(request);
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        text: 'true',
        timings: { connectMs: 1, firstByteMs: 2, totalMs: 3 },
        sizes: { requestBytes: 1, responseBytes: 4, decodedBytes: 4 },
      };
    },
  };
  const { stored } = await sendResolved(client, write.request, { timeoutMs: 1000 });
  assert.deepEqual(
    { ...stored },
    { status: 200, headers: { 'content-type': 'application/json' }, body: true, notJson: undefined, durationMs: 3 },
  );
  assert.deepEqual(seen, [
    {
      method: 'POST',
      target: '/json/2/res.partner/write',
      headers: { 'X-Trace': 'yes' },
      body: JSON.stringify(write.request.body),
      timeoutMs: 1000,
    },
  ]);
});
