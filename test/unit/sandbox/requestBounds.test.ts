// What one JSON-2 request may hold (issue 23): a body over the limit is refused unread (413), an answer over the
// limit is a clear MemoryError and the call changes nothing; answers under it arrive whole however large, written
// piece by piece. Runs on PGlite and, in the unit-postgres step, on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_MAX_RPC_BODY_BYTES } from '../../../src/sandbox/rpc/rpcBody';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { decodeMethodResponse, encodeMethodCall } from '../../../src/core/client/xmlRpcCodec';
import { call, fails, ok, rawRequest } from '../../support/sandboxHttp';

const MAX_ANSWER_BYTES = 8 * 1024;
const MAX_BODY_BYTES = 256 * 1024;

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox({ maxAnswerBytes: MAX_ANSWER_BYTES, maxBodyBytes: MAX_BODY_BYTES });
});
after(async () => {
  await sandbox?.stop();
});

const countByName = (name: string) => ok<number>(sandbox, 'res.partner', 'search_count', { domain: [['name', '=', name]] });

describe('answer size bound', () => {
  it('refuses a read whose answer passes the bound with a MemoryError that says what to do, and answers a smaller one', async () => {
    const error = await fails(sandbox, 500, 'res.partner', 'search_read', { domain: [], limit: 0 });
    assert.equal(error.name, 'builtins.MemoryError');
    assert.match(
      error.message,
      /records\) is larger than the sandbox's limit of 8 KiB of JSON; nothing was changed\. Ask for fewer records/,
    );
    const few = await ok<unknown[]>(sandbox, 'res.partner', 'search_read', { domain: [], fields: ['name'], limit: 5 });
    assert.equal(few.length, 5);
  });

  it('rolls back a write whose answer passes the bound: nothing is created', async () => {
    const name = 'Bound rollback';
    const vals_list = Array.from({ length: 3_000 }, () => ({ name }));
    const error = await fails(sandbox, 500, 'res.partner', 'create', { vals_list });
    assert.equal(error.name, 'builtins.MemoryError');
    assert.equal(await countByName(name), 0);
    const created = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: vals_list.slice(0, 10) });
    assert.equal(created.length, 10);
    assert.equal(await countByName(name), 10);
  });
});

describe('request body bound', () => {
  it('refuses a body over the limit with 413 before reading it, and nothing is created', async () => {
    const name = 'Bound body';
    const body = JSON.stringify({ vals_list: [{ name, comment: 'x'.repeat(MAX_BODY_BYTES) }] });
    const answer = await rawRequest(sandbox.url, {
      path: '/json/2/res.partner/create',
      headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}` },
      body,
    });
    assert.equal(answer.status, 413);
    assert.equal((answer.json as { name: string }).name, 'werkzeug.exceptions.RequestEntityTooLarge');
    assert.equal(await countByName(name), 0);
  });

  it('bounds the deprecated interfaces as the reference server bounds every request: 128 MiB', () => {
    assert.equal(DEFAULT_MAX_RPC_BODY_BYTES, 128 * 1024 * 1024);
  });
});

describe('large answers', () => {
  it('sends an answer of many pieces whole, with its length, under the bound', async () => {
    const big = await startSandbox({ maxAnswerBytes: 8 * 1024 * 1024 });
    try {
      const vals_list = Array.from({ length: 4_000 }, (_, index) => ({ name: `Piece ${index}`, comment: 'é'.repeat(300) }));
      await ok(big, 'res.partner', 'create', { vals_list });
      const answer = await call(big, 'res.partner', 'search_read', { domain: [['name', '=like', 'Piece %']], fields: ['name', 'comment'] });
      assert.equal(answer.status, 200);
      assert.equal(Number(answer.headers['content-length']), Buffer.byteLength(answer.text));
      assert.ok(Buffer.byteLength(answer.text) > 2 * 1024 * 1024, `only ${Buffer.byteLength(answer.text)} bytes`);
      const records = answer.json as Array<{ name: string; comment: string }>;
      assert.equal(records.length, 4_000);
      assert.ok(records.every((record) => record.comment === 'é'.repeat(300)));
      await deprecatedAnswersMatch(big, records);
    } finally {
      await big.stop();
    }
  });
});

/** The same read through XML-RPC and JSON-RPC (answers written in pieces too): whole, with their length, the same records. */
async function deprecatedAnswersMatch(big: StartedSandbox, records: unknown[]): Promise<void> {
  const args = [big.database, big.users.admin.id, big.keys.admin, 'res.partner', 'search_read'];
  const kwargs = { domain: [['name', '=like', 'Piece %']], fields: ['name', 'comment'] };
  const xml = await rawRequest(big.url, {
    path: '/xmlrpc/2/object',
    headers: { 'Content-Type': 'text/xml' },
    body: encodeMethodCall('execute_kw', [...args, [], kwargs]),
  });
  assert.equal(xml.status, 200);
  assert.equal(Number(xml.headers['content-length']), Buffer.byteLength(xml.text));
  assert.deepEqual(decodeMethodResponse(xml.text), { kind: 'result', value: records });
  const json = await rawRequest(big.url, {
    path: '/jsonrpc',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      method: 'call',
      params: { service: 'object', method: 'execute_kw', args: [...args, [], kwargs] },
      id: 7,
    }),
  });
  assert.equal(json.status, 200);
  assert.equal(Number(json.headers['content-length']), Buffer.byteLength(json.text));
  assert.equal(json.text, JSON.stringify({ jsonrpc: '2.0', id: 7, result: records }));
}
