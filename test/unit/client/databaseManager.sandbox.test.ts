// DatabaseManagerClient against the sandbox's /web/database/* controllers: a whole round trip (list, create, duplicate,
// backup zip and dump streamed to files, drop, restore streamed, change password), a wrong master password as a typed
// error carrying the page's sentence, and the memory a backup and a restore of a large database take in the client.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ClientUsageError } from '../../../src/core/client/clientErrors';
import { DatabaseManagerClient } from '../../../src/core/client/databaseManagerClient';
import { Json2Client } from '../../../src/core/client/json2Client';
import { LegacyRpcClient } from '../../../src/core/client/legacyRpcClient';
import { DatabaseManagerError } from '../../../src/core/client/managerAnswer';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { assertNoSecretIn } from './secretLeakCheck';

const NEW_ADMIN_PASSWORD = 'Boss-pa55word!';

describe('DatabaseManagerClient against the sandbox', () => {
  let sandbox: StartedSandbox;
  let dir: string;
  let manager: DatabaseManagerClient;
  const closing: Array<{ close(): Promise<void> }> = [];

  /** The user id of `login` in `database`, through the common service (proves the database is usable). */
  async function loginIn(database: string, login: string, password: string): Promise<number> {
    const client = new LegacyRpcClient({ baseUrl: sandbox.url, protocol: 'jsonrpc', database, login, password });
    closing.push(client);
    return client.loginUser();
  }

  before(async () => {
    sandbox = await startSandbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-manager-'));
    manager = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: sandbox.masterPassword });
    closing.push(manager);
  });
  after(async () => {
    await Promise.all(closing.map((client) => client.close()));
    await sandbox?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('list needs no master password; the other actions refuse to send without one', async () => {
    const keyless = new DatabaseManagerClient({ baseUrl: sandbox.url });
    closing.push(keyless);
    assert.deepEqual(await keyless.list(), [sandbox.database]);
    await assert.rejects(keyless.drop(sandbox.database), ClientUsageError);
    assert.deepEqual(await keyless.list(), [sandbox.database]);
  });

  test('create, duplicate, back up (zip and dump), drop and restore, each checked on the server', async () => {
    await manager.create({ name: 'created', login: 'boss', password: NEW_ADMIN_PASSWORD, lang: 'en_US' });
    assert.deepEqual((await manager.list()).sort(), ['created', sandbox.database].sort());
    const bossId = await loginIn('created', 'boss', NEW_ADMIN_PASSWORD);
    assert.ok(Number.isInteger(bossId));

    await manager.duplicate('created', 'copied');
    assert.ok((await manager.list()).includes('copied'));
    assert.equal(await loginIn('copied', 'boss', NEW_ADMIN_PASSWORD), bossId);

    const zipFile = path.join(dir, 'created.zip');
    const progress: number[] = [];
    const zip = await manager.backup('created', zipFile, { format: 'zip', onProgress: (done) => progress.push(done) });
    assert.equal(fs.statSync(zipFile).size, zip.bytes);
    assert.equal(fs.readFileSync(zipFile).subarray(0, 2).toString(), 'PK');
    assert.match(zip.serverFileName ?? '', /^created_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.zip$/);
    assert.equal(progress.at(-1), zip.bytes);
    const dumpFile = path.join(dir, 'created.dump');
    const dump = await manager.backup('created', dumpFile, { format: 'dump' });
    assert.match(dump.serverFileName ?? '', /\.dump$/);
    assert.ok(dump.bytes > 1000);

    await manager.drop('copied');
    assert.equal((await manager.list()).includes('copied'), false);

    const uploaded: Array<[number, number | undefined]> = [];
    await manager.restore('restored', zipFile, { onProgress: (done, total) => uploaded.push([done, total]) });
    const [sent, total] = uploaded.at(-1) ?? [0, 0];
    assert.equal(sent, total, 'the whole multipart body went out');
    assert.ok((total ?? 0) > zip.bytes, 'the body holds the file and the form fields');
    await manager.restore('restored_dump', dumpFile, { copy: true });
    for (const database of ['restored', 'restored_dump']) {
      assert.ok((await manager.list()).includes(database));
      assert.equal(await loginIn(database, 'boss', NEW_ADMIN_PASSWORD), bossId);
    }
    for (const database of ['created', 'restored', 'restored_dump']) await manager.drop(database);
    assert.deepEqual(await manager.list(), [sandbox.database]);
  });

  test("refusals carry the manager page's sentence as typed errors, without any secret", async () => {
    const wrongMaster = 'not-the-Master-pw-9';
    const wrong = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: wrongMaster });
    closing.push(wrong);
    const refusals: Array<[() => Promise<unknown>, RegExp]> = [
      [() => wrong.create({ name: 'never', login: 'x', password: NEW_ADMIN_PASSWORD }), /^Database creation error: /],
      [() => wrong.duplicate(sandbox.database, 'never'), /^Database duplication error: /],
      [() => wrong.drop(sandbox.database), /^Database deletion error: /],
      [() => wrong.backup(sandbox.database, path.join(dir, 'never.zip')), /^Database backup error: /],
      [() => wrong.changePassword('whatever-New-1'), /^Master password update error: /],
    ];
    for (const [run, sentence] of refusals) {
      const error = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof DatabaseManagerError, String(error));
      assert.equal(error.kind, 'auth');
      assert.match(error.sentence, sentence);
      assert.match(error.sentence, /Access Denied/i);
      assertNoSecretIn(error, [wrongMaster, sandbox.masterPassword, NEW_ADMIN_PASSWORD, 'whatever-New-1']);
    }
    assert.equal(fs.existsSync(path.join(dir, 'never.zip')), false);
    assert.equal(fs.existsSync(path.join(dir, 'never.zip.part')), false);
    // Five wrong master passwords put this address on cooldown for 60 s (docs/sandbox.md, "Login throttling").
    sandbox.clock.advance(61_000);
    const exists = await manager.create({ name: sandbox.database, login: 'x', password: NEW_ADMIN_PASSWORD }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(exists instanceof DatabaseManagerError && exists.kind === 'validation', String(exists));
    assert.match(exists.sentence, /^Database creation error: .*demo/);
    assertNoSecretIn(exists, [sandbox.masterPassword, NEW_ADMIN_PASSWORD]);
    assert.deepEqual(await manager.list(), [sandbox.database]);
  });

  test('change password: the new one works, the old one is refused', async () => {
    const newMaster = 'a-New-master-Pw-2';
    await manager.changePassword(newMaster);
    const renewed = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: newMaster });
    closing.push(renewed);
    const refused = await manager.duplicate(sandbox.database, 'never').then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(refused instanceof DatabaseManagerError && refused.kind === 'auth', String(refused));
    assertNoSecretIn(refused, [newMaster, sandbox.masterPassword]);
    await renewed.duplicate(sandbox.database, 'with_new_password');
    await renewed.drop('with_new_password');
    await renewed.changePassword(sandbox.masterPassword);
    assert.deepEqual(await manager.list(), [sandbox.database]);
  });

  test('a backup and a restore of a large database stream with bounded memory in the client', async (t) => {
    // Grow a copy of the demo database to about 48 MiB of text, through JSON-2.
    const renewedManager = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: sandbox.masterPassword });
    closing.push(renewedManager);
    await renewedManager.duplicate(sandbox.database, 'large');
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: 'large' });
    closing.push(client);
    // Random text, so that the zip is as large as the dump (compressible text would make a small backup).
    for (let batch = 0; batch < 48; batch += 1) {
      await client.call('res.partner', 'create', {
        vals_list: Array.from({ length: 32 }, (_, i) => ({
          name: `large ${batch}-${i}`,
          comment: randomBytes(24 * 1024).toString('base64'),
        })),
      });
    }
    const file = path.join(dir, 'large.zip');
    const backup = await measureInChild('backup', { url: sandbox.url, master: sandbox.masterPassword, database: 'large', file });
    const restore = await measureInChild('restore', { url: sandbox.url, master: sandbox.masterPassword, database: 'large_restored', file });
    assert.equal(backup.bytes, fs.statSync(file).size);
    assert.ok(backup.bytes > 32 * 2 ** 20, `the zip holds the text: ${backup.bytes} bytes`);
    const dumpFile = path.join(dir, 'large.dump');
    const dump = await measureInChild('backup', {
      url: sandbox.url,
      master: sandbox.masterPassword,
      database: 'large',
      file: dumpFile,
      format: 'dump',
    });
    assert.ok(dump.bytes > 40 * 2 ** 20, `the dump holds the text: ${dump.bytes} bytes`);
    for (const [label, measured] of [
      ['backup (zip)', backup],
      ['backup (dump)', dump],
      ['restore (zip)', restore],
    ] as const) {
      t.diagnostic(
        `${label} of ${mib(measured.bytes)}: client holds at most ${mib(measured.held)}; peak RSS ${mib(measured.peakRss)} (+${mib(measured.peakRss - measured.baselineRss)} with garbage)`,
      );
      assert.ok(measured.held < 8 * 2 ** 20, `${label}: the client held ${mib(measured.held)} for a ${mib(measured.bytes)} file`);
    }
    const restored = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: 'large_restored' });
    closing.push(restored);
    assert.equal(await restored.call('res.partner', 'search_count', { domain: [['name', '=like', 'large %']] }), 48 * 32);
    for (const database of ['large', 'large_restored']) await renewedManager.drop(database);
  });
});

interface Measured {
  bytes: number;
  peakRss: number;
  baselineRss: number;
  held: number;
}

/** Runs a backup or a restore in a child process (the sandbox stays here) and returns the child's memory figures. */
async function measureInChild(
  action: 'backup' | 'restore',
  input: { url: string; master: string; database: string; file: string; format?: string },
): Promise<Measured> {
  const modulePath = path.resolve(__dirname, '../../../src/core/client/databaseManagerClient.js');
  // The child chooses its HTTP pool as every unit test process does (JSON2_TEST_HTTP_POOL, undici by default).
  const choosePool = path.resolve(__dirname, '../../support/chooseTestHttpPool.js');
  const script = `
    require(${JSON.stringify(choosePool)});
    const { DatabaseManagerClient } = require(${JSON.stringify(modulePath)});
    const fs = require('node:fs');
    const input = JSON.parse(process.env.JSON2_MEASURE_INPUT);
    const status = (field) => Number(new RegExp(field + ':\\\\s+(\\\\d+) kB').exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
    (async () => {
      const client = new DatabaseManagerClient({ baseUrl: input.url, masterPassword: input.master });
      global.gc();
      const baselineRss = status('VmRSS');
      const baselineHeld = process.memoryUsage().heapUsed + process.memoryUsage().external;
      // What the client holds: heap and buffers right after a collection, every 50 ms. The child runs with
      // --single-threaded-gc, so the collection has freed every dead buffer when it returns; with V8's concurrent
      // sweeping the figure also counted garbage not yet swept, which grew with the machine's load.
      let held = 0;
      const sampler = setInterval(() => { global.gc(); const usage = process.memoryUsage(); held = Math.max(held, usage.heapUsed + usage.external - baselineHeld); }, 50);
      let bytes = 0;
      if (${JSON.stringify(action)} === 'backup') bytes = (await client.backup(input.database, input.file, { format: input.format || 'zip' })).bytes;
      else { await client.restore(input.database, input.file); bytes = fs.statSync(input.file).size; }
      clearInterval(sampler);
      await client.close();
      // VmHWM is this process's own peak; getrusage's maxRSS would include the parent's from before exec.
      process.stdout.write(JSON.stringify({ bytes, baselineRss, peakRss: status('VmHWM'), held }));
    })().catch((error) => { process.stderr.write(String(error && error.message)); process.exit(1); });`;
  // The master password travels in the child's environment, never on its command line.
  const child = spawn(process.execPath, ['--expose-gc', '--single-threaded-gc', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, JSON2_MEASURE_INPUT: JSON.stringify(input) },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, `the ${action} failed: ${err.split(input.master).join('<master>')}`);
  return JSON.parse(out) as Measured;
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}
