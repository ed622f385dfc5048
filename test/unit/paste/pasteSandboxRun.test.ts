// Pasted snippets run against the sandbox give the same answer as the snippets themselves: the /doc page's cURL,
// Python and JavaScript samples (run with curl, python3 and node), and an xmlrpc.client call (the deprecated interface) against its pasted JSON-2 request run by `json2 run`.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { pasteAsRequest } from '../../../src/core/paste/pasteAsRequest';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from '../cli/cliHarness';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { docCurlSample, docJavaScriptSample, docPythonSample } from './docPageSamples';

const run = promisify(execFile);
const REQUEST = { context: { lang: 'en_US' }, domain: [['is_company', '=', true]], fields: ['name', 'country_id'], order: 'id', limit: 4 };

async function works(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args);
    return true;
  } catch {
    return false;
  }
}

describe('pasted snippets answer as the snippets do', () => {
  let sandbox: StartedSandbox;
  let dir: string;
  let url: string;
  let key: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-paste-run-'));
    url = `${sandbox.url}/json/2/res.partner/search_read`;
    key = sandbox.keys.admin;
  });
  after(async () => {
    await sandbox?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The pasted request run by `json2 run` against the sandbox: its answer's body. */
  async function pastedAnswer(snippet: string): Promise<unknown> {
    const outcome = pasteAsRequest(snippet, []);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
    assert.ok(!outcome.text.includes(key), 'the key is not in the request');
    const file = path.join(dir, `pasted-${Date.now()}-${Math.random().toString(36).slice(2)}.json2`);
    fs.writeFileSync(file, outcome.text);
    const answer = await runCli(['run', file, '--url', sandbox.url, '--db', sandbox.database, '--output', 'body'], {
      env: { PATH: process.env.PATH ?? '', JSON2_API_KEY: key },
    });
    assert.equal(answer.code, 0, `${answer.stderr}\n${outcome.text}`);
    return JSON.parse(answer.stdout);
  }

  test("the /doc page's cURL sample (curl)", async (t) => {
    if (!(await works('curl', ['--version']))) {
      skipOutsideCi(t, 'NO curl: apt-get install curl; the cURL sample was NOT run');
      return;
    }
    const sample = docCurlSample(url, REQUEST, key);
    // As a shell reads it, the commented-out header line ends the command; a person runs it without that line.
    const runnable = sample
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n');
    const { stdout } = await run('bash', ['-c', `${runnable.trimEnd()} --silent --fail`]);
    const original: unknown = JSON.parse(stdout);
    assert.ok(Array.isArray(original) && original.length > 0, stdout);
    assert.deepEqual(await pastedAnswer(sample), original);
  });

  test("the /doc page's Python sample (python3 with requests)", async (t) => {
    if (!(await works('python3', ['-c', 'import requests']))) {
      skipOutsideCi(t, 'NO python3 with requests: apt-get install python3-requests; the Python sample was NOT run');
      return;
    }
    const sample = docPythonSample(url, REQUEST, key);
    const file = path.join(dir, 'sample.py');
    // The sample prints Python's repr; JSON is printed instead so that the two answers compare. It also keeps JSON's
    // lower-case true (a NameError in Python): the names are defined first, as a person fixing the sample would.
    fs.writeFileSync(file, `true, false = True, False\n${sample.replace('print(data)', 'import json\nprint(json.dumps(data))')}`);
    const { stdout } = await run('python3', [file]);
    assert.deepEqual(await pastedAnswer(sample), JSON.parse(stdout));
  });

  test("the /doc page's JavaScript sample (node)", async () => {
    const sample = docJavaScriptSample(url, REQUEST, { stringified: true, key });
    const file = path.join(dir, 'sample.js');
    fs.writeFileSync(file, sample.replace('console.log(data)', 'console.log(JSON.stringify(data))'));
    const { stdout } = await run(process.execPath, [file]);
    assert.deepEqual(await pastedAnswer(sample), JSON.parse(stdout));
  });

  test('an xmlrpc.client execute_kw (python3) and its pasted JSON-2 request', async (t) => {
    if (!(await works('python3', ['--version']))) {
      skipOutsideCi(t, 'NO python3; the xmlrpc.client snippet was NOT run');
      return;
    }
    const snippet = `import json
import xmlrpc.client
url = "${sandbox.url}"
db = "${sandbox.database}"
key = "${key}"
common = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/common")
uid = common.authenticate(db, "admin", key, {})
models = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/object")
partners = models.execute_kw(db, uid, key, 'res.partner', 'search_read', [[['is_company', '=', True]]], {'fields': ['name', 'country_id'], 'order': 'id', 'limit': 4})
print(json.dumps(partners))
`;
    const file = path.join(dir, 'legacy.py');
    fs.writeFileSync(file, snippet);
    const { stdout } = await run('python3', [file]);
    assert.deepEqual(await pastedAnswer(snippet), JSON.parse(stdout));
  });
});
