// ConnectionClient applies the safe modes before anything leaves the process: a loopback listener counts what arrives.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { inspect } from 'node:util';
import type { AddressInfo } from 'node:net';
import { CallRefusedError, ConnectionClient } from '../../../src/core/connections/connectionClient';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';
import type { ProductionQuestion } from '../../../src/core/connections/callGuard';

const KEY = 'c'.repeat(40);
const received: Array<{ path: string; authorization?: string; body: string }> = [];
let server: http.Server;
let baseUrl: string;

before(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('true');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

function profile(flags: Partial<ConnectionProfile>): ConnectionProfile {
  return {
    name: 'sandbox',
    baseUrl,
    databaseHeader: 'X-Service-Database',
    protocol: 'json2',
    readOnly: false,
    production: false,
    allowInsecureHttp: false,
    ...flags,
  };
}

test('a read-only connection refuses write without sending anything, and sends reads', async () => {
  received.length = 0;
  const client = new ConnectionClient(profile({ readOnly: true }), KEY);
  await assert.rejects(
    client.call({ model: 'res.partner', method: 'write', ids: [1], args: { vals: { name: 'x' } } }),
    (error: unknown) => error instanceof CallRefusedError && !error.declined && /read-only/.test(error.message),
  );
  assert.equal(received.length, 0);
  assert.equal(await client.call({ model: 'res.partner', method: 'search_count', args: { domain: [] } }), true);
  assert.deepEqual(
    received.map((r) => r.path),
    ['/json/2/res.partner/search_count'],
  );
  await client.close();
});

test('a production connection sends a write only once confirmed, and asks with the record count', async () => {
  received.length = 0;
  const questions: ProductionQuestion[] = [];
  let answer = false;
  const client = new ConnectionClient(profile({ production: true }), KEY, {
    confirm: async (question) => {
      questions.push(question);
      return answer;
    },
  });
  const unlink = { model: 'res.partner', method: 'unlink', ids: [7, 8] };
  await assert.rejects(client.call(unlink), (error: unknown) => error instanceof CallRefusedError && error.declined);
  assert.equal(received.length, 0, 'declined: nothing sent');
  answer = true;
  assert.equal(await client.call(unlink), true);
  assert.equal(received.length, 1);
  assert.deepEqual(JSON.parse(received[0].body), { ids: [7, 8] });
  assert.equal(received[0].authorization, `bearer ${KEY}`);
  assert.equal(questions[0].message, 'Run res.partner.unlink on 2 records on the production connection "sandbox"?');
  await client.close();
});

test('a production connection with nobody to ask sends nothing', async () => {
  received.length = 0;
  const client = new ConnectionClient(profile({ production: true }), KEY);
  await assert.rejects(client.call({ model: 'res.partner', method: 'create', args: { vals_list: [{ name: 'x' }] } }), CallRefusedError);
  assert.equal(received.length, 0);
  await client.close();
});

test('the key never shows in the client as logged or serialised', () => {
  const client = new ConnectionClient(profile({}), KEY);
  assert.ok(!JSON.stringify(client).includes(KEY));
  assert.ok(!inspect(client, { depth: 10, showHidden: true }).includes(KEY));
  assert.equal(client.redactor.redact(`bearer ${KEY}`).includes(KEY), false);
});
