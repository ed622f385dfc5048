// The manual key pages: log in with login and password (never a key), "Account security", create a key shown once,
// list it, delete it for good; CSRF tokens, escaping and the three-month cap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { call, type HttpAnswer } from '../../support/sandboxHttp';
import { SandboxBrowser } from '../../support/sandboxBrowser';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const newKeyOf = (page: HttpAnswer) => /id="new-api-key">([0-9a-f]{40})</.exec(page.text)?.[1];

describe('login', () => {
  it('shows a login form with a session cookie and a CSRF token', async () => {
    const browser = new SandboxBrowser(sandbox.url);
    const page = await browser.get('/web/login');
    assert.equal(page.status, 200);
    assert.match(String(page.headers['set-cookie']), /sandbox_session=[^;]+; HttpOnly; SameSite=Strict/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
    assert.ok(browser.csrf.length > 20);
    assert.equal((await browser.get('/web/security')).status, 303, 'the security page needs a login');
  });

  it('refuses a wrong password, an API key in place of the password, and the robot (no password)', async () => {
    for (const [login, password] of [
      ['demo', 'wrong'],
      ['demo', sandbox.keys.user],
      ['robot', ''],
      ['robot', sandbox.keys.robot],
      ['nobody', 'demo'],
    ]) {
      const browser = new SandboxBrowser(sandbox.url);
      const answer = await browser.logIn(login, password);
      assert.equal(answer.status, 200, `${login}/${password}`);
      assert.match(answer.text, /Wrong login\/password/);
    }
    // Five failures in a row put this address on the login cooldown (docs/sandbox.md, "Login throttling").
    sandbox.clock.advance(61_000);
  });

  it('refuses a form without the right CSRF token', async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.get('/web/login');
    assert.equal((await browser.post('/web/login', { login: 'demo', password: 'demo' }, 'forged')).status, 400);
    const stranger = new SandboxBrowser(sandbox.url);
    assert.equal((await stranger.post('/web/login', { login: 'demo', password: 'demo' }, 'x')).status, 400);
  });

  it('logs in with login and password, with a fresh session id', async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.get('/web/login');
    const anonymous = browser.cookie;
    const answer = await browser.post('/web/login', { login: 'demo', password: 'demo' });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.location, '/web/security');
    assert.notEqual(browser.cookie, anonymous);
    const page = await browser.get('/web/security');
    assert.equal(page.status, 200);
    assert.match(page.text, /<h1>Account security<\/h1>/);
    assert.match(page.text, /Marc Demo/);
  });
});

describe('account security', () => {
  it('creates a key shown once, which works for JSON-2 and lives at most three months', async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.logIn('demo', 'demo');
    await browser.get('/web/security');
    const created = await browser.post('/web/security/keys/new', {
      name: 'Laptop <script>alert(1)</script>',
      duration: '3m',
      password: 'demo',
    });
    assert.equal(created.status, 200);
    assert.equal(created.headers['cache-control'], 'no-store');
    const key = newKeyOf(created);
    assert.ok(key, 'the new key is on the page');
    assert.match(created.text, /Laptop &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.ok(!created.text.includes('<script>'));
    const context = await call(sandbox, 'res.users', 'context_get', {}, { key });
    assert.equal((context.json as { uid: number }).uid, sandbox.users.user.id);
    const later = await browser.get('/web/security');
    assert.ok(!later.text.includes(key), 'never shown again');
    assert.match(later.text, /Laptop &lt;script&gt;/);
    const [row] = await sandbox.server.catalog.use(
      sandbox.database,
      async (db) =>
        (
          await db.query<{ expiration_date: string; scope: string | null }>(
            "SELECT expiration_date, scope FROM res_users_apikeys WHERE name LIKE 'Laptop%'",
          )
        ).rows,
    );
    const latest = new Date(sandbox.clock.now());
    latest.setUTCMonth(latest.getUTCMonth() + 3);
    assert.ok(Date.parse(`${row.expiration_date.replace(' ', 'T')}Z`) <= latest.getTime() + 1000);
    assert.equal(row.scope, null);
  });

  it("needs a description, a duration of at most three months and the user's password", async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.logIn('demo', 'demo');
    await browser.get('/web/security');
    assert.equal((await browser.post('/web/security/keys/new', { name: '', duration: '1d', password: 'demo' })).status, 422);
    assert.equal((await browser.post('/web/security/keys/new', { name: 'Too long', duration: '1y', password: 'demo' })).status, 422);
    const wrong = await browser.post('/web/security/keys/new', { name: 'No', duration: '1d', password: sandbox.keys.user });
    assert.equal(wrong.status, 403);
    assert.equal(newKeyOf(wrong), undefined);
    assert.equal(
      (await browser.post('/web/security/keys/new', { name: 'Forged', duration: '1d', password: 'demo' }, 'forged')).status,
      400,
    );
  });

  it("deletes a key for good (refused at once), and only the user's own keys", async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.logIn('demo', 'demo');
    await browser.get('/web/security');
    const key = newKeyOf(await browser.post('/web/security/keys/new', { name: 'Short-lived', duration: '1d', password: 'demo' })) as string;
    assert.equal((await call(sandbox, 'res.users', 'context_get', {}, { key })).status, 200);
    const page = await browser.get('/web/security');
    const id = new RegExp(`Short-lived</td>[\\s\\S]*?name="key_id" value="(\\d+)"`).exec(page.text)?.[1] as string;
    assert.ok(id);
    const deleted = await browser.post('/web/security/keys/delete', { key_id: id });
    assert.equal(deleted.status, 303);
    assert.equal((await call(sandbox, 'res.users', 'context_get', {}, { key })).status, 401);
    assert.ok(!(await browser.get('/web/security')).text.includes('Short-lived'));
    assert.equal((await browser.post('/web/security/keys/delete', { key_id: id })).status, 404, 'gone for good');
    const [adminKey] = await sandbox.server.catalog.use(
      sandbox.database,
      async (db) => (await db.query<{ id: number }>('SELECT id FROM res_users_apikeys WHERE user_id = $1', [sandbox.users.admin.id])).rows,
    );
    assert.equal((await browser.post('/web/security/keys/delete', { key_id: String(adminKey.id) })).status, 404);
    assert.equal((await call(sandbox, 'res.users', 'context_get')).status, 200);
  });

  it('logs out', async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.logIn('admin', 'admin');
    await browser.get('/web/security');
    const out = await browser.post('/web/session/logout', {});
    assert.equal(out.status, 303);
    assert.equal(out.headers.location, '/web/login');
    assert.equal((await browser.get('/web/security')).status, 303);
  });
});
