// Prints the before/after table of two `npm test` runs for docs/testing.md: each step's wall and CPU time, then the
// unit test files that took the most CPU time in either run.
//   node scripts/timingsTable.mjs BEFORE AFTER [--files N]
// Each of BEFORE and AFTER is a run's test-results/timings.json, or the saved output of an `npm test` from before
// these timings existed (its last line of step times, `typecheck 6.9s · lint 14.1s · ...`: wall times only).
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { files: { type: 'string', default: '10' } } });
if (positionals.length !== 2) {
  console.error('usage: node scripts/timingsTable.mjs BEFORE/timings.json AFTER/timings.json [--files N]');
  process.exit(2);
}
/** A timings.json, or the step times of an older `npm test`'s output. */
function readRun(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.json')) return JSON.parse(text);
  const line = text
    .split('\n')
    .filter((one) => / · /.test(one) && /^[\w-]+ [\d.]+s/.test(one))
    .at(-1);
  if (!line) throw new Error(`${file} holds no line of step times`);
  const steps = [...line.matchAll(/([\w-]+) ([\d.]+)s/g)].map((match) => ({
    name: match[1],
    wallSeconds: Number(match[2]),
    cpuSeconds: null,
  }));
  const wall = /^npm test: ([\d.]+) s wall$/m.exec(text);
  return { steps, files: {}, wallSeconds: wall ? Number(wall[1]) : undefined };
}

const [before, after] = positionals.map(readRun);
const seconds = (value) => (value === null || value === undefined ? '—' : `${Math.round(value)} s`);
const pair = (a, b) => `${seconds(a)} → ${seconds(b)}`;
const load = (run) => `${run.loadAverage?.start?.toFixed(1) ?? '?'}–${run.loadAverage?.end?.toFixed(1) ?? '?'}`;

console.log(`| step | wall before → after | CPU before → after |`);
console.log('| --- | --- | --- |');
const names = [...new Set([...before.steps, ...after.steps].map((step) => step.name))];
const total = { wall: [0, 0], cpu: [0, 0] };
for (const name of names) {
  const [a, b] = [before, after].map((run) => run.steps.find((step) => step.name === name));
  console.log(`| ${name} | ${pair(a?.wallSeconds, b?.wallSeconds)} | ${pair(a?.cpuSeconds, b?.cpuSeconds)} |`);
  [a, b].forEach((step, index) => {
    total.wall[index] += step?.wallSeconds ?? 0;
    total.cpu[index] += step?.cpuSeconds ?? 0;
  });
}
// Steps run side by side since issue 39's third pass: the run's own wall time where it was recorded, not the sum.
const runWall = (run, index) => run.wallSeconds ?? total.wall[index];
console.log(`| **npm test** | ${pair(runWall(before, 0), runWall(after, 1))} | ${pair(...total.cpu)} |`);
console.log(`\nload average at the start and end: before ${load(before)}, after ${load(after)}\n`);

const files = (run) => new Map((run.files?.unit ?? []).map((one) => [one.file.replace(/^out\/test\/unit\//, ''), one]));
const [filesBefore, filesAfter] = [before, after].map(files);
const heaviest = [...new Set([...filesBefore.keys(), ...filesAfter.keys()])]
  .sort(
    (x, y) =>
      Math.max(filesBefore.get(y)?.cpuSeconds ?? 0, filesAfter.get(y)?.cpuSeconds ?? 0) -
      Math.max(filesBefore.get(x)?.cpuSeconds ?? 0, filesAfter.get(x)?.cpuSeconds ?? 0),
  )
  .slice(0, Number(values.files));
console.log('| unit test file | wall before → after | CPU before → after |');
console.log('| --- | --- | --- |');
for (const file of heaviest) {
  const [a, b] = [filesBefore.get(file), filesAfter.get(file)];
  console.log(`| \`${file}\` | ${pair(a?.wallSeconds, b?.wallSeconds)} | ${pair(a?.cpuSeconds, b?.cpuSeconds)} |`);
}
