// `json2 run` on connections of the deprecated interfaces: XML-RPC and JSON-RPC against a normal sandbox and a
// --legacy-only one, the same answers as JSON-2, secrets from JSON2_PASSWORD_<NAME> / JSON2_API_KEY_<NAME> /
// --key-file, a route refused before sending, and the sandbox's request log showing no request to /json/2.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';

interface JsonRun {
  files: { requests: { label: string; verdict: string; httpStatus?: number; body?: unknown; message?: string; errorKind?: string }[] }[];
}

const FILE = `### Companies
# @name companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name", "country_id"], "limit": 3, "order": "id" }
?? status == 200
?? body.length == 3

### Their contacts (uses the answer above)
POST res.partner/search_count
{ "domain": [["parent_id", "in", {{companies.response.body[*].id}}]] }
?? body > 0
`;

/** A sandbox that writes its request log (`METHOD path status time`) into `log`. */
async function loggedSandbox(legacyOnly: boolean): Promise<{ sandbox: StartedSandbox; log: string[] }> {
  const log: string[] = [];
  const sandbox = await startSandbox({ legacyOnly, log: (line) => log.push(line) });
  return { sandbox, log };
}

describe('json2 run over XML-RPC and JSON-RPC connections', () => {
  const servers: Record<'normal' | 'legacyOnly', { sandbox: StartedSandbox; log: string[] }> = {} as never;
  let tmp: string;
  let file: string;

  before(async () => {
    ensureCliBuilt();
    servers.normal = await loggedSandbox(false);
    servers.legacyOnly = await loggedSandbox(true);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-interfaces-'));
    file = path.join(tmp, 'companies.json2');
    fs.writeFileSync(file, FILE);
  });
  after(async () => {
    await Promise.all(Object.values(servers).map(({ sandbox }) => sandbox.stop()));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A --connections file with one JSON-2, one XML-RPC and one JSON-RPC connection on `sandbox`. */
  function connectionsFile(sandbox: StartedSandbox): string {
    const written = path.join(tmp, `connections-${new URL(sandbox.url).port}.json`);
    const login = sandbox.users.admin.login;
    fs.writeFileSync(
      written,
      JSON.stringify([
        { name: 'modern', baseUrl: sandbox.url, database: sandbox.database },
        { name: 'old xml', baseUrl: sandbox.url, database: sandbox.database, protocol: 'xmlrpc', login },
        { name: 'old-json', baseUrl: sandbox.url, database: sandbox.database, protocol: 'jsonrpc', login },
      ]),
    );
    return written;
  }

  async function runOn(sandbox: StartedSandbox, log: string[], connection: string, env: Record<string, string>, extra: string[] = []) {
    const before = log.length;
    const result = await runCli(
      ['run', file, '--connections', connectionsFile(sandbox), '--connection', connection, '--output', 'json', ...extra],
      { env },
    );
    return { result, paths: log.slice(before).map((line) => line.split(' ')[1]) };
  }

  for (const server of ['normal', 'legacyOnly'] as const) {
    test(`a ${server === 'normal' ? 'normal' : '--legacy-only'} sandbox: XML-RPC (password) and JSON-RPC (a key in its place) pass; nothing goes to /json/2`, async () => {
      const { sandbox, log } = servers[server];
      const password = sandbox.users.admin.password as string;
      const xml = await runOn(sandbox, log, 'old xml', { JSON2_PASSWORD_OLD_XML: password, JSON2_API_KEY: sandbox.keys.user });
      assert.equal(xml.result.code, 0, xml.result.stderr);
      const json = await runOn(sandbox, log, 'old-json', { JSON2_API_KEY_OLD_JSON: sandbox.keys.admin });
      assert.equal(json.result.code, 0, json.result.stderr);
      assert.ok(xml.paths.length > 0 && xml.paths.every((where) => where.startsWith('/xmlrpc/2/')), xml.paths.join(', '));
      assert.ok(json.paths.length > 0 && json.paths.every((where) => where === '/jsonrpc'), json.paths.join(', '));
      for (const requests of [xml, json]) {
        const run = JSON.parse(requests.result.stdout) as JsonRun;
        assert.deepEqual(
          run.files[0].requests.map((request) => [request.verdict, request.httpStatus]),
          [
            ['passed', 200],
            ['passed', 200],
          ],
        );
        for (const text of [requests.result.stdout, requests.result.stderr, ...log])
          assert.ok(!text.includes(password) && !text.includes(sandbox.keys.admin));
      }
      if (server === 'normal') {
        const modern = await runOn(sandbox, log, 'modern', { JSON2_API_KEY_MODERN: sandbox.keys.admin });
        assert.equal(modern.result.code, 0, modern.result.stderr);
        // JSON-2 calls, after the one look at the database list that checks the connection's database (knownDatabases.ts).
        assert.ok(
          modern.paths.every((where) => where.startsWith('/json/2/') || where === '/web/database/list'),
          modern.paths.join(', '),
        );
        assert.equal(modern.paths.filter((where) => where === '/web/database/list').length, 1);
        const bodies = [modern, xml, json].map((requests) =>
          (JSON.parse(requests.result.stdout) as JsonRun).files[0].requests.map((request) => request.body),
        );
        assert.deepEqual(bodies[1], bodies[0], 'XML-RPC gives the answers JSON-2 gives');
        assert.deepEqual(bodies[2], bodies[0], 'JSON-RPC gives the answers JSON-2 gives');
      }
    });
  }

  test('--key-file holds the password; a route over XML-RPC is an error before anything is sent', async () => {
    const { sandbox, log } = servers.normal;
    const keyFile = path.join(tmp, 'password.txt');
    fs.writeFileSync(keyFile, `${sandbox.users.admin.password as string}\n`, { mode: 0o600 });
    const fromFile = await runOn(sandbox, log, 'old xml', {}, ['--key-file', keyFile]);
    assert.equal(fromFile.result.code, 0, fromFile.result.stderr);
    const route = path.join(tmp, 'route.json2');
    fs.writeFileSync(route, 'GET /web/version\n');
    const before = log.length;
    const refused = await runCli(['run', route, '--connections', connectionsFile(sandbox), '--connection', 'old xml', '--output', 'json'], {
      env: { JSON2_PASSWORD_OLD_XML: 'not-even-checked' },
    });
    assert.equal(refused.code, 1, refused.stderr);
    const request = (JSON.parse(refused.stdout) as JsonRun).files[0].requests[0];
    assert.equal(request.verdict, 'error');
    assert.equal(request.errorKind, 'unsupported');
    assert.match(
      request.message ?? '',
      /"old xml" uses XML-RPC: routes such as \/web\/version need a JSON-2 connection\. Nothing was sent\./,
    );
    assert.deepEqual(log.slice(before), [], 'nothing reached the sandbox');
  });

  test('a password is only looked for where its connection sends it: no generic fallback, no password for JSON-2', async () => {
    const { sandbox } = servers.normal;
    const settings = connectionsFile(sandbox);
    const generic = await runCli(['run', file, '--connections', settings, '--connection', 'old xml'], {
      env: { JSON2_API_KEY: sandbox.keys.admin },
    });
    assert.equal(generic.code, 2);
    assert.match(
      generic.stderr,
      /No password or API key for the connection "old xml" \(XML-RPC\): set JSON2_PASSWORD_OLD_XML or JSON2_API_KEY_OLD_XML/,
    );
    const passwordForJson2 = await runCli(['run', file, '--connections', settings, '--connection', 'modern'], {
      env: { JSON2_PASSWORD_MODERN: sandbox.users.admin.password as string },
    });
    assert.equal(passwordForJson2.code, 2);
    assert.match(passwordForJson2.stderr, /No API key for the connection "modern": set JSON2_API_KEY_MODERN or JSON2_API_KEY/);
    const wrong = await runCli(['run', file, '--connections', settings, '--connection', 'old-json', '--output', 'json'], {
      env: { JSON2_PASSWORD_OLD_JSON: 'wrong-password-123' },
    });
    assert.equal(wrong.code, 1);
    const refused = (JSON.parse(wrong.stdout) as JsonRun).files[0].requests[0];
    assert.equal(refused.errorKind, 'auth');
    assert.ok(!wrong.stdout.includes('wrong-password-123') && !wrong.stderr.includes('wrong-password-123'));
  });
});
