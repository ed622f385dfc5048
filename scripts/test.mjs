// `npm test`: every check in order (type check, lint, build, unit tests, package with a check of the .vsix,
// integration tests in a real VS Code host, UI smoke test), stopping at the first failure, then one summary line.
// What the tests need beyond npm (Debian packages; Node 24 and code-server for the VS Code host) is installed on
// first use, before the unit tests (test/host/installHost.mjs); the unit-postgres step installs Debian's postgresql
// and runs the sandbox's tests again on a throwaway cluster (test/host/postgresUnitTests.mjs). After the host step
// JSON2_CI is set, so a test needing one of those programs fails rather than skips (test/support/skipOutsideCi.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTests, testSteps } from './testSteps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = testSteps();

function runStep(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    let output = '';
    const child = spawn(step.command, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000, output }));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
let failedStep;
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const { code, seconds, output } = await runStep(step);
  timings.push(`${step.name} ${seconds.toFixed(1)}s`);
  if (step.counts) {
    const counts = countTests(step.counts, output);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  if (code !== 0) {
    failedStep = step.name;
    if (!step.counts) totals.failed += 1;
    break;
  }
  // The host step installed every program the tests use: from here a test that finds one missing fails, as in CI.
  if (step.name === 'host') process.env.JSON2_CI = '1';
}
console.log(`\n${timings.join(' · ')}`);
if (failedStep) console.log(`npm test stopped: the ${failedStep} step failed`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedStep ? 1 : 0);
