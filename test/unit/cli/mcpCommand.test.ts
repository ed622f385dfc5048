// `json2 mcp` as an MCP client starts it: the built CLI over stdio, driven by the SDK's own client against a sandbox.
// Lists the tools, reads records, is refused a write without --allow-writes and performs it with it; the log on stderr
// names every call and never a key.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { partnerComment } from '../agentTools/partnerComment';
import { cliPath, ensureCliBuilt, runCli } from './cliHarness';
import { eventually } from '../../support/eventually';

interface Started {
  readonly client: Client;
  readonly stderr: () => string;
}

interface ToolAnswer {
  readonly isError: boolean;
  readonly value: Record<string, unknown>;
}

describe('json2 mcp over stdio against the sandbox', () => {
  let sandbox: StartedSandbox;
  let workspace: string;
  const clients: Client[] = [];

  /** Starts `node dist/cli.js mcp ARGS` in the workspace with only the given environment, and connects the SDK's client. */
  async function startMcp(args: readonly string[], env: Record<string, string>): Promise<Started> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, 'mcp', ...args],
      cwd: workspace,
      env: { PATH: process.env.PATH ?? '', ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const client = new Client({ name: 'json2-mcp-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return { client, stderr: () => stderr };
  }

  async function call(client: Client, name: string, input: Record<string, unknown>): Promise<ToolAnswer> {
    const result = await client.callTool({ name, arguments: input });
    const content = result.content as { type: string; text: string }[];
    assert.equal(content[0].type, 'text');
    assert.ok(!content[0].text.includes(sandbox.keys.admin), 'a key in a tool answer');
    return { isError: result.isError === true, value: JSON.parse(content[0].text) as Record<string, unknown> };
  }

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-mcp-test-'));
    fs.mkdirSync(path.join(workspace, '.vscode'));
    fs.writeFileSync(
      path.join(workspace, '.vscode', 'settings.json'),
      JSON.stringify({
        'json2.connections': [{ name: 'local', baseUrl: sandbox.url, database: sandbox.database }],
      }),
    );
  });

  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await sandbox?.stop();
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  test('--help names the options and says a key is never an argument', async () => {
    const help = await runCli(['mcp', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--allow-writes/);
    assert.match(help.stdout, /never an\s+argument/);
    const bad = await runCli(['mcp', '--key', 'abc']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /json2 mcp: Unknown option '--key'/);
  });

  test('read-only by default: lists the tools, reads records, is refused a write (nothing changes), logs each call redacted', async () => {
    const { client, stderr } = await startMcp(['--url', sandbox.url, '--db', sandbox.database], { JSON2_API_KEY: sandbox.keys.admin });
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'json2_call_method',
      'json2_describe_model',
      'json2_explain_answer',
      'json2_find_models',
      'json2_list_connections',
      'json2_read_records',
      'json2_run_request',
      'json2_whoami',
    ]);
    const whoami = await call(client, 'json2_whoami', {});
    assert.equal(whoami.isError, false);
    assert.equal((whoami.value.identity as { user: { login: string } }).user.login, 'admin');
    const readTool = tools.find((tool) => tool.name === 'json2_read_records');
    assert.equal(readTool?.annotations?.readOnlyHint, true);
    assert.deepEqual(readTool?.inputSchema.required, ['model']);

    const read = await call(client, 'json2_read_records', {
      model: 'res.partner',
      domain: [
        ['is_company', '=', true],
        ['country_id.code', '=', 'BE'],
      ],
      fields: ['name'],
      order: 'id',
    });
    assert.equal(read.isError, false);
    assert.equal(read.value.total, 3);
    const records = read.value.records as { id: number; name: string }[];
    assert.ok(records.some((record) => record.name === 'Brouwerij De Kroon'));

    const target = records[0].id;
    const before = await partnerComment(sandbox, target);
    const write = await call(client, 'json2_call_method', {
      model: 'res.partner',
      method: 'write',
      ids: [target],
      args: { vals: { comment: 'mcp was here' } },
    });
    assert.equal(write.isError, true);
    assert.equal(write.value.kind, 'refused');
    assert.match(String(write.value.error), /Writes are off for agents: .*--allow-writes/);
    assert.deepEqual(await partnerComment(sandbox, target), before);

    await eventually(() => /json2_call_method .* → error: Writes are off/.test(stderr()), 'the refused call in the log');
    assert.match(stderr(), /json2 mcp: serving 8 tools on stdio \(writes off/);
    assert.match(stderr(), /json2_read_records \{"model":"res\.partner".* → ok/);
    assert.ok(!stderr().includes(sandbox.keys.admin), 'a key in the log');
  });

  test('--allow-writes: a saved connection with JSON2_API_KEY_<NAME> writes, and a named request of a workspace file runs', async () => {
    fs.writeFileSync(
      path.join(workspace, 'partners.json2'),
      '### Kroon\n# @name kroon\nPOST res.partner/search_read\n{ "domain": [["name", "=", "Brouwerij De Kroon"]], "fields": ["comment"] }\n?? body.length == 1\n',
    );
    const { client, stderr } = await startMcp(['--allow-writes'], { JSON2_API_KEY_LOCAL: sandbox.keys.admin });
    const listed = await call(client, 'json2_list_connections', {});
    assert.deepEqual(listed.value.connections, [
      { name: 'local', url: sandbox.url, database: sandbox.database, interface: 'JSON-2', readOnly: false, production: false },
    ]);

    const found = await call(client, 'json2_read_records', {
      connection: 'local',
      model: 'res.partner',
      domain: [['name', '=', 'Brouwerij De Kroon']],
    });
    const id = (found.value.records as { id: number }[])[0].id;
    const write = await call(client, 'json2_call_method', {
      connection: 'local',
      model: 'res.partner',
      method: 'write',
      ids: [id],
      args: { vals: { comment: 'mcp wrote this' } },
    });
    assert.equal(write.isError, false, JSON.stringify(write.value));
    assert.equal(write.value.result, true);
    assert.equal(await partnerComment(sandbox, id), 'mcp wrote this');

    const run = await call(client, 'json2_run_request', { file: 'partners.json2', name: 'kroon' });
    assert.equal(run.value.verdict, 'passed', JSON.stringify(run.value));
    assert.deepEqual(run.value.body, [{ id, comment: 'mcp wrote this' }]);
    assert.match(stderr(), /writes allowed/);
    assert.ok(!stderr().includes(sandbox.keys.admin), 'a key in the log');
  });
});
