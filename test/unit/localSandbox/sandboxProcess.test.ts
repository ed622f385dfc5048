// The sandbox as the extension runs it: a forked `json2 sandbox --json` (here the sandbox's transpiled command behind a
// stand-in for dist/cli.js) with its allocator settings, ready with its address and first key, more keys from `json2
// sandbox key`, clear errors for a busy port and an unusable or busy data folder, and a stop that leaves no process.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  issueSandboxKey,
  SANDBOX_ALLOCATOR_ENV,
  SandboxStartError,
  startSandboxProcess,
} from '../../../src/core/localSandbox/sandboxProcess';
import { userCacheDir } from '../../../src/sandbox/storage/sandboxPaths';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-sandbox-process-test-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

// What dist/cli.js does for `json2 sandbox ...`, on the transpiled sources (the bundles may not be built).
const cliPath = path.join(scratch, 'cli.js');
fs.writeFileSync(
  cliPath,
  `const argv = process.argv.slice(2);
if (argv[0] !== 'sandbox') { console.error('json2: unknown command'); process.exit(2); }
require(${JSON.stringify(require.resolve('../../../src/sandbox/sandboxCommand'))}).runSandboxCommand(argv.slice(1)).then(
  (code) => { process.exitCode = code; },
  (error) => { console.error('json2: ' + error.message); process.exitCode = 1; });
`,
);
// The templates are shared with the other tests (building one costs seconds and memory); each test has its data folder.
const cacheDir = userCacheDir();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function contextUid(url: string, key: string): Promise<number | undefined> {
  const answer = await fetch(`${url}/json/2/res.users/context_get`, {
    method: 'POST',
    headers: { Authorization: `bearer ${key}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return answer.ok ? ((await answer.json()) as { uid: number }).uid : undefined;
}

function rejectsWith(kind: string, pattern: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof SandboxStartError, String(error));
    assert.equal(error.kind, kind, error.message);
    assert.match(error.message, pattern);
    return true;
  };
}

describe('the sandbox as a child process', () => {
  it('starts ready with its first key, makes more keys, refuses a busy port and a busy or unusable data folder, and stops', async () => {
    const dataDir = path.join(scratch, 'data');
    const lines: string[] = [];
    const sandbox = await startSandboxProcess({ cliPath, dataDir, cacheDir, port: 0, onLog: (line) => lines.push(line) });
    try {
      assert.match(sandbox.ready.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.deepEqual(sandbox.ready.databases, ['demo']);
      assert.equal(sandbox.ready.dataDir, dataDir);
      const first = sandbox.ready.apiKey?.key as string;
      assert.equal(await contextUid(sandbox.ready.url, first), 2);
      assert.ok(alive(sandbox.pid));
      assert.ok(
        lines.some((line) => /Creating the demo database/.test(line)),
        lines.join('\n'),
      );
      assert.ok(!lines.some((line) => line.includes(first)), 'the key never reaches the log');
      if (process.platform === 'linux') {
        const environment = fs.readFileSync(`/proc/${sandbox.pid}/environ`, 'utf8').split('\0');
        for (const [name, value] of Object.entries(SANDBOX_ALLOCATOR_ENV))
          assert.ok(environment.includes(`${name}=${value}`), `the sandbox's process has ${name}=${value}`);
      }

      const more = await issueSandboxKey({ cliPath, dataDir, cacheDir, login: 'admin', days: 90, name: 'unit test' });
      assert.notEqual(more, first);
      assert.equal(await contextUid(sandbox.ready.url, more), 2);

      const port = Number(new URL(sandbox.ready.url).port);
      await assert.rejects(
        startSandboxProcess({ cliPath, dataDir: path.join(scratch, 'other'), cacheDir, port, onLog: () => undefined }),
        rejectsWith('port', new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`)),
      );
      await assert.rejects(
        startSandboxProcess({ cliPath, dataDir, cacheDir, port: 0, onLog: () => undefined }),
        rejectsWith('dataFolder', /data folder .* is in use by another sandbox \(pid \d+\)/),
      );
    } finally {
      await sandbox.stop();
    }
    assert.equal(await sandbox.exited, 0, 'a clean stop');
    assert.equal(alive(sandbox.pid), false, 'no process is left');
    await assert.rejects(fetch(`${sandbox.ready.url}/web/version`));
    assert.equal(fs.existsSync(path.join(dataDir, 'server.json')), false);
  });

  it("says when the data folder cannot be made, and when the port is not this machine's to take", async () => {
    const blocker = path.join(scratch, 'a-file');
    fs.writeFileSync(blocker, '');
    await assert.rejects(
      startSandboxProcess({ cliPath, dataDir: path.join(blocker, 'data'), cacheDir, port: 0, onLog: () => undefined }),
      rejectsWith('dataFolder', /ENOTDIR|EEXIST/),
    );
    const held = net.createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', () => resolve()));
    const port = (held.address() as AddressInfo).port;
    try {
      await assert.rejects(
        startSandboxProcess({ cliPath, dataDir: path.join(scratch, 'held'), cacheDir, port, onLog: () => undefined }),
        rejectsWith('port', /already in use/),
      );
    } finally {
      held.close();
    }
  });
});
