// --no-list-db on every page and route: no answer to someone who does not name a database shows the names of the
// others; the login form asks for the name instead of offering a list, and logging in still works.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { rawRequest, type HttpAnswer } from '../../support/sandboxHttp';
import { SandboxBrowser } from '../../support/sandboxBrowser';

let sandbox: StartedSandbox;
const HIDDEN = ['hidden_payroll', 'hidden_archive'];

before(async () => {
  sandbox = await startSandbox({ database: 'main_books', listDb: false, databases: HIDDEN });
});
after(async () => {
  await sandbox?.stop();
});

/** Fails when the answer names any database (body or headers). */
function assertNamesNone(answer: HttpAnswer, what: string, names: readonly string[] = [sandbox.database, ...HIDDEN]): void {
  const text = `${JSON.stringify(answer.headers)}\n${answer.text}`;
  for (const name of names) assert.ok(!text.includes(name), `${what} names the database ${name}`);
}

const xmlCall = (method: string) => `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params></params></methodCall>`;
const jsonRpc = (service: string, method: string) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args: [] }, id: 1 });

describe('--no-list-db', () => {
  it('shows no database names on the login page, before or after a failed login, nor on any other page or route', async () => {
    const browser = new SandboxBrowser(sandbox.url);
    const login = await browser.get('/web/login');
    assert.equal(login.status, 200);
    assert.match(login.text, /<input name="db"/, 'a text field for the database');
    assert.doesNotMatch(login.text, /<select/);
    assertNamesNone(login, 'GET /web/login');
    const failed = await browser.post('/web/login', { login: 'admin', password: 'wrong' });
    assert.match(failed.text, /Wrong login\/password/);
    assertNamesNone(failed, 'a failed login');
    const unknown = await browser.post('/web/login', { db: 'nothing_here', login: 'admin', password: 'admin' });
    assert.match(unknown.text, /Wrong login\/password/, 'an unknown database is refused like a wrong password');
    assertNamesNone(unknown, 'a login on an unknown database');

    const answers: [string, HttpAnswer][] = [
      ['GET /web/login?db=x', await rawRequest(sandbox.url, { method: 'GET', path: '/web/login?db=x' })],
      ['GET /', await rawRequest(sandbox.url, { method: 'GET', path: '/' })],
      ['GET /web/security', await rawRequest(sandbox.url, { method: 'GET', path: '/web/security' })],
      ['GET /doc', await rawRequest(sandbox.url, { method: 'GET', path: '/doc' })],
      [
        'GET /doc-bearer/index.json',
        await rawRequest(sandbox.url, {
          method: 'GET',
          path: '/doc-bearer/index.json',
          headers: { Authorization: `bearer ${sandbox.keys.admin}` },
        }),
      ],
      ['GET /web/database/manager', await rawRequest(sandbox.url, { method: 'GET', path: '/web/database/manager' })],
      [
        'POST /web/database/list',
        await rawRequest(sandbox.url, { path: '/web/database/list', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
      ],
      [
        'POST /web/database/drop with a wrong master password',
        await rawRequest(sandbox.url, {
          path: '/web/database/drop',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'master_pwd=wrong&name=x',
        }),
      ],
      [
        'XML-RPC db.list',
        await rawRequest(sandbox.url, { path: '/xmlrpc/2/db', headers: { 'Content-Type': 'text/xml' }, body: xmlCall('list') }),
      ],
      [
        'JSON-RPC db.list',
        await rawRequest(sandbox.url, { path: '/jsonrpc', headers: { 'Content-Type': 'application/json' }, body: jsonRpc('db', 'list') }),
      ],
      [
        'JSON-2 without a database',
        await rawRequest(sandbox.url, {
          path: '/json/2/res.partner/search',
          headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}` },
          body: '{}',
        }),
      ],
      ['an unknown page', await rawRequest(sandbox.url, { method: 'GET', path: '/nothing' })],
    ];
    for (const [what, answer] of answers) assertNamesNone(answer, what);
    assert.match(answers[1][1].headers.location ?? '', /\/web\/login/);
    assert.match(answers[6][1].text, /Access Denied/);
    assert.match(answers[8][1].text, /Access Denied/);
  });

  it('logs in on the database typed in the form, and only there', async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.get(`/web/login?db=${HIDDEN[0]}`);
    const answer = await browser.post('/web/login', { db: HIDDEN[0], login: 'admin', password: 'admin' });
    assert.equal(answer.status, 303);
    const security = await browser.get('/web/security');
    assert.equal(security.status, 200);
    assert.match(security.text, new RegExp(`on database ${HIDDEN[0]}`), 'the person sees the database they chose');
    assertNamesNone(security, 'the security page', [sandbox.database, HIDDEN[1]]);
    assert.deepEqual([...sandbox.server.catalog.list()].sort(), [sandbox.database, ...HIDDEN].sort(), 'nothing lost');
  });
});
