// API keys as the spec and the notes say: format and storage, generate and revoke with every status, the key limit,
// the programmatic-keys parameter, scopes, expiry (with the settable clock), and a cache that forgets at once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TEST_HASH_COST, startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { SandboxServer } from '../../../src/sandbox/sandboxServer';
import { issueApiKey } from '../../../src/sandbox/keys/keyIssuer';
import { call, fails, ok } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;

/** The tests make many keys: a high limit keeps them apart from the limit itself (checked on its own below). */
const TEST_KEY_LIMIT = '1000';

before(async () => {
  sandbox = await startSandbox();
  await setParameter('base.programmatic_api_keys_limit', TEST_KEY_LIMIT);
});
after(async () => {
  await sandbox?.stop();
});

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const inDays = (days: number) => isoDate(new Date(sandbox.clock.now().getTime() + days * DAY));
const generate = (key: string, extra: Record<string, unknown> = {}, caller = key) =>
  call(
    sandbox,
    'res.users.apikeys',
    'generate',
    { key, scope: null, name: 'generated', expiration_date: inDays(7), ...extra },
    { key: caller },
  );
const works = async (key: string) => (await call(sandbox, 'res.users', 'context_get', {}, { key })).status === 200;

async function setParameter(key: string, value: string | null): Promise<void> {
  const existing = await ok<number[]>(sandbox, 'ir.config_parameter', 'search', { domain: [['key', '=', key]] });
  if (existing.length > 0) await ok(sandbox, 'ir.config_parameter', 'unlink', { ids: existing });
  if (value !== null) await ok(sandbox, 'ir.config_parameter', 'create', { vals_list: [{ key, value }] });
}

/** The status of a JSON-2 context_get sent byte for byte (node's client would not keep the header as written). */
function statusOfRaw(authorization: string, split = false): Promise<number> {
  const url = new URL(sandbox.url);
  const head = `POST /json/2/res.users/context_get HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${authorization}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      if (!split) socket.end(head);
      else {
        // The header cut in two TCP writes, in the middle of the key.
        const cut = head.indexOf('Authorization: ') + 30;
        socket.write(head.slice(0, cut));
        setTimeout(() => socket.end(head.slice(cut)), 50);
      }
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('keys and their storage', () => {
  it('refuses a key followed by spaces, as the reference (the key as sent is not the key)', async () => {
    const key = sandbox.keys.admin;
    assert.equal(await statusOfRaw(`bearer ${key}`), 200);
    assert.equal(await statusOfRaw(`bearer ${key}   `), 401);
    assert.equal(await statusOfRaw(`bearer ${key}   `, true), 401, 'also when the header arrives in two pieces');
    assert.equal(await statusOfRaw(`bearer ${key}`, true), 200);
  });

  it('are 40 lowercase hex characters, stored only as a salted slow hash next to their first 8 characters', async () => {
    for (const key of Object.values(sandbox.keys)) assert.match(key, /^[0-9a-f]{40}$/);
    const rows = await sandbox.server.catalog.use(
      sandbox.database,
      async (storage) => (await storage.query<Record<string, unknown>>('SELECT * FROM res_users_apikeys')).rows,
    );
    for (const key of Object.values(sandbox.keys)) {
      const row = rows.find((candidate) => candidate.key_index === key.slice(0, 8));
      assert.ok(row, 'the index is the first 8 characters');
      assert.match(String(row.key_hash), /^scrypt\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      for (const value of Object.values(row)) assert.ok(!String(value).includes(key), 'the key itself is stored nowhere');
    }
  });

  it('never exposes a key, hash or index through the API; an ordinary user sees only their own keys', async () => {
    const all = await ok<Array<Record<string, unknown>>>(sandbox, 'res.users.apikeys', 'search_read', { domain: [] });
    assert.ok(all.length >= 3);
    assert.deepEqual(Object.keys(all[0]).sort(), [
      'create_date',
      'create_uid',
      'display_name',
      'expiration_date',
      'id',
      'name',
      'scope',
      'user_id',
      'write_date',
      'write_uid',
    ]);
    const fields = await ok<Record<string, unknown>>(sandbox, 'res.users.apikeys', 'fields_get', {});
    for (const hidden of ['key', 'key_hash', 'key_index', 'index']) {
      assert.ok(!(hidden in fields), hidden);
      await fails(sandbox, 500, 'res.users.apikeys', 'read', { ids: [all[0].id], fields: [hidden] });
      await fails(sandbox, 500, 'res.users.apikeys', 'search', { domain: [[hidden, '=', sandbox.keys.admin.slice(0, 8)]] });
    }
    const own = await ok<Array<{ user_id: [number, string] }>>(
      sandbox,
      'res.users.apikeys',
      'search_read',
      { domain: [], fields: ['user_id'] },
      { key: sandbox.keys.user },
    );
    assert.ok(own.length >= 1);
    assert.ok(own.every((row) => row.user_id[0] === sandbox.users.user.id));
    // Keys are made by their own methods only: no group may create, write or delete the records (as on the reference).
    const created = await fails(sandbox, 403, 'res.users.apikeys', 'create', {
      vals_list: [{ name: 'sneaky', user_id: sandbox.users.admin.id }],
    });
    assert.match(
      created.message,
      /^You are not allowed to create 'Users API Keys' \(res\.users\.apikeys\) records\.\n\nNo group currently allows/,
    );
  });
});

describe('generate', () => {
  it('creates a working unscoped or scoped key for a settings administrator', async () => {
    const answer = await generate(sandbox.keys.admin);
    assert.equal(answer.status, 200);
    const key = answer.json as string;
    assert.match(key, /^[0-9a-f]{40}$/);
    assert.ok(await works(key));
    const rpc = await generate(sandbox.keys.admin, { scope: 'rpc' });
    assert.ok(await works(rpc.json as string), 'an rpc-scoped key works with bearer authentication');
    const other = await generate(sandbox.keys.admin, { scope: 'other' });
    assert.equal(other.status, 200, 'an unscoped key may create a key of any scope');
    assert.equal(await works(other.json as string), false, 'bearer refuses a scope other than null and rpc');
    const fromRpc = await generate(rpc.json as string, { scope: null }, sandbox.keys.admin);
    assert.equal(fromRpc.status, 403, 'a scoped key cannot create an unscoped key');
    assert.equal((await generate(rpc.json as string, { scope: 'rpc' }, sandbox.keys.admin)).status, 200);
  });

  it('is refused to other users until base.enable_programmatic_api_keys is true', async () => {
    const refused = await generate(sandbox.keys.user);
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.json && { name: (refused.json as { name: string }).name, message: (refused.json as { message: string }).message },
      { name: 'odoo.exceptions.UserError', message: 'Programmatic API keys are not enabled' },
    );
    await setParameter('base.enable_programmatic_api_keys', 'True');
    try {
      assert.equal((await generate(sandbox.keys.user)).status, 200);
    } finally {
      await setParameter('base.enable_programmatic_api_keys', null);
    }
    assert.equal((await generate(sandbox.keys.user)).status, 422);
  });

  it('stops at base.programmatic_api_keys_limit unexpired keys (10 when the value is not an integer)', async () => {
    const own = await ok<number>(sandbox, 'res.users.apikeys', 'search_count', { domain: [['user_id', '=', sandbox.users.admin.id]] });
    await setParameter('base.programmatic_api_keys_limit', String(own + 1));
    try {
      assert.equal((await generate(sandbox.keys.admin)).status, 200);
      const limited = await generate(sandbox.keys.admin);
      assert.equal(limited.status, 422);
      assert.equal((limited.json as { message: string }).message, `Limit of ${own + 1} API keys is reached for programmatic creation`);
      await setParameter('base.programmatic_api_keys_limit', 'many');
      const count = own + 1;
      const answer = await generate(sandbox.keys.admin);
      if (count >= 10)
        assert.equal((answer.json as { message: string }).message, 'Limit of 10 API keys is reached for programmatic creation');
      else assert.equal(answer.status, 200);
      await setParameter('base.programmatic_api_keys_limit', null);
      const unset = await generate(sandbox.keys.admin);
      if (count + 1 >= 10)
        assert.equal((unset.json as { message: string }).message, 'Limit of 10 API keys is reached for programmatic creation');
      else assert.equal(unset.status, 200);
    } finally {
      await setParameter('base.programmatic_api_keys_limit', TEST_KEY_LIMIT);
    }
  });

  it('refuses a key that is not a valid key of the caller (403)', async () => {
    for (const key of [sandbox.keys.user, '0'.repeat(40), 'short']) {
      const answer = await generate(key, {}, sandbox.keys.admin);
      assert.equal(answer.status, 403, key);
      assert.deepEqual(
        [(answer.json as { name: string }).name, (answer.json as { message: string }).message],
        ['odoo.exceptions.AccessError', 'The provided API key is invalid or does not belong to the current user.'],
      );
    }
  });

  it('needs an expiration date in the future and at most three calendar months ahead (422)', async () => {
    const latest = new Date(sandbox.clock.now().getTime());
    latest.setUTCMonth(latest.getUTCMonth() + 3);
    for (const expiration of [
      null,
      '',
      'tomorrow',
      '2020-01-01',
      inDays(-1),
      inDays(100),
      isoDate(new Date(latest.getTime() + 2 * DAY)),
      20250101,
    ]) {
      const answer = await generate(sandbox.keys.admin, { expiration_date: expiration });
      assert.equal(answer.status, 422, JSON.stringify(expiration));
      assert.equal((answer.json as { name: string }).name, 'odoo.exceptions.UserError');
    }
    assert.equal((await generate(sandbox.keys.admin, { expiration_date: `${inDays(30)}T12:00:00Z` })).status, 200);
    assert.equal((await generate(sandbox.keys.admin, { expiration_date: isoDate(new Date(latest.getTime() - DAY)) })).status, 200);
  });
});

describe('revoke', () => {
  it('makes a revoked key unusable from the very next request, even though it was cached', async () => {
    const key = (await generate(sandbox.keys.admin)).json as string;
    assert.ok(await works(key));
    assert.ok(await works(key));
    assert.equal(await ok(sandbox, 'res.users.apikeys', 'revoke', { key }), null);
    const refused = await call(sandbox, 'res.users', 'context_get', {}, { key });
    assert.equal(refused.status, 401);
    assert.equal((refused.json as { message: string }).message, 'Invalid apikey');
    const again = await fails(sandbox, 403, 'res.users.apikeys', 'revoke', { key });
    assert.equal(again.message, 'The provided API key is invalid.');
  });

  it("lets a key revoke itself and an administrator revoke anyone's key; refuses others' keys to ordinary users", async () => {
    const own = (await generate(sandbox.keys.admin)).json as string;
    assert.equal(await ok(sandbox, 'res.users.apikeys', 'revoke', { key: own }, { key: own }), null);
    assert.equal(await works(own), false);
    const userKey = await sandbox.newKey('demo');
    await setParameter('base.enable_programmatic_api_keys', 'True');
    try {
      const denied = await fails(sandbox, 403, 'res.users.apikeys', 'revoke', { key: sandbox.keys.admin }, { key: userKey });
      assert.equal(denied.message, 'The provided API key is invalid.');
      assert.ok(await works(sandbox.keys.admin));
    } finally {
      await setParameter('base.enable_programmatic_api_keys', null);
    }
    await fails(sandbox, 422, 'res.users.apikeys', 'revoke', { key: userKey }, { key: userKey });
    assert.equal(await ok(sandbox, 'res.users.apikeys', 'revoke', { key: userKey }), null);
    assert.equal(await works(userKey), false);
  });

  it('supports the rotation procedure: generate the new key with the old one, switch, then revoke the old one', async () => {
    const old = await ok<string>(sandbox, 'res.users.apikeys', 'generate', {
      key: sandbox.keys.admin,
      scope: null,
      name: 'integration v1',
      expiration_date: inDays(7),
    });
    const next = await ok<string>(
      sandbox,
      'res.users.apikeys',
      'generate',
      { key: old, scope: null, name: 'integration v2', expiration_date: inDays(7) },
      { key: old },
    );
    assert.ok(await works(old));
    assert.ok(await works(next));
    assert.equal(await ok(sandbox, 'res.users.apikeys', 'revoke', { key: old }, { key: next }), null);
    assert.equal(await works(old), false);
    assert.ok(await works(next));
  });

  it('removes a key through remove and its identity check, forgets it at once, and refuses keys of archived users', async () => {
    const key = await sandbox.newKey('demo', { name: 'to delete' });
    assert.ok(await works(key));
    const [id] = await ok<number[]>(sandbox, 'res.users.apikeys', 'search', { domain: [['name', '=', 'to delete']] }, { key });
    const unlinked = await fails(sandbox, 403, 'res.users.apikeys', 'unlink', { ids: [id] }, { key: sandbox.keys.admin });
    assert.match(unlinked.message, /^You are not allowed to delete 'Users API Keys'/);
    const wizard = await ok<{ res_model: string; res_id: number }>(sandbox, 'res.users.apikeys', 'remove', { ids: [id] }, { key });
    assert.equal(wizard.res_model, 'res.users.identitycheck');
    assert.ok(await works(key), 'nothing removed before the check');
    const check = { ids: [wizard.res_id], context: { password: 'wrong' } };
    const wrong = await fails(sandbox, 422, 'res.users.identitycheck', 'run_check', check, { key });
    assert.match(wrong.message, /^Incorrect Password/);
    const stranger = await fails(sandbox, 403, 'res.users.identitycheck', 'run_check', check, { key: sandbox.keys.admin });
    assert.equal(stranger.name, 'odoo.exceptions.AccessError', "another user's wizard");
    const done = await ok(
      sandbox,
      'res.users.identitycheck',
      'run_check',
      { ids: [wizard.res_id], context: { password: sandbox.users.user.password } },
      { key },
    );
    assert.deepEqual(done, { type: 'ir.actions.act_window_close' });
    assert.equal(await works(key), false);
    const [userId] = await ok<number[]>(sandbox, 'res.users', 'create', { vals_list: [{ name: 'Short-lived', login: 'short-lived' }] });
    const shortKey = await sandbox.newKey('short-lived');
    assert.ok(await works(shortKey));
    await ok(sandbox, 'res.users', 'write', { ids: [userId], vals: { active: false } });
    assert.equal(await works(shortKey), false);
  });
});

/** The scrypt cost written in the stored hash of each key of `database`, by the key's first 8 characters. */
async function hashCosts(server: SandboxServer, database: string): Promise<Map<string, number>> {
  const rows = await server.catalog.use(
    database,
    async (storage) =>
      (await storage.query<{ key_index: string; key_hash: string }>('SELECT key_index, key_hash FROM res_users_apikeys')).rows,
  );
  return new Map(rows.map((row) => [row.key_index, Number(row.key_hash.split('$')[1])]));
}

describe('the cost of the slow hash', () => {
  it("is json2 sandbox's 14 on a server started without a cost, and the test cost in test sandboxes", async () => {
    const costs = await hashCosts(sandbox.server, sandbox.database);
    for (const key of Object.values(sandbox.keys)) assert.equal(costs.get(key.slice(0, 8)), TEST_HASH_COST);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-hash-cost-'));
    const server = await SandboxServer.start({ dataDir, host: '127.0.0.1', port: 0, masterPassword: 'hash-Cost-master-1' });
    try {
      await server.catalog.createDatabase('demo');
      const { key } = await issueApiKey(server.catalog, 'demo', {
        login: 'demo',
        name: 'at the default cost',
        expiration: new Date(Date.now() + 7 * DAY),
        scope: null,
      });
      assert.equal((await hashCosts(server, 'demo')).get(key.slice(0, 8)), 14);
      const answer = await fetch(`${server.url}/json/2/res.users/context_get`, {
        method: 'POST',
        headers: { Authorization: `bearer ${key}`, 'Content-Type': 'application/json', 'X-Odoo-Database': 'demo' },
        body: '{}',
      });
      assert.equal(answer.status, 200, await answer.text());
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('expiry and the verified-key cache', () => {
  it('refuses an expired key on the next request, whatever the cache holds', async () => {
    const key = await sandbox.newKey('demo', { days: 2 });
    assert.ok(await works(key));
    sandbox.clock.advance(3 * DAY);
    try {
      const refused = await call(sandbox, 'res.users', 'context_get', {}, { key });
      assert.equal(refused.status, 401);
      assert.equal(refused.headers['www-authenticate'], 'Bearer '); // as the reference writes it (fetch keeps the space)
      const expired = await fails(sandbox, 403, 'res.users.apikeys', 'revoke', { key });
      assert.equal(expired.message, 'The provided API key is invalid.');
    } finally {
      sandbox.clock.reset();
    }
    assert.ok(await works(key));
  });

  it('pays the slow hash once per key, then answers from the cache', async () => {
    const key = await sandbox.newKey('admin');
    const authenticator = sandbox.server.catalog.authenticator(sandbox.database);
    const before = authenticator.hashChecks;
    await Promise.all(Array.from({ length: 20 }, () => works(key)));
    assert.equal(authenticator.hashChecks, before + 1, 'concurrent first calls share one verification');
    for (let i = 0; i < 10; i += 1) assert.ok(await works(key));
    assert.equal(authenticator.hashChecks, before + 1);
  });
});
