// `npm test`: every check in order (type check, lint, build, unit tests, package with a check of the .vsix,
// integration tests in a real VS Code host, UI smoke test), stopping at the first failure, then one summary line.
// What the tests need beyond npm (Debian packages; Node 24 and code-server for the VS Code host) is installed on
// first use, before the unit tests (test/host/installHost.mjs); the unit-postgres step installs Debian's postgresql
// and runs the sandbox's tests again on a throwaway cluster (test/host/postgresUnitTests.mjs). After the host step
// JSON2_CI is set, so a test needing one of those programs fails rather than skips (test/support/skipOutsideCi.ts).
// Each step's wall and CPU time (its whole process tree) is printed after it and written, with each unit test file's,
// to test-results/timings.json (scripts/testTimings.mjs).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTests, testSteps } from './testSteps.mjs';
import { timeStep, writeTimings } from './testTimings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = testSteps();

function runStep(step) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(step.command, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const loadAtStart = os.loadavg()[0];
let failedStep;
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const load = os.loadavg()[0];
  const { result, wallSeconds, cpuSeconds } = await timeStep(() => runStep(step));
  const { code, output } = result;
  timings.push({ name: step.name, wallSeconds, cpuSeconds, loadAverageAtStart: Math.round(load * 100) / 100 });
  console.log(`=== ${step.name}: ${wallSeconds} s wall, ${cpuSeconds ?? '?'} s CPU (load average ${load.toFixed(1)}) ===`);
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
const where = writeTimings(root, timings, {
  cpus: os.availableParallelism(),
  loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
});
console.log(`\n${timings.map((one) => `${one.name} ${one.wallSeconds}s`).join(' · ')} (wall; CPU in ${path.relative(root, where)})`);
if (failedStep) console.log(`npm test stopped: the ${failedStep} step failed`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedStep ? 1 : 0);
