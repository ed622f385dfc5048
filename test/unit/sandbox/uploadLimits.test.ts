// Issue 24, point 11 (uploads): /web/database/restore checks the master password before it stores any of the file,
// and refuses a file over the upload limit, announced or counted, without reading the rest; nothing is left in the
// uploads folder, nothing is restored, and the server keeps answering. Runs on PGlite, and on PostgreSQL in the
// unit-postgres step.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { streamedUpload, type FormPart } from '../../support/multipartUpload';
import { ok } from '../../support/sandboxHttp';
import { storedDatabases } from '../../support/storedDatabases';

const LIMIT = 4 * 1024 * 1024;
let sandbox: StartedSandbox;
let backup: Buffer;
let partners = 0;

function uploadsHoldNothing(): boolean {
  const dir = sandbox.server.uploadsDir;
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function assertNothingKept(): Promise<void> {
  assert.ok(uploadsHoldNothing(), 'nothing is left in the uploads folder');
  assert.deepEqual(await storedDatabases(sandbox), [sandbox.database], 'nothing was restored');
  assert.equal(
    await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] }),
    partners,
    'the server answers, its database unchanged',
  );
}

const file = (content: Buffer): FormPart => ({ name: 'backup_file', filename: 'demo.dump', content });

before(async () => {
  sandbox = await startSandbox({ maxUploadBytes: LIMIT });
  const response = await fetch(`${sandbox.url}/web/database/backup`, {
    method: 'POST',
    body: new URLSearchParams({ master_pwd: sandbox.masterPassword, name: sandbox.database, backup_format: 'dump' }),
  });
  backup = Buffer.from(await response.arrayBuffer());
  assert.ok(backup.length < LIMIT, `the demo backup (${backup.length} bytes) is under the limit`);
  partners = await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] });
});
after(async () => {
  await sandbox?.stop();
});

describe('restore uploads (issue 24, point 11)', () => {
  it('checks the master password before storing any of the file, and answers without reading the rest', async () => {
    const big = Buffer.alloc(LIMIT - 1024, 'x');
    const upload = streamedUpload(`${sandbox.url}/web/database/restore`, [
      { name: 'master_pwd', value: 'wrong' },
      { name: 'name', value: 'refused' },
      file(big),
    ]);
    await upload.sendUntil(64 * 1024);
    const answer = await upload.answer;
    assert.equal(answer.status, 200);
    assert.match(answer.text, /Database restore error: Access Denied/);
    assert.equal(answer.headers.connection, 'close');
    await assertNothingKept();
  });

  it('refuses a form whose master password comes after the file', async () => {
    const upload = streamedUpload(`${sandbox.url}/web/database/restore`, [
      { name: 'name', value: 'refused' },
      file(backup),
      { name: 'master_pwd', value: sandbox.masterPassword },
    ]);
    await upload.sendUntil(1024);
    const answer = await upload.answer;
    assert.match(answer.text, /Database restore error: the master password \(master_pwd\) must come before the backup file in the form/);
    await assertNothingKept();
  });

  it('refuses a body announced larger than the limit before reading any of it', async () => {
    const upload = streamedUpload(`${sandbox.url}/web/database/restore`, [
      { name: 'master_pwd', value: sandbox.masterPassword },
      { name: 'name', value: 'too_big' },
      file(Buffer.alloc(LIMIT * 2, 'x')),
    ]);
    upload.request.flushHeaders();
    const answer = await upload.answer;
    assert.match(
      answer.text,
      /Database restore error: the backup file is larger than the upload limit of 4 MiB \(json2 sandbox --max-upload-mb\)/,
    );
    await assertNothingKept();
  });

  it('refuses a file that grows past the limit without a length announced, and removes what it had stored', async () => {
    const upload = streamedUpload(
      `${sandbox.url}/web/database/restore`,
      [{ name: 'master_pwd', value: sandbox.masterPassword }, { name: 'name', value: 'too_big' }, file(Buffer.alloc(LIMIT * 2, 'x'))],
      { chunked: true },
    );
    let answered = false;
    const answer = upload.answer.finally(() => {
      answered = true;
    });
    for (let sent = 256 * 1024; sent <= LIMIT * 2 && !answered; sent += 256 * 1024) await upload.sendUntil(sent).catch(() => undefined);
    assert.match((await answer).text, /Database restore error: the backup file is larger than the upload limit of 4 MiB/);
    await assertNothingKept();
  });

  it('restores a file under the limit with the master password first', async () => {
    const upload = streamedUpload(`${sandbox.url}/web/database/restore`, [
      { name: 'master_pwd', value: sandbox.masterPassword },
      { name: 'name', value: 'accepted' },
      file(backup),
    ]);
    await upload.finish();
    assert.equal((await upload.answer).status, 303);
    assert.deepEqual(await storedDatabases(sandbox), ['accepted', sandbox.database]);
    assert.ok(uploadsHoldNothing());
    await sandbox.server.catalog.dropDatabase('accepted');
  });
});
