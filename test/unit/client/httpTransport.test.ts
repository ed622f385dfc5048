// Transport behaviour of HttpTransport over real loopback sockets: timeouts, cancellation, size limit, compression,
// keep-alive, refused connections and their single retry, timings. Run twice: on undici's Pool (the extension) and on
// the command line's pool on node:http (src/cli/nodeHttpPool.ts, which dist/cli.js uses in undici's place).
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { Pool, type Dispatcher } from 'undici';
import { NodeHttpPool } from '../../../src/cli/nodeHttpPool';
import { TransportError } from '../../../src/core/client/clientErrors';
import { HttpTransport, type TransportOptions } from '../../../src/core/client/httpTransport';
import { closedPort, startTransportTestServer, type TransportTestServer } from './transportTestServer';

const JSON_HEADERS = { 'content-type': 'application/json' };

interface PoolKind {
  readonly label: string;
  /** A pool as the transport would make it for `origin`. */
  readonly pool: (origin: string) => Dispatcher;
  /** The transport as its users get it (for the CLI: the transport on a node:http pool closed after each test). */
  readonly transport: (origin: string, options?: TransportOptions) => HttpTransport;
}

const CLI_POOLS: NodeHttpPool[] = [];
const cliPool = (origin: string, options: TransportOptions = {}): Dispatcher => {
  // The options HttpTransport gives its own pool.
  const pool = new NodeHttpPool(origin, { connections: 8, connect: { timeout: options.connectTimeoutMs ?? 10_000 }, headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 4_000 });
  CLI_POOLS.push(pool);
  return pool as unknown as Dispatcher;
};

const POOL_KINDS: readonly PoolKind[] = [
  { label: "undici's Pool", pool: (origin) => new Pool(origin), transport: (origin, options) => new HttpTransport(origin, options) },
  { label: "the CLI's node:http pool", pool: (origin) => cliPool(origin), transport: (origin, options) => new HttpTransport(origin, { ...options, dispatcher: cliPool(origin, options) }) },
];

for (const kind of POOL_KINDS) describe(`HttpTransport on ${kind.label}`, () => {
  let server: TransportTestServer;
  const pending = new Set<() => void>();
  let hangsSeen = 0;

  afterEach(async () => {
    await Promise.all(CLI_POOLS.splice(0).map((pool) => pool.close()));
  });

  before(async () => {
    server = await startTransportTestServer((request, response, body) => {
      const url = new URL(request.url ?? '/', 'http://x');
      switch (url.pathname) {
        case '/echo':
          response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ method: request.method, body: body.toString() }));
          return;
        case '/hang':
          hangsSeen += 1;
          pending.add(() => response.end('late'));
          return;
        case '/big': {
          const size = Number(url.searchParams.get('size'));
          const declare = url.searchParams.get('declare') === '1';
          response.writeHead(200, declare ? { 'content-length': String(size) } : {});
          const chunk = Buffer.alloc(64 * 1024, 'a');
          let left = size;
          while (left > 0) { response.write(chunk.subarray(0, Math.min(left, chunk.length))); left -= chunk.length; }
          response.end();
          return;
        }
        case '/gzip':
          response.writeHead(200, { ...JSON_HEADERS, 'content-encoding': 'gzip' }).end(zlib.gzipSync('{"zipped":true}'));
          return;
        case '/br':
          response.writeHead(200, { ...JSON_HEADERS, 'content-encoding': 'br' }).end(zlib.brotliCompressSync('{"brotli":true}'));
          return;
        case '/deflate':
          response.writeHead(200, { ...JSON_HEADERS, 'content-encoding': 'deflate' }).end(zlib.deflateSync('{"deflated":true}'));
          return;
        case '/bomb':
          // 1 MiB of zeros compresses to about 1 KiB: the decoded size must be capped too.
          response.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(1024 * 1024)));
          return;
        case '/reset':
          request.socket.destroy();
          return;
        default:
          response.writeHead(404).end();
      }
    });
  });

  after(async () => {
    for (const release of pending) release();
    await server.close();
  });

  test('sends the body and returns status, headers, decoded body, timings and sizes', async () => {
    const transport = kind.transport(server.url);
    const answer = await transport.send({ method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(answer.body.toString()), { method: 'POST', body: '{"a":1}' });
    assert.equal(answer.sizes.requestBytes, 7);
    assert.equal(answer.sizes.responseBytes, answer.body.length);
    assert.ok(answer.timings.connectMs >= 0 && answer.timings.connectMs <= answer.timings.firstByteMs);
    assert.ok(answer.timings.firstByteMs <= answer.timings.totalMs);
    assert.match(String(server.lastHeaders()?.['accept-encoding']), /gzip/);
    await transport.close();
  });

  test('keeps connections alive between calls, and opens one per call when keep-alive is off', async () => {
    const kept = kind.transport(server.url);
    // Undici may open a second connection right after the very first exchange; after that, calls reuse them.
    await kept.send({ method: 'GET', path: '/echo', headers: {} });
    await kept.send({ method: 'GET', path: '/echo', headers: {} });
    const before = server.connections();
    for (let i = 0; i < 5; i += 1) await kept.send({ method: 'GET', path: '/echo', headers: {} });
    assert.equal(server.connections() - before, 0);
    await kept.close();
    const fresh = kind.transport(server.url, { keepAlive: false });
    const middle = server.connections();
    for (let i = 0; i < 3; i += 1) await fresh.send({ method: 'GET', path: '/echo', headers: {} });
    assert.equal(server.connections() - middle, 3);
    await fresh.close();
  });

  test('decodes gzip, brotli and deflate answers', async () => {
    const transport = kind.transport(server.url);
    for (const [path, expected] of [['/gzip', { zipped: true }], ['/br', { brotli: true }], ['/deflate', { deflated: true }]] as const) {
      const answer = await transport.send({ method: 'GET', path, headers: {} });
      assert.deepEqual(JSON.parse(answer.body.toString()), expected, path);
      assert.ok(answer.sizes.responseBytes !== answer.sizes.decodedBytes || path === '/deflate');
    }
    await transport.close();
  });

  test('refuses an answer over the size limit, declared or streamed, and a decompression bomb', async () => {
    const transport = kind.transport(server.url, { maxResponseBytes: 100_000 });
    for (const path of ['/big?size=500000&declare=1', '/big?size=500000', '/bomb']) {
      await assert.rejects(transport.send({ method: 'GET', path, headers: {} }), (error: unknown) => {
        assert.ok(error instanceof TransportError, path);
        assert.equal(error.kind, 'responseTooLarge', path);
        assert.match(error.message, /size limit of 100000 bytes/);
        return true;
      });
    }
    const ok = await transport.send({ method: 'GET', path: '/big?size=100000', headers: {} });
    assert.equal(ok.body.length, 100_000);
    await transport.close();
  });

  test('a request timeout stops a call that gets no answer', async () => {
    // The transport's own limit is far away: only the call's 150 ms can end the call while the test runs.
    const transport = kind.transport(server.url, { requestTimeoutMs: 3_600_000 });
    const seenBefore = hangsSeen;
    let maybeSent: boolean | undefined;
    await assert.rejects(transport.send({ method: 'GET', path: '/hang', headers: {}, timeoutMs: 150 }), (error: unknown) => {
      assert.ok(error instanceof TransportError);
      assert.equal(error.kind, 'timeout');
      maybeSent = error.maybeSent;
      return true;
    });
    await transport.close();
    // On a loaded machine 150 ms may pass before the request is written: "not sent" is then the truth. What must never
    // happen is "not sent" for a request the server got (a later call on another connection lets it read what came).
    const probe = kind.transport(server.url);
    await probe.send({ method: 'GET', path: '/echo', headers: {} });
    await probe.close();
    if (hangsSeen > seenBefore) assert.equal(maybeSent, true, 'the server got the request, so it may have been sent');
  });

  test('an AbortSignal cancels a call in flight, and a signal aborted beforehand sends nothing', async () => {
    const transport = kind.transport(server.url);
    const controller = new AbortController();
    const call = transport.send({ method: 'GET', path: '/hang', headers: {}, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(call, (error: unknown) => error instanceof TransportError && error.kind === 'cancelled');
    const before = server.connections();
    await assert.rejects(transport.send({ method: 'GET', path: '/echo', headers: {}, signal: AbortSignal.abort() }),
      (error: unknown) => error instanceof TransportError && error.kind === 'cancelled' && !error.maybeSent);
    assert.equal(server.connections(), before);
    await transport.close();
  });

  test('a refused connection is retried once, then reported as not sent', async () => {
    const port = await closedPort();
    const origin = `http://127.0.0.1:${port}`;
    const { dispatcher, dispatches } = countingDispatcher(kind.pool(origin));
    const transport = new HttpTransport(origin, { dispatcher });
    await assert.rejects(transport.send({ method: 'POST', path: '/x', headers: {}, body: '{}' }), (error: unknown) => {
      assert.ok(error instanceof TransportError);
      assert.equal(error.kind, 'network');
      assert.equal(error.code, 'ECONNREFUSED');
      assert.equal(error.maybeSent, false);
      assert.match(error.message, /refused/);
      return true;
    });
    assert.equal(dispatches(), 2);
    await dispatcher.close();
  });

  test('a connection dropped after the request was sent is not retried', async () => {
    const { dispatcher, dispatches } = countingDispatcher(kind.pool(server.url));
    const transport = new HttpTransport(server.url, { dispatcher });
    await assert.rejects(transport.send({ method: 'POST', path: '/reset', headers: {}, body: '{}' }),
      (error: unknown) => error instanceof TransportError && error.kind === 'network' && error.maybeSent);
    assert.equal(dispatches(), 1);
    await dispatcher.close();
  });

  test('reports upload progress for a streamed body', async () => {
    const transport = kind.transport(server.url);
    const seen: number[] = [];
    async function* parts(): AsyncIterable<Uint8Array> {
      for (let i = 0; i < 4; i += 1) yield Buffer.alloc(1000, 'x');
    }
    const answer = await transport.send({ method: 'POST', path: '/echo', headers: {}, body: parts(), onUploadProgress: (n) => seen.push(n) });
    assert.equal((JSON.parse(answer.body.toString()) as { body: string }).body.length, 4000);
    assert.deepEqual(seen, [1000, 2000, 3000, 4000]);
    assert.equal(answer.sizes.requestBytes, 4000);
    await transport.close();
  });
});

function countingDispatcher(inner: Dispatcher): { dispatcher: Dispatcher; dispatches: () => number } {
  let count = 0;
  const dispatcher = {
    dispatch: (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
      count += 1;
      return inner.dispatch(options, handler);
    },
    close: () => inner.close(),
  } as unknown as Dispatcher;
  return { dispatcher, dispatches: () => count };
}
