// `json2 run --select PATH` against the sandbox: only the selected part of each answer is printed (pretty, body,
// json), filters select records, a path that selects nothing is said on stderr, and a bad path is bad usage.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';

const requests = `### Belgian companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true], ["country_id.code", "=", "BE"]], "fields": ["name", "country_id"], "order": "id" }
?? body.length == 3

### Server version
GET /web/version
`;

describe('json2 run --select', () => {
  let sandbox: StartedSandbox;
  let env: Record<string, string>;
  let args: string[];
  let tmp: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    env = { JSON2_API_KEY: sandbox.keys.admin };
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-select-'));
    fs.writeFileSync(path.join(tmp, 'select.json2'), requests);
    args = ['run', 'select.json2', '--url', sandbox.url, '--db', sandbox.database];
  });

  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('--output body prints only the selected part; where it selects nothing, stderr says why and the verdict stands', async () => {
    const result = await runCli([...args, '--output', 'body', '--select', 'body[*].country_id[1]'], { env, cwd: tmp });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), ['Belgium', 'Belgium', 'Belgium']);
    assert.match(result.stderr, /select\.json2:7:1: --select body\[\*\]: \[\*\] needs an array, found an object/);
  });

  test('a filter selector picks records; --output json carries the selection; the assertions still see the whole answer', async () => {
    const result = await runCli([...args, '--output', 'json', '--select', '$[?match(@.name, "Brouwerij.*")].name'], { env, cwd: tmp });
    assert.equal(result.code, 0, result.stderr);
    const run = JSON.parse(result.stdout) as { files: { requests: { body?: unknown; assertions: { passed: boolean }[] }[] }[] };
    const [companies, version] = run.files[0].requests;
    assert.deepEqual(companies.body, ['Brouwerij De Kroon']);
    assert.deepEqual(
      companies.assertions.map((assertion) => assertion.passed),
      [true],
    );
    // On an object a filter looks at its members' values: none is a string matching, so the list is empty.
    assert.deepEqual(version.body, []);
  });

  test('pretty output shows the selection under each request; a selected string is printed as text', async () => {
    const result = await runCli([...args, '--select', 'body.version'], { env, cwd: tmp });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /✓ Server version {2}GET \/web\/version {2}200 {2}\d+ ms\n {4}19\.0\n/);
    assert.match(result.stderr, /select\.json2:2:1: --select body\.version: "version" needs an object, found an array/);
  });

  test('a path that cannot be read is bad usage (exit 2) with a caret under the problem, and nothing is sent', async () => {
    const result = await runCli([...args, '--select', 'body[?(@.amount_total > )]'], { env, cwd: tmp });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /json2 run: --select: Invalid filter: .*\n {2}body\[\?\(@\.amount_total > \)\]\n {2} +\^/);
    assert.equal(result.stdout, '');
  });
});
