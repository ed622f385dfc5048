// The export check: the exported cURL, Python and JavaScript, run against the sandbox with the key in the
// environment, give the same answer as the request itself run by `json2 run`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  exportAsCurl,
  exportAsJavaScript,
  exportAsPython,
  parseRequestFile,
  resolveRequest,
  type ResolvedRequest,
} from '../../../src/core/requestFile';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';
import { skipOutsideCi } from '../../support/skipOutsideCi';

const run = promisify(execFile);

const REQUEST = `POST res.partner/search_read
{
  "domain": [["is_company", "=", true], ["country_id.code", "in", ["BE", "DE", "JP"]]],
  "fields": ["name", "city", "country_id"],
  "order": "name",
  "context": {"lang": "en_US"}
}
`;

async function succeeds(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args);
    return true;
  } catch {
    return false;
  }
}

/** A python3 that has `requests`: Debian's first; installed with apt-get when missing and this runs as root. */
async function pythonWithRequests(): Promise<string | { skip: string }> {
  const candidates = ['/usr/bin/python3', 'python3'];
  for (const python of candidates) if (await succeeds(python, ['-c', 'import requests'])) return python;
  if (process.getuid?.() === 0 && (await succeeds('apt-get', ['--version']))) {
    await succeeds('apt-get', ['install', '-y', '-q', 'python3-requests']);
    if (await succeeds('/usr/bin/python3', ['-c', 'import requests'])) return '/usr/bin/python3';
  }
  return {
    skip: 'NO PYTHON WITH requests: apt-get install python3-requests failed or is not allowed here, so the Python export was NOT checked',
  };
}

describe('exported code gives the same answer as the request', () => {
  let sandbox: StartedSandbox;
  let request: ResolvedRequest;
  let expected: unknown;
  let env: Record<string, string>;
  let dir: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-export-check-'));
    env = { PATH: process.env.PATH ?? '', JSON2_API_KEY: sandbox.keys.user };
    const file = path.join(dir, 'request.json2');
    fs.writeFileSync(file, REQUEST);
    const answer = await runCli(['run', file, '--url', sandbox.url, '--db', sandbox.database, '--output', 'body'], { env });
    assert.equal(answer.code, 0, answer.stderr);
    expected = JSON.parse(answer.stdout);
    assert.ok(Array.isArray(expected) && expected.length >= 5, answer.stdout);
    const resolved = await resolveRequest(parseRequestFile(REQUEST), 0);
    assert.ok(resolved.ok);
    request = resolved.request;
  });

  after(async () => {
    await sandbox?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const options = () => ({ baseUrl: sandbox.url, database: sandbox.database });

  test('cURL (bash and curl)', async (t) => {
    if (!(await succeeds('curl', ['--version']))) {
      skipOutsideCi(t, 'NO curl: apt-get install curl; the cURL export was NOT checked');
      return;
    }
    const script = exportAsCurl(request, options());
    assert.ok(!script.includes(env.JSON2_API_KEY));
    const { stdout } = await run('bash', ['-c', `${script.trimEnd()} --silent --fail`], { env });
    assert.deepEqual(JSON.parse(stdout), expected);
  });

  test('Python (requests)', async (t) => {
    const python = await pythonWithRequests();
    if (typeof python !== 'string') {
      skipOutsideCi(t, python.skip);
      return;
    }
    const script = exportAsPython(request, options());
    assert.ok(!script.includes(env.JSON2_API_KEY));
    // The snippet prints the answer as Python sees it; print it as JSON instead so the two can be compared.
    const printed = 'print(response.json())';
    assert.ok(script.includes(printed));
    const file = path.join(dir, 'request.py');
    fs.writeFileSync(file, script.replace(printed, 'import json\nprint(json.dumps(response.json()))'));
    const { stdout } = await run(python, [file], { env });
    const [status, body] = stdout.trim().split('\n');
    assert.equal(status, '200');
    assert.deepEqual(JSON.parse(body), expected);
  });

  test('JavaScript (fetch)', async () => {
    const script = exportAsJavaScript(request, options());
    assert.ok(!script.includes(env.JSON2_API_KEY));
    const printed = 'console.log(response.status, await response.json());';
    assert.ok(script.includes(printed));
    const file = path.join(dir, 'request.mjs');
    fs.writeFileSync(file, script.replace(printed, 'console.log(response.status);\nconsole.log(JSON.stringify(await response.json()));'));
    const { stdout } = await run(process.execPath, [file], { env });
    const [status, body] = stdout.trim().split('\n');
    assert.equal(status, '200');
    assert.deepEqual(JSON.parse(body), expected);
  });
});
