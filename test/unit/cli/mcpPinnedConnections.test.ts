// `json2 mcp` pins each connection as it was when the server started: a later edit of .vscode/settings.json that points
// a connection elsewhere, adds one, or drops readOnly/production is refused (and logged), and nothing reaches the new
// address; a second loopback server records every request it gets. JSON2_ORIGIN_<NAME> binds a key to an origin.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { partnerComment } from '../agentTools/partnerComment';
import { cliPath, ensureCliBuilt } from './cliHarness';
import { eventually } from '../../support/eventually';

interface Recorded {
  readonly url: string;
  readonly authorization: string | undefined;
}

/** A loopback server that records every request and answers like an empty JSON-2 server. */
async function startRecorder(): Promise<{ url: string; requests: Recorded[]; stop: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server = http.createServer((request, response) => {
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('json2 mcp pins each connection when it starts', () => {
  let sandbox: StartedSandbox;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  const workspaces: string[] = [];
  const clients: Client[] = [];

  function workspaceWith(connections: readonly Record<string, unknown>[]): {
    root: string;
    write: (next: readonly Record<string, unknown>[]) => void;
  } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-mcp-pins-'));
    workspaces.push(root);
    fs.mkdirSync(path.join(root, '.vscode'));
    const write = (next: readonly Record<string, unknown>[]) =>
      fs.writeFileSync(path.join(root, '.vscode', 'settings.json'), JSON.stringify({ 'json2.connections': next }));
    write(connections);
    return { root, write };
  }

  async function startMcp(
    root: string,
    args: readonly string[],
    env: Record<string, string>,
  ): Promise<{ client: Client; stderr: () => string }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, 'mcp', ...args],
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const client = new Client({ name: 'json2-mcp-pins-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return { client, stderr: () => stderr };
  }

  /** A tool's answer: its text, and the error message of a failed call. */
  async function call(
    client: Client,
    name: string,
    input: Record<string, unknown>,
  ): Promise<{ isError: boolean; text: string; error: string }> {
    const result = await client.callTool({ name, arguments: input });
    const text = (result.content as { type: string; text: string }[]).map((part) => part.text).join('');
    assert.ok(!text.includes(sandbox.keys.admin), 'a key in a tool answer');
    const isError = result.isError === true;
    return { isError, text, error: isError ? String((JSON.parse(text) as { error?: unknown }).error) : '' };
  }

  const read = (connection: string) => ({
    connection,
    model: 'res.partner',
    domain: [['is_company', '=', true]],
    fields: ['name'],
    limit: 1,
  });

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    recorder = await startRecorder();
  });

  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await recorder?.stop();
    await sandbox?.stop();
    for (const root of workspaces) fs.rmSync(root, { recursive: true, force: true });
  });

  test('a connection pointed elsewhere after start (before and after its first use) sends nothing there', async () => {
    recorder.requests.length = 0;
    const local = { name: 'local', baseUrl: sandbox.url, database: sandbox.database };
    const other = { name: 'other', baseUrl: sandbox.url, database: sandbox.database };
    const { root, write } = workspaceWith([local, other]);
    const { client, stderr } = await startMcp(root, [], { JSON2_API_KEY: sandbox.keys.admin });
    const first = await call(client, 'json2_read_records', read('local'));
    assert.equal(first.isError, false, first.text);

    // Both moved to the recorder: `local` was used already, `other` not yet.
    write([
      { ...local, baseUrl: recorder.url },
      { ...other, baseUrl: recorder.url },
    ]);
    for (const name of ['other', 'local']) {
      const moved = await call(client, 'json2_read_records', read(name));
      assert.deepEqual(recorder.requests, [], `nothing reached the new address of "${name}"`);
      assert.equal(moved.isError, true, moved.text);
      assert.match(moved.error, new RegExp(`The connection "${name}" changed .* since json2 mcp started`));
      assert.match(moved.error, /restart/i);
    }
    // A connection added after the start, with the generic key in the environment.
    write([local, other, { name: 'added', baseUrl: recorder.url }]);
    const added = await call(client, 'json2_read_records', read('added'));
    assert.equal(added.isError, true, added.text);
    assert.match(added.error, /not .* when json2 mcp started/);
    assert.deepEqual(recorder.requests, [], 'nothing reached the new address');
    await eventually(() => /refused the connection "other"/.test(stderr()), 'the refusal in the log');

    // Back as it was at the start: used again.
    write([local, other]);
    const back = await call(client, 'json2_read_records', read('other'));
    assert.equal(back.isError, false, back.text);
    assert.ok(!stderr().includes(sandbox.keys.admin), 'a key in the log');
  });

  test('--allow-writes: readOnly or production dropped after start does not let a write through', async () => {
    const guarded = [
      { name: 'guarded', baseUrl: sandbox.url, database: sandbox.database, readOnly: true },
      { name: 'prod', baseUrl: sandbox.url, database: sandbox.database, production: true },
    ];
    const { root, write } = workspaceWith(guarded);
    const { client, stderr } = await startMcp(root, ['--allow-writes'], {
      JSON2_API_KEY_GUARDED: sandbox.keys.admin,
      JSON2_API_KEY_PROD: sandbox.keys.admin,
    });
    const found = await call(client, 'json2_read_records', { ...read('guarded'), domain: [['name', '=', 'Brouwerij De Kroon']] });
    assert.equal(found.isError, false, found.text);
    const id = (JSON.parse(found.text) as { records: { id: number }[] }).records[0].id;
    const before = await partnerComment(sandbox, id);

    write(guarded.map(({ readOnly: _readOnly, production: _production, ...rest }) => rest));
    for (const connection of ['prod', 'guarded']) {
      const written = await call(client, 'json2_call_method', {
        connection,
        model: 'res.partner',
        method: 'write',
        ids: [id],
        args: { vals: { comment: `written through ${connection}` } },
      });
      assert.deepEqual(await partnerComment(sandbox, id), before, `nothing was written through "${connection}"`);
      assert.equal(written.isError, true, written.text);
      assert.match(written.error, /changed .* since json2 mcp started/);
    }
    await eventually(() => /refused the connection "prod"/.test(stderr()), 'the refusal in the log');
    assert.match(stderr(), /readOnly/);
  });

  test('JSON2_ORIGIN_<NAME> binds the key: a connection of that name at another origin gets no key', async () => {
    recorder.requests.length = 0;
    const { root } = workspaceWith([{ name: 'bound', baseUrl: recorder.url }]);
    const { client } = await startMcp(root, [], { JSON2_API_KEY_BOUND: sandbox.keys.admin, JSON2_ORIGIN_BOUND: sandbox.url });
    const refused = await call(client, 'json2_read_records', read('bound'));
    assert.deepEqual(recorder.requests, [], 'nothing reached the other origin');
    assert.equal(refused.isError, true, refused.text);
    assert.match(refused.error, /JSON2_ORIGIN_BOUND/);
  });
});
