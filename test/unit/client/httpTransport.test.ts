// Transport behaviour of HttpTransport over real loopback sockets: timeouts, cancellation, size limit, compression,
// keep-alive, refused connections and their single retry, timings. Run on both HTTP pools: undici's (the extension)
// and node:http's (the command line); httpPoolContract.test.ts holds what both pools promise against the sandbox.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { TransportError } from '../../../src/core/client/clientErrors';
import { HttpTransport, type TransportOptions } from '../../../src/core/client/httpTransport';
import type { HttpPool, HttpPoolFactory } from '../../../src/core/http/httpPool';
import { createNodeHttpPool } from '../../../src/core/http/nodeHttpPool';
import { createUndiciHttpPool } from '../../../src/core/http/undiciHttpPool';
import { closedPort, startTransportTestServer, type TransportTestServer } from './transportTestServer';

const JSON_HEADERS = { 'content-type': 'application/json' };

interface PoolKind {
  readonly label: string;
  readonly create: HttpPoolFactory;
  /** The transport as its users get it, on this pool. */
  readonly transport: (origin: string, options?: TransportOptions) => HttpTransport;
}

const POOL_KINDS: readonly PoolKind[] = [
  { label: "undici's Pool", create: createUndiciHttpPool },
  { label: 'node:http', create: createNodeHttpPool },
].map((kind) => ({
  ...kind,
  transport: (origin: string, options: TransportOptions = {}) => new HttpTransport(origin, { ...options, httpPool: kind.create }),
}));

for (const kind of POOL_KINDS)
  describe(`HttpTransport on ${kind.label}`, () => {
    let server: TransportTestServer;
    const pending = new Set<() => void>();
    let hangsSeen = 0;

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
            while (left > 0) {
              response.write(chunk.subarray(0, Math.min(left, chunk.length)));
              left -= chunk.length;
            }
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
      const answer = await transport.send({
        method: 'POST',
        path: '/echo',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
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
      for (const [path, expected] of [
        ['/gzip', { zipped: true }],
        ['/br', { brotli: true }],
        ['/deflate', { deflated: true }],
      ] as const) {
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
      await assert.rejects(
        transport.send({ method: 'GET', path: '/echo', headers: {}, signal: AbortSignal.abort() }),
        (error: unknown) => error instanceof TransportError && error.kind === 'cancelled' && !error.maybeSent,
      );
      assert.equal(server.connections(), before);
      await transport.close();
    });

    test('a refused connection is retried once, then reported as not sent', async () => {
      const port = await closedPort();
      const origin = `http://127.0.0.1:${port}`;
      const { httpPool, exchanges } = countingPool(kind.create);
      const transport = new HttpTransport(origin, { httpPool });
      await assert.rejects(transport.send({ method: 'POST', path: '/x', headers: {}, body: '{}' }), (error: unknown) => {
        assert.ok(error instanceof TransportError);
        assert.equal(error.kind, 'network');
        assert.equal(error.code, 'ECONNREFUSED');
        assert.equal(error.maybeSent, false);
        assert.match(error.message, /refused/);
        return true;
      });
      assert.equal(exchanges(), 2);
      await transport.close();
    });

    test('a connection dropped after the request was sent is not retried', async () => {
      const { httpPool, exchanges } = countingPool(kind.create);
      const transport = new HttpTransport(server.url, { httpPool });
      await assert.rejects(
        transport.send({ method: 'POST', path: '/reset', headers: {}, body: '{}' }),
        (error: unknown) => error instanceof TransportError && error.kind === 'network' && error.maybeSent,
      );
      assert.equal(exchanges(), 1);
      await transport.close();
    });

    test('reports upload progress for a streamed body', async () => {
      const transport = kind.transport(server.url);
      const seen: number[] = [];
      async function* parts(): AsyncIterable<Uint8Array> {
        for (let i = 0; i < 4; i += 1) yield Buffer.alloc(1000, 'x');
      }
      const answer = await transport.send({
        method: 'POST',
        path: '/echo',
        headers: {},
        body: parts(),
        onUploadProgress: (n) => seen.push(n),
      });
      assert.equal((JSON.parse(answer.body.toString()) as { body: string }).body.length, 4000);
      assert.deepEqual(seen, [1000, 2000, 3000, 4000]);
      assert.equal(answer.sizes.requestBytes, 4000);
      await transport.close();
    });
  });

/** The pool `create` makes, counting the exchanges it starts. */
function countingPool(create: HttpPoolFactory): { httpPool: HttpPoolFactory; exchanges: () => number } {
  let count = 0;
  const httpPool: HttpPoolFactory = (origin, options) => {
    const inner = create(origin, options);
    const counted: HttpPool = {
      exchange: (request, listener) => {
        count += 1;
        return inner.exchange(request, listener);
      },
      close: () => inner.close(),
    };
    return counted;
  };
  return { httpPool, exchanges: () => count };
}
