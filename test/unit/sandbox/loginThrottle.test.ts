// Password guessing against the sandbox: the web login and the deprecated interfaces' logins go on cooldown after 5
// failures from one address (the reference's `base.login_cooldown_after` / `_duration`), the master password is slowed
// to one check a second instead, and forged keys of a known prefix cost at most 5 slow hashes before they are refused
// unchecked. Proven credentials keep working, nothing is lost, and the server keeps answering. Runs on PGlite, and on
// PostgreSQL in unit-postgres.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { LOGIN_COOLDOWN_MESSAGE, MASTER_CHECK_SPACING_MS } from '../../../src/sandbox/security/loginCooldown';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { call, ok } from '../../support/sandboxHttp';
import { SandboxBrowser } from '../../support/sandboxBrowser';

let sandbox: StartedSandbox;
const COOLDOWN_MS = 60_000;

before(async () => {
  sandbox = await startSandbox({ databases: ['second'] });
});
after(async () => {
  await sandbox?.stop();
});

const inDemo = { headers: { 'X-Service-Database': 'demo' } };

interface Envelope {
  result?: unknown;
  error?: { data: { name: string; message: string } };
}

async function jsonrpc(service: string, method: string, args: unknown[]): Promise<Envelope> {
  const response = await fetch(`${sandbox.url}/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: 1 }),
  });
  return (await response.json()) as Envelope;
}

const rpcLogin = (database: string, login: string, password: string) => jsonrpc('common', 'login', [database, login, password]);
const countPartners = (uid: number, secret: string) =>
  jsonrpc('object', 'execute_kw', ['demo', uid, secret, 'res.partner', 'search_count', [[]]]);

async function webLogin(database: string, login: string, password: string): Promise<{ status: number; text: string }> {
  const browser = new SandboxBrowser(sandbox.url);
  await browser.get('/web/login');
  return browser.post('/web/login', { db: database, login, password });
}

describe("login cooldown (the reference's, per database and address)", () => {
  it('refuses the web login unchecked after 5 failures, on that database only, until 60 s after the last failure', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1)
      assert.match((await webLogin('demo', 'demo', `guess ${attempt}`)).text, /Wrong login\/password/);
    const refused = await webLogin('demo', 'demo', 'demo');
    assert.equal(refused.status, 200, 'the right password is not even checked');
    assert.ok(refused.text.includes(LOGIN_COOLDOWN_MESSAGE));
    assert.equal((await webLogin('second', 'demo', 'demo')).status, 303, 'another database is not on cooldown');
    const session = await fetch(`${sandbox.url}/web/session/authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { db: 'demo', login: 'demo', password: 'demo' }, id: 1 }),
    });
    assert.ok(JSON.stringify(await session.json()).includes(LOGIN_COOLDOWN_MESSAGE), '/web/session/authenticate is on cooldown too');
    // The clock runs with real time besides the jumps: each jump leaves half the cooldown for the logins in between.
    sandbox.clock.advance(COOLDOWN_MS / 2);
    assert.ok((await webLogin('demo', 'demo', 'demo')).text.includes(LOGIN_COOLDOWN_MESSAGE), 'attempts during the cooldown do not end it');
    sandbox.clock.advance(COOLDOWN_MS / 2 + 1_000);
    assert.equal((await webLogin('demo', 'demo', 'demo')).status, 303, 'after the cooldown the password is checked again');
    assert.match((await webLogin('demo', 'demo', 'wrong')).text, /Wrong login\/password/, 'a success forgot the count');
    assert.equal((await webLogin('demo', 'demo', 'demo')).status, 303);
  });

  it('answers false to RPC logins and access denied to uncached object calls on cooldown; proven credentials keep working', async () => {
    const { admin, user } = sandbox.users;
    assert.equal((await countPartners(admin.id, 'admin')).error, undefined, 'admin proves the password before the attack');
    for (let attempt = 0; attempt < 5; attempt += 1) assert.equal((await rpcLogin('demo', 'demo', `guess ${attempt}`)).result, false);
    assert.equal((await rpcLogin('demo', 'demo', 'demo')).result, false, 'the right password, unchecked');
    const denied = await countPartners(user.id, 'demo');
    assert.equal(denied.error?.data.name, 'odoo.exceptions.AccessDenied');
    assert.equal(denied.error?.data.message, LOGIN_COOLDOWN_MESSAGE);
    assert.equal(
      typeof (await countPartners(admin.id, 'admin')).result,
      'number',
      'a pair proven before is not checked again, as the reference caches it',
    );
    sandbox.clock.advance(COOLDOWN_MS + 1_000);
    assert.equal((await rpcLogin('demo', 'demo', 'demo')).result, user.id);
    assert.equal(typeof (await countPartners(user.id, sandbox.keys.user)).result, 'number', 'a key as the password');
  });

  it('follows base.login_cooldown_after (0: never) and base.login_cooldown_duration', async () => {
    const set = async (key: string, value: string) => {
      const [id] = await ok<number[]>(sandbox, 'ir.config_parameter', 'search', { domain: [['key', '=', key]] }, inDemo);
      if (id === undefined) await ok(sandbox, 'ir.config_parameter', 'create', { vals_list: [{ key, value }] }, inDemo);
      else await ok(sandbox, 'ir.config_parameter', 'write', { ids: [id], vals: { value } }, inDemo);
    };
    await set('base.login_cooldown_after', '0');
    for (let attempt = 0; attempt < 7; attempt += 1) assert.equal((await rpcLogin('demo', 'demo', 'wrong')).result, false);
    assert.equal((await rpcLogin('demo', 'demo', 'demo')).result, sandbox.users.user.id, 'never on cooldown');
    await set('base.login_cooldown_after', '2');
    // Half the default (60 s): long enough for the calls in between under load, short enough to tell from the default.
    await set('base.login_cooldown_duration', '30');
    for (let attempt = 0; attempt < 2; attempt += 1) await rpcLogin('demo', 'demo', 'wrong');
    assert.equal((await rpcLogin('demo', 'demo', 'demo')).result, false, 'on cooldown after 2 failures');
    sandbox.clock.advance(31_000);
    assert.equal((await rpcLogin('demo', 'demo', 'demo')).result, sandbox.users.user.id, 'for 30 seconds');
  });
});

describe('master password slowdown', () => {
  it('slows master-password checks to one a second after 5 wrong ones, still accepts the right one, and drops nothing', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      assert.equal((await jsonrpc('db', 'drop', [`wrong ${attempt}`, 'second'])).error?.data.message, 'Access Denied');
    }
    // Three guesses sent at once wait their turns: at least two spacings pass before the last answer.
    const started = Date.now();
    const guesses = await Promise.all([1, 2, 3].map((attempt) => jsonrpc('db', 'drop', [`guess ${attempt}`, 'second'])));
    assert.ok(Date.now() - started >= 2 * MASTER_CHECK_SPACING_MS - 50, `${Date.now() - started} ms`);
    assert.deepEqual(
      guesses.map((answer) => answer.error?.data.message),
      ['Access Denied', 'Access Denied', 'Access Denied'],
    );
    const page = await fetch(`${sandbox.url}/web/database/drop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ master_pwd: 'still wrong', name: 'second' }).toString(),
      redirect: 'manual',
    });
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes('Database deletion error: Access Denied'));
    assert.deepEqual([...sandbox.server.catalog.list()].sort(), ['demo', 'second']);
    assert.ok(
      Array.isArray((await jsonrpc('db', 'list_countries', [sandbox.masterPassword])).result),
      'the right one works at once, as on the reference',
    );
  });
});

describe('forged keys of a known prefix', () => {
  it('cost at most 5 slow hashes, then are refused unchecked (429) while the real key keeps working, even after the cache is cleared', async () => {
    const authenticator = sandbox.server.catalog.authenticator('demo');
    const real = sandbox.keys.admin;
    assert.equal((await call(sandbox, 'res.users', 'context_get', {}, { key: real, ...inDemo })).status, 200, 'the real key is proven');
    const before = authenticator.hashChecks;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const forged = `${real.slice(0, 8)}${crypto.randomBytes(16).toString('hex')}`;
      const answer = await call(sandbox, 'res.partner', 'search_count', { domain: [] }, { key: forged, ...inDemo });
      statuses.push(answer.status);
      if (answer.status === 429) {
        assert.match(String(answer.headers['retry-after']), /^\d+$/);
        assert.equal((answer.json as { name: string }).name, 'werkzeug.exceptions.TooManyRequests');
      }
    }
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.deepEqual(new Set(statuses.slice(5)), new Set([429]));
    assert.equal(authenticator.hashChecks - before, 5, 'only the first 5 forged keys were hashed');
    assert.equal((await call(sandbox, 'res.partner', 'search_count', { domain: [] }, { key: real, ...inDemo })).status, 200);
    await ok(
      sandbox,
      'res.users',
      'write',
      { ids: [sandbox.users.admin.id], vals: { name: 'Mitchell Admin (during the attack)' } },
      inDemo,
    );
    assert.equal(authenticator.size, 0, 'the change cleared the verified keys');
    assert.equal(
      (await call(sandbox, 'res.partner', 'search_count', { domain: [] }, { key: real, ...inDemo })).status,
      200,
      'proven before: no slow hash needed',
    );
    assert.equal(authenticator.hashChecks - before, 5);
    const fresh = await sandbox.newKey('demo');
    assert.equal(
      (await call(sandbox, 'res.partner', 'search_count', { domain: [] }, { key: fresh, ...inDemo })).status,
      200,
      'keys of other prefixes are checked as usual',
    );
    sandbox.clock.advance(COOLDOWN_MS + 1_000);
    assert.equal(
      (await call(sandbox, 'res.partner', 'search_count', { domain: [] }, { key: `${real.slice(0, 8)}${'0'.repeat(32)}`, ...inDemo }))
        .status,
      401,
      'checked again after the cooldown',
    );
  });
});
