// `json2 explain FILE:LINE` and `json2 run --explain` against the sandbox, as the demo user: the explanation is printed
// under the request (pretty), on stderr (body), or in the JSON document; bad usage exits 2.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { explainRunArguments } from '../../../src/cli/explainCommand';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';

const FILE = `### Server version
GET /web/version

### The discontinued lamp
POST product.template/search_read
{ "domain": [["name", "=", "Desk Lamp (discontinued)"]], "fields": ["name"] }

### Credit limits
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name", "credit_limit"], "limit": 1 }
`;

describe('json2 explain and json2 run --explain', () => {
  let sandbox: StartedSandbox;
  let tmp: string;
  let file: string;
  let connection: string[];
  let env: Record<string, string>;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-explain-'));
    file = path.join(tmp, 'access.json2');
    fs.writeFileSync(file, FILE);
    connection = ['--url', sandbox.url, '--db', sandbox.database];
    env = { JSON2_API_KEY: sandbox.keys.user };
  });
  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('json2 explain FILE:LINE explains the empty answer of the request on that line only', async () => {
    const result = await runCli(['explain', `${file}:5`, ...connection], { env });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /why: The call ran as Marc Demo \(demo, id \d+\) on database '[^']+'\./);
    assert.match(
      result.stdout,
      /- 1 matching product\.template record is archived and left out: add `active_test: false` to the context\./,
    );
    assert.doesNotMatch(result.stdout, /credit_limit|web\/version/);
  });

  test('json2 run --explain: the field group of a 403, in the JSON document too', async () => {
    const pretty = await runCli(['run', file, ...connection, '--explain', '--line', '9'], { env });
    assert.equal(pretty.code, 1);
    assert.match(pretty.stdout, /- Field 'credit_limit' of res\.partner is restricted to group 'Access Rights'/);
    const json = await runCli(['run', file, ...connection, '--explain', '--output', 'json'], { env });
    const document = JSON.parse(json.stdout) as {
      files: { requests: { label: string; explanation?: { causes: { kind: string }[] } }[] }[];
    };
    const [version, lamp, credit] = document.files[0].requests;
    assert.equal(version.explanation, undefined);
    assert.deepEqual(
      lamp.explanation?.causes.map((cause) => cause.kind),
      ['archived'],
    );
    assert.deepEqual(
      credit.explanation?.causes.map((cause) => cause.kind),
      ['fieldGroup'],
    );
    const body = await runCli(['run', file, ...connection, '--explain', '--output', 'body', '--line', '5'], { env });
    assert.match(body.stderr, /why: .*\n {6}- 1 matching product\.template record is archived/);
  });

  test('without --explain nothing is explained', async () => {
    const plain = await runCli(['run', file, ...connection, '--line', '5'], { env });
    assert.doesNotMatch(plain.stdout, /why:/);
  });

  test('bad usage: no file, line 0; FILE:LINE becomes --line', async () => {
    assert.deepEqual(explainRunArguments(['a.json2:12', '--yes']), ['a.json2', '--line', '12', '--explain', '--yes']);
    assert.deepEqual(explainRunArguments(['C:\\x\\a.json2']), ['C:\\x\\a.json2', '--explain']);
    const none = await runCli(['explain'], { env });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /json2 explain: give the \.json2 file first/);
    const zero = await runCli(['explain', `${file}:0`], { env });
    assert.equal(zero.code, 2);
    assert.match(zero.stderr, /line numbers start at 1/);
    const help = await runCli(['explain', '--help']);
    assert.match(help.stdout, /Usage: json2 explain FILE\[:LINE\]/);
  });
});
