// `npm start`: starts a sandbox on a free port, makes a key for it, runs examples/*.json2 through the built CLI with
// the key in the environment, prints the answers, stops the sandbox and exits with the CLI's code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cli = path.join(root, 'dist', 'cli.js');

/** startSandbox from the sandbox's test API: its bundle when the build made one, else the transpiled sources. */
function loadStartSandbox() {
  const bundle = path.join(root, 'dist', 'sandboxTestApi.js');
  if (fs.existsSync(bundle)) return require(bundle).startSandbox;
  const transpiled = path.join(root, 'out', 'src', 'sandbox', 'testApi.js');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--tests'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0 || !fs.existsSync(transpiled)) throw new Error('could not build the sandbox (node scripts/build.mjs --tests)');
  return require(transpiled).startSandbox;
}

/** Runs the CLI without blocking this process, which serves the sandbox it talks to. */
function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 2)));
  });
}

async function main() {
  if (!fs.existsSync(cli)) throw new Error('dist/cli.js is missing: run npm start (it builds first) or node scripts/build.mjs');
  const examples = fs
    .readdirSync(path.join(root, 'examples'))
    .filter((name) => name.endsWith('.json2'))
    .sort()
    .map((name) => path.join('examples', name));
  const startSandbox = loadStartSandbox();
  console.log('Starting the sandbox (the first start builds its demo database; later starts copy it)...');
  const sandbox = await startSandbox();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-start-'));
  try {
    const key = await sandbox.newKey('admin', { days: 1, name: 'npm start examples' });
    // The examples name the connection "sandbox" (# @connection sandbox): a connections file says where it is.
    const connections = path.join(tmp, 'connections.json');
    fs.writeFileSync(
      connections,
      JSON.stringify(
        {
          'json2.connections': [
            { name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database, variables: { database: sandbox.database, lang: 'en_US' } },
          ],
        },
        null,
        2,
      ),
    );
    console.log(`Sandbox at ${sandbox.url}, database ${sandbox.database}; running ${examples.join(' ')}\n`);
    const env = {
      ...process.env,
      // The key travels in the environment only, never as an argument.
      JSON2_API_KEY_SANDBOX: key,
      JSON2_PARTNER_NAME: 'Brouwerij De Kroon',
      JSON2_EXAMPLES_RUN_BY: 'npm start',
    };
    return await runCli(['run', ...examples, '--connections', connections, '--env', path.join('examples', 'sandbox.env'), '--yes'], env);
  } finally {
    await sandbox.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
