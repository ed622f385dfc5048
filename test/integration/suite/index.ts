// Entry point that the extension host loads (extensionTestsPath): runs every *.integration.test.js here with mocha.
// test/integration/untrusted has its own entry point on the same runner (a second host session, workspace untrusted).
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { chooseHttpPool } from '../../../src/core/http/httpPoolChoice';
import { createUndiciHttpPool } from '../../../src/core/http/undiciHttpPool';

interface Results {
  passed: string[];
  failed: { title: string; error: string }[];
  /** The suite, and the test or hook in it, that started last: what was running if the host died. */
  running: { suite: string; step: string };
  /** Set once mocha has ended; a results file without it means the host stopped mid-run. */
  finished: boolean;
}

export function run(): Promise<void> {
  return runSuitesIn(__dirname);
}

/** Runs the suite files of `folder` (narrowed by JSON2_INTEGRATION_GREP) and writes the results for the launcher. */
export async function runSuitesIn(folder: string): Promise<void> {
  // The launcher waits for this line to know that the host started the tests.
  console.log('JSON2_TESTS_STARTED');
  // The suites' own clients (transpiled core, not the extension's bundle) send as the extension does: through undici.
  chooseHttpPool('undici', createUndiciHttpPool);
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000 });
  // JSON2_INTEGRATION_GREP narrows the run to the suite files whose name contains it (while working on one feature).
  const only = process.env.JSON2_INTEGRATION_GREP ?? '';
  for (const file of fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.integration.test.js') && name.includes(only))
    .sort()) {
    mocha.addFile(path.join(folder, file));
  }
  const results: Results = { passed: [], failed: [], running: { suite: '', step: '' }, finished: false };
  // Written after every event, not only at the end, so that the launcher can say where a host that died stopped.
  const resultsFile = process.env.JSON2_TEST_RESULTS;
  const save = () => {
    if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));
  };
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('suite', (suite) => {
      if (suite.title) results.running = { suite: suite.fullTitle(), step: '' };
      save();
    });
    const started = (runnable: Mocha.Runnable) => {
      results.running = { suite: runnable.parent?.fullTitle() ?? '', step: runnable.title };
      save();
    };
    runner.on('hook', started);
    runner.on('test', started);
    runner.on('pass', (test) => {
      results.passed.push(test.fullTitle());
      save();
    });
    runner.on('fail', (test, error: Error) => {
      results.failed.push({ title: test.fullTitle(), error: String(error?.message) });
      save();
    });
  });
  results.finished = true;
  save();
  if (results.failed.length > 0 || results.passed.length === 0) {
    throw new Error(`${results.failed.length} of ${results.failed.length + results.passed.length} integration tests failed`);
  }
}
