// CLI benchmark: whole-process time of `node dist/cli.js run` for a file of 1 request and one of 100 (search_read of 80
// partners) against a sandbox already running, and of httpyac running the same requests written as .http files.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../src/sandbox/testApi';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const httpyac = path.join(root, 'node_modules', 'httpyac', 'bin', 'httpyac.js');
const RUNS = 7;
const BODY = '{ "domain": [["active", "=", true]], "fields": ["name", "email", "city"], "limit": 80 }';

/** Wall time of one process from spawn to exit; refuses a run that did not succeed (a fast failure is no figure). */
function timeProcess(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`${path.basename(args[0])} ${args.slice(1, 3).join(' ')} exited with ${code}: ${stderr.slice(0, 500)}`));
    });
  });
}

/** The median of RUNS timed runs (in `cwd`: httpyac only reads files below its working folder) after one warm-up run (file caches, the sandbox's key cache). */
async function median(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  await timeProcess(args, env, cwd);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeProcess(args, env, cwd));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The floor for any client: a bare ES module making the same calls one after another with fetch. */
function fetchScript(count: number, url: string, database: string): string {
  return [
    `for (let i = 0; i < ${count}; i++) {`,
    `  const response = await fetch(${JSON.stringify(`${url}/json/2/res.partner/search_read`)}, { method: 'POST', body: ${JSON.stringify(BODY)},`,
    `    headers: { authorization: 'bearer ' + process.env.JSON2_API_KEY, 'content-type': 'application/json', 'x-service-database': ${JSON.stringify(database)} } });`,
    '  if (response.status !== 200) process.exit(1);',
    '  await response.json();',
    '}',
    '',
  ].join('\n');
}

function json2File(count: number): string {
  return Array.from({ length: count }, (_, i) => `### Partners ${i + 1}\nPOST res.partner/search_read\n${BODY}\n?? status == 200\n`).join(
    '\n',
  );
}

function httpFile(count: number, url: string, database: string): string {
  return Array.from({ length: count }, (_, i) =>
    [
      `### Partners ${i + 1}`,
      `POST ${url}/json/2/res.partner/search_read`,
      'Authorization: bearer {{$processEnv JSON2_API_KEY}}',
      'Content-Type: application/json',
      `X-Service-Database: ${database}`,
      '',
      BODY,
      '',
      '?? status == 200',
      '',
    ].join('\n'),
  ).join('\n');
}

/** Runs the CLI benchmark on a sandbox started here (in this process, as the other benchmarks do). */
export async function runCliBench(): Promise<Record<string, number | string>> {
  if (!fs.existsSync(cli)) return { 'cli.skipped': 'dist/cli.js is missing: run node scripts/build.mjs first' };
  const sandbox = await startSandbox();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-bench-'));
  // A copy of the bundle: a rebuild of dist/ while the benchmark runs (another terminal, a test run) cannot remove it.
  const cliCopy = path.join(dir, 'cli.js');
  fs.copyFileSync(cli, cliCopy);
  try {
    const env = { PATH: process.env.PATH ?? '', HOME: dir, JSON2_API_KEY: sandbox.keys.admin };
    const results: Record<string, number | string> = {};
    results['cli.node startup (node -e 0), ms'] = await median(['-e', '0'], env, dir);
    for (const count of [1, 100]) {
      const script = path.join(dir, `fetch${count}.mjs`);
      fs.writeFileSync(script, fetchScript(count, sandbox.url, sandbox.database));
      results[`cli.bare fetch script, ${count} request${count === 1 ? '' : 's'}, ms`] = await median([script], env, dir);
      const file = path.join(dir, `partners${count}.json2`);
      fs.writeFileSync(file, json2File(count));
      results[`cli.json2 run, ${count} request${count === 1 ? '' : 's'}, ms`] = await median(
        [cliCopy, 'run', file, '--url', sandbox.url, '--db', sandbox.database, '--output', 'none'],
        env,
        dir,
      );
    }
    if (fs.existsSync(httpyac)) {
      for (const count of [1, 100]) {
        const file = path.join(dir, `partners${count}.http`);
        fs.writeFileSync(file, httpFile(count, sandbox.url, sandbox.database));
        results[`cli.httpyac send --all, ${count} request${count === 1 ? '' : 's'}, ms`] = await median(
          [httpyac, 'send', file, '--all', '--output', 'none', '--bail'],
          env,
          dir,
        );
      }
    } else {
      results['cli.httpyac'] = 'not installed (npm install, it is a dev dependency)';
    }
    return results;
  } finally {
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runCliBench().then(
    (results) => console.log(results),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
