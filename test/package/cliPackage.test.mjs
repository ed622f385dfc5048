// The CLI package as a CI job uses it: the tarball of `npm run package` installed into an empty project from the local
// file (offline: it has no dependencies), then `npx json2 --version`, `npx json2 migrate scan`, `npx json2 sandbox` and
// `npx json2 run` of the examples against that sandbox, `npx json2 import` of a Bruno folder and `npx json2 export`.
// Needs `npm run package` first (npm test's package step).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const extension = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const described = path.join(root, 'dist', 'sandboxPackage.json');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-package-'));
const project = path.join(scratch, 'ci-job');
// Everything the job's tools write stays in the scratch folder: npm's cache, the sandbox's templates and data.
const env = {
  ...process.env,
  npm_config_cache: path.join(scratch, 'npm-cache'),
  npm_config_offline: 'true',
  npm_config_update_notifier: 'false',
  JSON2_SANDBOX_CACHE: path.join(scratch, 'sandbox-cache'),
};

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: project, env: { ...env, ...options.env }, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** `npx json2 sandbox --json` in its own process group (npx starts node through a shell), with its ready line. */
async function startSandbox() {
  const child = spawn('npx', ['json2', 'sandbox', '--port', '0', '--data', path.join(scratch, 'sandbox-data'), '--json'], {
    cwd: project,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, 'exit');
  while (!stdout.includes('\n')) {
    const outcome = await Promise.race([once(child.stdout, 'data').then(() => 'data'), exited.then(() => 'exit')]);
    if (outcome === 'exit') throw new Error(`npx json2 sandbox ended before it was ready:\n${stdout}\n${stderr}`);
  }
  return { child, exited, ready: JSON.parse(stdout.split('\n')[0]), output: () => `${stdout}\n${stderr}` };
}

/** Waits for a state (never for a time); the limit only ends a hung test. */
async function eventually(check, what, limitMs = 60_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error(`still not true after ${limitMs / 1000} s: ${what}`);
    await new Promise((resolve) => {
      setTimeout(resolve, 100);
    });
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the json2-cli package, installed from its tarball into an empty project', () => {
  let manifest;

  before(async () => {
    assert.ok(fs.existsSync(described), 'dist/sandboxPackage.json is missing: run npm run package first');
    const { file } = JSON.parse(fs.readFileSync(described, 'utf8'));
    const tarball = path.join(root, file);
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, 'package.json'),
      `${JSON.stringify({ name: 'ci-job', version: '1.0.0', private: true }, null, 2)}\n`,
    );
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', tarball]);
    assert.equal(install.code, 0, `npm install of ${file} failed offline:\n${install.stdout}\n${install.stderr}`);
    manifest = JSON.parse(fs.readFileSync(path.join(project, 'node_modules', 'json2-cli', 'package.json'), 'utf8'));
  });

  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it("is the extension's version, for Node 20.19 or later, with no dependencies, its licence and notices", () => {
    assert.equal(manifest.version, extension.version);
    assert.equal(manifest.engines.node, '>=20.19');
    assert.deepEqual(manifest.bin, { json2: 'dist/cli.js' });
    assert.equal(manifest.dependencies, undefined);
    const installed = path.join(project, 'node_modules', 'json2-cli');
    for (const file of ['README.md', 'LICENSE', 'THIRD_PARTY_NOTICES.txt']) assert.ok(fs.existsSync(path.join(installed, file)), file);
    assert.match(
      fs.readFileSync(path.join(installed, 'THIRD_PARTY_NOTICES.txt'), 'utf8'),
      /@electric-sql\/pglite [\d.]+ \(Apache-2\.0\)[\s\S]*PostgreSQL Global Development Group/,
    );
    const shipped = fs.readdirSync(path.join(installed, 'dist'));
    assert.ok(!shipped.some((name) => /extension|webview|\.map$/.test(name)), `nothing of VS Code: ${shipped.join(', ')}`);
  });

  it('npx json2 --version prints the version, and --help names its commands', async () => {
    const version = await run('npx', ['json2', '--version']);
    assert.equal(version.code, 0, version.stderr);
    assert.equal(version.stdout.trim(), extension.version);
    const help = await run('npx', ['json2', '--help']);
    assert.equal(help.code, 0, help.stderr);
    for (const command of ['run', 'migrate', 'sandbox', 'import', 'export']) assert.match(help.stdout, new RegExp(`^  ${command} `, 'm'));
  });

  it('npx json2 migrate scan finds a deprecated call with the bundled parsers (exit 1: a call remains)', async () => {
    fs.mkdirSync(path.join(project, 'legacy'));
    fs.writeFileSync(
      path.join(project, 'legacy', 'sync.py'),
      [
        'import xmlrpc.client',
        'models = xmlrpc.client.ServerProxy("https://erp.example.com/xmlrpc/2/object")',
        'partners = models.execute_kw("db", 2, "secret", "res.partner", "search_read", [[]], {"fields": ["name"]})',
        '',
      ].join('\n'),
    );
    const scan = await run('npx', ['json2', 'migrate', 'scan', 'legacy', '--output', 'json']);
    assert.equal(scan.code, 1, `${scan.stdout}\n${scan.stderr}`);
    assert.match(scan.stdout, /res\.partner/);
    assert.match(scan.stdout, /search_read/);
  });

  it('npx json2 import reads a Bruno folder with the bundled .bru parser, npx json2 export writes a Postman collection', async () => {
    fs.cpSync(path.join(root, 'test', 'fixtures', 'collections', 'bruno'), path.join(project, 'bruno'), { recursive: true });
    const imported = await run('npx', ['json2', 'import', 'bruno', '--out', 'imported']);
    assert.equal(imported.code, 0, `${imported.stdout}\n${imported.stderr}`);
    assert.match(imported.stdout, /Converted to JSON-2 calls: 3/);
    assert.match(fs.readFileSync(path.join(project, 'imported', 'Partners.json2'), 'utf8'), /^POST res\.partner\/search_read$/m);
    const exported = await run('npx', ['json2', 'export', 'imported', '--to', 'postman', '--out', 'collection.json']);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(JSON.parse(fs.readFileSync(path.join(project, 'collection.json'), 'utf8')).item.length, 3);
  });

  it('npx json2 sandbox serves the demo database, npx json2 run runs the examples against it, and it stops', async () => {
    fs.cpSync(path.join(root, 'examples'), path.join(project, 'requests'), { recursive: true });
    const sandbox = await startSandbox();
    let stopped = false;
    try {
      const { url, apiKey, databases } = sandbox.ready;
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.deepEqual(databases, ['demo']);
      assert.match(apiKey?.key ?? '', /^[0-9a-f]{40}$/, sandbox.output());
      // The examples name the connection "sandbox"; a CI job keeps it in a connections file, the key in a secret.
      fs.writeFileSync(
        path.join(project, 'connections.json'),
        JSON.stringify({
          'json2.connections': [{ name: 'sandbox', baseUrl: url, database: 'demo', variables: { database: 'demo', lang: 'en_US' } }],
        }),
      );
      const files = fs
        .readdirSync(path.join(project, 'requests'))
        .filter((name) => name.endsWith('.json2'))
        .sort()
        .map((name) => `requests/${name}`);
      const result = await run(
        'npx',
        ['json2', 'run', ...files, '--connections', 'connections.json', '--env', 'requests/sandbox.env', '--yes', '--junit', 'report.xml'],
        {
          env: {
            JSON2_API_KEY_SANDBOX: apiKey.key,
            JSON2_PARTNER_NAME: 'Brouwerij De Kroon',
            JSON2_EXAMPLES_RUN_BY: 'the CLI package test',
          },
        },
      );
      assert.equal(result.code, 0, `json2 run failed:\n${result.stdout}\n${result.stderr}`);
      const report = fs.readFileSync(path.join(project, 'report.xml'), 'utf8');
      assert.match(report, /<testsuites[^>]* failures="0"/);
      assert.ok(!result.stdout.includes(apiKey.key) && !report.includes(apiKey.key), 'the key is never printed');

      // As a CI runner ends a job's background step: SIGTERM to the whole group (npx, and node under it).
      process.kill(-sandbox.child.pid, 'SIGTERM');
      const [code, signal] = await sandbox.exited;
      assert.ok(code === 0 || signal === 'SIGTERM', `npx ended with ${code ?? signal}`);
      await eventually(() => !groupAlive(sandbox.child.pid), 'no process of the sandbox is left');
      stopped = true;
      assert.match(sandbox.output(), /Stopping \(SIGTERM\)/);
      assert.equal(fs.existsSync(path.join(scratch, 'sandbox-data', 'server.json')), false, 'a clean stop removes the server card');
      await assert.rejects(fetch(`${url}/web/version`), 'the server no longer answers');
    } finally {
      if (!stopped && groupAlive(sandbox.child.pid)) process.kill(-sandbox.child.pid, 'SIGKILL');
    }
  });
});
