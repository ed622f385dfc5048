// Runs the unit tests (node's test runner) on the transpiled files in out/test/unit. Node 20 takes an explicit
// list of files, not globs, so this finds them. Arguments narrow the run to files whose path contains one of them;
// `--postgres` adds the tests of out/test/postgres, which need a PostgreSQL server (JSON2_SANDBOX_POSTGRES).
// JSON2_TEST_HTTP_POOL=node:http runs the clients on the command line's HTTP pool instead of undici's;
// JSON2_TEST_FILE_TIMEOUT_MS bounds each test file (10 minutes unless set). Each file's wall and CPU time go to
// test-results/timings-unit.json (timings-unit-postgres.json with --postgres), the heaviest named at the end.
// Files run JSON2_TEST_CONCURRENCY at a time (default: one per core), the heaviest of the last run first.
// Their temporary folder (TMPDIR) is a fresh one in /dev/shm when it has room (JSON2_TEST_TMPDIR: another parent, or
// `none`), removed at the end (scripts/testTempDir.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testTempDir } from './testTempDir.mjs';
import { collectFileTimings, fileTimingsSummary } from './testTimings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const unitDir = path.join(root, 'out/test/unit');

function testFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return testFiles(full);
      return entry.name.endsWith('.test.js') ? [full] : [];
    })
    .sort();
}

function cpuHistory() {
  try {
    return JSON.parse(fs.readFileSync(cpuHistoryFile, 'utf8'));
  } catch {
    return {}; // No earlier run here: name order.
  }
}

/**
 * The files ordered by the CPU time they took when they last ran, the longest first (files never timed here, new or
 * renamed, before them all; ties in name order), so that with several files at a time no long file starts last and
 * runs alone at the end.
 */
function heaviestFirst(found) {
  const last = new Map(Object.entries(cpuHistory()).map(([file, cpuSeconds]) => [path.join(root, file), cpuSeconds]));
  const weight = (file) => last.get(file) ?? Number.POSITIVE_INFINITY;
  return [...found].sort((a, b) => (weight(a) === weight(b) ? a.localeCompare(b) : weight(b) - weight(a)));
}

const postgresDir = path.join(root, 'out/test/postgres');
const withPostgres = process.argv.includes('--postgres');
const filters = process.argv.slice(2).filter((argument) => argument !== '--postgres');
const timingsFile = path.join(root, 'test-results', withPostgres ? 'timings-unit-postgres.json' : 'timings-unit.json');
/** Every file's CPU time when it last ran (runs of a few files update theirs only): the order of the next run. */
const cpuHistoryFile = path.join(root, 'test-results', 'unit-file-cpu.json');
const files = heaviestFirst(
  [...testFiles(unitDir), ...(withPostgres ? testFiles(postgresDir) : [])].filter(
    (file) => filters.length === 0 || filters.some((filter) => file.includes(filter)),
  ),
);
if (files.length === 0) {
  console.error(
    `no unit test files under ${path.relative(root, unitDir)}${filters.length ? ` matching ${filters.join(', ')}` : ''}; run node scripts/build.mjs --tests first`,
  );
  process.exit(1);
}
// Node's runner gives this limit to each file's process: a file that hangs fails with its name and the tests it passed
// instead of stalling the run (and CI) for good, and the second reporter names the test that hung. The longest file
// takes about 90 s on a quiet machine.
const fileTimeoutMs = Number(process.env.JSON2_TEST_FILE_TIMEOUT_MS ?? 600_000);
const reporters = ['spec', path.join(root, 'scripts/unfinishedTestsReporter.mjs')].flatMap((reporter) => [
  `--test-reporter=${reporter}`,
  '--test-reporter-destination=stdout',
]);
// Test files share no port (each server listens on port 0) and no folder (each makes its own temporary one; the
// template cache is safe for processes that race), so they run side by side. A file already keeps more than one
// core busy on average (its sandbox's database worker, the programs it starts): more files than cores gain nothing.
const concurrency = Number(process.env.JSON2_TEST_CONCURRENCY ?? os.availableParallelism());
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`JSON2_TEST_CONCURRENCY is a whole number of test files at a time, not '${process.env.JSON2_TEST_CONCURRENCY}'`);
  process.exit(1);
}
const runner = ['--test', `--test-timeout=${fileTimeoutMs}`, `--test-concurrency=${concurrency}`, ...reporters];
const timingsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-test-timings-'));
// Every test process starts with the core clients' HTTP pool chosen, as the extension's and the CLI's entry points do,
// and records its timings; its database worker threads do neither (scripts/testPreloads.cjs).
const preloads = ['--require', path.join(root, 'scripts/testPreloads.cjs')];
// V8 compiles PGlite's WebAssembly with its baseline compiler only, as `json2 sandbox` does (processMemory.ts): a test
// process opens its databases for seconds, not hours, and the optimising compiler's work on V8's threads cost more than
// it gave back (about 15-20 % of a sandbox test file's CPU time; the same for files that restore large backups).
const v8Flags = ['--liftoff-only'];
// The sandboxes' data folders and the programs' temporary files go to a memory file system when there is one.
const tempDir = testTempDir();
const result = spawnSync(process.execPath, [...v8Flags, '--enable-source-maps', ...preloads, ...runner, ...files], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, JSON2_TEST_TIMINGS_DIR: timingsDir, ...(tempDir ? { TMPDIR: tempDir.dir } : {}) },
});
tempDir?.remove();
const timings = collectFileTimings(timingsDir, root);
fs.rmSync(timingsDir, { recursive: true, force: true });
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(timingsFile, JSON.stringify({ date: new Date().toISOString(), files: timings }, null, 2));
fs.writeFileSync(
  cpuHistoryFile,
  JSON.stringify({ ...cpuHistory(), ...Object.fromEntries(timings.map((one) => [one.file, one.cpuSeconds])) }, null, 1),
);
console.log(fileTimingsSummary(timings, path.relative(root, timingsFile)));
process.exit(result.status ?? 1);
