// `json2 import` as a user runs it, on the fixtures of test/fixtures/collections: the written .json2 files run green
// with `json2 run` against one real sandbox, no fixture secret is in any written file, and the report lists the scripts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { FIXTURE_SECRETS, collectionsDir } from '../collections/collectionFixtures';
import { ensureCliBuilt, fixturesDir, runCli } from './cliHarness';

interface JsonRun {
  files: { file: string; requests: { label: string; verdict: string; httpStatus?: number; message?: string }[] }[];
}

function writtenFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe('json2 import, then json2 run against the sandbox', () => {
  let sandbox: StartedSandbox;
  let tmp: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-import-test-'));
  });

  after(async () => {
    await sandbox?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const cases = [
    {
      fixture: 'odoo.postman_collection.json',
      requests: 5,
      scripts: ['Partners/Read companies: test script', 'Legacy: pre-request script'],
    },
    {
      fixture: 'odoo.insomnia.json',
      requests: 4,
      scripts: ['Partners/Read companies: after-response script', 'Partners/execute_kw search_count: pre-request script'],
    },
    { fixture: 'odoo.http', requests: 4, scripts: ['odoo: Companies: assertion "?? status == 200"'] },
    {
      fixture: 'bruno',
      requests: 4,
      env: 'Local.env',
      scripts: ['Version.bru: tests', 'Partners/Read.bru: pre-request script', 'Legacy/Execute.bru: tests'],
    },
  ];

  for (const { fixture, requests, env, scripts } of cases) {
    test(`${fixture}: imported files run green, hold no secret, and the report lists the scripts not converted`, async () => {
      const out = path.join(tmp, fixture);
      const imported = await runCli([
        'import',
        path.join(collectionsDir, fixture),
        '--out',
        out,
        '--report',
        path.join(tmp, `${fixture}.md`),
      ]);
      assert.equal(imported.code, 0, imported.stderr);
      for (const script of scripts) assert.ok(imported.stdout.includes(`- ${script}`), `${script} not in the report:\n${imported.stdout}`);
      assert.equal(fs.readFileSync(path.join(tmp, `${fixture}.md`), 'utf8'), imported.stdout);
      const files = writtenFiles(out);
      for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        for (const secret of FIXTURE_SECRETS) assert.ok(!text.includes(secret), `${secret} written in ${file}`);
      }
      for (const secret of FIXTURE_SECRETS) assert.ok(!imported.stdout.includes(secret), `${secret} in the report`);
      const json2Files = files.filter((file) => file.endsWith('.json2'));
      const run = await runCli(
        [
          'run',
          ...json2Files,
          '--url',
          sandbox.url,
          '--db',
          sandbox.database,
          '--output',
          'json',
          ...(env ? ['--env', path.join(out, env)] : []),
        ],
        { env: { JSON2_API_KEY: sandbox.keys.admin } },
      );
      assert.equal(run.code, 0, `${run.stderr}\n${run.stdout}`);
      const ran = (JSON.parse(run.stdout) as JsonRun).files.flatMap((file) => file.requests);
      assert.equal(ran.length, requests, JSON.stringify(ran));
      assert.deepEqual(
        ran.filter((request) => request.verdict !== 'passed'),
        [],
      );
    });
  }

  test('json2 export --to http, then json2 import: the requests come back and run green; --to postman writes a collection', async () => {
    const http = path.join(tmp, 'exported', 'passing.http');
    const exported = await runCli(['export', path.join(fixturesDir, 'passing.json2'), '--to', 'http', '--out', http]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /passing\.json2:5: 2 assertion\(s\) \(\?\?\): not exported/);
    assert.match(exported.stderr, /3 requests of 1 file\(s\) written/);
    const text = fs.readFileSync(http, 'utf8');
    assert.match(
      text,
      /^POST \{\{baseUrl\}\}\/json\/2\/res\.partner\/search_read HTTP\/1\.1\nAuthorization: Bearer \{\{apiKey\}\}\nX-Odoo-Database: \{\{database\}\}\nX-Service-Database: \{\{database\}\}$/m,
    );
    assert.ok(!text.includes(sandbox.keys.admin));
    const out = path.join(tmp, 'roundTrip');
    assert.equal((await runCli(['import', http, '--out', out])).code, 0);
    const run = await runCli(['run', path.join(out, 'passing.json2'), '--url', sandbox.url, '--db', sandbox.database, '--output', 'json'], {
      env: { JSON2_API_KEY: sandbox.keys.admin },
    });
    assert.equal(run.code, 0, run.stderr);
    const ran = (JSON.parse(run.stdout) as JsonRun).files[0].requests;
    assert.deepEqual(
      ran.map((request) => [request.label, request.verdict]),
      [
        ['Server version', 'passed'],
        ['companies', 'passed'],
        ['Their contacts (uses companies, written further down: it runs first)', 'passed'],
      ],
    );
    const postman = path.join(tmp, 'exported', 'passing.postman_collection.json');
    assert.equal(
      (await runCli(['export', path.join(fixturesDir, 'passing.json2'), '--to', 'postman', '--out', postman, '--db', 'odoo'])).code,
      0,
    );
    const collection = JSON.parse(fs.readFileSync(postman, 'utf8')) as {
      info: { schema: string };
      variable: { key: string; value: string }[];
    };
    assert.match(collection.info.schema, /collection\/v2\.1\.0/);
    assert.deepEqual(
      collection.variable.find((variable) => variable.key === 'database'),
      { key: 'database', value: 'odoo', type: 'string' },
    );
    const wrong = await runCli(['export', path.join(fixturesDir, 'passing.json2'), '--to', 'xml', '--out', postman]);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /give --to postman or --to http/);
  });

  test('a file that exists is not overwritten without --force; bad usage exits 2', async () => {
    const out = path.join(tmp, 'twice');
    const fixture = path.join(collectionsDir, 'odoo.http');
    assert.equal((await runCli(['import', fixture, '--out', out])).code, 0);
    const again = await runCli(['import', fixture, '--out', out]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /odoo\.json2 exists.*--force/);
    assert.equal((await runCli(['import', fixture, '--out', out, '--force'])).code, 0);
    const noOut = await runCli(['import', fixture]);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /give --out DIR/);
  });
});
