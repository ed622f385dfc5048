// Kills its own extension host with a native signal, so that the launcher's crash report is tested on a real host.
// Only runIntegrationTests.mjs with JSON2_INTEGRATION_CRASH set loads this folder (test/integration/hostCrash.test.mjs).
import * as assert from 'node:assert';

suite('Host crash (test only)', () => {
  test('a test passes before the crash', () => {
    assert.ok(process.pid > 0);
  });
});

suite('Host crash: the dying suite', () => {
  suiteSetup(() => {
    const signal = (process.env.JSON2_INTEGRATION_CRASH ?? 'SIGSEGV') as NodeJS.Signals;
    process.kill(process.pid, signal);
  });

  test('never runs: the host died in suiteSetup', () => {
    assert.fail('the extension host outlived the signal');
  });
});
