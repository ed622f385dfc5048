// `json2 migrate` as a user runs it: the built CLI in its own process on a small codebase in a temporary folder. scan
// in each output, its exit codes and the folders it skips; fix's diff (applied by git), --write, and unparsable files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ensureCliBuilt, repoRoot, runCli } from '../cli/cliHarness';

const PROXY = "import xmlrpc.client\nmodels = xmlrpc.client.ServerProxy('https://erp.example.com/xmlrpc/2/object')\n";
const SEARCH = "ids = models.execute_kw('prod', 2, key, 'res.partner', 'search', [[['is_company', '=', True]]])\n";
const DYNAMIC = 'rows = models.execute_kw(db, uid, key, model, method, args)\n';

/** A codebase: calls in src/, and copies in every kind of folder that must be skipped. */
function makeProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-migrate-cli-'));
  const write = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  fs.mkdirSync(path.join(root, '.git'));
  fs.writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  write('.gitignore', 'generated/\n*.tmp.py\n');
  write('src/sync.py', PROXY + SEARCH + DYNAMIC);
  write('src/clean.py', 'print("no RPC here")\n');
  write(
    'src/client.js',
    "const m = xmlrpc.createClient('https://erp.example.com/xmlrpc/2/object');\nm.methodCall('execute_kw', ['prod', 2, key, 'res.partner', 'search_count', [[]]], done);\n",
  );
  write('src/broken.py', `${PROXY}${SEARCH}def unfinished(:\n`);
  for (const skipped of [
    'node_modules/lib/index.js',
    'vendor/sdk/client.php',
    'venv/lib/site.py',
    'tools/env3/lib/x.py',
    'generated/out.py',
    'src/scratch.tmp.py',
  ]) {
    write(
      skipped,
      skipped.endsWith('.js')
        ? "m.methodCall('execute_kw', ['d', 1, 'k', 'res.partner', 'search', [[]]], cb);\n"
        : skipped.endsWith('.php')
          ? "<?php\n$x = $m->execute_kw($d, 1, $k, 'res.partner', 'search', [[]]);\n"
          : PROXY + SEARCH,
    );
  }
  write('tools/env3/pyvenv.cfg', 'home = /usr/bin\n');
  return root;
}

describe('json2 migrate', () => {
  let root: string;
  before(() => {
    ensureCliBuilt();
    root = makeProject();
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test('scan (pretty): every finding with file, line and column; exit 1 while calls remain; skipped folders unread', async () => {
    const result = await runCli(['migrate', 'scan', '.'], { cwd: root });
    assert.equal(result.code, 1, result.stderr);
    assert.deepEqual(
      result.stdout
        .split('\n')
        .filter((line) => /^\S+:\d+:\d+ /.test(line))
        .map((line) => line.split('  ')[0]),
      ['src/broken.py:3:7', 'src/client.js:2:1', 'src/sync.py:3:7', 'src/sync.py:4:8'],
    );
    assert.match(result.stdout, /src\/sync\.py:4:8 {2}object\.execute_kw {2}by hand: the model or the method name is not a literal string/);
    assert.match(result.stdout, /^Target release: 20\.0 \(the newest release; --target names another\)$/m);
    assert.match(result.stdout, /^Breaks on Odoo 22 \/ Online 21\.1 \(4 calls\)\n {2}Converts cleanly \(3\)\n/m);
    assert.match(
      result.stdout,
      /4 deprecated calls in 3 of 4 files: 4 breaks on Odoo 22 \/ Online 21\.1; 3 convert with json2 migrate fix\./,
    );
    assert.doesNotMatch(result.stdout, /node_modules|vendor|venv|env3|generated|scratch/);
  });

  test('scan --output json: the documented shape', async () => {
    const result = await runCli(['migrate', 'scan', 'src/sync.py', '--output', 'json'], { cwd: root });
    assert.equal(result.code, 1);
    const report = JSON.parse(result.stdout) as { files: { findings: Record<string, unknown>[] }[] };
    for (const finding of report.files[0].findings) {
      assert.equal(finding.urgency, 'deprecated');
      assert.equal(finding.group, 'breaks on Odoo 22 / Online 21.1');
      assert.deepEqual(finding.removedIn, { odoo: '22.0', online: '21.1' });
      assert.match(finding.message as string, /the object service is removed in Odoo 22 and Online 21\.1/);
      delete finding.urgency;
      delete finding.group;
      delete finding.removedIn;
      delete finding.message;
    }
    assert.deepEqual(report, {
      target: '20.0',
      summary: { brokenNow: 0, deprecated: 2, converts: 1, needsPerson: 1 },
      files: [
        {
          path: 'src/sync.py',
          findings: [
            {
              line: 3,
              column: 7,
              call: 'object.execute_kw',
              model: 'res.partner',
              method: 'search',
              severity: 'convertible',
              reason: null,
            },
            {
              line: 4,
              column: 8,
              call: 'object.execute_kw',
              model: null,
              method: null,
              severity: 'manual',
              reason: 'the model or the method name is not a literal string: it is only known at run time; convert it by hand.',
            },
          ],
        },
      ],
    });
  });

  test('scan --output sarif and github', async () => {
    const sarif = await runCli(['migrate', 'scan', 'src', '--output', 'sarif'], { cwd: root });
    const log = JSON.parse(sarif.stdout) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string }[] } };
        results: {
          ruleId: string;
          message: { text: string };
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[];
        }[];
      }[];
    };
    assert.equal(log.version, '2.1.0');
    assert.deepEqual(
      log.runs[0].tool.driver.rules.map((rule) => rule.id),
      ['deprecated-rpc', 'deprecated-rpc-manual', 'deprecated-rpc-no-replacement'],
    );
    assert.deepEqual(
      log.runs[0].results.map((r) => [
        r.ruleId,
        r.locations[0].physicalLocation.artifactLocation.uri,
        r.locations[0].physicalLocation.region.startLine,
      ]),
      [
        ['deprecated-rpc', 'src/broken.py', 3],
        ['deprecated-rpc', 'src/client.js', 2],
        ['deprecated-rpc', 'src/sync.py', 3],
        ['deprecated-rpc-manual', 'src/sync.py', 4],
      ],
    );
    assert.match(
      log.runs[0].results[0].message.text,
      /^XML-RPC object\.execute_kw res\.partner\.search: the object service is removed in Odoo 22 and Online 21\.1/,
    );
    const github = await runCli(['migrate', 'scan', 'src/client.js', '--output', 'github'], { cwd: root });
    assert.equal(github.code, 1);
    assert.match(
      github.stdout,
      /^::warning file=src\/client\.js,line=2,col=1,endLine=2,endColumn=\d+,title=Deprecated object\.execute_kw::XML-RPC object\.execute_kw res\.partner\.search_count: the object service is removed in Odoo 22 and Online 21\.1 /,
    );
    assert.equal(github.stdout.trim().split('\n').length, 1);
  });

  test('exit codes: 0 when no call remains, 2 on bad usage', async () => {
    assert.equal((await runCli(['migrate', 'scan', 'src/clean.py'], { cwd: root })).code, 0);
    assert.match(
      (await runCli(['migrate', 'scan', 'src/clean.py'], { cwd: root })).stdout,
      /^No deprecated XML-RPC\/JSON-RPC call in 1 file\./,
    );
    for (const args of [
      ['migrate'],
      ['migrate', 'scan'],
      ['migrate', 'check', '.'],
      ['migrate', 'scan', '.', '--output', 'xml'],
      ['migrate', 'scan', 'nowhere'],
      ['migrate', 'fix', '.', '--output', 'json'],
      ['migrate', 'scan', '.', '--bogus'],
    ]) {
      const result = await runCli(args, { cwd: root });
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stdout}${result.stderr}`);
      assert.match(result.stderr, /^json2 migrate: /, args.join(' '));
    }
  });

  test('a file named on the command line is read even in a skipped folder', async () => {
    const result = await runCli(['migrate', 'scan', 'generated/out.py', '--output', 'json'], { cwd: root });
    assert.equal(result.code, 1);
    assert.equal((JSON.parse(result.stdout) as { files: { path: string }[] }).files[0].path, 'generated/out.py');
  });

  test('fix: a unified diff that git applies, nothing written, declined calls and the unparsable file on stderr', async () => {
    const before = fs.readFileSync(path.join(root, 'src/sync.py'), 'utf8');
    const result = await runCli(['migrate', 'fix', 'src'], { cwd: root });
    assert.equal(result.code, 1, 'a call is left for a person');
    assert.equal(fs.readFileSync(path.join(root, 'src/sync.py'), 'utf8'), before, 'nothing written without --write');
    assert.match(result.stdout, /^--- a\/src\/client\.js\n\+\+\+ b\/src\/client\.js\n@@ /m);
    assert.match(result.stdout, /^\+\s+"https:\/\/erp\.example\.com\/json\/2\/res\.partner\/search",$/m);
    assert.doesNotMatch(result.stdout, /broken\.py/, 'the unparsable file is not in the diff');
    assert.match(
      result.stderr,
      /^src\/broken\.py: left alone: it does not parse \(line 4: Python syntax error\); nothing in it was changed$/m,
    );
    assert.match(result.stderr, /^src\/sync\.py:4:8: declined object\.execute_kw: the model or the method name is not a literal string/m);
    assert.match(result.stderr, /would convert 2 calls in 2 files; 2 left for a person \(4 files read\)/);
    const patch = path.join(root, 'changes.patch');
    fs.writeFileSync(patch, result.stdout);
    const check = spawnSync('git', ['apply', '--check', patch], { cwd: root, encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
    fs.rmSync(patch);
  });

  test('fix --write rewrites the files it converts, leaves the unparsable one as it was, and scan sees what remains', async () => {
    const broken = fs.readFileSync(path.join(root, 'src/broken.py'), 'utf8');
    const result = await runCli(['migrate', 'fix', 'src', '--write'], { cwd: root });
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /converted 2 calls in 2 files/);
    assert.equal(fs.readFileSync(path.join(root, 'src/broken.py'), 'utf8'), broken);
    const sync = fs.readFileSync(path.join(root, 'src/sync.py'), 'utf8');
    assert.match(sync, /^import requests$/m);
    assert.match(sync, /^ids = response\.json\(\)$/m);
    assert.equal(
      spawnSync('python3', ['-c', 'import ast, sys; ast.parse(open(sys.argv[1]).read())', path.join(root, 'src/sync.py')]).status,
      0,
    );
    const scan = await runCli(['migrate', 'scan', 'src', '--output', 'json'], { cwd: root });
    assert.deepEqual(
      (JSON.parse(scan.stdout) as { files: { path: string; findings: unknown[] }[] }).files.map((file) => [
        file.path,
        file.findings.length,
      ]),
      [
        ['src/broken.py', 1],
        ['src/sync.py', 1],
      ],
    );
    const clean = await runCli(['migrate', 'fix', 'src/client.js', '--write'], { cwd: root });
    assert.equal(clean.code, 0, 'nothing left in that file');
  });
});

describe('json2 migrate scan: urgency for the target release', () => {
  let root: string;
  const DB = "import xmlrpc.client\ndb = xmlrpc.client.ServerProxy('https://erp.example.com/xmlrpc/2/db')\nnames = db.list()\n";
  before(() => {
    ensureCliBuilt();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-migrate-urgency-'));
    fs.mkdirSync(path.join(root, 'ops'));
    fs.writeFileSync(path.join(root, 'ops', 'admin.py'), DB + PROXY.replace('import xmlrpc.client\n', '') + SEARCH);
    fs.writeFileSync(path.join(root, 'ops', 'report.py'), PROXY + SEARCH);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test('on the newest release (20.0) a db-service call breaks now; object calls break on Odoo 22 / Online 21.1', async () => {
    const result = await runCli(['migrate', 'scan', 'ops'], { cwd: root });
    assert.equal(result.code, 1);
    const headings = result.stdout.split('\n').filter((line) => /^\S.*\(\d+ calls?\)$/.test(line));
    assert.deepEqual(headings, ['Breaks now on 20.0 (1 call)', 'Breaks on Odoo 22 / Online 21.1 (2 calls)']);
    assert.match(result.stdout, /^ops\/admin\.py:3:9 {2}db\.list {2}converts$/m);
    assert.match(result.stdout, /3 deprecated calls in 2 of 2 files: 1 breaks now on 20\.0, 2 breaks on Odoo 22 \/ Online 21\.1;/);
  });

  test('--target 19.0: the db-service call still works there and is grouped under its own removal', async () => {
    const result = await runCli(['migrate', 'scan', 'ops', '--target', '19.0'], { cwd: root });
    const headings = result.stdout.split('\n').filter((line) => /^\S.*\(\d+ calls?\)$/.test(line));
    assert.deepEqual(headings, ['Breaks on Odoo 20 / Online 19.1 (1 call)', 'Breaks on Odoo 22 / Online 21.1 (2 calls)']);
    assert.match(result.stdout, /^Target release: 19\.0$/m);
  });

  test('--fail-on broken-now exits 1 exactly when an already removed call is present', async () => {
    const code = async (...args: string[]): Promise<number> => (await runCli(['migrate', 'scan', ...args], { cwd: root })).code;
    assert.equal(await code('ops', '--fail-on', 'broken-now'), 1, 'the db call is removed on 20.0');
    assert.equal(await code('ops', '--fail-on', 'broken-now', '--target', '19.0'), 0, 'nothing is removed on 19.0 yet');
    assert.equal(await code('ops', '--fail-on', 'broken-now', '--target', 'saas~19.1'), 1, 'Online 19.1 has no db service');
    assert.equal(await code('ops/report.py', '--fail-on', 'broken-now'), 0, 'object calls still work on 20.0');
    assert.equal(await code('ops/report.py', '--fail-on', 'broken-now', '--target', '22.0'), 1, 'and are removed on 22.0');
    assert.equal(await code('ops/report.py', '--fail-on', 'deprecated'), 1, 'deprecated: any call fails');
    assert.equal(await code('ops/report.py'), 1, 'deprecated is the default');
  });

  test('JSON, SARIF and GitHub annotations carry the same classes', async () => {
    const json = JSON.parse((await runCli(['migrate', 'scan', 'ops/admin.py', '--output', 'json'], { cwd: root })).stdout) as {
      summary: Record<string, number>;
      files: { findings: { call: string; urgency: string; group: string; removedIn: unknown; message: string }[] }[];
    };
    assert.deepEqual(json.summary, { brokenNow: 1, deprecated: 1, converts: 2, needsPerson: 0 });
    const [list, search] = json.files[0].findings;
    assert.deepEqual(
      [list.call, list.urgency, list.group, list.removedIn],
      ['db.list', 'broken-now', 'breaks now on 20.0', { odoo: '20.0', online: '19.1' }],
    );
    assert.match(
      list.message,
      /^XML-RPC db\.list: the db service was removed in Odoo 20 and Online 19\.1, so it fails on the target release 20\.0\. Use POST \/web\/database\/list\.$/,
    );
    assert.equal(search.urgency, 'deprecated');
    const sarif = JSON.parse((await runCli(['migrate', 'scan', 'ops/admin.py', '--output', 'sarif'], { cwd: root })).stdout) as {
      runs: { properties: unknown; results: { level: string; properties: { urgency: string } }[] }[];
    };
    assert.deepEqual(sarif.runs[0].properties, { targetRelease: '20.0' });
    assert.deepEqual(
      sarif.runs[0].results.map((result) => [result.level, result.properties.urgency]),
      [
        ['error', 'broken-now'],
        ['warning', 'deprecated'],
      ],
    );
    const github = (await runCli(['migrate', 'scan', 'ops/admin.py', '--output', 'github'], { cwd: root })).stdout.trim().split('\n');
    assert.deepEqual(
      github.map((line) => line.split(' ')[0]),
      ['::error', '::warning'],
    );
  });

  test('an n8n export: each node by name, what it calls and its .json2 request, in the text and JSON reports', async () => {
    const workflow = path.join(repoRoot, 'test', 'fixtures', 'migration', 'n8n', 'odoo_sync_workflow.json');
    const pretty = await runCli(['migrate', 'scan', workflow, '--fail-on', 'broken-now'], { cwd: root });
    assert.equal(pretty.code, 1, 'the db.list node is broken on 20.0');
    assert.match(
      pretty.stdout,
      /^Breaks now on 20\.0 \(1 call\)\n {2}Needs a person \(1\)\n.*odoo_sync_workflow\.json:\d+:\d+ {2}db\.list node "List databases" {2}by hand: /m,
    );
    assert.match(pretty.stdout, /object\.execute res\.partner\.search_read node "Find companies"/);
    const json = JSON.parse((await runCli(['migrate', 'scan', workflow, '--output', 'json'], { cwd: root })).stdout) as {
      files: { findings: { node?: string; json2Request?: string | null }[] }[];
    };
    const nodes = json.files[0].findings;
    assert.deepEqual(
      nodes.map((finding) => finding.node),
      ['Find companies', 'Create contact', 'Read lead', 'Delete note', 'List databases', 'Count companies', 'Server version'],
    );
    assert.match(nodes[0].json2Request ?? '', /^### n8n node "Find companies"\n[\s\S]*^POST res\.partner\/search_read$/m);
  });

  test('a target or a class that is not one is bad usage', async () => {
    for (const args of [
      ['--target', 'latest'],
      ['--target', '7.0'],
      ['--fail-on', 'anything'],
    ]) {
      const result = await runCli(['migrate', 'scan', 'ops', ...args], { cwd: root });
      assert.equal(result.code, 2, args.join(' '));
      assert.match(
        result.stderr,
        /^json2 migrate: --(target 'latest' is not a release|target '7\.0' is not a release|fail-on must be one of broken-now, deprecated)/,
      );
    }
    assert.equal((await runCli(['migrate', 'fix', 'ops', '--fail-on', 'broken-now'], { cwd: root })).code, 2);
  });
});
