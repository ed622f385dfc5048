// Answers that are not JSON said plainly (status, content type, the page's headline): the sandbox's own 404 page,
// a proxy's 502 page, a login page with 200 and a login redirect over loopback, the real server's recorded pages; an
// assertion on `body` of such an answer fails saying so, in the pipeline and in the client the agents' tools use.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Json2Error, TransportError } from '../../../src/core/client/clientErrors';
import { Json2Client } from '../../../src/core/client/json2Client';
import { describeNonJsonAnswer, headlineOf } from '../../../src/core/client/nonJsonAnswer';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { startTransportTestServer, type TransportTestServer } from '../client/transportTestServer';
import { profileOf, runOf, scriptedPorts } from './pipelineHarness';

/** Pages recorded from a real Odoo 19.0 server (copied from the project's shared recordings). */
const REAL_PAGES = path.resolve(__dirname, '../../../../test/fixtures/real-server/odoo-19.0/pages');
const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const LOGIN_PAGE = '<!DOCTYPE html><html><head><title>Log in | My Company</title></head><body><form>…</form></body></html>';

describe('answers that are not JSON', () => {
  let sandbox: StartedSandbox;
  let proxy: TransportTestServer;

  before(async () => {
    sandbox = await startSandbox();
    // What stands between a client and a server: a gateway whose upstream is down, a login page, a redirect to it.
    proxy = await startTransportTestServer((request, response) => {
      if (request.url?.includes('/down/')) {
        response.writeHead(502, { 'content-type': 'text/html' }).end(NGINX_502);
      } else if (request.url?.includes('/login-page/')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LOGIN_PAGE);
      } else if (request.url?.includes('/plain/')) {
        response.writeHead(504, { 'content-type': 'text/plain' }).end('\n  upstream request timeout\nsecond line\n');
      } else {
        response.writeHead(303, { location: '/web/login?redirect=%2Fodoo', 'content-type': 'text/html' }).end('');
      }
    });
  });
  after(async () => {
    await sandbox?.stop();
    await proxy?.close();
  });

  test("the sandbox's 404 page: the status, content type and headline; `?? body.length > 0` fails saying it is not JSON", async () => {
    const { ports, close } = scriptedPorts({
      connections: [{ profile: profileOf('local', sandbox.url, sandbox.database), secret: sandbox.keys.admin }],
    });
    try {
      const { run } = runOf('GET /web/no-such-page\n?? body.length > 0\n?? status == 404\n', ports);
      const [result] = await run.run([0]);
      assert.equal(result.verdict, 'failed');
      assert.equal(result.status, 404);
      assert.equal(result.error?.kind, 'notFound');
      assert.match(
        result.error?.message ?? '',
        /^The server answered 404 Not Found with an HTML page \(text\/html[^)]*\), not JSON: "404 Not Found: The requested URL was not found/,
      );
      const [body, status] = result.assertions;
      assert.equal(body.passed, false, 'the HTML string has a length, but it is no answer to check');
      assert.match(body.message, /^\?\? body\.length > 0: The server answered 404 Not Found with an HTML page .*not JSON/);
      assert.equal(status.passed, true, 'the status of the page can still be checked');
    } finally {
      await close();
    }
  });

  test("a proxy's 502 page, a 504 in text, a login page with 200 and a login redirect, each said plainly", async () => {
    // One connection per path prefix (a base URL may carry one), each request on its own.
    const prefixes = ['down', 'plain', 'login-page', 'redirect'];
    const { ports, close } = scriptedPorts({
      connections: prefixes.map((prefix) => ({
        profile: profileOf(prefix, `${proxy.url}/${prefix}`, 'demo', { allowInsecureHttp: true }),
        secret: 'k',
      })),
    });
    try {
      const { run } = runOf(
        prefixes.map((prefix) => `###\n# @connection ${prefix}\nPOST res.partner/search_count\n{ "domain": [] }\n`).join(''),
        ports,
      );
      const results = await run.run([0, 1, 2, 3]);
      assert.deepEqual(
        results.map((result) => [result.verdict, result.status, result.error?.kind]),
        [
          ['failed', 502, 'server'],
          ['failed', 504, 'server'],
          ['failed', 200, 'invalidResponse'],
          ['failed', 303, 'server'],
        ],
      );
      assert.equal(
        results[0].error?.message,
        'The server answered 502 Bad Gateway with an HTML page (text/html), not JSON: "502 Bad Gateway"',
      );
      assert.equal(
        results[1].error?.message,
        'The server answered 504 Gateway Timeout with text (text/plain), not JSON: "upstream request timeout"',
      );
      assert.equal(
        results[2].error?.message,
        'The server answered 200 OK with an HTML page (text/html; charset=utf-8), not JSON: "Log in | My Company"',
        'a model call answered with a page did not run, whatever its status',
      );
      assert.equal(
        results[3].error?.message,
        'The server answered 303 See Other, a redirect to /web/login?redirect=%2Fodoo, not JSON (redirects are not followed).',
      );
    } finally {
      await close();
    }
  });

  test('the client the agents and the explorer use says the same of a page', async () => {
    const client = new Json2Client({ baseUrl: `${proxy.url}/down`, apiKey: 'k', database: 'demo', allowInsecureHttp: true });
    try {
      await assert.rejects(client.call('res.partner', 'search_count', { domain: [] }), (error: unknown) => {
        assert.ok(error instanceof Json2Error);
        assert.equal(error.status, 502);
        assert.equal(
          error.message,
          'res.partner.search_count: The server answered 502 Bad Gateway with an HTML page (text/html), not JSON: "502 Bad Gateway"',
        );
        return true;
      });
    } finally {
      await client.close();
    }
    const page = new Json2Client({ baseUrl: `${proxy.url}/login-page`, apiKey: 'k', database: 'demo', allowInsecureHttp: true });
    try {
      await assert.rejects(page.call('res.partner', 'search_count', { domain: [] }), (error: unknown) => {
        assert.ok(error instanceof TransportError);
        assert.equal(error.kind, 'invalidResponse');
        assert.match(error.message, /200 OK with an HTML page \(text\/html; charset=utf-8\), not JSON: "Log in \| My Company"$/);
        return true;
      });
    } finally {
      await page.close();
    }
  });

  test("the real server's recorded pages: the headline is the title with the paragraph that says why", () => {
    for (const file of ['no-database-selected.html', 'wrong-db.html']) {
      const html = fs.readFileSync(path.join(REAL_PAGES, file), 'utf8');
      assert.equal(
        headlineOf(html, 'text/html; charset=utf-8'),
        '404 Not Found: No database is selected and the requested URL was not found in the server-wide controllers.',
        file,
      );
    }
    assert.equal(headlineOf('', 'text/plain'), '');
    assert.equal(headlineOf(`${'x'.repeat(300)}\nrest`, 'text/plain').length, 201, 'cut after 200 characters');
    assert.equal(describeNonJsonAnswer({ status: 502, text: '' }), 'The server answered 502 Bad Gateway with an empty body, not JSON.');
    assert.equal(
      describeNonJsonAnswer({ status: 200, text: '{"a":', contentType: 'application/json' }),
      'The server answered 200 OK with a body that does not parse as JSON (application/json): "{"a":"',
    );
  });
});
