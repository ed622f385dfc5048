// `json2 run` says where each context key came from, as the panel's line does: the connection's defaultContext,
// `--context`, or the request itself; in the pretty output and in --output json, against the sandbox.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';

const requests = `# @connection sandbox
### Belgium
POST res.country/search_read
{ "domain": [["code", "=", "BE"]], "fields": ["name"] }

### Belgium in English
POST res.country/search_read
{ "domain": [["code", "=", "BE"]], "fields": ["name"], "context": { "lang": "en_US" } }

### Version
GET /web/version
`;

describe('json2 run: where the context keys came from', () => {
  let sandbox: StartedSandbox;
  let tmp: string;
  let args: string[];
  let env: Record<string, string>;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-context-'));
    fs.writeFileSync(path.join(tmp, 'context.json2'), requests);
    const connection = { name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database, defaultContext: { lang: 'fr_FR' } };
    fs.writeFileSync(path.join(tmp, 'connections.json'), JSON.stringify({ 'json2.connections': [connection] }));
    args = ['run', 'context.json2', '--connections', 'connections.json'];
    env = { JSON2_API_KEY_SANDBOX: sandbox.keys.admin };
  });
  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('the pretty output has a context line per model call, with the source of each key; routes have none', async () => {
    const result = await runCli([...args, '--context', '{"tz":"Europe/Brussels"}'], { env, cwd: tmp });
    assert.equal(result.code, 0, result.stderr);
    const blocks = result.stdout.split(/\n(?=[✓✗-] )/);
    assert.match(blocks[0], /^ {4}context: lang = "fr_FR" \(connection\), tz = "Europe\/Brussels" \(command line\)$/m);
    assert.match(blocks[0], /Belgique/);
    assert.match(blocks[1], /^ {4}context: tz = "Europe\/Brussels" \(command line\), lang = "en_US" \(request\)$/m);
    assert.match(blocks[1], /"Belgium"/);
    assert.doesNotMatch(blocks[2], /context:/);
    assert.ok(!result.stdout.includes(sandbox.keys.admin) && !result.stderr.includes(sandbox.keys.admin));
  });

  test('--output json carries the same sources', async () => {
    const result = await runCli([...args, '--output', 'json'], { env, cwd: tmp });
    assert.equal(result.code, 0, result.stderr);
    const run = JSON.parse(result.stdout) as { files: { requests: { context?: unknown }[] }[] };
    const [belgium, english, version] = run.files[0].requests;
    assert.deepEqual(belgium.context, [{ name: 'lang', value: 'fr_FR', source: 'connection' }]);
    assert.deepEqual(english.context, [{ name: 'lang', value: 'en_US', source: 'request' }]);
    assert.equal(version.context, undefined);
  });
});
