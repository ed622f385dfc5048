// The `json2 mcp` server definition the extension offers to the editor's MCP support: the bundled server run by the
// extension host's Node.js, read-only, with no key in the definition the editor keeps; resolved just before a start,
// it gives each connection the key stored for it at its origin, bound to that origin, and never a generic key, so a
// workspace that points a connection elsewhere sends nothing there. Turned off with json2.agentTools.enabled.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { addConnectionWithKey, eventually, removeConnections } from './connectionsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

const CONNECTION = 'agents-mcp';
const MOVED = 'agents-mcp-moved';
const ELSEWHERE = 'agents-mcp-elsewhere';

/** A loopback server that records every request it gets (where no key may go). */
async function startRecorder(): Promise<{ url: string; requests: string[]; stop: () => Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''} ${request.headers.authorization ?? ''}`);
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

function textOf(answer: Awaited<ReturnType<Client['callTool']>>): string {
  return (answer.content as Array<{ type: string; text: string }>).map((part) => part.text).join('');
}

/** Starts the definition's server with the given environment and connects the SDK's client to it. */
async function connect(
  definition: vscode.McpStdioServerDefinition,
  env: Record<string, string>,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: definition.command,
    args: definition.args,
    env,
    cwd: definition.cwd?.fsPath,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'json2-host-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

suite('The json2 mcp server definition offered to the editor', function () {
  this.timeout(120_000);
  let sandbox: StartedSandbox;
  let api: Json2TestApi;
  let settingsFile: string;

  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer');
    const activated = await extension?.activate();
    assert.ok(activated?.agents, 'the extension runs in test mode');
    api = activated;
    sandbox = await startSandbox();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'a workspace folder');
    // Where `json2 run` (and so `json2 mcp --root`) finds the connections: the workspace's .vscode/settings.json.
    settingsFile = path.join(folder, '.vscode', 'settings.json');
    assert.ok(!fs.existsSync(settingsFile), 'the test workspace has no settings of its own');
    fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
    fs.writeFileSync(
      settingsFile,
      JSON.stringify({ 'json2.connections': [{ name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }] }),
    );
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('json2.agentTools').update('enabled', undefined, vscode.ConfigurationTarget.Global);
    if (settingsFile) fs.rmSync(path.dirname(settingsFile), { recursive: true, force: true });
    await sandbox?.stop();
  });

  test("offers dist/mcp.js run by the extension host's Node.js, read-only, with no key; it serves the tools with the key of the environment", async () => {
    const definitions = (await api.agents?.mcpServerDefinitions()) ?? [];
    assert.equal(definitions.length, 1);
    const [definition] = definitions;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath as string;
    assert.equal(definition.command, process.execPath);
    assert.match(definition.args[0], /[\\/]dist[\\/]mcp\.js$/);
    assert.ok(fs.existsSync(definition.args[0]), `${definition.args[0]} exists`);
    assert.deepEqual(definition.args.slice(1), ['--root', folder]);
    assert.equal(definition.cwd?.fsPath, folder);
    assert.deepEqual(definition.env, { ELECTRON_RUN_AS_NODE: '1' });
    const described = JSON.stringify(definition);
    for (const key of Object.values(sandbox.keys)) assert.ok(!described.includes(key), 'no key in the definition');

    // Started as the editor starts it, in an environment that holds the connection's key (as json2 run reads it).
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', JSON2_API_KEY_AGENTS_MCP: sandbox.keys.admin };
    for (const [name, value] of Object.entries(definition.env)) if (typeof value === 'string') env[name] = value;
    const transport = new StdioClientTransport({
      command: definition.command,
      args: definition.args,
      env,
      cwd: definition.cwd?.fsPath,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const client = new Client({ name: 'json2-host-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 8);
      const answer = await client.callTool({
        name: 'json2_read_records',
        arguments: {
          connection: CONNECTION,
          model: 'res.partner',
          domain: [
            ['is_company', '=', true],
            ['country_id.code', '=', 'BE'],
          ],
        },
      });
      const text = (answer.content as Array<{ type: string; text: string }>).map((part) => part.text).join('');
      assert.equal(answer.isError, false, text);
      assert.equal((JSON.parse(text) as { total: number }).total, 3);
      const write = await client.callTool({
        name: 'json2_call_method',
        arguments: { connection: CONNECTION, model: 'res.partner', method: 'write', ids: [1], args: { vals: { comment: 'mcp' } } },
      });
      assert.equal(write.isError, true, 'read-only: writes are off');
      assert.ok(!text.includes(sandbox.keys.admin));
    } finally {
      await client.close();
    }
    assert.match(stderr, /writes off/);
    assert.ok(!stderr.includes(sandbox.keys.admin), "no key in the server's log");
  });

  test('as the editor starts it: each connection gets its own key bound to its origin, never the generic key of the environment', async () => {
    const recorder = await startRecorder();
    const inherited = process.env.JSON2_API_KEY;
    try {
      // The person's connections, keys stored through Update API Key: `agents-mcp` and `agents-mcp-moved` on the sandbox.
      await addConnectionWithKey(api, { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
      await addConnectionWithKey(api, { name: MOVED, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
      // The workspace (which an agent can edit) points `agents-mcp-moved` elsewhere and adds one more there.
      fs.writeFileSync(
        settingsFile,
        JSON.stringify({
          'json2.connections': [
            { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database },
            { name: MOVED, baseUrl: recorder.url },
            { name: ELSEWHERE, baseUrl: recorder.url },
          ],
        }),
      );
      await eventually(() => api.connections.service.find(MOVED)?.profile.baseUrl === recorder.url, 'the workspace connection in effect');
      // A generic key in the extension host's environment (the shell the editor was started from).
      process.env.JSON2_API_KEY = sandbox.keys.admin;
      const [listed] = (await api.agents?.mcpServerDefinitions()) ?? [];
      assert.equal(listed?.env.JSON2_API_KEY, null, 'the inherited generic key is removed from the definition the editor keeps');
      const resolved = await api.agents?.resolveMcpServerDefinition(listed);
      assert.ok(resolved, 'resolved');
      assert.equal(resolved.env.JSON2_API_KEY, null);
      assert.equal(resolved.env.JSON2_API_KEY_AGENTS_MCP, sandbox.keys.admin);
      assert.equal(resolved.env.JSON2_ORIGIN_AGENTS_MCP, new URL(sandbox.url).origin);
      // `agents-mcp-moved` now points at the recorder, where no key was ever stored; `agents-mcp-elsewhere` has none.
      for (const variable of ['JSON2_API_KEY_AGENTS_MCP_MOVED', 'JSON2_ORIGIN_AGENTS_MCP_MOVED', 'JSON2_API_KEY_AGENTS_MCP_ELSEWHERE'])
        assert.equal(resolved.env[variable], undefined, variable);
      assert.ok(!JSON.stringify(listed).includes(sandbox.keys.admin), 'no key in the definition the editor keeps');

      // Started as the editor starts it: the extension host's environment, then the definition's (null removes).
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', JSON2_API_KEY: sandbox.keys.admin };
      for (const [name, value] of Object.entries(resolved.env)) {
        if (value === null) delete env[name];
        else env[name] = String(value);
      }
      const { client, stderr } = await connect(resolved, env);
      try {
        const read = (connection: string) =>
          client.callTool({ name: 'json2_read_records', arguments: { connection, model: 'res.partner', fields: ['name'], limit: 1 } });
        const own = await read(CONNECTION);
        assert.equal(own.isError, false, textOf(own));
        for (const connection of [MOVED, ELSEWHERE]) {
          const refused = await read(connection);
          assert.deepEqual(recorder.requests, [], `nothing reached the other address through "${connection}"`);
          assert.equal(refused.isError, true, textOf(refused));
          assert.match(textOf(refused), /No API key/);
        }
      } finally {
        await client.close();
      }
      assert.ok(!stderr().includes(sandbox.keys.admin), "no key in the server's log");
    } finally {
      if (inherited === undefined) delete process.env.JSON2_API_KEY;
      else process.env.JSON2_API_KEY = inherited;
      await removeConnections([CONNECTION, MOVED]);
      await recorder.stop();
    }
  });

  test('offers nothing with json2.agentTools.enabled off, and again once it is back on', async () => {
    await vscode.workspace.getConfiguration('json2.agentTools').update('enabled', false, vscode.ConfigurationTarget.Global);
    await eventually(async () => (await api.agents?.mcpServerDefinitions())?.length === 0, 'no definition while the tools are off');
    await vscode.workspace.getConfiguration('json2.agentTools').update('enabled', undefined, vscode.ConfigurationTarget.Global);
    await eventually(async () => (await api.agents?.mcpServerDefinitions())?.length === 1, 'the definition back');
  });
});
