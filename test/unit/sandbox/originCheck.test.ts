// A page served on another local port (a dev server on localhost:3000, any page the developer opens there) must not
// change anything in the sandbox with its public demo passwords: requests that may change state from an Origin other
// than the sandbox's own are refused, unless the sandbox was started with --allow-origin for that page. Its own pages
// (the login form), and clients outside a browser (they send no Origin), keep working.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allowedOrigin } from '../../../src/sandbox/http/originCheck';
import { parseSandboxArguments, UsageError } from '../../../src/sandbox/command/commandOptions';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok, rawRequest, type RawRequest } from '../../support/sandboxHttp';
import { SandboxBrowser } from '../../support/sandboxBrowser';

const MARK = 'Written by a page on another port';

let sandbox: StartedSandbox;
let opened: StartedSandbox;
let port: string;

before(async () => {
  sandbox = await startSandbox();
  opened = await startSandbox({ allowOrigins: ['http://localhost:3000'] });
  port = new URL(sandbox.url).port;
});
after(async () => {
  await sandbox?.stop();
  await opened?.stop();
});

/** Requests that write a partner named MARK (or log in), each a way a page can post without asking first. */
function writes(target: StartedSandbox): [string, RawRequest][] {
  const uid = target.users.admin.id;
  const xml =
    '<?xml version="1.0"?><methodCall><methodName>execute_kw</methodName><params>' +
    `<param><value><string>${target.database}</string></value></param><param><value><int>${uid}</int></value></param>` +
    '<param><value><string>admin</string></value></param><param><value><string>res.partner</string></value></param>' +
    `<param><value><string>create</string></value></param><param><value><array><data><value><struct><member><name>name</name><value><string>${MARK}</string></value></member></struct></value></data></array></value></param>` +
    '</params></methodCall>';
  return [
    ['XML-RPC as text/plain', { path: '/xmlrpc/2/object', headers: { 'Content-Type': 'text/plain' }, body: xml }],
    [
      'JSON-RPC',
      {
        path: '/jsonrpc',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          method: 'call',
          id: 1,
          params: {
            service: 'object',
            method: 'execute_kw',
            args: [target.database, uid, 'admin', 'res.partner', 'create', [{ name: MARK }]],
          },
        }),
      },
    ],
    [
      'JSON-2',
      {
        path: '/json/2/res.partner/create',
        headers: { 'Content-Type': 'application/json', Authorization: `bearer ${target.keys.admin}` },
        body: JSON.stringify({ vals_list: [{ name: MARK }] }),
      },
    ],
  ];
}

const written = (target: StartedSandbox) => ok<number>(target, 'res.partner', 'search_count', { domain: [['name', '=', MARK]] });

describe('requests that change state from another origin', () => {
  it('are refused from a page on another loopback port, another scheme or another loopback name and port; nothing is written', async () => {
    for (const origin of [
      'http://localhost:3000',
      `http://127.0.0.1:${Number(port) + 1}`,
      'http://[::1]:8080',
      `https://127.0.0.1:${port}`,
    ]) {
      for (const [what, request] of writes(sandbox)) {
        const answer = await rawRequest(sandbox.url, { ...request, headers: { ...request.headers, Origin: origin } });
        assert.equal(answer.status, 403, `${what} from ${origin}: ${answer.text.slice(0, 300)}`);
        assert.match(answer.text, /only from the sandbox&#39;s own pages|only from the sandbox's own pages/, what);
        assert.match(answer.text, /--allow-origin/, what);
      }
      const login = await rawRequest(sandbox.url, {
        path: '/web/login',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: 'login=admin&password=admin',
      });
      assert.equal(login.status, 403, `the login form from ${origin}`);
    }
    assert.equal(await written(sandbox), 0);
  });

  it("are taken from the sandbox's own pages (any loopback name on its port) and from clients that send no Origin", async () => {
    const browser = new SandboxBrowser(sandbox.url);
    await browser.get('/web/login');
    for (const origin of [sandbox.url, `http://localhost:${port}`]) {
      const loggedIn = await rawRequest(sandbox.url, {
        path: '/web/login',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: browser.cookie, Origin: origin },
        body: new URLSearchParams({ csrf_token: browser.csrf, login: 'admin', password: 'admin' }).toString(),
      });
      assert.equal(loggedIn.status, 303, `the login form posted from ${origin}`);
    }
    for (const [what, request] of writes(sandbox)) {
      const answer = await rawRequest(sandbox.url, request);
      assert.equal(answer.status, 200, `${what} without an Origin: ${answer.text.slice(0, 300)}`);
    }
    assert.equal(await written(sandbox), 3);
    // Reading from another local port stays as it was: a page cannot read the answer without CORS anyway.
    const read = await rawRequest(sandbox.url, { method: 'GET', path: '/web/version', headers: { Origin: 'http://localhost:3000' } });
    assert.equal(read.status, 200);
  });

  it('are taken from an origin given with --allow-origin, and only from it', async () => {
    for (const [what, request] of writes(opened)) {
      const allowed = await rawRequest(opened.url, { ...request, headers: { ...request.headers, Origin: 'http://localhost:3000' } });
      assert.equal(allowed.status, 200, `${what} from the allowed origin: ${allowed.text.slice(0, 300)}`);
      const other = await rawRequest(opened.url, { ...request, headers: { ...request.headers, Origin: 'http://localhost:3001' } });
      assert.equal(other.status, 403, `${what} from another port`);
    }
    assert.equal(await written(opened), 3);
  });
});

describe('--allow-origin', () => {
  it('takes origins (scheme, host, port), repeated, and refuses anything else with a clear message', () => {
    const options = parseSandboxArguments(['--allow-origin', 'http://localhost:3000/', '--allow-origin', 'HTTPS://App.Example']);
    assert.deepEqual(options.command === 'serve' ? options.allowOrigins : undefined, ['http://localhost:3000', 'https://app.example']);
    for (const wrong of [
      'localhost:3000',
      'http://localhost:3000/app',
      '*',
      'null',
      'file:///tmp/page.html',
      'http://user@localhost:3000',
    ]) {
      assert.throws(
        () => parseSandboxArguments(['--allow-origin', wrong]),
        (error: unknown) => {
          assert.ok(error instanceof UsageError, String(error));
          assert.match(error.message, /--allow-origin needs an origin such as http:\/\/localhost:3000/);
          return true;
        },
      );
    }
    assert.equal(allowedOrigin('http://127.0.0.1:3000'), 'http://127.0.0.1:3000');
  });
});
