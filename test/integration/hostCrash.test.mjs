// The integration launcher's report of an extension host that dies: a real code-server host, made to die by a signal
// from the test-only suite in test/integration/crash (JSON2_INTEGRATION_CRASH), must be reported as a failure that
// names the signal and the suite, with the evidence kept. Needs `node scripts/build.mjs --tests` and the VS Code host.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function launcher(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['test/integration/runIntegrationTests.mjs'], {
      cwd: root,
      env: { ...process.env, JSON2_INTEGRATION_GREP: '', JSON2_TEST_HOST: 'code-server', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Whether the kernel writes a core dump into the crashing process's folder once code-test raises `ulimit -c`. */
function coreDumpsHere() {
  const pattern = fs.readFileSync('/proc/sys/kernel/core_pattern', 'utf8').trim();
  const hardLimit = execFileSync('sh', ['-c', 'ulimit -H -c'], { encoding: 'utf8' }).trim();
  return /^core(\.%[a-z])*$/.test(pattern) && hardLimit !== '0';
}

test('a host killed by SIGSEGV fails the run with the signal, the suite and the evidence', { timeout: 600_000 }, async () => {
  const { code, output } = await launcher({ JSON2_INTEGRATION_CRASH: 'SIGSEGV' });
  const kept = /^\[integration\] kept (\S+)/m.exec(output)?.[1];
  try {
    assert.equal(code, 1, output);
    const failed = /^integration failed: (.+?) — (.*)$/m.exec(output);
    assert.ok(failed, `no "integration failed:" line in:\n${output}`);
    assert.equal(failed[1], 'the extension host crashed (SIGSEGV) during suite "Host crash: the dying suite"');
    assert.match(failed[2], /its last step: "before all" hook/);
    assert.match(failed[2], /code-server's log: \S+\/remoteagent\.log/);
    if (coreDumpsHere()) assert.match(failed[2], /evidence: core dump \S+\/crash\/core(\.\d+)? \(\d+ MiB\)/);
    // The test that ran before the crash still counts; the crash is the one failure.
    assert.match(output, /^integration: 1 passed, 1 failed$/m);
  } finally {
    if (kept && kept.startsWith('/tmp/json2-integration-')) fs.rmSync(kept, { recursive: true, force: true });
  }
});
