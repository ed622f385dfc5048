// `npm run test:soak`: runs chosen test suites of `npm test` many times with the CPU cores kept busy, to find the tests
// and the product code that race, and reports per run how many tests passed and which failed. See CONTRIBUTING.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hostPaths } from '../test/host/hostPaths.mjs';
import { withInstallLock } from '../test/host/installLock.mjs';
import { countTests, failedTests, testSteps } from './testSteps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = testSteps().filter((step) => step.counts);
const USAGE = `usage: node scripts/soak.mjs --suite NAME[,NAME…] [--runs N] [--load N] [--no-build] [--out DIR] [-- ARGS for the suite]
  suites: ${steps.map((step) => step.name).join(', ')}; "ui" for every UI test, "all" for everything
  --runs N     runs of each suite (default 10)
  --load N     CPU hogs beside the tests (default: one per core; 0 for none): stress-ng, else busy node workers
  --no-build   use the builds (out/, dist/, the .vsix) as they are
  --out DIR    where the summary and the output of failed runs go (default test-results/soak)`;

function options() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        suite: { type: 'string', multiple: true, default: [] },
        runs: { type: 'string', default: '10' },
        load: { type: 'string', default: String(os.availableParallelism()) },
        'no-build': { type: 'boolean', default: false },
        out: { type: 'string', default: path.join(root, 'test-results/soak') },
      },
    });
    const names = values.suite
      .flatMap((value) => value.split(','))
      .flatMap((name) => {
        if (name === 'all') return steps.map((step) => step.name);
        if (name === 'ui') return steps.filter((step) => step.ui).map((step) => step.name);
        if (!steps.some((step) => step.name === name)) throw new Error(`no suite "${name}"`);
        return [name];
      });
    if (names.length === 0) throw new Error('choose at least one --suite');
    const runs = Number(values.runs);
    const load = Number(values.load);
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number, not "${values.runs}"`);
    if (!Number.isInteger(load) || load < 0) throw new Error(`--load takes a whole number, not "${values.load}"`);
    return {
      suites: [...new Set(names)].map((name) => steps.find((step) => step.name === name)),
      runs,
      load,
      build: !values['no-build'],
      out: values.out,
      extra: positionals,
    };
  } catch (error) {
    console.error(`soak: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

function onPath(program) {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Debian's stress-ng, installed with apt when missing and running as root (one install at a time, as the tests'). */
function haveStressNg() {
  if (onPath('stress-ng')) return true;
  if (process.getuid?.() !== 0) return false;
  withInstallLock(hostPaths().installLock, installStressNg, { onWait: () => console.log('[soak] waiting for another install') });
  return onPath('stress-ng');
}

function installStressNg() {
  if (onPath('stress-ng')) return;
  console.log('[soak] apt-get install stress-ng');
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '-qq', 'stress-ng'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    install();
  }
}

/** Starts `count` CPU hogs; returns what stops them. */
function startLoad(count) {
  if (count === 0) return { what: 'no load', stop: () => undefined };
  const child = haveStressNg()
    ? spawn('stress-ng', ['--cpu', String(count), '--quiet'], { stdio: 'ignore' })
    : spawn(
        process.execPath,
        [
          '-e',
          `const { Worker } = require('node:worker_threads'); for (let i = 0; i < ${count}; i++) new Worker('for (;;) {}', { eval: true });`,
        ],
        { stdio: 'ignore' },
      );
  const what = child.spawnfile === 'stress-ng' ? `stress-ng --cpu ${count}` : `${count} busy node workers (stress-ng not found)`;
  return {
    what,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/** The machine's 1-minute load average (every process, not only the soak's), to two decimals. */
function loadAverage() {
  return Math.round(os.loadavg()[0] * 100) / 100;
}

function run(command, args, { echo = true, env = process.env } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    let output = '';
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    const take = (stream) => (chunk) => {
      output += chunk;
      if (echo) stream.write(chunk);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000, output }));
  });
}

async function prepare(suites) {
  const node = process.execPath;
  const needed = [
    [node, ['test/host/installHost.mjs']],
    [node, ['scripts/build.mjs']],
    [node, ['scripts/build.mjs', '--tests']],
  ];
  // The UI tests install the packaged extension; npm test's order (package before integration) is kept.
  if (suites.some((step) => step.ui || step.name === 'integration' || step.name === 'cli-package'))
    needed.push(['npm', ['run', '--silent', 'package']]);
  for (const [command, args] of needed) {
    console.log(`[soak] ${path.basename(command)} ${args.join(' ')}`);
    const { code, output } = await run(command, args, { echo: false });
    if (code !== 0) {
      process.stderr.write(output);
      throw new Error(`${args.join(' ')} failed`);
    }
  }
}

const settings = options();
if (settings.build) await prepare(settings.suites);
fs.mkdirSync(settings.out, { recursive: true });
const load = startLoad(settings.load);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    load.stop();
    process.exit(1);
  });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const report = { started: new Date().toISOString(), load: load.what, runs: settings.runs, cpus: os.availableParallelism(), suites: [] };
console.log(`[soak] ${settings.suites.map((step) => step.name).join(', ')}: ${settings.runs} runs each, ${load.what}`);
try {
  for (const step of settings.suites) {
    const suite = { name: step.name, runs: [] };
    report.suites.push(suite);
    for (let index = 1; index <= settings.runs; index++) {
      // As in npm test after its host step: a test whose program is missing fails rather than skips.
      const env = { ...process.env, JSON2_CI: '1' };
      const loadAtStart = loadAverage();
      const { code, seconds, output } = await run(step.command, [...step.args, ...settings.extra], { echo: false, env });
      const loadAtEnd = loadAverage();
      const counts = countTests(step.counts, output);
      const failures = failedTests(step.counts, output);
      const green = code === 0 && counts.failed === 0 && counts.passed > 0;
      let log;
      if (!green) {
        log = path.join(settings.out, `${stamp}-${step.name}-run${index}.log`);
        fs.writeFileSync(log, output);
      }
      suite.runs.push({
        run: index,
        green,
        exitCode: code,
        seconds: Math.round(seconds),
        loadAverage: { start: loadAtStart, end: loadAtEnd },
        ...counts,
        failures,
        ...(log ? { log: path.relative(root, log) } : {}),
      });
      const named = failures.map((failure) => `\n    ✖ ${failure.name}${failure.detail ? ` — ${failure.detail}` : ''}`).join('');
      console.log(
        `[soak] ${step.name} run ${index}/${settings.runs}: ${green ? 'green' : 'RED'}, ${counts.passed} passed, ${counts.failed} failed, exit ${code}, ${Math.round(seconds)} s, load ${loadAtStart} → ${loadAtEnd}${named}${log ? `\n    output: ${path.relative(root, log)}` : ''}`,
      );
      fs.writeFileSync(path.join(settings.out, `${stamp}.json`), JSON.stringify(report, null, 2));
    }
  }
} finally {
  load.stop();
}
console.log(`\n[soak] ${load.what}, ${os.availableParallelism()} cores`);
for (const suite of report.suites) {
  const green = suite.runs.filter((one) => one.green).length;
  const tally = new Map();
  for (const failure of suite.runs.flatMap((one) => one.failures)) tally.set(failure.name, (tally.get(failure.name) ?? 0) + 1);
  console.log(
    `${suite.name}: ${green} of ${suite.runs.length} runs green${[...tally].map(([name, times]) => `\n  ${times}× ${name}`).join('')}`,
  );
}
console.log(`summary: ${path.relative(root, path.join(settings.out, `${stamp}.json`))}`);
process.exit(report.suites.every((suite) => suite.runs.every((one) => one.green)) ? 0 : 1);
