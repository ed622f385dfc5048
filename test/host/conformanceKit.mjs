// The `conformance` step of npm test: a fresh PGlite sandbox (built dist/cli.js) on a free loopback port with a fresh
// data folder, a key for the demo user, then the conformance kit (test/conformance, recorded answers of a real Odoo
// 19.0) against it. Keys and the master password reach the kit through CONFORMANCE_* environment variables, never
// argv or a file. Prints the kit's lines and summary, writes its JSON report to test-results/conformance.json, and
// fails on any failing probe. Extra arguments go to the kit (for example `--only crud` or `--probe crud.copy`).
// `--postgres` first: the same against a sandbox whose databases live on a throwaway PostgreSQL cluster
// (test/host/postgresCluster.mjs, as the unit-postgres step), report test-results/conformance-postgres.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startPostgresCluster } from './postgresCluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'dist/cli.js');
const kit = path.join(root, 'test/conformance/conformance.py');
const onPostgres = process.argv[2] === '--postgres';
const kitArguments = process.argv.slice(onPostgres ? 3 : 2);
const report = path.join(root, onPostgres ? 'test-results/conformance-postgres.json' : 'test-results/conformance.json');
const START_TIMEOUT_MS = 180_000;

function fail(message) {
  console.error(`conformance: ${message}`);
  process.exit(1);
}

/** The first line the sandbox prints on stdout (its --json line), or a failure once it exits or takes too long. */
function firstLine(child) {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code}) before it was ready`));
    });
  });
}

/** Runs `command` to its end; resolves with its stdout (stderr passes through). */
function output(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}`)),
    );
  });
}

/** Runs the kit with the server's settings in its environment; resolves with its exit code. */
function runKit(settings, extra) {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [kit, '--json', report, ...extra], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        CONFORMANCE_SERVER: settings.url,
        CONFORMANCE_DB: 'demo',
        CONFORMANCE_ADMIN_KEY: settings.adminKey,
        CONFORMANCE_DEMO_KEY: settings.demoKey,
        CONFORMANCE_MASTER: settings.master,
      },
    });
    child.once('error', (error) => reject(new Error(`cannot run python3: ${error.message}`)));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

if (!fs.existsSync(cli)) fail(`${path.relative(root, cli)} is missing: run node scripts/build.mjs first`);
const started = Date.now();
const data = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-conformance-'));
fs.mkdirSync(path.dirname(report), { recursive: true });
const cluster = onPostgres ? await startPostgresCluster() : undefined;
// The cluster's URL holds its password: the sandbox reads it from its argv, as a user's own server's would be given.
const storage = cluster ? ['--postgres', cluster.url] : [];
const sandbox = spawn(process.execPath, [cli, 'sandbox', '--port', '0', '--data', path.join(data, 'db'), ...storage, '--json'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let code = 1;
try {
  const ready = JSON.parse(await firstLine(sandbox));
  if (!ready.apiKey?.key || !ready.masterPassword) throw new Error('the sandbox did not report a first-start key and master password');
  const keyText = await output(process.execPath, [
    cli,
    'sandbox',
    'key',
    '--db',
    'demo',
    '--user',
    'demo',
    '--days',
    '30',
    '--data',
    path.join(data, 'db'),
    ...storage,
  ]);
  const demoKey = keyText.split('\n')[0].trim();
  console.log(`conformance: sandbox at ${ready.url}${cluster ? ' on PostgreSQL' : ''}, kit test/conformance against database demo`);
  code = await runKit({ url: ready.url, adminKey: ready.apiKey.key, demoKey, master: ready.masterPassword }, kitArguments);
} catch (error) {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stop(sandbox);
  cluster?.stop();
  fs.rmSync(data, { recursive: true, force: true });
}
console.log(`conformance: ${((Date.now() - started) / 1000).toFixed(1)} s, report ${path.relative(root, report)}`);
process.exit(code);
