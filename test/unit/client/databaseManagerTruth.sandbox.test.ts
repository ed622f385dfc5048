// The database manager's answers checked against the truth: dropping a database that does not exist is refused (the
// manager's answer does not tell), and a backup's progress listener is told a reader's worth of times, not per chunk.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DatabaseManagerClient } from '../../../src/core/client/databaseManagerClient';
import { Json2Client } from '../../../src/core/client/json2Client';
import { DatabaseManagerError } from '../../../src/core/client/managerAnswer';
import { MIN_STEP_BYTES, REPORT_INTERVAL_MS, throttledProgress } from '../../../src/core/client/transferThrottle';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

describe('the database manager, checked against the truth', () => {
  let sandbox: StartedSandbox;
  let manager: DatabaseManagerClient;
  let dir: string;
  const log: string[] = [];
  const closing: Array<{ close(): Promise<void> }> = [];

  before(async () => {
    sandbox = await startSandbox({ log: (line) => log.push(line) });
    manager = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: sandbox.masterPassword });
    closing.push(manager);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-manager-truth-'));
  });
  after(async () => {
    await Promise.all(closing.map((client) => client.close()));
    await sandbox?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('dropping a database that does not exist is refused before sending, naming the ones that do', async () => {
    const sent = log.length;
    await assert.rejects(manager.drop('no_such_database'), (error: unknown) => {
      assert.ok(error instanceof DatabaseManagerError);
      assert.equal(
        error.message,
        `Database deletion: there is no database "no_such_database" on this server (it has: ${sandbox.database}); nothing was dropped.`,
      );
      return true;
    });
    assert.ok(!log.slice(sent).some((line) => line.includes('/web/database/drop')), 'no drop was sent');
    await manager.duplicate(sandbox.database, 'to_drop');
    await manager.drop('to_drop');
    assert.deepEqual(await manager.list(), [sandbox.database], 'an existing database is dropped, and that is checked');
  });

  test('a backup of several MB tells its listener every 1 % or 256 KiB or quarter second, and the end', async () => {
    await manager.duplicate(sandbox.database, 'bulky');
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: 'bulky' });
    closing.push(client);
    // Random text, so that the zip stays large (about 4.6 MiB).
    for (let batch = 0; batch < 8; batch += 1)
      await client.call('res.partner', 'create', {
        vals_list: Array.from({ length: 32 }, (_, i) => ({
          name: `bulky ${batch}-${i}`,
          comment: randomBytes(18 * 1024).toString('base64'),
        })),
      });
    const calls: Array<[number, number | undefined]> = [];
    const started = performance.now();
    const backup = await manager.backup('bulky', path.join(dir, 'bulky.zip'), { onProgress: (done, total) => calls.push([done, total]) });
    const elapsedMs = performance.now() - started;
    assert.ok(backup.bytes > 4 * 2 ** 20, `${backup.bytes} bytes`);
    assert.equal(calls.at(-1)?.[0], backup.bytes, 'the last call tells the whole size');
    assert.ok(
      calls.every(([done], index) => index === 0 || done > calls[index - 1][0]),
      'each call moved on',
    );
    const bound = Math.ceil(backup.bytes / MIN_STEP_BYTES) + Math.ceil(elapsedMs / REPORT_INTERVAL_MS) + 2;
    assert.ok(
      calls.length >= 2 && calls.length <= bound,
      `${calls.length} calls for ${backup.bytes} bytes in ${Math.round(elapsedMs)} ms (at most ${bound})`,
    );
    await manager.drop('bulky');
  });
});

test('throttledProgress: 46,521 chunks of a 12.6 MB backup in 2 s make some fifty calls', () => {
  let clock = 0;
  const total = 12_600_000;
  const chunks = 46_521;
  const calls: number[] = [];
  const progress = throttledProgress(
    (done) => calls.push(done),
    () => clock,
  );
  let done = 0;
  for (let chunk = 0; chunk < chunks; chunk += 1) {
    done = Math.round(((chunk + 1) * total) / chunks);
    clock = ((chunk + 1) * 2000) / chunks;
    progress.update(done, total);
  }
  progress.finish(done, total);
  assert.equal(calls.at(-1), total);
  // The first chunk, then one per 256 KiB (more than 1 % of 12.6 MB); time adds none: the chunks come faster than a quarter second.
  assert.equal(calls.length, 50, `${calls.length} calls`);
  // A slow transfer with an unknown total still moves every quarter second.
  const slow: number[] = [];
  clock = 0;
  const slowProgress = throttledProgress(
    (bytes) => slow.push(bytes),
    () => clock,
  );
  for (let second = 1; second <= 4; second += 1) {
    clock = second * 1000;
    slowProgress.update(second * 1000, undefined);
  }
  slowProgress.finish(4000, undefined);
  assert.deepEqual(slow, [1000, 2000, 3000, 4000]);
  assert.equal(calls[0], Math.round(total / chunks), 'the first chunk is told at once');
});
