// Where the tests' time goes: each step's wall and CPU time (scripts/test.mjs) and each unit test file's
// (scripts/runUnitTests.mjs, recorded by scripts/testFileTimings.cjs), written to test-results/timings*.json.
import fs from 'node:fs';
import path from 'node:path';

const round = (seconds) => (seconds === null ? null : Math.round(seconds * 10) / 10);

/** The per-file records written into `dir`, as `{ file, wallSeconds, cpuSeconds }` (CPU with the file's programs), heaviest first. */
export function collectFileTimings(dir, root) {
  const records = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))];
      } catch {
        return [];
      }
    });
  return records
    .map((record) => ({
      file: path.relative(root, record.file),
      wallSeconds: round(record.wallSeconds),
      cpuSeconds: round(record.cpuSeconds + (record.childrenCpuSeconds ?? 0)),
    }))
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds);
}

/** One line for the end of a unit run: the files' total CPU and the heaviest five. */
export function fileTimingsSummary(timings, where) {
  const cpu = timings.reduce((sum, one) => sum + one.cpuSeconds, 0);
  const heaviest = timings
    .slice(0, 5)
    .map((one) => `${one.file.replace(/^out\/test\/(unit|postgres)\//, '')} ${one.cpuSeconds} s CPU / ${one.wallSeconds} s`)
    .join(', ');
  return `timings: ${timings.length} test files, ${round(cpu)} s CPU in all; heaviest: ${heaviest} (${where})`;
}

/** Writes test-results/timings.json: the steps, with the per-file tables of the unit steps that ran. */
export function writeTimings(root, steps, machine) {
  const results = path.join(root, 'test-results');
  fs.mkdirSync(results, { recursive: true });
  const files = {};
  for (const [step, name] of [
    ['unit', 'timings-unit.json'],
    ['unit-postgres', 'timings-unit-postgres.json'],
  ]) {
    const file = path.join(results, name);
    if (steps.some((one) => one.name === step) && fs.existsSync(file)) files[step] = JSON.parse(fs.readFileSync(file, 'utf8')).files;
  }
  const target = path.join(results, 'timings.json');
  fs.writeFileSync(target, JSON.stringify({ date: new Date().toISOString(), ...machine, steps, files }, null, 2));
  return target;
}
