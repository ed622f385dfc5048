// What a web page the developer opens can do to the local sandbox: post to /jsonrpc as text/plain (a request browsers
// send without asking first) with the public admin/admin password, post XML-RPC from its own origin, or read answers
// through a DNS-rebinding name. Each is refused, nothing is written, and the sandbox's own clients keep working.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { hostPolicy } from '../../../src/sandbox/http/hostCheck';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok, rawRequest, type HttpAnswer } from '../../support/sandboxHttp';
import { SandboxBrowser } from '../../support/sandboxBrowser';

let sandbox: StartedSandbox;
let port: string;

before(async () => {
  sandbox = await startSandbox();
  port = new URL(sandbox.url).port;
});
after(async () => {
  await sandbox?.stop();
});

const MARK = 'Written by a web page';
const createCall = (uid: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    method: 'call',
    id: 1,
    params: { service: 'object', method: 'execute_kw', args: [sandbox.database, uid, 'admin', 'res.partner', 'create', [{ name: MARK }]] },
  });
const createXml = (uid: number) =>
  '<?xml version="1.0"?><methodCall><methodName>execute_kw</methodName><params>' +
  `<param><value><string>${sandbox.database}</string></value></param><param><value><int>${uid}</int></value></param>` +
  '<param><value><string>admin</string></value></param><param><value><string>res.partner</string></value></param>' +
  `<param><value><string>create</string></value></param><param><value><array><data><value><struct><member><name>name</name><value><string>${MARK}</string></value></member></struct></value></data></array></value></param>` +
  '</params></methodCall>';

const written = () => ok<number>(sandbox, 'res.partner', 'search_count', { domain: [['name', '=', MARK]] });

function assertRefused(answer: HttpAnswer, what: string, status = 403): void {
  assert.equal(answer.status, status, `${what}: ${answer.text.slice(0, 200)}`);
  assert.match(String(answer.headers['content-type']), /^text\/html/, what);
}

describe('requests from web pages', () => {
  it('refuses /jsonrpc and /web/database/list unless the body is JSON, as the reference does; nothing is written', async () => {
    const { admin } = sandbox.users;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const answer = await rawRequest(sandbox.url, {
        path: '/jsonrpc',
        headers: type ? { 'Content-Type': type } : {},
        body: createCall(admin.id),
      });
      assertRefused(answer, `/jsonrpc as ${type || 'no type'}`, 415);
      assert.match(
        answer.text,
        /Request inferred type is compatible with \[&#39;http&#39;\] but &#39;\/jsonrpc&#39; is type=&#39;jsonrpc&#39;/,
      );
      assertRefused(
        await rawRequest(sandbox.url, { path: '/web/database/list', headers: type ? { 'Content-Type': type } : {}, body: '{}' }),
        `list as ${type}`,
        415,
      );
    }
    assert.equal(await written(), 0);
    for (const type of ['application/json', 'application/json-rpc', 'application/json; charset=utf-8']) {
      const answer = await rawRequest(sandbox.url, { path: '/web/database/list', headers: { 'Content-Type': type }, body: '{}' });
      assert.deepEqual((answer.json as { result: string[] }).result, [sandbox.database], type);
    }
  });

  it('refuses any request that a page of another site sends (Origin), on every interface; nothing is written', async () => {
    const { admin } = sandbox.users;
    const attempts: [string, Parameters<typeof rawRequest>[1]][] = [
      ['JSON-RPC', { path: '/jsonrpc', headers: { 'Content-Type': 'application/json' }, body: createCall(admin.id) }],
      ['XML-RPC as text/plain', { path: '/xmlrpc/2/object', headers: { 'Content-Type': 'text/plain' }, body: createXml(admin.id) }],
      ['XML-RPC', { path: '/xmlrpc/object', headers: { 'Content-Type': 'text/xml' }, body: createXml(admin.id) }],
      [
        'JSON-2',
        {
          path: '/json/2/res.partner/create',
          headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}` },
          body: JSON.stringify({ vals_list: [{ name: MARK }] }),
        },
      ],
      [
        'the manager',
        {
          path: '/web/database/drop',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `master_pwd=${sandbox.masterPassword}&name=${sandbox.database}`,
        },
      ],
      [
        'the login form',
        { path: '/web/login', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'login=admin&password=admin' },
      ],
      ['a page', { method: 'GET', path: '/web/version' }],
    ];
    for (const origin of ['https://attacker.example', 'null', `http://127.0.0.1.attacker.example:${port}`, 'not a url']) {
      for (const [what, request] of attempts) {
        const answer = await rawRequest(sandbox.url, { ...request, headers: { ...request.headers, Origin: origin } });
        assertRefused(answer, `${what} from ${origin}`);
        assert.match(answer.text, /Requests from web pages of other sites are refused/);
      }
    }
    assert.equal(await written(), 0);
    assert.deepEqual(sandbox.server.catalog.list(), [sandbox.database], 'nothing dropped');
  });

  it('answers pages of the sandbox and of other loopback names, and XML-RPC of any content type, as the reference', async () => {
    const { admin } = sandbox.users;
    for (const origin of [sandbox.url, `http://localhost:${port}`, 'http://localhost:3000', `http://[::1]:${port}`]) {
      const answer = await rawRequest(sandbox.url, { method: 'GET', path: '/web/version', headers: { Origin: origin } });
      assert.equal(answer.status, 200, origin);
    }
    const browser = new SandboxBrowser(sandbox.url);
    await browser.get('/web/login');
    const loggedIn = await rawRequest(sandbox.url, {
      path: '/web/login',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: browser.cookie, Origin: sandbox.url },
      body: new URLSearchParams({ csrf_token: browser.csrf, login: 'admin', password: 'admin' }).toString(),
    });
    assert.equal(loggedIn.status, 303, "the login form posted from the sandbox's own page");
    const plain = await rawRequest(sandbox.url, {
      path: '/xmlrpc/2/object',
      headers: { 'Content-Type': 'text/plain' },
      body: createXml(admin.id),
    });
    assert.equal(plain.status, 200);
    assert.match(plain.text, /<int>\d+<\/int>/, 'XML-RPC takes any content type, as the reference (its route is type http)');
    assert.equal(await written(), 1);
  });

  it('refuses a Host that is not a loopback name (DNS rebinding) on every route, and answers the loopback names', async () => {
    const routes: Parameters<typeof rawRequest>[1][] = [
      { method: 'GET', path: '/web/version' },
      { method: 'GET', path: '/web/login' },
      { method: 'GET', path: '/web/database/manager' },
      { method: 'GET', path: '/doc-bearer/index.json' },
      { method: 'GET', path: '/nothing-here' },
      {
        path: '/json/2/res.partner/search',
        headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}` },
        body: '{}',
      },
      { path: '/jsonrpc', headers: { 'Content-Type': 'application/json' }, body: createCall(sandbox.users.admin.id) },
    ];
    for (const host of [`attacker.example:${port}`, `127.0.0.1.nip.io:${port}`, 'localhost.attacker.example', `192.168.1.20:${port}`]) {
      for (const route of routes) {
        const answer = await rawRequest(sandbox.url, { ...route, headers: { ...route.headers, Host: host } });
        assertRefused(answer, `${route.path} as ${host}`);
        assert.match(answer.text, /DNS rebinding/);
      }
    }
    for (const host of [
      `localhost:${port}`,
      `demo.localhost:${port}`,
      `127.0.0.1:${port}`,
      `127.1.2.3:${port}`,
      `[::1]:${port}`,
      'LOCALHOST.',
    ]) {
      assert.equal((await rawRequest(sandbox.url, { method: 'GET', path: '/web/version', headers: { Host: host } })).status, 200, host);
    }
    assert.equal(await written(), 1, 'only the XML-RPC call of the previous test wrote');
  });
});

describe('hostPolicy', () => {
  const request = (headers: Record<string, string>) =>
    ({
      headers: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value])),
    }) as unknown as IncomingMessage;

  it('allows the configured host and its sub-domains besides the loopback names', () => {
    const onAddress = hostPolicy('192.168.1.5');
    assert.equal(onAddress.refusal(request({ Host: '192.168.1.5:8069' })), null);
    assert.equal(onAddress.refusal(request({ Host: 'localhost:8069', Origin: 'http://192.168.1.5:8069' })), null);
    assert.notEqual(onAddress.refusal(request({ Host: 'sub.192.168.1.5' })), null);
    const onName = hostPolicy('sandbox.test');
    assert.equal(onName.refusal(request({ Host: 'demo.sandbox.test:8069' })), null, '--db-filter names under the host');
    assert.notEqual(onName.refusal(request({ Host: 'sandbox.test.attacker.example' })), null);
  });

  it('on every address (0.0.0.0) takes any Host, but only same-origin pages', () => {
    const everywhere = hostPolicy('0.0.0.0');
    assert.equal(everywhere.refusal(request({ Host: 'box.lan:8069' })), null);
    assert.equal(everywhere.refusal(request({ Host: 'box.lan:8069', Origin: 'http://box.lan:8069' })), null);
    assert.notEqual(everywhere.refusal(request({ Host: 'box.lan:8069', Origin: 'https://attacker.example' })), null);
    assert.notEqual(everywhere.refusal(request({ Host: 'box.lan:8069', Origin: 'http://box.lan:9999' })), null);
  });
});
