// Json2Client's own duties, on loopback sockets: headers it sends, where it refuses to send, what it never shows.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { ClientUsageError, Json2Error, TransportError, UnsafeRequestError } from '../../../src/core/client/clientErrors';
import type { CallRecord } from '../../../src/core/client/callTimings';
import { Json2Client, json2Body, userAgentOf } from '../../../src/core/client/json2Client';
import { startTransportTestServer, type TransportTestServer } from './transportTestServer';

const KEY = '0123456789abcdef0123456789abcdef01234567';

describe('Json2Client', () => {
  let server: TransportTestServer;

  before(async () => {
    // Transport-level answers only: it echoes what it received, or answers with the text it is told to, so the test
    // can check the client's side (headers, body, redaction), never the service's behaviour.
    server = await startTransportTestServer((request, response, body) => {
      if (request.url?.startsWith('/echo-error')) {
        // An error whose text repeats the request's credentials, as a careless proxy or traceback might.
        response.writeHead(500, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            name: 'builtins.ValueError',
            message: `bad key ${KEY}`,
            arguments: [`Authorization: ${String(request.headers.authorization)}`],
            context: { key: 'x' },
            debug: `headers=${JSON.stringify(request.headers)} body=${body.toString()}`,
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: request.url, body: body.toString() }));
    });
  });
  after(() => server.close());

  const client = (extra: Partial<ConstructorParameters<typeof Json2Client>[0]> = {}): Json2Client =>
    new Json2Client({ baseUrl: server.url, apiKey: KEY, userAgent: userAgentOf('JSON-2 Explorer', '1.2.3'), ...extra });

  test('posts the named arguments with ids and context to /json/2/<model>/<method> with the right headers', async () => {
    const c = client({ database: 'demo', extraHeaders: { 'X-Trace': 't1' } });
    const result = await c.call<{ path: string; body: string }>(
      'res.partner',
      'read',
      { fields: ['name'] },
      { ids: [1, 2], context: { lang: 'fr_FR' } },
    );
    assert.equal(result.path, '/json/2/res.partner/read');
    assert.deepEqual(JSON.parse(result.body), { fields: ['name'], ids: [1, 2], context: { lang: 'fr_FR' } });
    const headers = server.lastHeaders() ?? {};
    assert.equal(headers.authorization, `bearer ${KEY}`);
    assert.match(String(headers['content-type']), /^application\/json; charset=utf-8$/);
    assert.equal(headers['x-service-database'], 'demo');
    assert.match(String(headers['user-agent']), /^JSON-2 Explorer\/1\.2\.3 /);
    assert.equal(headers['x-trace'], 't1');
    await c.close();
  });

  test('uses a configured database header name, and a base path prefix', async () => {
    const c = new Json2Client({ baseUrl: `${server.url}/erp/`, apiKey: KEY, database: 'shop', databaseHeader: 'X-Odoo-Database' });
    const result = await c.call<{ path: string }>('res.users', 'context_get');
    assert.equal(result.path, '/erp/json/2/res.users/context_get');
    assert.equal(server.lastHeaders()?.['x-odoo-database'], 'shop');
    assert.equal(server.lastHeaders()?.['x-service-database'], undefined);
    await c.close();
  });

  test('callWithDetails returns status, timings and sizes, and onCall records carry no secret', async () => {
    const records: CallRecord[] = [];
    const c = client({ onCall: (record) => records.push(record) });
    const outcome = await c.callWithDetails('res.partner', 'search', { domain: [] });
    assert.equal(outcome.status, 200);
    assert.ok(outcome.timings.totalMs >= outcome.timings.firstByteMs);
    assert.ok(outcome.sizes.requestBytes > 0 && outcome.sizes.responseBytes > 0);
    const failing = new Json2Client({ baseUrl: `${server.url}/echo-error`, apiKey: KEY, onCall: (record) => records.push(record) });
    await assert.rejects(failing.call('res.users.apikeys', 'revoke', { key: KEY }), Json2Error);
    assert.deepEqual(
      records.map((r) => [r.target, r.status, r.ok, r.errorKind]),
      [
        ['res.partner.search', 200, true, undefined],
        ['res.users.apikeys.revoke', 500, false, 'server'],
      ],
    );
    assert.equal(JSON.stringify(records).includes(KEY), false);
    await Promise.all([c.close(), failing.close()]);
  });

  test('the key never appears in an error, its inspection, or the client itself', async () => {
    const echoing = new Json2Client({ baseUrl: `${server.url}/echo-error`, apiKey: KEY });
    const other = 'fedcba9876543210fedcba9876543210fedcba98';
    const thrown = await echoing
      .call('res.users.apikeys', 'generate', { key: other, scope: null, name: 'n', expiration_date: '2030-01-01' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(thrown instanceof Json2Error);
    for (const text of [
      thrown.message,
      String(thrown),
      thrown.stack ?? '',
      inspect(thrown, { depth: 10 }),
      JSON.stringify(thrown),
      thrown.debug,
      JSON.stringify(thrown.arguments),
      JSON.stringify(thrown.context),
      inspect(echoing),
      JSON.stringify(echoing),
      String(echoing),
    ]) {
      assert.equal(text.includes(KEY), false, text);
      assert.equal(text.includes(other), false, text);
    }
    assert.match(thrown.message, /bad key «redacted»/);
    await echoing.close();
  });

  test('refuses a full URL to another origin or outside the base path, before sending', async () => {
    const c = new Json2Client({ baseUrl: `${server.url}/erp`, apiKey: KEY });
    const before = server.connections();
    await assert.rejects(c.send({ method: 'GET', target: 'https://attacker.example/json/2/res.partner/search' }), (error: unknown) => {
      assert.ok(error instanceof UnsafeRequestError);
      assert.equal(error.kind, 'unsafe');
      assert.match(error.message, /attacker\.example/);
      return true;
    });
    await assert.rejects(c.send({ method: 'GET', target: `${server.url}/other/path` }), UnsafeRequestError);
    await assert.rejects(c.send({ method: 'GET', target: `http://localhost:${server.port}/erp/web/version` }), UnsafeRequestError);
    assert.equal(server.connections(), before);
    const same = await c.send({ method: 'GET', target: `${server.url}/erp/web/version` });
    assert.equal((JSON.parse(same.text) as { path: string }).path, '/erp/web/version');
    await c.close();
  });

  test('plain http to a non-loopback host needs an explicit opt-in', () => {
    assert.throws(
      () => new Json2Client({ baseUrl: 'http://erp.example.com', apiKey: KEY }),
      (error: unknown) => {
        assert.ok(error instanceof UnsafeRequestError);
        assert.match(error.message, /unencrypted/);
        assert.equal(error.message.includes(KEY), false);
        return true;
      },
    );
    const allowed = new Json2Client({ baseUrl: 'http://erp.example.com', apiKey: KEY, allowInsecureHttp: true });
    assert.equal(allowed.target.secure, false);
    for (const url of ['http://localhost:8069', 'http://127.0.0.2:1', 'http://[::1]:8069', 'https://erp.example.com']) {
      assert.doesNotThrow(() => new Json2Client({ baseUrl: url, apiKey: KEY }), url);
    }
    assert.throws(
      () => new Json2Client({ baseUrl: `https://user:${KEY}@erp.example.com`, apiKey: KEY }),
      (error: unknown) => error instanceof UnsafeRequestError && !error.message.includes(KEY),
    );
    assert.throws(() => new Json2Client({ baseUrl: 'ftp://x', apiKey: KEY }), ClientUsageError);
  });

  test('refuses model and method names that would change the path, and ids or context given twice', async () => {
    const c = client();
    for (const [model, method] of [
      ['../web', 'x'],
      ['res.partner', 'search/../x'],
      ['res.partner.', 'read'],
      ['a b', 'read'],
    ]) {
      await assert.rejects(c.call(model, method), ClientUsageError);
    }
    assert.throws(() => json2Body({ ids: [1] }, { ids: [2] }), ClientUsageError);
    assert.throws(() => json2Body({ context: {} }, { context: {} }), ClientUsageError);
    assert.deepEqual(json2Body({ domain: [] }, { ids: [] }), { domain: [] });
    await c.close();
  });

  test('cancellation and timeouts reach the caller as typed errors', async () => {
    const c = new Json2Client({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY });
    await assert.rejects(
      c.call('res.partner', 'search', {}, { signal: AbortSignal.abort() }),
      (error: unknown) => error instanceof TransportError && error.kind === 'cancelled',
    );
    await c.close();
  });
});
