// Slow and stalled clients: a JSON-2 body sent slowly holds no database (duplicate and drop go ahead meanwhile, and
// the call still completes), a body that stops arriving, a head never finished and a body that takes too long get
// 408 and the connection closes, and a backup whose reader stops reading is ended so that its transaction frees the
// database. Nothing is lost and the server keeps answering. Runs on PGlite, and on PostgreSQL in unit-postgres.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';

/** How long a test waits for something that happens at once when the code is right (it fails instead of hanging). */
const GUARD_MS = 30_000;

/** A raw HTTP/1.1 client on its own socket: writes what it is told, collects what comes back. */
class RawClient {
  readonly socket: net.Socket;
  received = '';
  readonly closed: Promise<void>;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.socket = net.connect(Number(port), hostname);
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => {
      this.received += chunk;
    });
    this.socket.on('error', () => {
      /* a reset after the server gave up is expected */
    });
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Resolves once `pattern` has arrived; rejects after the guard. */
  async waitFor(pattern: RegExp, what: string): Promise<void> {
    await until(() => pattern.test(this.received) || this.socket.destroyed, what);
    assert.match(this.received, pattern, what);
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + GUARD_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function json2Head(sandbox: StartedSandbox, path: string, length: number, extra = ''): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n` +
    `Authorization: bearer ${sandbox.keys.admin}\r\nX-Service-Database: ${sandbox.database}\r\n${extra}\r\n`
  );
}

async function jsonrpc(sandbox: StartedSandbox, service: string, method: string, args: unknown[]): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: 1 }),
  });
  const answer = (await response.json()) as { result?: unknown; error?: unknown };
  if (!('result' in answer)) throw new Error(`${service}.${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

const inDemo = (sandbox: StartedSandbox) => ({ headers: { 'X-Service-Database': sandbox.database } });
const countNamed = (sandbox: StartedSandbox, name: string) =>
  ok<number>(sandbox, 'res.partner', 'search_count', { domain: [['name', '=', name]] }, inDemo(sandbox));
const countAll = (sandbox: StartedSandbox) => ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] }, inDemo(sandbox));

describe('slow and stalled clients', () => {
  let sandbox: StartedSandbox;
  const pool = () => sandbox.server.catalog.pool;

  before(async () => {
    sandbox = await startSandbox({ databases: ['second'], timeouts: { headersMs: 2_000, requestMs: 120_000, transferIdleMs: 2_000 } });
  });
  after(async () => {
    await sandbox?.stop();
  });

  it('reads a slow JSON-2 body without taking the database: duplicate and drop go ahead, and the call then completes', async () => {
    // Leading blanks (valid JSON) so that the trickle below never runs out, however long the operations take.
    const body = `${' '.repeat(8_000)}${JSON.stringify({ vals_list: [{ name: 'Sent slowly' }] })}`;
    const client = new RawClient(sandbox.url);
    client.write(json2Head(sandbox, '/json/2/res.partner/create', Buffer.byteLength(body), 'Expect: 100-continue\r\n'));
    await client.waitFor(/^HTTP\/1\.1 100 Continue/, 'the server to take the request');
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < body.length - 1) client.write(body[sent++]);
    }, 100);
    try {
      await until(() => sent >= 3, 'part of the body to be sent');
      assert.equal(pool().usersOf(sandbox.database), 0, 'no database is held while the body arrives');
      assert.equal(
        await jsonrpc(sandbox, 'db', 'duplicate_database', [sandbox.masterPassword, sandbox.database, 'copied_meanwhile']),
        true,
      );
      assert.equal(await jsonrpc(sandbox, 'db', 'drop', [sandbox.masterPassword, 'second']), true);
      assert.doesNotMatch(client.received, /HTTP\/1\.1 [2-5]\d\d/, 'the slow call is still waiting for its body');
    } finally {
      clearInterval(trickle);
    }
    client.write(body.slice(sent));
    await client.waitFor(/HTTP\/1\.1 200 OK[\s\S]*\r\n\r\n\[\d+\]/, 'the slow call to answer');
    client.socket.destroy();
    assert.equal(await countNamed(sandbox, 'Sent slowly'), 1);
    assert.deepEqual([...sandbox.server.catalog.list()].sort(), ['copied_meanwhile', sandbox.database].sort());
  });

  it('answers 408 and closes when a body stops arriving, or when the head is never finished; nothing is created', async () => {
    const stalled = new RawClient(sandbox.url);
    stalled.write(json2Head(sandbox, '/json/2/res.partner/create', 200));
    stalled.write('{"vals_list": [{"name": "Never finished"');
    await stalled.closed;
    assert.match(stalled.received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.match(stalled.received, /Connection: close/i);
    const headless = new RawClient(sandbox.url);
    headless.write('POST /json/2/res.partner/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl');
    await headless.closed;
    assert.match(headless.received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.equal(await countNamed(sandbox, 'Never finished'), 0);
    assert.ok((await countAll(sandbox)) > 0, 'the server still answers');
  });

  it('ends a backup whose reader stops reading, so that its transaction frees the database', async () => {
    await sandbox.server.catalog.use(sandbox.database, (storage) =>
      storage.query(
        `CREATE TABLE bulk_payload AS SELECT g AS id, (SELECT string_agg(md5(g::text || '-' || k::text), '') FROM generate_series(1, 16) AS k) AS payload
       FROM generate_series(1, 12000) AS g`,
      ),
    );
    const form = new URLSearchParams({ master_pwd: sandbox.masterPassword, name: sandbox.database, backup_format: 'dump' }).toString();
    const reader = new RawClient(sandbox.url);
    reader.socket.pause();
    reader.write(
      `POST /web/database/backup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
    );
    await until(() => pool().usersOf(sandbox.database) === 1, 'the backup to start');
    await until(() => pool().usersOf(sandbox.database) === 0, 'the stalled backup to be ended');
    assert.ok((await countAll(sandbox)) > 0, 'the database answers');
    reader.socket.resume();
    await reader.closed;
    assert.match(reader.received, /^HTTP\/1\.1 200 OK/);
    assert.doesNotMatch(reader.received, /CREATE INDEX|ADD CONSTRAINT/, 'the dump was cut before its end');
  });
});

describe('a request that takes too long in all', () => {
  let sandbox: StartedSandbox;

  before(async () => {
    sandbox = await startSandbox({ timeouts: { requestMs: 1_500, transferIdleMs: 60_000 } });
  });
  after(async () => {
    await sandbox?.stop();
  });

  it('answers 408 to a body that keeps trickling past the request limit; nothing is created', async () => {
    const body = JSON.stringify({ vals_list: [{ name: 'Trickled forever' }] });
    const client = new RawClient(sandbox.url);
    client.write(json2Head(sandbox, '/json/2/res.partner/create', body.length + 1_000));
    let sent = 0;
    const trickle = setInterval(() => {
      if (!client.socket.destroyed) client.write(body[sent++ % body.length]);
    }, 100);
    try {
      await client.closed;
    } finally {
      clearInterval(trickle);
    }
    assert.match(client.received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.equal(await countNamed(sandbox, 'Trickled forever'), 0);
  });
});
