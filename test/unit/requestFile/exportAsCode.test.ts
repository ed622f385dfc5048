// Exports as cURL, Python and JavaScript: the text, no key or secret in it, and each snippet really sending the same request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
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
import { shellWord } from '../../../src/core/requestFile/exportAsCode';

const run = promisify(execFile);

async function resolved(text: string, index = 0, context = {}): Promise<ResolvedRequest> {
  const result = await resolveRequest(parseRequestFile(text), index, context);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  return result.request;
}

const searchText =
  'POST res.partner/search_read\nX-Service-Database: demo\n{ "domain": [["is_company", "=", true]], "fields": ["name"], "limit": 5 }\n';

test('cURL text: method, URL, key from the environment, content type, the database in both headers, body', async () => {
  const request = await resolved(searchText);
  assert.equal(
    exportAsCurl(request, { baseUrl: 'http://localhost:8069/' }),
    [
      "curl --request POST 'http://localhost:8069/json/2/res.partner/search_read' \\",
      '  --header "Authorization: Bearer $JSON2_API_KEY" \\',
      "  --header 'Content-Type: application/json; charset=utf-8' \\",
      "  --header 'X-Odoo-Database: demo' \\",
      "  --header 'X-Service-Database: demo' \\",
      `  --data-raw '{"domain":[["is_company","=",true]],"fields":["name"],"limit":5}'`,
      '',
    ].join('\n'),
  );
});

test('the database header only when set; GET has no body and no content type; the key variable may be renamed', async () => {
  const version = await resolved('GET /web/version\n');
  assert.equal(
    exportAsCurl(version, { baseUrl: 'http://h', apiKeyVariable: 'MY_KEY' }),
    'curl \'http://h/web/version\' \\\n  --header "Authorization: Bearer $MY_KEY"\n',
  );
  const call = await resolved('POST res.users/context_get\n');
  assert.doesNotMatch(exportAsPython(call, { baseUrl: 'http://h' }), /Database/);
  assert.match(exportAsPython(call, { baseUrl: 'http://h', database: 'db1' }), /"X-Odoo-Database": "db1",\n\s*"X-Service-Database": "db1"/);
  // A connection that sends one header exports that one only.
  const one = exportAsCurl(call, { baseUrl: 'http://h', database: 'db1', databaseHeader: 'X-Odoo-Database' });
  assert.match(one, /X-Odoo-Database: db1/);
  assert.doesNotMatch(one, /X-Service-Database/);
});

test("a request's database header (either name) replaces the connection's database in every header exported", async () => {
  for (const name of ['X-Odoo-Database', 'X-Service-Database']) {
    const call = await resolved(`POST res.users/context_get\n${name}: staging\n`);
    const curl = exportAsCurl(call, { baseUrl: 'http://h', database: 'prod' });
    assert.match(curl, /--header 'X-Odoo-Database: staging' \\\n {2}--header 'X-Service-Database: staging'/);
    assert.doesNotMatch(curl, /prod/);
  }
});

test('Python and JavaScript text', async () => {
  const request = await resolved(searchText);
  const python = exportAsPython(request, { baseUrl: 'http://h' });
  assert.match(
    python,
    /^import os\n\nimport requests\n\nresponse = requests\.post\(\n {4}"http:\/\/h\/json\/2\/res\.partner\/search_read",\n/,
  );
  assert.match(python, /"Authorization": "Bearer " \+ os\.environ\["JSON2_API_KEY"\],/);
  assert.match(python, /json=\{"domain": \[\["is_company", "=", True\]\], "fields": \["name"\], "limit": 5\},/);
  const javascript = exportAsJavaScript(request, { baseUrl: 'http://h' });
  assert.match(javascript, /^const response = await fetch\("http:\/\/h\/json\/2\/res\.partner\/search_read", \{\n {2}method: "POST",/);
  assert.match(javascript, /"Authorization": "Bearer " \+ process\.env\.JSON2_API_KEY,/);
  assert.match(javascript, /body: JSON\.stringify\(\{"domain": \[\["is_company", "=", true\]\], "fields": \["name"\], "limit": 5\}\),/);
});

test('a prompted secret named like the key variable is read from its own variable', async () => {
  const request = await resolved('# @prompt apiKey\nPOST res.users.apikeys/revoke\n{ "key": "{{apiKey}}" }\n', 0, {
    prompt: async () => 'other-key',
  });
  const exported = exportAsJavaScript(request, { baseUrl: 'http://h' });
  assert.match(exported, /"key": process\.env\.JSON2_API_KEY_VALUE/);
  assert.match(exported, /"Bearer " \+ process\.env\.JSON2_API_KEY,/);
});

test('shell words quote what the shell would change', () => {
  assert.equal(shellWord([{ text: "it's" }]), "'it'\\''s'");
  assert.equal(shellWord([{ text: 'a ' }, { env: 'X' }, { text: 'b' }]), '"a ${X}b"');
  assert.equal(shellWord([{ text: '$HOME ' }, { env: 'X' }]), '\'$HOME \'"$X"');
  assert.equal(shellWord([]), "''");
});

const secretFile = [
  '# @prompt password',
  '@apiKey = {{$dotenv OLD_KEY}}',
  'POST res.users.apikeys/generate',
  'Authorization: Bearer {{apiKey}}',
  'X-Note: keep {{password}} safe',
  '{ "key": "{{apiKey}}", "scope": null, "name": "it\'s a \\"key\\"", "expiration_date": "2030-01-01", "note": "pw={{password}};", "n": [1.5, true, {}] }',
].join('\n');
const secrets = { dotenv: { OLD_KEY: 'a1b2c3d4e5' }, prompt: async () => 'hunter2' };

test('no export contains the key or a secret value; secrets are read from JSON2_<NAME>', async () => {
  const request = await resolved(secretFile, 0, secrets);
  for (const exported of [exportAsCurl, exportAsPython, exportAsJavaScript].map((write) => write(request, { baseUrl: 'http://h' }))) {
    assert.doesNotMatch(exported, /a1b2c3d4e5|hunter2/);
    assert.match(exported, /JSON2_API_KEY/);
    assert.match(exported, /JSON2_PASSWORD/);
    assert.match(exported, /JSON2_OLD_KEY/, 'the value first met as OLD_KEY is read from JSON2_OLD_KEY');
    assert.equal((exported.match(/Authorization/g) ?? []).length, 1, "the file's Authorization header is replaced, not repeated");
  }
});

test('a secret that JSON escapes is never in a cURL body in any form (redacted there); Python and JavaScript read it from the environment', async () => {
  const secret = 'pa\\ss"wo\'rd<&>';
  const request = await resolved('# @prompt token\nPOST res.partner/search_read\n{ "domain": [["name", "=", "{{token}}"]] }\n', 0, {
    prompt: async () => secret,
  });
  const json = JSON.stringify(secret).slice(1, -1);
  const curl = exportAsCurl(request, { baseUrl: 'http://h' });
  for (const form of [secret, json, json.replace(/'/g, "'\\''"), secret.replace(/'/g, "'\\''")])
    assert.ok(!curl.includes(form), `${form} in ${curl}`);
  assert.match(curl, /\["name","=","«redacted»"\]/);
  assert.match(exportAsPython(request, { baseUrl: 'http://h' }), /\["name", "=", os\.environ\["JSON2_TOKEN"\]\]/);
  assert.match(exportAsJavaScript(request, { baseUrl: 'http://h' }), /\["name", "=", process\.env\.JSON2_TOKEN\]/);
});

interface Received {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Starts a server on a free loopback port that records one request and answers {"ok": true}. */
async function recordingServer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      received.push({
        method: incoming.method,
        url: incoming.url,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      outgoing.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok": true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return { url: `http://127.0.0.1:${address.port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const available = (command: string, args: string[]) =>
  run(command, args).then(
    () => true,
    () => false,
  );

test('each export, run for real, sends the request itself (cURL, Python requests, JavaScript fetch)', async (t) => {
  const request = await resolved(secretFile, 0, secrets);
  const server = await recordingServer();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-export-'));
  const env = { ...process.env, JSON2_API_KEY: 'the-key', JSON2_OLD_KEY: 'a1b2c3d4e5', JSON2_PASSWORD: 'hunter2' };
  try {
    const runners: [string, () => Promise<unknown>][] = [];
    if (await available('curl', ['--version']))
      runners.push(['curl', () => run('bash', ['-c', exportAsCurl(request, { baseUrl: server.url, database: 'demo' })], { env })]);
    else t.diagnostic('curl is not installed: cURL export not run');
    if (await available('python3', ['-c', 'import requests'])) {
      const script = path.join(directory, 'request.py');
      fs.writeFileSync(script, exportAsPython(request, { baseUrl: server.url, database: 'demo' }));
      runners.push(['python', () => run('python3', [script], { env })]);
    } else t.diagnostic('python3 with requests is not installed: Python export not run');
    const module = path.join(directory, 'request.mjs');
    fs.writeFileSync(module, exportAsJavaScript(request, { baseUrl: server.url, database: 'demo' }));
    await run(process.execPath, ['--check', module]);
    runners.push(['javascript', () => run(process.execPath, [module], { env })]);

    for (const [name, runner] of runners) {
      server.received.length = 0;
      const output = (await runner()) as { stdout: string };
      assert.match(output.stdout, /ok/, `${name} printed the answer`);
      assert.equal(server.received.length, 1, name);
      const [got] = server.received;
      assert.equal(got.method, 'POST', name);
      assert.equal(got.url, '/json/2/res.users.apikeys/generate', name);
      assert.equal(got.headers.authorization, 'Bearer the-key', name);
      assert.equal(got.headers['x-service-database'], 'demo', name);
      assert.equal(got.headers['x-odoo-database'], 'demo', name);
      assert.equal(got.headers['x-note'], 'keep hunter2 safe', name);
      assert.match(String(got.headers['content-type']), /^application\/json/, name);
      assert.deepEqual(JSON.parse(got.body), request.body, `${name} sent the same body`);
    }
    assert.ok(runners.length >= 1);
  } finally {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
