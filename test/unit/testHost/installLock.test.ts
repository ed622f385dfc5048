// The test host's install lock (test/host/installLock.mjs): processes started together install one at a time, a lock
// whose owner has died is taken over, and a lock held too long ends in a clear error.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';

const lockModule = pathToFileURL(path.resolve(__dirname, '../../../../test/host/installLock.mjs')).href;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-install-lock-test-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A node process that takes the lock, notes its entry and exit in `journal`, and holds the lock `holdMs` between. */
function holder(lockDir: string, journal: string, holdMs: number, timeoutMs = 60_000): Promise<{ code: number | null; stderr: string }> {
  const script = `
    import fs from 'node:fs';
    import { withInstallLock } from ${JSON.stringify(lockModule)};
    withInstallLock(${JSON.stringify(lockDir)}, () => {
      fs.appendFileSync(${JSON.stringify(journal)}, 'enter ' + process.pid + ' ' + Date.now() + '\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${holdMs});
      fs.appendFileSync(${JSON.stringify(journal)}, 'exit ' + process.pid + ' ' + Date.now() + '\\n');
    }, { timeoutMs: ${timeoutMs} });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('test host install lock', () => {
  it('lets processes started together hold it one at a time', async () => {
    const lockDir = path.join(scratch, 'together', '.install-lock');
    const journal = path.join(scratch, 'together.log');
    const results = await Promise.all([holder(lockDir, journal, 300), holder(lockDir, journal, 300), holder(lockDir, journal, 300)]);
    assert.deepEqual(
      results.map((result) => result.code),
      [0, 0, 0],
      results.map((result) => result.stderr).join('\n'),
    );
    const lines = fs.readFileSync(journal, 'utf8').trim().split('\n');
    assert.equal(lines.length, 6);
    // Entries and exits alternate, each exit by the process that entered just before: no two holds overlapped.
    for (let index = 0; index < lines.length; index += 2) {
      const [enter, enterPid] = lines[index].split(' ');
      const [exit, exitPid] = lines[index + 1].split(' ');
      assert.deepEqual([enter, exit, exitPid], ['enter', 'exit', enterPid], lines.join('\n'));
    }
    assert.equal(fs.existsSync(lockDir), false, 'the last holder removed the lock');
  });

  it('takes over a lock whose owner has died', async () => {
    const lockDir = path.join(scratch, 'stale', '.install-lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.mkdirSync(lockDir, { recursive: true });
    fs.writeFileSync(path.join(lockDir, 'pid'), dead.stdout);
    const journal = path.join(scratch, 'stale.log');
    const result = await holder(lockDir, journal, 10, 5_000);
    assert.equal(result.code, 0, result.stderr);
    assert.match(fs.readFileSync(journal, 'utf8'), /^enter \d+ \d+\nexit /);
  });

  it('gives up with a clear error when a live owner holds it too long', async () => {
    const lockDir = path.join(scratch, 'held', '.install-lock');
    fs.mkdirSync(lockDir, { recursive: true });
    fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
    const journal = path.join(scratch, 'held.log');
    const result = await holder(lockDir, journal, 10, 1_000);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /another process has held .*\.install-lock for/);
    assert.equal(fs.existsSync(journal), false, 'the work never ran');
    assert.equal(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'), String(process.pid), "the owner's lock is left alone");
  });
});
