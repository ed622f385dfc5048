// The key pages' session store under floods: anonymous visits (10,001 GET /web/login) cost no memory and never log
// anyone out; repeated logins of one account only push out that account's own oldest sessions.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { MAX_SESSIONS, MAX_SESSIONS_PER_USER, SESSION_COOKIE, WebSessions } from '../../../src/sandbox/web/webSessions';
import { SandboxBrowser } from '../../support/sandboxBrowser';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const withCookie = (value: string) => ({ headers: { cookie: `${SESSION_COOKIE}=${value}` } }) as unknown as http.IncomingMessage;

/** `count` anonymous GET /web/login over `connections` keep-alive connections; the number of 200 answers. */
async function anonymousVisits(count: number, connections: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let answered = 0;
  let next = 0;
  const visit = (): Promise<void> =>
    new Promise((resolve, reject) => {
      http
        .get(`${sandbox.url}/web/login`, { agent }, (response) => {
          if (response.statusCode === 200 && response.headers['set-cookie']) answered += 1;
          response.resume();
          response.on('end', resolve);
        })
        .on('error', reject);
    });
  const worker = async () => {
    while (next < count) {
      next += 1;
      await visit();
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
  return answered;
}

describe('web session store', () => {
  it('keeps logged-in sessions through 10,001 anonymous visits, and an anonymous form made before them still works', async () => {
    const loggedIn = new SandboxBrowser(sandbox.url);
    assert.equal((await loggedIn.logIn('demo', 'demo')).status, 303);
    const waiting = new SandboxBrowser(sandbox.url);
    await waiting.get('/web/login');
    assert.equal(await anonymousVisits(10_001, 8), 10_001);
    const page = await loggedIn.get('/web/security');
    assert.equal(page.status, 200, 'still logged in');
    assert.match(page.text, /Marc Demo/);
    assert.equal(
      (await waiting.post('/web/login', { login: 'admin', password: 'admin' })).status,
      303,
      'the older anonymous form still logs in',
    );
    assert.equal((await waiting.get('/web/security')).status, 200);
  });

  it("ends only the same account's oldest session when one account logs in more than its share", async () => {
    const admin = new SandboxBrowser(sandbox.url);
    await admin.logIn('admin', 'admin');
    const demoSessions: SandboxBrowser[] = [];
    for (let index = 0; index <= MAX_SESSIONS_PER_USER; index += 1) {
      const browser = new SandboxBrowser(sandbox.url);
      assert.equal((await browser.logIn('demo', 'demo')).status, 303);
      demoSessions.push(browser);
    }
    assert.equal((await admin.get('/web/security')).status, 200, 'another account is untouched');
    assert.equal((await demoSessions[demoSessions.length - 1].get('/web/security')).status, 200);
    const statuses = await Promise.all(demoSessions.map(async (browser) => (await browser.get('/web/security')).status));
    assert.equal(statuses.filter((status) => status === 303).length >= 1, true, 'the oldest demo sessions were ended');
    assert.equal(statuses.filter((status) => status === 200).length, MAX_SESSIONS_PER_USER);
  });
});

describe('WebSessions', () => {
  it('stores nothing for anonymous sessions and checks their token and age', () => {
    let now = Date.UTC(2030, 0, 1);
    const sessions = new WebSessions(() => now);
    const made = Array.from({ length: 20_000 }, () => sessions.create());
    assert.equal(sessions.size, 0, 'anonymous sessions take no room');
    const found = sessions.find(withCookie(made[0].id));
    assert.equal(found?.csrfToken, made[0].csrfToken, 'the token is derived again from the id');
    assert.equal(sessions.find(withCookie(`${made[0].id}x`))?.csrfToken === made[0].csrfToken, false, 'another id, another token');
    now += 61 * 60_000;
    assert.equal(sessions.find(withCookie(made[0].id)), null, 'expired after an hour');
    assert.equal(sessions.find(withCookie(`a.${(now + 60_000).toString(36)}.x`)), null, 'never issued in the future');
  });

  it('bounds logged-in sessions per account and in all, dropping the least recently used', () => {
    let now = Date.UTC(2030, 0, 1);
    const sessions = new WebSessions(() => now);
    const first = sessions.login(sessions.create(), 'db', 7);
    for (let index = 1; index < MAX_SESSIONS_PER_USER; index += 1) sessions.login(sessions.create(), 'db', 7);
    assert.equal(sessions.size, MAX_SESSIONS_PER_USER);
    assert.ok(sessions.find(withCookie(first.id)), 'used again: now the most recent');
    sessions.login(sessions.create(), 'db', 7);
    assert.equal(sessions.size, MAX_SESSIONS_PER_USER);
    assert.ok(sessions.find(withCookie(first.id)), 'the least recently used one went, not the one just used');
    for (let uid = 100; uid < 100 + MAX_SESSIONS; uid += 1) sessions.login(sessions.create(), 'db', uid);
    assert.equal(sessions.size, MAX_SESSIONS);
    now += 61 * 60_000;
    sessions.login(sessions.create(), 'db', 1);
    assert.equal(sessions.size, 1, 'expired sessions are dropped first');
  });
});
