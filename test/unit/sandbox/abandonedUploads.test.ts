// Upload folders left by a sandbox killed during a restore: a later start removes those whose process is gone and
// keeps those of a process still running (another sandbox on the same data folder, or this one).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { removeAbandonedUploads, uploadFolderPrefix } from '../../../src/sandbox/databaseManager/abandonedUploads';
import { SandboxServer } from '../../../src/sandbox/sandboxServer';
import { uploadsDir } from '../../../src/sandbox/storage/sandboxPaths';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-uploads-test-'));
const running: Array<ReturnType<typeof spawn>> = [];
after(() => {
  for (const child of running) child.kill();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The id of a process that has already ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  assert.ok(child.pid);
  return child.pid;
}

/** The id of a process that runs until the tests end. */
function livePid(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  running.push(child);
  assert.ok(child.pid);
  return child.pid;
}

/** Makes `upload-<pid>-<suffix>/upload` with some bytes, as a restore in progress has. */
function uploadFolder(dir: string, pid: number, suffix: string): string {
  const name = `upload-${pid}-${suffix}`;
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, 'upload'), Buffer.alloc(4096, 1));
  return name;
}

describe('abandoned restore uploads', () => {
  it("removes the folders of ended processes only, and names this process's folders after it", async () => {
    const dir = path.join(scratch, 'uploads');
    const dead = uploadFolder(dir, await endedPid(), 'aB3dE9');
    const live = uploadFolder(dir, livePid(), 'x7YzQ1');
    const own = uploadFolder(dir, process.pid, 'kL0mN2');
    fs.mkdirSync(path.join(dir, 'not-an-upload'));
    assert.deepEqual(await removeAbandonedUploads(dir), [dead]);
    assert.deepEqual(fs.readdirSync(dir).sort(), [live, own, 'not-an-upload'].sort());
    assert.equal(uploadFolderPrefix(), `upload-${process.pid}-`);
    assert.deepEqual(await removeAbandonedUploads(path.join(scratch, 'no-such-folder')), []);
  });

  it('a sandbox starting on a data folder clears the uploads of a killed one', async () => {
    const dataDir = path.join(scratch, 'data');
    const dir = uploadsDir(dataDir);
    const dead = uploadFolder(dir, await endedPid(), 'Qw3rTy');
    const live = uploadFolder(dir, livePid(), 'As4dFg');
    const server = await SandboxServer.start({ dataDir, port: 0, masterPassword: 'uploads-Test-master-1', hashCost: 4 });
    try {
      assert.equal(server.uploadsDir, dir);
      assert.deepEqual(fs.readdirSync(dir), [live], `${dead} removed, ${live} kept`);
    } finally {
      await server.stop();
    }
  });
});
