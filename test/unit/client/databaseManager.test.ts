// Database manager: reading the manager's answers, the multipart body, and streaming a backup to a file and a file
// up, over loopback (transport only: the manager's behaviour is tested against the sandbox).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { TransportError } from '../../../src/core/client/clientErrors';
import { DatabaseManagerClient } from '../../../src/core/client/databaseManagerClient';
import { DatabaseManagerError, errorSentenceOf, managerFailureOf } from '../../../src/core/client/managerAnswer';
import { multipartUpload } from '../../../src/core/client/multipartUpload';
import { startTransportTestServer, type TransportTestServer } from './transportTestServer';

const MASTER = 'master-secret-Pa55';

describe('manager answers', () => {
  test('a redirect is success; the manager page with an error sentence is a typed error carrying it', () => {
    assert.equal(managerFailureOf('Database creation', 303, ''), undefined);
    const page = '<html><body><div class="alert alert-danger">Database creation error: database "demo" already exists</div><form>...</form></body></html>';
    const failure = managerFailureOf('Database creation', 200, page);
    assert.ok(failure instanceof DatabaseManagerError);
    assert.equal(failure.sentence, 'Database creation error: database "demo" already exists');
    assert.equal(failure.kind, 'validation');
    const denied = managerFailureOf('Database deletion', 200, '<p>Database deletion error: Access Denied</p>');
    assert.ok(denied instanceof DatabaseManagerError && denied.kind === 'auth');
  });

  test('every sentence of the notes is found; a page without one or another status is not success', () => {
    for (const start of ['Database creation error', 'Database duplication error', 'Database deletion error', 'Database backup error',
      'Database restore error', 'Master password update error']) {
      assert.equal(errorSentenceOf(`<div><span>${start}: it failed &amp; stopped</span></div>`), `${start}: it failed & stopped`);
    }
    assert.ok(managerFailureOf('x', 200, '<html>manager</html>') instanceof TransportError);
    assert.ok(managerFailureOf('x', 500, 'oops') instanceof TransportError);
  });
});

test('multipartUpload streams fields and the file in a body a standard parser reads back, with its exact length', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-multipart-'));
  const file = path.join(dir, 'backup.zip');
  const content = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
  fs.writeFileSync(file, content);
  const upload = await multipartUpload({ master_pwd: MASTER, name: 'restored "db"', copy: 'true' }, { field: 'backup_file', path: file, fileName: 'backup.zip' });
  const chunks: Buffer[] = [];
  for await (const chunk of upload.body) chunks.push(Buffer.from(chunk));
  const body = Buffer.concat(chunks);
  assert.equal(body.length, upload.length);
  const form = await new Response(body, { headers: { 'content-type': upload.contentType } }).formData();
  assert.equal(form.get('master_pwd'), MASTER);
  assert.equal(form.get('copy'), 'true');
  const part = form.get('backup_file') as File;
  assert.equal(part.name, 'backup.zip');
  assert.deepEqual(Buffer.from(await part.arrayBuffer()), content);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('DatabaseManagerClient streaming', () => {
  const BACKUP_BYTES = 256 * 1024 * 1024;
  let server: TransportTestServer;
  let uploaded = 0;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-backup-'));
    server = await startTransportTestServer((_request, response, body) => {
      uploaded = body.length;
      response.writeHead(303, { location: '/web/database/manager' }).end();
    });
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a backup goes to the file in chunks with progress, and memory stays bounded', async (t) => {
    // The sending side runs in another process so that only the client's memory is measured.
    const { url, child } = await startBackupSender(BACKUP_BYTES);
    const client = new DatabaseManagerClient({ baseUrl: url, masterPassword: MASTER });
    const destination = path.join(dir, 'demo.zip');
    const progress: number[] = [];
    const before = process.memoryUsage().rss;
    let peak = before;
    const result = await client.backup('demo', destination, { onProgress: (done, total) => {
      progress.push(done);
      assert.equal(total, BACKUP_BYTES);
      peak = Math.max(peak, process.memoryUsage().rss);
    } });
    assert.equal(result.bytes, BACKUP_BYTES);
    assert.equal(result.serverFileName, 'demo_2026-01-01_00-00-00.zip');
    assert.equal(fs.statSync(destination).size, BACKUP_BYTES);
    assert.equal(fs.existsSync(`${destination}.part`), false);
    assert.ok(progress.length > 3 && progress.at(-1) === BACKUP_BYTES);
    t.diagnostic(`peak RSS growth ${((peak - before) / 2 ** 20).toFixed(1)} MiB for a ${BACKUP_BYTES / 2 ** 20} MiB backup`);
    assert.ok(peak - before < BACKUP_BYTES / 2, `memory grew by ${peak - before} bytes for a ${BACKUP_BYTES}-byte backup`);
    await client.close();
    child.kill();
  });

  test('a restore uploads the file as a stream with progress up to the exact length', async () => {
    const client = new DatabaseManagerClient({ baseUrl: server.url, masterPassword: MASTER });
    const file = path.join(dir, 'upload.zip');
    fs.writeFileSync(file, Buffer.alloc(3 * 1024 * 1024, 1));
    const progress: Array<[number, number | undefined]> = [];
    await client.restore('restored', file, { copy: true, onProgress: (done, total) => progress.push([done, total]) });
    const [lastDone, total] = progress.at(-1) ?? [0, 0];
    assert.equal(lastDone, total);
    assert.equal(uploaded, total);
    assert.ok(progress.length > 3);
    await client.close();
  });
});

/** A process that answers any request with a backup-like attachment of `bytes` bytes. */
async function startBackupSender(bytes: number): Promise<{ url: string; child: ChildProcess }> {
  const script = `
    const http = require('node:http');
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const server = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(${bytes}),
        'content-disposition': 'attachment; filename="demo_2026-01-01_00-00-00.zip"' });
      let sent = 0;
      const push = () => {
        while (sent < ${bytes}) { sent += chunk.length; if (!response.write(chunk)) { response.once('drain', push); return; } }
        response.end();
      };
      push();
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, child };
}
