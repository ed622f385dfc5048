// `npm test`: every check (type check, lint, build, unit tests, package with a check of the .vsix, integration tests
// in a real VS Code host, UI tests), stopping after the first failure, then one summary line. Steps that keep less
// than a core busy run side by side in lanes (testPhases in scripts/testSteps.mjs); a lane's output is printed whole
// when each of its steps ends, unless it is the only lane of its phase.
// What the tests need beyond npm (Debian packages; Node 24 and code-server for the VS Code host) is installed on
// first use, before the unit tests (test/host/installHost.mjs); the unit-postgres step installs Debian's postgresql
// and runs the sandbox's tests again on a throwaway cluster (test/host/postgresUnitTests.mjs). After the host step
// JSON2_CI is set, so a test needing one of those programs fails rather than skips (test/support/skipOutsideCi.ts).
// Each step's wall and CPU time (its whole process tree, scripts/measuredStep.cjs) is printed after it and written,
// with each unit test file's, to test-results/timings.json (scripts/testTimings.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTests, testPhases } from './testSteps.mjs';
import { writeTimings } from './testTimings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cpuDir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-step-cpu-'));
const round = (seconds) => Math.round(seconds * 10) / 10;

/** Runs one step; its output goes to this process's as it comes (`live`) or as a whole when it ends. */
function runStep(step, live) {
  const cpuFile = path.join(cpuDir, `${step.name}.json`);
  return new Promise((resolve) => {
    let output = '';
    let errors = '';
    const child = spawn(process.execPath, [path.join(root, 'scripts/measuredStep.cjs'), cpuFile, step.command, ...step.args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (live) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      if (live) process.stderr.write(chunk);
      else errors += chunk;
    });
    child.on('close', (code) => {
      let cpuSeconds = null;
      try {
        cpuSeconds = JSON.parse(fs.readFileSync(cpuFile, 'utf8')).cpuSeconds;
      } catch {
        // The wrapper did not get to write it (killed): the CPU time is unknown.
      }
      resolve({ code: code ?? 1, output, errors, cpuSeconds });
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const loadAtStart = os.loadavg()[0];
const startedAt = Date.now();
const failedSteps = [];

async function runLane(lane, live) {
  for (const step of lane) {
    if (failedSteps.length > 0) return;
    const load = os.loadavg()[0];
    const started = Date.now();
    if (live) console.log(`\n=== ${step.name} ===`);
    const { code, output, errors, cpuSeconds } = await runStep(step, live);
    const wallSeconds = round((Date.now() - started) / 1000);
    timings.push({
      name: step.name,
      wallSeconds,
      cpuSeconds: cpuSeconds === null ? null : round(cpuSeconds),
      loadAverageAtStart: Math.round(load * 100) / 100,
    });
    if (!live) {
      console.log(`\n=== ${step.name} ===`);
      process.stdout.write(output);
      process.stderr.write(errors);
    }
    console.log(
      `=== ${step.name}: ${wallSeconds} s wall, ${cpuSeconds === null ? '?' : round(cpuSeconds)} s CPU (load average ${load.toFixed(1)}) ===`,
    );
    if (step.counts) {
      const counts = countTests(step.counts, output);
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
    }
    if (code !== 0) {
      failedSteps.push(step.name);
      if (!step.counts) totals.failed += 1;
      return;
    }
    // The host step installed every program the tests use: from here a test that finds one missing fails, as in CI.
    if (step.name === 'host') process.env.JSON2_CI = '1';
  }
}

for (const lanes of testPhases()) {
  if (failedSteps.length > 0) break;
  await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1)));
}
fs.rmSync(cpuDir, { recursive: true, force: true });
const wallSeconds = round((Date.now() - startedAt) / 1000);
const where = writeTimings(root, timings, {
  wallSeconds,
  cpus: os.availableParallelism(),
  loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
});
console.log(`\n${timings.map((one) => `${one.name} ${one.wallSeconds}s`).join(' · ')} (wall; CPU in ${path.relative(root, where)})`);
console.log(`npm test: ${wallSeconds} s wall`);
if (failedSteps.length > 0)
  console.log(`npm test stopped: the ${failedSteps.join(' and ')} step${failedSteps.length > 1 ? 's' : ''} failed`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
