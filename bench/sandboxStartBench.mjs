// `npm run bench sandbox-start`: how long `json2 sandbox` (dist/cli.js, started as the extension's Start Local Sandbox
// starts it) takes to be ready and to answer its first call: on an empty data folder with no template cached (a new
// machine), on an empty data folder with the template cached, and reopening a data folder. Wall time to the ready line
// and to the first answer, and the sandbox process's CPU time (user + sys, every thread) at the first answer.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const RUNS = Number(process.env.JSON2_BENCH_START_RUNS ?? 5);
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + sys) a live process has used so far, every thread (Linux /proc). */
function processCpu(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function firstAnswer(ready, key) {
  const response = await fetch(`${ready.url}/json/2/res.partner/search_count`, {
    method: 'POST',
    headers: { authorization: `bearer ${key}`, 'content-type': 'application/json', 'x-service-database': 'demo' },
    body: JSON.stringify({ domain: [] }),
  });
  const body = await response.json();
  if (!response.ok || typeof body !== 'number') throw new Error(`the first call answered ${response.status}: ${JSON.stringify(body)}`);
}

/** One start on `dataDir`: milliseconds to ready and to the first answer, CPU seconds at the first answer. */
async function oneStart(root, dataDir, cacheDir, key) {
  const require = createRequire(import.meta.url);
  const { startSandboxProcess } = require(path.join(root, 'out/src/core/localSandbox/sandboxProcess.js'));
  const started = performance.now();
  const sandbox = await startSandboxProcess({
    cliPath: path.join(root, 'dist/cli.js'),
    dataDir,
    cacheDir,
    port: 0,
    onLog: () => undefined,
  });
  const readyMs = performance.now() - started;
  const usedKey = key ?? sandbox.ready.apiKey?.key;
  try {
    await firstAnswer(sandbox.ready, usedKey);
    const answerMs = performance.now() - started;
    const cpu = processCpu(sandbox.pid);
    return { readyMs, answerMs, cpu, key: usedKey };
  } finally {
    await sandbox.stop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const describe = (runs, field, unit, scale = 1) =>
  `${(median(runs.map((run) => run[field])) * scale).toFixed(2)} ${unit} (${runs.map((run) => (run[field] * scale).toFixed(2)).join(', ')})`;

/** The three cases, RUNS times each; the figures are medians with every run in brackets. */
export async function measureSandboxStart(root) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-bench-start-'));
  const cases = { 'new machine': [], 'first start': [], reopen: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      // A new machine: no template in the cache folder.
      const emptyCache = path.join(scratch, `cache-${run}`);
      cases['new machine'].push(await oneStart(root, path.join(scratch, `cold-${run}`), emptyCache));
      // The template cached (by the start above): a new data folder.
      const dataDir = path.join(scratch, `data-${run}`);
      const first = await oneStart(root, dataDir, emptyCache);
      cases['first start'].push(first);
      cases.reopen.push(await oneStart(root, dataDir, emptyCache, first.key));
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const results = {};
  for (const [name, runs] of Object.entries(cases)) {
    results[`sandbox-start ${name}: ready`] = describe(runs, 'readyMs', 's', 1 / 1000);
    results[`sandbox-start ${name}: first answer`] = describe(runs, 'answerMs', 's', 1 / 1000);
    results[`sandbox-start ${name}: CPU at first answer`] = describe(runs, 'cpu', 's');
  }
  return results;
}
