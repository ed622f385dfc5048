// Database names, backup file names, the master password's secret key per server origin, and transfer progress steps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  backupFileName,
  databaseNameFromBackup,
  masterPasswordSecretKey,
  newDatabaseNameProblem,
} from '../../../src/core/databases/databaseNames';
import { formatBytes, TransferProgress } from '../../../src/core/databases/transferProgress';

test("a new database name: the manager's characters, at most 63, not taken (whatever the case)", () => {
  assert.equal(newDatabaseNameProblem('demo_copy-2.test', ['demo']), undefined);
  assert.match(newDatabaseNameProblem('Demo', ['demo']) ?? '', /already has a database named "Demo"/);
  assert.match(newDatabaseNameProblem('_x', []) ?? '', /starting with a letter or a digit/);
  assert.match(newDatabaseNameProblem('a b', []) ?? '', /letters, digits/);
  assert.match(newDatabaseNameProblem('x'.repeat(64), []) ?? '', /63/);
  assert.match(newDatabaseNameProblem('  ', []) ?? '', /Type a name/);
});

test('backup file names carry the UTC time as the server names them; a restore suggests the name back', () => {
  const name = backupFileName('demo', 'zip', new Date('2026-11-22T07:30:05.123Z'));
  assert.equal(name, 'demo_2026-11-22_07-30-05.zip');
  assert.equal(databaseNameFromBackup(`/tmp/backups/${name}`), 'demo');
  assert.equal(databaseNameFromBackup('C:\\saves\\my base.dump'), 'my_base');
  assert.equal(databaseNameFromBackup('---.zip'), 'restored');
});

test('the master password is kept per server origin, whatever the path or connection', () => {
  assert.equal(masterPasswordSecretKey('https://erp.example.com/odoo'), 'json2.masterPassword/https://erp.example.com');
  assert.equal(masterPasswordSecretKey('http://127.0.0.1:8069'), masterPasswordSecretKey('http://127.0.0.1:8069/'));
  assert.notEqual(masterPasswordSecretKey('http://127.0.0.1:8069'), masterPasswordSecretKey('http://127.0.0.1:8070'));
});

test('transfer progress: readable sizes, increments adding up to 100, throttled except for the last step', () => {
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(28_151), '27.5 KB');
  assert.equal(formatBytes(3.4 * 1024 ** 3), '3.40 GB');
  let clock = 0;
  const progress = new TransferProgress(100, () => clock);
  const steps = [];
  for (const done of [100, 200, 500, 900, 1000]) {
    clock += 60;
    const step = progress.update(done, 1000);
    if (step) steps.push(step);
  }
  assert.deepEqual(
    steps.map((s) => s.message),
    ['100 B of 1000 B', '500 B of 1000 B', '1000 B of 1000 B'],
  );
  assert.equal(Math.round(steps.reduce((sum, s) => sum + s.increment, 0)), 100);
  assert.deepEqual(new TransferProgress(0).update(2048, undefined), { message: '2.0 KB', increment: 0 });
});
