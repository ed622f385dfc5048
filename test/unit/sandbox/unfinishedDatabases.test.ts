// Issue 24, point 4: a database being restored is not listed and nobody logs in to it until it is complete; what a
// sandbox killed during a restore (or a copy) leaves is removed at its next start, with the leftovers of earlier
// versions (`<name>.restoring-<hex>`, `pgdata.partial-<hex>`), and nothing else is lost. The killed sandbox is a child
// process (`json2 sandbox` from the transpiled files). Runs on PGlite, and on PostgreSQL in the unit-postgres step.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { MASTER_PASSWORD_VARIABLE } from '../../../src/sandbox/command/masterPasswordSource';
import { databasesDir } from '../../../src/sandbox/storage/sandboxPaths';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { SandboxBrowser } from '../../support/sandboxBrowser';
import { streamedUpload } from '../../support/multipartUpload';
import { commandBackend, startCommand } from '../../support/sandboxCommandRun';
import { rawRequest } from '../../support/sandboxHttp';
import { storedDatabases, waitUntil } from '../../support/storedDatabases';

const MASTER = 'unfinished-Test-master-1';
let sandbox: StartedSandbox;
/** A backup of some tens of megabytes: its restore takes seconds. */
let bigBackup: Buffer;

async function rpc(
  url: string,
  service: string,
  method: string,
  args: unknown[],
): Promise<{ result?: unknown; error?: { data?: { name?: string; message?: string } } }> {
  const answer = await rawRequest(url, {
    path: '/jsonrpc',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { service, method, args } }),
  });
  return answer.json as { result?: unknown; error?: { data?: { name?: string; message?: string } } };
}

function restoreUpload(url: string, name: string): ReturnType<typeof streamedUpload> {
  const upload = streamedUpload(`${url}/web/database/restore`, [
    { name: 'master_pwd', value: MASTER },
    { name: 'name', value: name },
    { name: 'backup_file', filename: 'big.dump', content: bigBackup },
  ]);
  upload.answer.catch(() => undefined);
  return upload;
}

const unfinishedOf = (names: string[]) => names.filter((name) => name.startsWith('~restore-'));

before(async () => {
  sandbox = await startSandbox({ masterPassword: MASTER });
  await sandbox.server.catalog.use(sandbox.database, (storage) =>
    storage.query('CREATE TABLE bulk_payload AS SELECT g AS id, repeat(md5(g::text), 32) AS payload FROM generate_series(1, 30000) AS g'),
  );
  bigBackup = Buffer.from((await rpc(sandbox.url, 'db', 'dump', [MASTER, sandbox.database, 'dump'])).result as string, 'base64');
  await sandbox.server.catalog.use(sandbox.database, (storage) => storage.query('DROP TABLE bulk_payload'));
});
after(async () => {
  await sandbox?.stop();
});

describe('a restore in progress (issue 24, point 4)', () => {
  it('is not listed and nobody logs in to it until it is complete', async () => {
    const upload = restoreUpload(sandbox.url, 'incoming');
    await upload.finish();
    assert.ok(await waitUntil(async () => unfinishedOf(await storedDatabases(sandbox)).length === 1), 'the restore has begun');
    const [unfinished] = unfinishedOf(await storedDatabases(sandbox));
    assert.deepEqual((await rpc(sandbox.url, 'db', 'list', [])).result, [sandbox.database]);
    assert.equal((await rpc(sandbox.url, 'db', 'db_exist', [unfinished])).result, false);
    const listed = await rawRequest(sandbox.url, {
      path: '/web/database/list',
      headers: { 'Content-Type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"params":{}}',
    });
    assert.deepEqual((listed.json as { result: string[] }).result, [sandbox.database]);
    const manager = await rawRequest(sandbox.url, { method: 'GET', path: '/web/database/manager' });
    assert.doesNotMatch(manager.text, /~restore-/);
    const login = await rpc(sandbox.url, 'common', 'login', [unfinished, 'admin', 'admin']);
    assert.equal(login.result, undefined, 'the demo password of its template does not log in');
    assert.match(login.error?.data?.message ?? '', /does not exist/);
    const search = await rpc(sandbox.url, 'object', 'execute_kw', [unfinished, 2, 'admin', 'res.partner', 'search_count', [[]]]);
    assert.equal(search.result, undefined);
    const browser = new SandboxBrowser(sandbox.url);
    await browser.get('/web/login');
    const web = await browser.post('/web/login', { db: unfinished, login: 'admin', password: 'admin' });
    assert.equal(web.status, 200);
    assert.match(web.text, /Wrong login\/password/);
    const json2 = await rawRequest(sandbox.url, {
      path: '/json/2/res.partner/search_count',
      headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}`, 'X-Service-Database': unfinished },
      body: '{}',
    });
    assert.equal(json2.status, 404, json2.text);
    assert.equal((await upload.answer).status, 303);
    assert.deepEqual((await rpc(sandbox.url, 'db', 'list', [])).result, [sandbox.database, 'incoming']);
    assert.deepEqual(await storedDatabases(sandbox), [sandbox.database, 'incoming'], 'nothing else is left');
    await sandbox.server.catalog.dropDatabase('incoming');
  });
});

describe('what a killed sandbox left (issue 24, point 4)', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-unfinished-test-'));
  const dataDir = path.join(scratch, 'data');
  const backend = commandBackend();
  const { namespace } = backend;
  const stored = () => storedDatabases({ dataDir, postgresNamespace: namespace });
  let child: ChildProcess | null = null;
  after(async () => {
    child?.kill('SIGKILL');
    fs.rmSync(scratch, { recursive: true, force: true });
    await backend.drop();
  });

  /** Starts `json2 sandbox` in a child process; resolves with its URL. */
  async function startChild(): Promise<string> {
    const command = path.resolve(__dirname, '../../../src/sandbox/sandboxCommand.js');
    const script = `require(${JSON.stringify(command)}).runSandboxCommand(process.argv.slice(1)).then((code) => process.exit(code))`;
    child = spawn(process.execPath, ['-e', script, '--', '--data', dataDir, '--port', '0', ...backend.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, [MASTER_PASSWORD_VARIABLE]: MASTER },
    });
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    child.stderr?.resume();
    return new Promise((resolve, reject) => {
      child?.once('exit', (code) => reject(new Error(`json2 sandbox ended with ${code}`)));
      lines.on('line', (line) => {
        const url = /running at (\S+)/.exec(line)?.[1];
        if (url) resolve(url);
      });
    });
  }

  /**
   * What a PGlite copy killed half-way leaves (`~copy-<hex>/`), and the leftovers of earlier versions: a restore's
   * listed temporary database, a PGlite copy's partial folder inside its target's.
   */
  async function plantOtherLeftovers(): Promise<string[]> {
    if (namespace === null) {
      const root = databasesDir(dataDir);
      fs.cpSync(path.join(root, 'demo', 'pgdata', 'base'), path.join(root, '~copy-0123456789ab', 'pgdata', 'base'), { recursive: true });
      fs.cpSync(path.join(root, 'demo'), path.join(root, 'old.restoring-a1b2c3'), { recursive: true });
      fs.cpSync(path.join(root, 'demo', 'pgdata'), path.join(root, 'copied', 'pgdata.partial-0a1b2c3d'), { recursive: true });
      return ['copied/pgdata.partial-0a1b2c3d', '~copy-0123456789ab', 'old.restoring-a1b2c3'];
    }
    const client = new pg.Client({ connectionString: namespace.url });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${namespace.prefix}old.restoring-a1b2c3" TEMPLATE "${namespace.prefix}demo"`);
    } finally {
      await client.end();
    }
    return ['old.restoring-a1b2c3'];
  }

  it("removes at the next start the database of a restore killed half-way, a copy's folder, and the leftovers of earlier versions", async () => {
    const url = await startChild();
    const partners = (await rpc(url, 'object', 'execute_kw', ['demo', 2, 'admin', 'res.partner', 'search_count', [[]]])).result;
    assert.equal(typeof partners, 'number');
    const upload = restoreUpload(url, 'incoming');
    await upload.finish();
    assert.ok(await waitUntil(async () => unfinishedOf(await stored()).length === 1), 'the restore has begun');
    child?.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = null;
    const [killed] = unfinishedOf(await stored());
    assert.ok(killed, 'the killed restore left its database');
    const earlier = await plantOtherLeftovers();

    const again = await startCommand(['--data', dataDir, '--port', '0', ...backend.args]);
    try {
      const line = again.stderr.find((text) => text.startsWith('Removed ')) ?? '';
      assert.match(
        line,
        new RegExp(`^Removed ${1 + earlier.length} unfinished databases left by a sandbox stopped while restoring or copying: `),
      );
      for (const name of [killed, ...earlier]) assert.ok(line.includes(name), `${name} is named in: ${line}`);
      assert.deepEqual(await stored(), ['demo'], 'only the demo database is left');
      assert.deepEqual((await rpc(again.url, 'db', 'list', [])).result, ['demo']);
      assert.equal(
        (await rpc(again.url, 'object', 'execute_kw', ['demo', 2, 'admin', 'res.partner', 'search_count', [[]]])).result,
        partners,
        'the demo database is intact and answers',
      );
    } finally {
      assert.equal(await again.stop(), 0);
    }
  });
});
