// Clients that go away in the middle of a transfer: a backup download (zip and dump) or a restore upload cut off
// halfway, and a client that disconnects while the slow method runs. The database keeps answering, nothing half-done
// is left behind, and the sandbox's stop() still finishes. Runs on PGlite, and on PostgreSQL in the unit-postgres step.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

/** Rows enough for a backup of several megabytes (hex digits: the zip is about half the dump), far more than the socket buffers hold. */
const BULK_ROWS = 12_000;
/** A stop() that takes longer than this hangs (it takes well under a second). */
const STOP_LIMIT_MS = 10_000;

/** Runs `test` on a fresh sandbox, then stops it: stop() must finish promptly whatever the test left running. */
async function withSandbox(test: (sandbox: StartedSandbox) => Promise<void>): Promise<void> {
  const sandbox = await startSandbox();
  let failure: unknown = null;
  try {
    await test(sandbox);
  } catch (error) {
    failure = error;
  }
  const stopped = await stopsWithinLimit(sandbox);
  if (failure !== null) {
    if (!stopped && failure instanceof Error) failure.message += ` (and stop() did not finish within ${STOP_LIMIT_MS} ms)`;
    throw failure;
  }
  assert.ok(stopped, `stop() did not finish within ${STOP_LIMIT_MS} ms`);
}

async function stopsWithinLimit(sandbox: StartedSandbox): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), STOP_LIMIT_MS);
  });
  try {
    return await Promise.race([sandbox.stop().then(() => true), limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function addBulkTable(sandbox: StartedSandbox): Promise<void> {
  await sandbox.server.catalog.use(sandbox.database, (storage) =>
    storage.query(
      `CREATE TABLE bulk_payload AS SELECT g AS id, (SELECT string_agg(md5(g::text || '-' || k::text), '') FROM generate_series(1, 16) AS k) AS payload
     FROM generate_series(1, ${BULK_ROWS}) AS g`,
    ),
  );
}

async function countPartners(sandbox: StartedSandbox): Promise<number> {
  const response = await fetch(`${sandbox.url}/json/2/res.partner/search_count`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.keys.admin}`, 'Content-Type': 'application/json', 'X-Service-Database': sandbox.database },
    body: JSON.stringify({ domain: [] }),
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return JSON.parse(text) as number;
}

function backupRequest(
  sandbox: StartedSandbox,
  format: 'zip' | 'dump',
): { request: http.ClientRequest; response: Promise<http.IncomingMessage> } {
  const body = new URLSearchParams({ master_pwd: sandbox.masterPassword, name: sandbox.database, backup_format: format }).toString();
  const request = http.request(`${sandbox.url}/web/database/backup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
  });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  request.end(body);
  return { request, response };
}

/** Reads `bytes` of the backup, then drops the connection; resolves with what was read. */
async function cutBackupOff(sandbox: StartedSandbox, format: 'zip' | 'dump', bytes: number): Promise<number> {
  const { request, response } = backupRequest(sandbox, format);
  const answer = await response;
  assert.equal(answer.statusCode, 200);
  let received = 0;
  await new Promise<void>((resolve) => {
    answer.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= bytes) {
        request.destroy();
        resolve();
      }
    });
    answer.on('end', resolve);
  });
  request.on('error', () => {
    /* the aborted request reports its own abort */
  });
  return received;
}

async function wholeBackup(sandbox: StartedSandbox, format: 'zip' | 'dump'): Promise<Buffer> {
  const { response } = backupRequest(sandbox, format);
  const answer = await response;
  assert.equal(answer.statusCode, 200);
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function listDatabases(sandbox: StartedSandbox): Promise<string[]> {
  const response = await fetch(`${sandbox.url}/web/database/list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: {}, id: 1 }),
  });
  return ((await response.json()) as { result: string[] }).result;
}

/** The names in `dir`; none once it is gone (the sandbox removes an upload's folder while a test looks into it). */
function entriesOf(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The files waiting in the sandbox's uploads folder (each upload has its own sub-folder). */
function uploadedFiles(sandbox: StartedSandbox): string[] {
  const uploads = sandbox.server.uploadsDir;
  return entriesOf(uploads).flatMap((folder) => entriesOf(path.join(uploads, folder)).map((file) => path.join(uploads, folder, file)));
}

const fileSize = (file: string) => {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
};

describe('a backup download cut off halfway', () => {
  it('leaves the database working and lets the next backup through, for zip and dump; stop() then finishes', async () => {
    await withSandbox(async (sandbox) => {
      await addBulkTable(sandbox);
      const partners = await countPartners(sandbox);
      for (const format of ['zip', 'dump'] as const) {
        const received = await cutBackupOff(sandbox, format, 256 * 1024);
        await until(() => sandbox.server.catalog.pool.usersOf(sandbox.database) === 0, `the ${format} backup to let go of the database`);
        assert.equal(await countPartners(sandbox), partners, `a call after the cancelled ${format} backup`);
        const whole = await wholeBackup(sandbox, format);
        assert.ok(received < whole.length / 2, `the ${format} download was cut off halfway (${received} of ${whole.length} bytes)`);
        if (format === 'zip') assert.equal(whole.subarray(0, 2).toString('latin1'), 'PK');
        else assert.match(whole.subarray(whole.length - 200).toString('utf8'), /;\n$/);
      }
    });
  });

  it('stop() finishes while a client is still reading a backup, and the client sees the download end early', async () => {
    let ended: Promise<{ received: number; complete: boolean }> | undefined;
    await withSandbox(async (sandbox) => {
      await addBulkTable(sandbox);
      const { request, response } = backupRequest(sandbox, 'dump');
      request.on('error', () => {
        /* reported through the response below */
      });
      const answer = await response;
      assert.equal(answer.statusCode, 200);
      let received = 0;
      ended = new Promise((resolve) => {
        answer.on('data', (chunk: Buffer) => {
          received += chunk.length;
        });
        answer.on('error', () => resolve({ received, complete: false }));
        answer.on('close', () => resolve({ received, complete: answer.complete }));
      });
      await until(() => received > 0, 'the first bytes of the backup');
      answer.pause();
      assert.equal(sandbox.server.catalog.pool.usersOf(sandbox.database), 1, 'the backup is still reading the database');
    });
    const end = await (ended as Promise<{ received: number; complete: boolean }>);
    assert.equal(end.complete, false, `the download was cut off by stop() (${end.received} bytes)`);
  });
});

describe('a restore upload cut off halfway', () => {
  it('restores nothing, removes the partial upload, keeps the database working, and stop() finishes', async () => {
    await withSandbox(async (sandbox) => {
      await addBulkTable(sandbox);
      const backup = await wholeBackup(sandbox, 'dump');
      const before = await listDatabases(sandbox);
      const boundary = 'cut-off-upload-boundary';
      const head =
        [
          ['master_pwd', sandbox.masterPassword],
          ['name', 'restored'],
        ]
          .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="backup_file"; filename="demo.dump"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const request = http.request(`${sandbox.url}/web/database/restore`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': Buffer.byteLength(head) + backup.length + Buffer.byteLength(tail),
        },
      });
      request.on('error', () => {
        /* the request is cut off on purpose */
      });
      request.write(head);
      request.write(backup.subarray(0, backup.length / 2));
      await until(() => uploadedFiles(sandbox).some((file) => fileSize(file) > 0), "the upload to reach the server's disk");
      request.destroy();
      await until(
        () => uploadedFiles(sandbox).length === 0 && entriesOf(sandbox.server.uploadsDir).length === 0,
        'the partial upload to be removed',
      );
      assert.deepEqual(await listDatabases(sandbox), before, 'no database, not even a half-restored one');
      assert.ok((await countPartners(sandbox)) > 0);
      const form = new FormData();
      form.set('master_pwd', sandbox.masterPassword);
      form.set('name', 'restored');
      form.set('backup_file', new Blob([backup]), 'demo.dump');
      const restored = await fetch(`${sandbox.url}/web/database/restore`, { method: 'POST', body: form, redirect: 'manual' });
      assert.equal(restored.status, 303, await restored.text());
      assert.deepEqual(await listDatabases(sandbox), [...before, 'restored'].sort());
      assert.deepEqual(uploadedFiles(sandbox), []);
    });
  });
});

describe('a client that disconnects during the slow method', () => {
  it('cancels the call, and stop() finishes, also while another slow call still runs', async () => {
    await withSandbox(async (sandbox) => {
      const { model, method } = sandbox.slowMethod;
      const slowCall = (signal?: AbortSignal) =>
        fetch(`${sandbox.url}/json/2/${model}/${method}`, {
          method: 'POST',
          signal,
          body: JSON.stringify({ seconds: 60 }),
          headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.robot}` },
        });
      const controller = new AbortController();
      const aborted = slowCall(controller.signal);
      await until(() => sandbox.slowMethod.started() === 1, 'the slow call to start sleeping');
      controller.abort();
      await assert.rejects(aborted);
      await until(() => sandbox.slowMethod.cancelled() === 1, 'the slow call to notice the disconnection');
      assert.equal((await countPartners(sandbox)) > 0, true);
      const running = slowCall().then(
        (answer) => answer.status,
        () => 'connection closed',
      );
      await until(() => sandbox.slowMethod.started() === 2, 'the second slow call to start sleeping');
      // withSandbox's stop() comes next: it closes the connection of the second call, which must not hold it up.
      void running;
    });
  });
});
