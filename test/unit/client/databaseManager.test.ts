// Database manager: reading the manager's answers and the multipart body (pure; the client's behaviour, streaming and
// memory are tested against the sandbox in databaseManager.sandbox.test.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { TransportError } from '../../../src/core/client/clientErrors';
import { DatabaseManagerError, errorSentenceOf, managerFailureOf } from '../../../src/core/client/managerAnswer';
import { multipartUpload } from '../../../src/core/client/multipartUpload';

const MASTER = 'master-secret-Pa55';

describe('manager answers', () => {
  test('a redirect is success; the manager page with an error sentence is a typed error carrying it', () => {
    assert.equal(managerFailureOf('Database creation', 303, ''), undefined);
    const page =
      '<html><body><div class="alert alert-danger">Database creation error: database "demo" already exists</div><form>...</form></body></html>';
    const failure = managerFailureOf('Database creation', 200, page);
    assert.ok(failure instanceof DatabaseManagerError);
    assert.equal(failure.sentence, 'Database creation error: database "demo" already exists');
    assert.equal(failure.kind, 'validation');
    const denied = managerFailureOf('Database deletion', 200, '<p>Database deletion error: Access Denied</p>');
    assert.ok(denied instanceof DatabaseManagerError && denied.kind === 'auth');
  });

  test('every sentence of the notes is found; a page without one or another status is not success', () => {
    for (const start of [
      'Database creation error',
      'Database duplication error',
      'Database deletion error',
      'Database backup error',
      'Database restore error',
      'Master password update error',
    ]) {
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
  const upload = await multipartUpload(
    { master_pwd: MASTER, name: 'restored "db"', copy: 'true' },
    { field: 'backup_file', path: file, fileName: 'backup.zip' },
  );
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
