// The deprecated /jsonrpc endpoint over raw HTTP: envelopes, login with password and key, CRUD, errors, and the
// system parameter that makes the deprecated interfaces accept API keys only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { KEYS_ONLY_PARAMETER } from '../../../src/sandbox/rpc/rpcCredentials';
import { ok, rawRequest, type ErrorObject } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;

const RPC_LIMIT = 64 * 1024;

before(async () => {
  sandbox = await startSandbox({ maxRpcBodyBytes: RPC_LIMIT });
});
after(async () => {
  await sandbox?.stop();
});

interface Envelope {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data: ErrorObject };
}

async function jsonrpc(service: string, method: string, args: unknown[], id: unknown = 7): Promise<Envelope> {
  const answer = await rawRequest(sandbox.url, {
    path: '/jsonrpc',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id }),
  });
  assert.equal(answer.status, 200);
  return answer.json as Envelope;
}

const object = (uid: number, secret: string, model: string, method: string, args: unknown[], kw: Record<string, unknown> = {}) =>
  jsonrpc('object', 'execute_kw', [sandbox.database, uid, secret, model, method, args, kw]);

function assertError(envelope: Envelope, name: string, message: RegExp): void {
  assert.deepEqual(Object.keys(envelope), ['jsonrpc', 'id', 'error']);
  assert.equal(envelope.error?.code, 0);
  assert.equal(envelope.error?.message, 'Odoo Server Error');
  assert.deepEqual(Object.keys(envelope.error?.data ?? {}), ['name', 'message', 'arguments', 'context', 'debug']);
  assert.equal(envelope.error?.data.name, name);
  assert.match(envelope.error?.data.message ?? '', message);
}

describe('/jsonrpc', () => {
  it('answers the result envelope for version, login and authenticate with a password or a key', async () => {
    const { admin, user } = sandbox.users;
    assert.deepEqual(await jsonrpc('common', 'version', [], 'abc'), {
      jsonrpc: '2.0',
      id: 'abc',
      result: { server_version: '19.0', server_version_info: [19, 0, 0, 'final', 0, ''], server_serie: '19.0', protocol_version: 1 },
    });
    assert.equal((await jsonrpc('common', 'login', [sandbox.database, 'admin', admin.password])).result, admin.id);
    assert.equal((await jsonrpc('common', 'authenticate', [sandbox.database, 'demo', sandbox.keys.user, {}])).result, user.id);
    assert.equal((await jsonrpc('common', 'login', [sandbox.database, 'demo', 'wrong'])).result, false);
  });

  it('searches, reads, creates (an integer), writes and unlinks, in the database JSON-2 uses', async () => {
    const { user } = sandbox.users;
    const key = sandbox.keys.user;
    const found = await object(user.id, key, 'res.partner', 'search', [[['is_company', '=', true]]], { limit: 2 });
    assert.equal((found.result as number[]).length, 2);
    const read = await object(user.id, user.password as string, 'res.partner', 'read', [found.result], { fields: ['name'] });
    assert.deepEqual(
      (read.result as { id: number }[]).map((row) => row.id),
      found.result,
    );
    const created = await object(user.id, key, 'res.partner', 'create', [{ name: 'JSON-RPC one' }]);
    assert.equal(typeof created.result, 'number');
    const many = await object(user.id, key, 'res.partner', 'create', [], { vals_list: [{ name: 'JSON-RPC two' }] });
    assert.ok(Array.isArray(many.result));
    const id = created.result as number;
    assert.equal((await object(user.id, key, 'res.partner', 'write', [[id], { name: 'JSON-RPC renamed' }])).result, true);
    assert.deepEqual(await ok(sandbox, 'res.partner', 'read', { ids: [id], fields: ['name'] }), [{ id, name: 'JSON-RPC renamed' }]);
    assert.equal((await object(user.id, key, 'res.partner', 'unlink', [[id, ...(many.result as number[])]])).result, true);
    assert.equal(await ok(sandbox, 'res.partner', 'search_count', { domain: [['id', '=', id]] }), 0);
  });

  it('leaves out the result key for nothing, and answers errors in the error envelope with the JSON-2 error object', async () => {
    const { admin, robot } = sandbox.users;
    const [archived] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'JSON-RPC archived' }] });
    const nothing = await object(admin.id, sandbox.keys.admin, 'res.partner', 'action_archive', [[archived]]);
    assert.deepEqual(nothing, { jsonrpc: '2.0', id: 7 });
    assertError(await object(admin.id, 'wrong', 'res.partner', 'search', [[]]), 'odoo.exceptions.AccessDenied', /^Access Denied$/);
    assertError(
      await object(robot.id, sandbox.keys.robot, 'res.partner', 'create', [{ name: 'x' }]),
      'odoo.exceptions.AccessError',
      /create/,
    );
    // A write of a record that does not exist (a read leaves it out, as the reference's read does).
    assertError(
      await object(admin.id, sandbox.keys.admin, 'res.partner', 'write', [[999999], { name: 'x' }]),
      'odoo.exceptions.MissingError',
      /./,
    );
    assertError(
      await object(admin.id, sandbox.keys.admin, 'res.partner', 'search', [[['nope', '=', 1]]]),
      'builtins.ValueError',
      /Invalid field res.partner.nope/,
    );
    assertError(
      await object(admin.id, sandbox.keys.admin, 'no.model', 'search', [[]]),
      'odoo.exceptions.UserError',
      /^Object no.model doesn't exist$/,
    );
    assertError(
      await object(admin.id, sandbox.keys.admin, 'res.partner', 'no_method', [[]]),
      'builtins.AttributeError',
      /^The method 'res.partner.no_method' does not exist$/,
    );
    assertError(
      await object(admin.id, sandbox.keys.admin, 'res.partner', 'check_access', [[3], 'read']),
      'odoo.exceptions.AccessError',
      /^Private methods \(such as 'res.partner.check_access'\) cannot be called remotely.$/,
    );
    assertError(await jsonrpc('nothing', 'version', []), 'builtins.KeyError', /^'nothing'$/);
    assertError(await jsonrpc('common', 'nothing', []), 'builtins.Exception', /^Method not found: nothing$/);
  });

  it('refuses a body over the limit with the error envelope (HTTP 200), and stays up', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      method: 'call',
      params: { service: 'common', method: 'version', args: ['x'.repeat(RPC_LIMIT)] },
      id: 1,
    });
    const answer = await rawRequest(sandbox.url, { path: '/jsonrpc', headers: { 'Content-Type': 'application/json' }, body: big });
    assert.equal(answer.status, 200);
    assert.equal((answer.json as Envelope).error?.data.name, 'werkzeug.exceptions.RequestEntityTooLarge');
    assert.equal((await jsonrpc('common', 'version', [])).result !== undefined, true);
  });

  it('answers malformed JSON and JSON that is no object with plain 400 answers, as the reference does', async () => {
    for (const [body, text] of [
      ['{"jsonrpc": "2.0",', 'Invalid JSON data'],
      ['[1, 2]', 'Invalid JSON-RPC data'],
    ]) {
      const answer = await rawRequest(sandbox.url, { path: '/jsonrpc', headers: { 'Content-Type': 'application/json' }, body });
      assert.equal(answer.status, 400);
      assert.match(String(answer.headers['content-type']), /^text\/html/);
      assert.equal(answer.text, text);
    }
  });

  it(`refuses passwords but not keys once ${KEYS_ONLY_PARAMETER} is true`, async () => {
    const { admin } = sandbox.users;
    const [parameter] = await ok<number[]>(sandbox, 'ir.config_parameter', 'create', {
      vals_list: [{ key: KEYS_ONLY_PARAMETER, value: 'True' }],
    });
    try {
      assert.equal((await jsonrpc('common', 'login', [sandbox.database, 'admin', admin.password])).result, false);
      assert.equal((await jsonrpc('common', 'login', [sandbox.database, 'admin', sandbox.keys.admin])).result, admin.id);
      assertError(
        await object(admin.id, admin.password as string, 'res.partner', 'search_count', [[]]),
        'odoo.exceptions.AccessDenied',
        /Access Denied/,
      );
      assert.equal(typeof (await object(admin.id, sandbox.keys.admin, 'res.partner', 'search_count', [[]])).result, 'number');
    } finally {
      await ok(sandbox, 'ir.config_parameter', 'unlink', { ids: [parameter] });
    }
    assert.equal((await jsonrpc('common', 'login', [sandbox.database, 'admin', admin.password])).result, admin.id);
  });
});
