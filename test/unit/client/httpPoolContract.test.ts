// What both HTTP pools promise (undici's for the extension, node:http's for the command line), checked through the
// core clients against the real sandbox over loopback: keep-alive, streamed downloads and uploads, abort, timeouts and
// large bodies both ways. One suite, run once per pool, so that the two programs send the same way.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ClientUsageError, TransportError } from '../../../src/core/client/clientErrors';
import { DatabaseManagerClient } from '../../../src/core/client/databaseManagerClient';
import type { TransportOptions } from '../../../src/core/client/httpTransport';
import { Json2Client } from '../../../src/core/client/json2Client';
import type { HttpPoolFactory } from '../../../src/core/http/httpPool';
import { createNodeHttpPool } from '../../../src/core/http/nodeHttpPool';
import { createUndiciHttpPool } from '../../../src/core/http/undiciHttpPool';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { eventually } from '../../support/eventually';

const POOLS: readonly { label: string; httpPool: HttpPoolFactory }[] = [
  { label: "undici's Pool (the extension)", httpPool: createUndiciHttpPool },
  { label: 'node:http (the command line)', httpPool: createNodeHttpPool },
];

/** A TCP relay in front of the sandbox that counts the connections clients open (the sandbox keeps its server private). */
async function countingRelay(target: URL): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    connections += 1;
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}

describe('the HTTP pools against the sandbox', () => {
  let sandbox: StartedSandbox;
  let dir: string;

  before(async () => {
    sandbox = await startSandbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-pools-'));
  });
  after(async () => {
    await sandbox?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const { label, httpPool } of POOLS)
    describe(label, () => {
      const closing: { close(): Promise<void> }[] = [];
      const client = (options: TransportOptions = {}, baseUrl = sandbox.url, apiKey = sandbox.keys.admin): Json2Client => {
        const made = new Json2Client({ baseUrl, apiKey, database: sandbox.database, transport: { ...options, httpPool } });
        closing.push(made);
        return made;
      };
      after(async () => {
        await Promise.all(closing.splice(0).map((made) => made.close()));
      });

      test('keeps its connections for the next calls, and opens one per call with keep-alive off', async () => {
        const relay = await countingRelay(new URL(sandbox.url));
        try {
          const kept = client({}, relay.url);
          // Undici may open a second connection right after the very first exchange; after that, calls reuse them.
          await kept.call('res.users', 'context_get');
          await kept.call('res.users', 'context_get');
          const warmed = relay.connections();
          for (let i = 0; i < 5; i += 1) assert.equal(typeof (await kept.call('res.users', 'context_get')), 'object');
          assert.equal(relay.connections() - warmed, 0, 'no new connection once warmed');
          const fresh = client({ keepAlive: false }, relay.url);
          // The first call also asks the database list once (knownDatabases.ts): counted from the second on.
          await fresh.call('res.users', 'context_get');
          const middle = relay.connections();
          for (let i = 0; i < 3; i += 1) await fresh.call('res.users', 'context_get');
          assert.equal(relay.connections() - middle, 3, 'one connection per call');
          await Promise.all([kept.close(), fresh.close()]);
        } finally {
          await relay.close();
        }
      });

      test('sends and receives large bodies whole (4 MiB each way), and refuses an answer over the size limit', async () => {
        const text = 'é'.repeat(2 * 1024 * 1024);
        const writer = client();
        const [id] = await writer.call<number[]>('res.partner', 'create', { vals_list: [{ name: `large ${label}`, comment: text }] });
        const [read] = await writer.call<{ comment: string }[]>('res.partner', 'read', { fields: ['comment'] }, { ids: [id] });
        assert.equal(read.comment, text);
        const limited = client({ maxResponseBytes: 1024 * 1024 });
        await assert.rejects(
          limited.call('res.partner', 'read', { fields: ['comment'] }, { ids: [id] }),
          (error: unknown) => error instanceof TransportError && error.kind === 'responseTooLarge',
        );
        assert.deepEqual(await limited.call('res.partner', 'read', { fields: ['name'] }, { ids: [id] }), [{ id, name: `large ${label}` }]);
      });

      test('streams a backup down to a file and a restore up from it, with progress, and the restored database is listed', async () => {
        const manager = new DatabaseManagerClient({
          baseUrl: sandbox.url,
          masterPassword: sandbox.masterPassword,
          transport: { httpPool },
        });
        closing.push(manager);
        const file = path.join(dir, `${label.replace(/\W+/g, '_')}.zip`);
        const progress: number[] = [];
        const backup = await manager.backup(sandbox.database, file, { onProgress: (bytes) => progress.push(bytes) });
        assert.equal(backup.bytes, fs.statSync(file).size);
        assert.equal(fs.readFileSync(file).subarray(0, 2).toString('latin1'), 'PK', 'a zip file');
        assert.equal(progress.at(-1), backup.bytes);
        const name = `restored_${POOLS.findIndex((pool) => pool.label === label)}`;
        const uploaded: number[] = [];
        await manager.restore(name, file, { copy: true, onProgress: (sent) => uploaded.push(sent) });
        assert.ok(uploaded.length > 0 && uploaded.at(-1)! >= backup.bytes, 'the upload reported its progress to the end');
        assert.ok((await manager.list()).includes(name));
        await manager.drop(name);
      });

      test('an aborted call fails as cancelled, and its connection is closed so the server stops the work', async () => {
        const { model, method } = sandbox.slowMethod;
        const [started, cancelled] = [sandbox.slowMethod.started(), sandbox.slowMethod.cancelled()];
        const controller = new AbortController();
        const call = client({}, sandbox.url, sandbox.keys.robot).call(model, method, { seconds: 60 }, { signal: controller.signal });
        const failure = assert.rejects(
          call,
          (error: unknown) => error instanceof TransportError && error.kind === 'cancelled' && error.maybeSent,
        );
        await eventually(() => sandbox.slowMethod.started() > started, 'the slow call to start');
        controller.abort();
        await failure;
        await eventually(() => sandbox.slowMethod.cancelled() > cancelled, 'the server to notice the closed connection');
      });

      test("a call's deadline stops it as a timeout, closing its connection", async () => {
        const { model, method } = sandbox.slowMethod;
        const [started, cancelled] = [sandbox.slowMethod.started(), sandbox.slowMethod.cancelled()];
        const slow = client({ requestTimeoutMs: 3_600_000 }, sandbox.url, sandbox.keys.robot);
        let maybeSent: boolean | undefined;
        await assert.rejects(slow.call(model, method, { seconds: 60 }, { timeoutMs: 500 }), (error: unknown) => {
          assert.ok(error instanceof TransportError);
          assert.equal(error.kind, 'timeout');
          maybeSent = error.maybeSent;
          return true;
        });
        // On a loaded machine the deadline may pass before the request is written ("not sent" is then true); a request
        // the server got must never be called "not sent", and its work must stop with the connection.
        if (sandbox.slowMethod.started() > started) {
          assert.equal(maybeSent, true);
          await eventually(() => sandbox.slowMethod.cancelled() > cancelled, 'the server to notice the closed connection');
        }
      });

      test('a closed pool refuses to send, as a usage error', async () => {
        const closed = client();
        await closed.call('res.users', 'context_get');
        await closed.close();
        await assert.rejects(
          closed.call('res.users', 'context_get'),
          (error: unknown) => error instanceof ClientUsageError && /closed/.test(error.message),
        );
      });
    });
});
