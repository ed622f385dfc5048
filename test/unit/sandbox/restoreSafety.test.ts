// Issue 24, point 3: a backup cannot end or leave the restore's transaction, reach the server's files or programs, or
// keep a core busy without end; a restore whose client goes away stops and leaves nothing. Each attack is a real
// backup of the demo database with the hostile text inside, restored over JSON-RPC (db.restore) or the manager's
// upload: refused with the statement named, no database made, the demo database unchanged and the server answering.
// Runs on PGlite, and on PostgreSQL in the unit-postgres step.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import yazl from 'yazl';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { streamedUpload } from '../../support/multipartUpload';
import { ok } from '../../support/sandboxHttp';
import { storedDatabases, waitUntil } from '../../support/storedDatabases';

let sandbox: StartedSandbox;
let dump = '';
let partners = 0;
const marker = path.join(os.tmpdir(), `json2-restore-attack-${crypto.randomBytes(4).toString('hex')}`);

async function dbCall(method: string, args: unknown[]): Promise<{ result?: unknown; error?: { data?: { message?: string } } }> {
  const response = await fetch(`${sandbox.url}/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { service: 'db', method, args } }),
  });
  return (await response.json()) as { result?: unknown; error?: { data?: { message?: string } } };
}

async function assertNothingChanged(): Promise<void> {
  assert.deepEqual(await storedDatabases(sandbox), [sandbox.database], 'no database was made or left behind');
  assert.equal(
    await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] }),
    partners,
    'the demo database is unchanged and answers',
  );
  assert.equal(fs.existsSync(marker), false, 'no file was written by the server');
}

/** The demo backup with `hostile` put after its sequences, before its first table. */
function withInside(hostile: string): string {
  const at = dump.indexOf('\nCREATE TABLE');
  return `${dump.slice(0, at)}\n${hostile}\n${dump.slice(at)}`;
}

before(async () => {
  sandbox = await startSandbox();
  const answer = await dbCall('dump', [sandbox.masterPassword, sandbox.database, 'dump']);
  dump = Buffer.from(answer.result as string, 'base64').toString('utf8');
  partners = await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] });
});
after(async () => {
  fs.rmSync(marker, { force: true });
  await sandbox?.stop();
});

describe('restore confinement (issue 24, point 3)', () => {
  it('restores the plain backup itself (the checks let a real dump through)', async () => {
    assert.equal((await dbCall('restore', [sandbox.masterPassword, 'plain', Buffer.from(dump).toString('base64'), false])).result, true);
    await sandbox.server.catalog.dropDatabase('plain');
  });

  const attacks: Array<[string, string, RegExp]> = [
    [
      "a COMMIT that would end the restore's transaction",
      'CREATE TABLE evil (a int);\nCOMMIT;',
      /'commit' is not a statement of a plain dump/,
    ],
    ['a ROLLBACK then BEGIN', 'ROLLBACK;\nBEGIN;', /'rollback'/],
    ['a role change', 'SET ROLE postgres;', /'set role postgres'/],
    ['a session authorization change', 'SET SESSION AUTHORIZATION DEFAULT;', /'set session authorization'/],
    ['a file written by the server', `COPY res_partner TO '${marker}';`, /'copy res_partner to'/],
    ['a program run by the server', `COPY res_partner FROM PROGRAM 'touch ${marker}';`, /'copy res_partner from'/],
    [
      'a server file read into a row',
      `INSERT INTO res_partner (id, name) VALUES ('999999', (SELECT pg_read_file('/etc/passwd')));`,
      /pg_read_file reaches outside the database/,
    ],
    ['a large-object import', "SELECT lo_import('/etc/passwd');", /lo_import reaches outside/],
    [
      'role password hashes copied into a table',
      'INSERT INTO res_partner (id, name) SELECT 999999, rolpassword FROM pg_authid;',
      /pg_authid reaches outside/,
    ],
    ['a COMMIT hidden by dollar quoting', "SELECT $$'$$;\nCOMMIT;\nSELECT '';", /dollar quoting/],
    ['a COMMIT hidden by string continuation', "SELECT E'a'\n'\\';\nCOMMIT;\n--';", /two string literals in a row/],
  ];
  for (const [what, hostile, message] of attacks) {
    it(`refuses ${what}, changing nothing`, async () => {
      const answer = await dbCall('restore', [
        sandbox.masterPassword,
        'hostile',
        Buffer.from(withInside(hostile)).toString('base64'),
        false,
      ]);
      assert.equal(answer.result, undefined);
      assert.match(answer.error?.data?.message ?? '', message);
      await assertNothingChanged();
    });
  }

  it('refuses a zip of 100 MB without a statement end after 64 MiB, in one pass, changing nothing', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.alloc(100 * 1024 * 1024, 'x'), 'dump.sql');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    assert.ok(body.length < 1024 * 1024, `the zip is small (${body.length} bytes)`);
    const upload = streamedUpload(`${sandbox.url}/web/database/restore`, [
      { name: 'master_pwd', value: sandbox.masterPassword },
      { name: 'name', value: 'bomb' },
      { name: 'backup_file', filename: 'bomb.zip', content: body },
    ]);
    await upload.finish();
    const answer = await upload.answer;
    assert.equal(answer.status, 200);
    assert.match(answer.text, /Database restore error: a statement of the backup is longer than 64 MiB/);
    await assertNothingChanged();
  });
});

describe('restore cancellation (issue 24, point 3)', () => {
  it('stops a restore whose client went away and removes its database; the server keeps answering', async () => {
    // A backup of some tens of megabytes: its restore takes seconds, so the client leaves while it runs.
    await sandbox.server.catalog.use(sandbox.database, (storage) =>
      storage.query('CREATE TABLE bulk_payload AS SELECT g AS id, repeat(md5(g::text), 32) AS payload FROM generate_series(1, 30000) AS g'),
    );
    const big = await dbCall('dump', [sandbox.masterPassword, sandbox.database, 'dump']);
    await sandbox.server.catalog.use(sandbox.database, (storage) => storage.query('DROP TABLE bulk_payload'));
    const upload = streamedUpload(`${sandbox.url}/web/database/restore`, [
      { name: 'master_pwd', value: sandbox.masterPassword },
      { name: 'name', value: 'left' },
      { name: 'backup_file', filename: 'big.dump', content: Buffer.from(big.result as string, 'base64') },
    ]);
    upload.answer.catch(() => undefined);
    await upload.finish();
    assert.ok(await waitUntil(async () => (await storedDatabases(sandbox)).length === 2), 'the restore has begun');
    upload.request.destroy();
    await waitUntil(async () => (await storedDatabases(sandbox)).length === 1);
    await assertNothingChanged();
    assert.equal(sandbox.server.catalog.exists('left'), false, 'the restore did not complete');
  });
});
