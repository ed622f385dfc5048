// Issue 36's "done when" on the command line: against a sandbox that picks databases as a real Odoo server (only
// X-Odoo-Database, the "No database is selected" page) and hosts demo and its copy, `json2 run --url --db` and
// `json2 mcp --url --db` answer from the named database, a request's own header reaches the other one, an unknown
// name is refused before sending, and exported cURL (run by sh) and migrated Python (run by python3) reach the named
// database.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { exportAsCurl, parseRequestFile, resolveRequest, type ResolvedRequest } from '../../../src/core/requestFile';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { COPY_CITY, COPY_DATABASE, PARTNER, cityRequest, startRealHeaderSandbox } from '../../support/realHeaderSandbox';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { convertAll } from '../migrate/migrationCorpus';
import { cliPath, ensureCliBuilt, runCli } from './cliHarness';

const run = promisify(execFile);

async function resolved(text: string): Promise<ResolvedRequest> {
  const result = await resolveRequest(parseRequestFile(text), 0);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  return result.request;
}

function citiesOf(stdout: string): string[] {
  return (JSON.parse(stdout) as { city: string }[]).map((record) => record.city);
}

describe('a server hosting several databases, reading only X-Odoo-Database, from the command line', () => {
  let sandbox: StartedSandbox;
  let demoCity: string;
  let dir: string;
  let env: Record<string, string>;
  const requests: string[] = [];
  const json2Requests = () => requests.filter((line) => line.includes('/json/2/')).length;

  const writeFile = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const runFile = (file: string, args: readonly string[], extraEnv: Record<string, string> = {}) =>
    runCli(['run', file, '--url', sandbox.url, ...args], { env: { ...env, ...extraEnv }, cwd: dir });

  before(async () => {
    ensureCliBuilt();
    ({ sandbox, demoCity } = await startRealHeaderSandbox(startSandbox, { log: (line) => requests.push(line) }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-real-databases-'));
    env = { JSON2_API_KEY: sandbox.keys.admin };
  });
  after(async () => {
    await sandbox?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('json2 run --url --db answers from the named database', async () => {
    const file = writeFile('city.json2', cityRequest());
    const demo = await runFile(file, ['--db', sandbox.database, '--output', 'body']);
    assert.equal(demo.code, 0, demo.stderr);
    assert.deepEqual(citiesOf(demo.stdout), [demoCity]);
    const copy = await runFile(file, ['--db', COPY_DATABASE, '--output', 'body']);
    assert.equal(copy.code, 0, copy.stderr);
    assert.deepEqual(citiesOf(copy.stdout), [COPY_CITY]);
  });

  test("a request's own database header (either name) reaches the other database", async () => {
    for (const header of ['X-Service-Database', 'X-Odoo-Database']) {
      const file = writeFile('override.json2', cityRequest(`${header}: ${COPY_DATABASE}\n`));
      const answer = await runFile(file, ['--db', sandbox.database, '--output', 'body']);
      assert.equal(answer.code, 0, answer.stderr);
      assert.deepEqual(citiesOf(answer.stdout), [COPY_CITY], header);
    }
  });

  test('an unknown database name is refused before sending, naming the databases there', async () => {
    const file = writeFile('city.json2', cityRequest());
    const before = json2Requests();
    const answer = await runFile(file, ['--db', 'typo_db']);
    assert.equal(answer.code, 1);
    assert.match(
      `${answer.stdout}${answer.stderr}`,
      new RegExp(`The database "typo_db" does not exist on this server; it has: ${COPY_DATABASE}, ${sandbox.database}\\.`),
    );
    assert.equal(json2Requests(), before, 'no JSON-2 request reached the server');
  });

  test('--db-header (or JSON2_DATABASE_HEADER) sends one header; the page a server answers then is explained', async () => {
    const file = writeFile('city.json2', cityRequest());
    const odoo = await runFile(file, ['--db', COPY_DATABASE, '--db-header', 'X-Odoo-Database', '--output', 'body']);
    assert.equal(odoo.code, 0, odoo.stderr);
    assert.deepEqual(citiesOf(odoo.stdout), [COPY_CITY]);
    const service = await runFile(file, ['--db', COPY_DATABASE], { JSON2_DATABASE_HEADER: 'X-Service-Database' });
    assert.equal(service.code, 1);
    assert.match(
      `${service.stdout}${service.stderr}`,
      /"copy" was sent in the X-Service-Database header, which Odoo servers do not read \(they read X-Odoo-Database\)/,
    );
  });

  test('json2 mcp --url --db reads from the named database; an unknown name is refused', async () => {
    for (const [database, city] of [
      [COPY_DATABASE, COPY_CITY],
      [sandbox.database, demoCity],
    ]) {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [cliPath, 'mcp', '--url', sandbox.url, '--db', database],
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...env },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'json2-real-databases-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        const result = await client.callTool({
          name: 'json2_read_records',
          arguments: { model: 'res.partner', domain: [['name', '=', PARTNER]], fields: ['city'] },
        });
        const value = JSON.parse((result.content as { text: string }[])[0].text) as { records: { city: string }[] };
        assert.equal(result.isError === true, false, JSON.stringify(value));
        assert.deepEqual(
          value.records.map((record) => record.city),
          [city],
          database,
        );
      } finally {
        await client.close();
      }
    }
  });

  test("the exported cURL, run by sh, reaches the named database (the connection's, or the request's own)", async (t) => {
    try {
      await run('curl', ['--version']);
    } catch {
      skipOutsideCi(t, 'NO curl on this machine (nothing was installed): the cURL export was NOT run');
      return;
    }
    const shell = async (request: ResolvedRequest, database: string): Promise<string[]> => {
      const script = exportAsCurl(request, { baseUrl: sandbox.url, database });
      assert.ok(!script.includes(sandbox.keys.admin));
      const { stdout } = await run('sh', ['-c', `${script.trimEnd()} --silent --fail`], { env: { PATH: process.env.PATH ?? '', ...env } });
      return citiesOf(stdout);
    };
    assert.deepEqual(await shell(await resolved(cityRequest()), COPY_DATABASE), [COPY_CITY]);
    assert.deepEqual(await shell(await resolved(cityRequest()), sandbox.database), [demoCity]);
    assert.deepEqual(await shell(await resolved(cityRequest(`X-Service-Database: ${COPY_DATABASE}\n`)), sandbox.database), [COPY_CITY]);
  });

  test('migrated Python, run by python3, reaches the database the original named', async (t) => {
    try {
      await run('python3', ['-c', 'import requests']);
    } catch {
      skipOutsideCi(t, 'NO python3 with requests on this machine (nothing was installed): the migrated Python was NOT run');
      return;
    }
    const original = [
      'import json',
      'import os',
      'import xmlrpc.client',
      '',
      "url = os.environ['JSON2_BASE_URL']",
      `db = '${COPY_DATABASE}'`,
      "models = xmlrpc.client.ServerProxy(url + '/xmlrpc/2/object')",
      `rows = models.execute_kw(db, 2, os.environ['JSON2_API_KEY'], 'res.partner', 'search_read', [[['name', '=', '${PARTNER}']]], {'fields': ['city']})`,
      "print(json.dumps([{'city': row['city']} for row in rows]))",
      '',
    ].join('\n');
    const { text, converted } = convertAll(original, 'cities.py');
    assert.equal(converted, 1);
    assert.match(text, /"X-Odoo-Database": db,/);
    const file = writeFile('cities.py', text);
    const { stdout } = await run('python3', [file], { env: { ...process.env, ...env, JSON2_BASE_URL: sandbox.url } });
    assert.deepEqual(citiesOf(stdout), [COPY_CITY]);
  });
});
