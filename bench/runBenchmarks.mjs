// `npm run bench`: runs every benchmark on the built bundles and prints one table; the figures go to
// docs/benchmarks.md by hand, with the date and the machine. JSON results land in test-results/bench.json.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureActivation } from './activationBench.mjs';
import { measureBundles } from './bundleSizes.mjs';
import { measurePanel } from './panelBench.mjs';
import { measureSandboxStart } from './sandboxStartBench.mjs';
import { measureSoak } from './soakBench.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const minutesAt = argv.indexOf('--minutes');
/** `--minutes N`: how long `soak` runs (default 10). */
const soakMinutes = minutesAt >= 0 ? Number(argv[minutesAt + 1]) : undefined;
if (soakMinutes !== undefined && !(soakMinutes > 0)) throw new Error(`--minutes needs a positive number, got '${argv[minutesAt + 1]}'`);
const only = argv.filter((word, index) => minutesAt < 0 || (index !== minutesAt && index !== minutesAt + 1));
const require = createRequire(import.meta.url);

/** The transpiled benchmarks' clients send through undici's Pool, as the extension's do. */
function chooseUndiciHttpPool() {
  const { chooseHttpPool } = require(path.join(root, 'out/src/core/http/httpPoolChoice.js'));
  chooseHttpPool('undici', require(path.join(root, 'out/src/core/http/undiciHttpPool.js')).createUndiciHttpPool);
}

/** A benchmark written in TypeScript, run from its transpiled file in out/bench (npm run bench builds it). */
function transpiled(file, exportName) {
  return async () => {
    chooseUndiciHttpPool();
    const results = await require(path.join(root, 'out/bench', file))[exportName]();
    const skipped = Object.entries(results).find(([key]) => key.endsWith('skipped'));
    if (skipped) throw new Error(`${file} did not run: ${skipped[1]}`);
    return results;
  };
}

const benchmarks = [
  ['bundles', () => measureBundles(root)],
  ['activation', () => measureActivation(root)],
  ['sandbox', transpiled('sandboxBench.js', 'runSandboxBench')],
  ['sandbox-start', () => measureSandboxStart(root)],
  ['domains', transpiled('domainBench.js', 'runDomainBench')],
  ['restore', transpiled('restoreBench.js', 'runRestoreBench')],
  ['client', transpiled('clientBench.js', 'runClientBench')],
  ['completion', transpiled('completionBench.js', 'runCompletionBench')],
  ['realSchema', transpiled('realSchemaBench.js', 'runRealSchemaBench')],
  ['explorer', transpiled('explorerBench.js', 'runExplorerBench')],
  ['cli', transpiled('cliBench.js', 'runCliBench')],
  ['parse', transpiled('parseBench.js', 'runParseBench')],
  ['paste', transpiled('pasteBench.js', 'runPasteBench')],
  ['panel', () => measurePanel(root)],
  ['soak', () => measureSoak(root, { minutes: soakMinutes })],
];

const results = {};
const loadAtStart = os.loadavg();
for (const [name, run] of benchmarks) {
  if (only.length > 0 && !only.includes(name)) continue;
  // Ten minutes long: only when named (`npm run bench soak`).
  if (only.length === 0 && name === 'soak') continue;
  process.stdout.write(`bench: ${name}...\n`);
  Object.assign(results, await run());
}
const width = Math.max(...Object.keys(results).map((k) => k.length));
const load = (averages) => averages.map((value) => value.toFixed(1)).join(' ');
results['load average (1, 5, 15 min) at the start / at the end'] = `${load(loadAtStart)} / ${load(os.loadavg())}`;
console.log(`\n${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version}`);
for (const [key, value] of Object.entries(results)) {
  console.log(`${key.padEnd(width)}  ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(1) : value}`);
}
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/bench.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
