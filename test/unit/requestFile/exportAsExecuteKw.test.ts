// The execute_kw export: the mapping's arguments in the script, no key or secret written, and the script really making the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MappingError, toExecuteKw } from '../../../src/core/client/rpcMapping';
import { exportAsExecuteKw, parseRequestFile, resolveRequest, type ResolvedRequest } from '../../../src/core/requestFile';
import { skipOutsideCi } from '../../support/skipOutsideCi';

const run = promisify(execFile);

async function resolved(text: string, context = {}): Promise<ResolvedRequest> {
  const result = await resolveRequest(parseRequestFile(text), 0, context);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  return result.request;
}

const readText = 'POST res.partner/read\n{ "ids": [3, 4], "fields": ["name", "email"], "context": {"lang": "fr_FR"} }\n';

test('the script: record ids first, then required parameters positionally, the rest and the context as keywords', async () => {
  const script = exportAsExecuteKw(await resolved(readText), { baseUrl: 'http://localhost:8069/', database: 'demo', login: 'admin' });
  assert.match(script, /^# The deprecated XML-RPC interface/);
  assert.match(script, /\nurl = "http:\/\/localhost:8069"\ndb = "demo"\nlogin = "admin"\nkey = os\.environ\["JSON2_API_KEY"\]\n/);
  assert.match(script, /uid = common\.authenticate\(db, login, key, \{\}\)/);
  assert.match(
    script,
    / {4}"res\.partner", "read",\n {4}\[\[3, 4\]\],\n {4}\{"fields": \["name", "email"\], "context": \{"lang": "fr_FR"\}\},\n\)/,
  );
});

test('the login comes from JSON2_LOGIN when the options give none; the database header of the request wins', async () => {
  const request = await resolved('POST res.partner/search_count\nX-Service-Database: other\n{ "domain": [] }\n');
  const script = exportAsExecuteKw(request, { baseUrl: 'http://h', database: 'demo', apiKeyVariable: 'MY_KEY' });
  assert.match(script, /login = os\.environ\["JSON2_LOGIN"\]/);
  assert.match(script, /db = "other"/);
  assert.match(script, /key = os\.environ\["MY_KEY"\]/);
});

test('a secret value is read from its environment variable, never written', async () => {
  const request = await resolved(
    '# @prompt userPassword\nPOST res.users/write\n{ "ids": [7], "vals": {"password": "{{userPassword}}"} }\n',
    { prompt: async () => 's3cret-value' },
  );
  const script = exportAsExecuteKw(request, { baseUrl: 'http://h', database: 'demo', login: 'admin' });
  assert.doesNotMatch(script, /s3cret-value/);
  assert.match(script, /os\.environ\["JSON2_USER_PASSWORD"\]/);
});

test('routes and calls without a database cannot be exported', async () => {
  assert.throws(() => exportAsExecuteKw({ ...parseless('GET /web/version') }, { baseUrl: 'http://h', database: 'demo' }), MappingError);
  await assert.rejects(async () => exportAsExecuteKw(await resolved(readText), { baseUrl: 'http://h' }), /needs a database name/);
});

function parseless(text: string): ResolvedRequest {
  return {
    index: 0,
    label: text,
    range: parseRequestFile(text).requests[0].range,
    httpMethod: 'GET',
    target: { kind: 'route', path: '/web/version' },
    path: '/web/version',
    headers: [],
    assertions: [],
    secrets: [],
  };
}

// A stand-in for the deprecated service: Python's own XML-RPC server, recording what execute_kw receives.
const FAKE_SERVER = `
import json, sys
from xmlrpc.server import SimpleXMLRPCRequestHandler, SimpleXMLRPCServer
record = sys.argv[1]
class Paths(SimpleXMLRPCRequestHandler):
    rpc_paths = ("/xmlrpc/2/common", "/xmlrpc/2/object")
server = SimpleXMLRPCServer(("127.0.0.1", 0), requestHandler=Paths, allow_none=True, logRequests=False)
def authenticate(db, login, key, env):
    return 7 if (db, login, key) == ("demo", "admin", "the-key") else False
def execute_kw(db, uid, key, model, method, args, kw):
    with open(record, "w") as f:
        json.dump({"db": db, "uid": uid, "password": key, "model": model, "method": method, "args": args, "kw": kw}, f)
    return [{"id": 3, "name": "ok"}]
server.register_function(authenticate)
server.register_function(execute_kw)
print(server.server_address[1], flush=True)
server.serve_forever()
`;

test('the script runs with python3 and sends exactly the mapped call', async (t) => {
  try {
    await run('python3', ['--version']);
  } catch {
    skipOutsideCi(t, 'NO python3: the exported execute_kw script was NOT run');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-execute-kw-'));
  const record = path.join(dir, 'call.json');
  const server = spawn('python3', ['-c', FAKE_SERVER, record], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      server.once('exit', (code) => reject(new Error(`the fake server stopped (${code})`)));
    });
    const request = await resolved(readText);
    const scriptFile = path.join(dir, 'call.py');
    fs.writeFileSync(scriptFile, exportAsExecuteKw(request, { baseUrl: `http://127.0.0.1:${port}`, database: 'demo', login: 'admin' }));
    const { stdout } = await run('python3', [scriptFile], { env: { ...process.env, JSON2_API_KEY: 'the-key' } });
    assert.equal(stdout.trim(), "[{'id': 3, 'name': 'ok'}]");
    const expected = toExecuteKw(
      { model: 'res.partner', method: 'read', args: request.args ?? {}, ids: request.ids, context: request.context },
      { db: 'demo', uid: 7, password: 'the-key' },
    );
    assert.deepEqual(JSON.parse(fs.readFileSync(record, 'utf8')), { ...expected, args: [...expected.args] });
  } finally {
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
