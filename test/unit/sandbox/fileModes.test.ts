// Issue 24, point 1: every file and folder the sandbox writes (databases, templates, uploads, configuration, the
// server's card) is owner-only whatever the umask; a start makes private what an older version left open, and refuses
// files of another user. Runs `json2 sandbox` in this process on a fresh template cache, so the templates are built
// here too; with JSON2_SANDBOX_POSTGRES the databases are on PostgreSQL and the data folder is checked.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MASTER_PASSWORD_VARIABLE } from '../../../src/sandbox/command/masterPasswordSource';
import { readServerInfo } from '../../../src/sandbox/command/serverInfo';
import { runSandboxCommand } from '../../../src/sandbox/sandboxCommand';
import { databasesDir, uploadsDir } from '../../../src/sandbox/storage/sandboxPaths';
import { ForeignFilesError, makeTreePrivate } from '../../../src/sandbox/storage/ownerOnlyFiles';
import { streamedUpload } from '../../support/multipartUpload';
import { commandBackend, startCommand } from '../../support/sandboxCommandRun';
import { rawRequest } from '../../support/sandboxHttp';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-modes-test-'));
const dataDir = path.join(scratch, 'data');
const cacheDir = path.join(scratch, 'cache');
const MASTER = 'modes-Test-master-1';
const backend = commandBackend();
const { namespace } = backend;
const savedUmask = process.umask();
const savedCache = process.env.JSON2_SANDBOX_CACHE;

before(() => {
  // The worst umask: anything created without an explicit mode would be readable and writable by everyone.
  process.umask(0);
  process.env.JSON2_SANDBOX_CACHE = cacheDir;
  process.env[MASTER_PASSWORD_VARIABLE] = MASTER;
});
after(async () => {
  process.umask(savedUmask);
  delete process.env[MASTER_PASSWORD_VARIABLE];
  if (savedCache === undefined) delete process.env.JSON2_SANDBOX_CACHE;
  else process.env.JSON2_SANDBOX_CACHE = savedCache;
  fs.rmSync(scratch, { recursive: true, force: true });
  await backend.drop();
});

const startSandboxCommand = () => startCommand(['--data', dataDir, '--port', '0', ...backend.args]);

/** Every file and folder under `root` (the root included) with a group or other permission bit. */
function openEntries(root: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stat = fs.lstatSync(target);
    if ((stat.mode & 0o077) !== 0) found.push(`${target} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) visit(path.join(target, entry));
  };
  if (fs.existsSync(root)) visit(root);
  return found;
}

function allEntries(root: string): string[] {
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((entry) => path.join(root, entry));
}

async function form(url: string, action: string, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const body = new URLSearchParams(fields).toString();
  return rawRequest(url, { path: `/web/database/${action}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
}

async function partnerCount(url: string, database: string): Promise<number> {
  const answer = await rawRequest(url, {
    path: '/jsonrpc',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      method: 'call',
      id: 1,
      params: { service: 'object', method: 'execute_kw', args: [database, 2, 'admin', 'res.partner', 'search_count', [[]]] },
    }),
  });
  const result = (answer.json as { result?: number; error?: unknown }).result;
  assert.equal(typeof result, 'number', answer.text);
  return result as number;
}

describe('owner-only files (issue 24, point 1)', () => {
  let partners = 0;

  it('writes every database, template, upload, configuration and server file for its owner only, under umask 0', async () => {
    const sandbox = await startSandboxCommand();
    try {
      assert.equal((await form(sandbox.url, 'duplicate', { master_pwd: MASTER, name: 'demo', new_name: 'copy' })).status, 303);
      const backup = await fetch(`${sandbox.url}/web/database/backup`, {
        method: 'POST',
        body: new URLSearchParams({ master_pwd: MASTER, name: 'demo', backup_format: 'zip' }),
      });
      assert.equal(backup.status, 200);
      const zip = Buffer.from(await backup.arrayBuffer());
      // The upload is held half-way, while its file is on disk.
      const upload = streamedUpload(`${sandbox.url}/web/database/restore`, [
        { name: 'master_pwd', value: MASTER },
        { name: 'name', value: 'restored' },
        { name: 'backup_file', filename: 'demo.zip', content: zip },
      ]);
      await upload.sendUntil(Math.floor(zip.length / 2));
      let files: string[] = [];
      for (let attempt = 0; attempt < 200 && files.length === 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        files = fs.existsSync(uploadsDir(dataDir))
          ? allEntries(uploadsDir(dataDir)).filter((entry) => fs.statSync(entry).isFile() && fs.statSync(entry).size > 0)
          : [];
      }
      assert.equal(files.length, 1, 'the upload is being written');
      assert.deepEqual(openEntries(uploadsDir(dataDir)), [], 'the upload and its folders are owner-only');
      await upload.finish();
      assert.equal((await upload.answer).status, 303);
      assert.equal((await form(sandbox.url, 'change_password', { master_pwd: MASTER, master_pwd_new: MASTER })).status, 303);
      partners = await partnerCount(sandbox.url, 'restored');
      assert.ok(readServerInfo(dataDir), 'the server card is written');
      assert.deepEqual(
        openEntries(dataDir).filter((entry) => !entry.startsWith(`${dataDir} `)),
        [],
        'the data folder holds owner-only entries only',
      );
      if (namespace === null) {
        assert.ok(allEntries(databasesDir(dataDir)).length > 1000, 'the PGlite databases are there');
        // A template is about 630 files and folders (initdb's template0 and template1 are dropped from it).
        assert.ok(allEntries(cacheDir).length > 500, 'the templates were built in this cache');
        assert.deepEqual(openEntries(cacheDir), [], 'the templates are owner-only');
      }
      assert.deepEqual(
        sandbox.stderr.filter((line) => /Warning/.test(line)),
        [],
        'nothing needed repairing',
      );
    } finally {
      assert.equal(await sandbox.stop(), 0);
    }
  });

  it('makes owner-only at start what was left readable and writable, and the data is intact', async () => {
    const opened = [...allEntries(dataDir), ...(namespace === null ? allEntries(cacheDir) : [])];
    for (const entry of opened) fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o777 : 0o666);
    const sandbox = await startSandboxCommand();
    try {
      const warning = sandbox.stderr.find((line) => line.startsWith('Warning:')) ?? '';
      assert.match(
        warning,
        new RegExp(
          `^Warning: ${opened.length} of the sandbox's files and folders were readable or writable by other users; they are now owner-only:`,
        ),
      );
      assert.deepEqual(
        openEntries(dataDir).filter((entry) => !entry.startsWith(`${dataDir} `)),
        [],
      );
      assert.deepEqual(openEntries(cacheDir), []);
      assert.equal(await partnerCount(sandbox.url, 'restored'), partners, 'the restored database still answers with its records');
    } finally {
      assert.equal(await sandbox.stop(), 0);
    }
  });

  it('refuses to start on files of another user, changing nothing', async () => {
    const target = path.join(dataDir, 'config.json');
    fs.chmodSync(target, 0o644);
    const otherUser = (process.getuid?.() ?? 0) + 1;
    assert.throws(
      () => makeTreePrivate(dataDir, otherUser),
      (error: unknown) => error instanceof ForeignFilesError && /belong to another user/.test(error.message),
    );
    assert.equal(fs.statSync(target).mode & 0o777, 0o644, 'nothing was changed');
    if (process.getuid?.() === 0) {
      // As root the file can really be given to another user: the command refuses to start and says why.
      fs.chownSync(target, 65534, 65534);
      const stderr: string[] = [];
      const code = await runSandboxCommand(['--data', dataDir, '--port', '0', ...backend.args], {
        out: () => undefined,
        err: (line) => {
          stderr.push(line);
        },
      });
      assert.equal(code, 1);
      assert.match(
        stderr.join('\n'),
        new RegExp(`json2 sandbox: ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} belongs to another user`),
      );
      assert.equal(fs.statSync(target).mode & 0o777, 0o644, 'nothing was changed');
      fs.chownSync(target, 0, 0);
    }
    fs.chmodSync(target, 0o600);
    const sandbox = await startSandboxCommand();
    assert.equal(await partnerCount(sandbox.url, 'restored'), partners, 'the sandbox starts again once the files are its own');
    assert.equal(await sandbox.stop(), 0);
  });
});
