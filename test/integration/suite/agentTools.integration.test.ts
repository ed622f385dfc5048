// The agent tools in a real VS Code host, invoked through vscode.lm.invokeTool against the sandbox: every tool's answer,
// the schema shared with the explorer, the refusal of a write while writes are off and on a read-only connection
// (nothing changes), the tools gone when turned off, and no key in any answer.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { addConnectionWithKey, eventually, removeConnections } from './connectionsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

const CONNECTION = 'agents';
const LOCKED = 'agents-locked';
const REQUEST_FILE = 'agents.json2';

suite('Agent tools (vscode.lm) against the sandbox', function () {
  this.timeout(120_000);
  let sandbox: StartedSandbox;
  let api: Json2TestApi;

  async function invoke(name: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    for (const key of Object.values(sandbox.keys)) assert.ok(!text.includes(key), `a key in the answer of ${name}`);
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** An agent's write of a partner's comment through `connection`, and that comment read (through CONNECTION) before and after. */
  async function attemptCommentWrite(connection: string): Promise<{ refused: Record<string, unknown>; before: unknown; after: unknown }> {
    const read = (await invoke('json2_read_records', {
      connection,
      model: 'res.partner',
      domain: [['name', '=', 'Brouwerij De Kroon']],
      fields: ['comment'],
    })) as { records: { id: number; comment: unknown }[] };
    const [record] = read.records;
    const refused = await invoke('json2_call_method', {
      connection,
      model: 'res.partner',
      method: 'write',
      ids: [record.id],
      args: { vals: { comment: 'agent' } },
    });
    const after = (await invoke('json2_read_records', {
      connection: CONNECTION,
      model: 'res.partner',
      domain: [['id', '=', record.id]],
      fields: ['comment'],
    })) as { records: { comment: unknown }[] };
    return { refused, before: record.comment, after: after.records[0].comment };
  }

  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer');
    const activated = await extension?.activate();
    assert.ok(activated?.connections, 'the extension runs in test mode');
    api = activated;
    sandbox = await startSandbox();
    await addConnectionWithKey(api, { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    const locked = { name: LOCKED, baseUrl: sandbox.url, database: sandbox.database, readOnly: true };
    await addConnectionWithKey(api, locked, sandbox.keys.admin);
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('json2.agentTools').update('enabled', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('json2.agentTools').update('allowWrites', undefined, vscode.ConfigurationTarget.Global);
    await removeConnections([CONNECTION, LOCKED]);
    await sandbox?.stop();
  });

  test("the tools are offered, with the core's descriptions", async () => {
    await eventually(() => vscode.lm.tools.some((tool) => tool.name === 'json2_read_records'), 'json2_read_records among vscode.lm.tools');
    const names = vscode.lm.tools
      .filter((tool) => tool.name.startsWith('json2_'))
      .map((tool) => tool.name)
      .sort();
    assert.deepEqual(names, [
      'json2_call_method',
      'json2_describe_model',
      'json2_explain_answer',
      'json2_find_models',
      'json2_list_connections',
      'json2_read_records',
      'json2_run_request',
      'json2_whoami',
    ]);
  });

  test("lists connections, finds and describes a model (through the explorer's schema service) and reads records with the total", async () => {
    const listed = (await invoke('json2_list_connections', {})) as { connections: { name: string; readOnly: boolean }[] };
    assert.deepEqual(listed.connections.find((connection) => connection.name === CONNECTION)?.readOnly, true);
    const found = (await invoke('json2_find_models', { connection: CONNECTION, query: 'partner' })) as { models: { model: string }[] };
    assert.ok(
      found.models.some((model) => model.model === 'res.partner'),
      JSON.stringify(found),
    );
    const shared = await api.agents?.sharedSchema(CONNECTION);
    assert.ok(shared, 'the shared schema service');
    assert.equal(shared.cachedDetail('res.country'), undefined, 'res.country not loaded yet');
    const described = (await invoke('json2_describe_model', { connection: CONNECTION, model: 'res.country', fields: ['code'] })) as {
      fields: { name: string; type: string }[];
    };
    assert.equal(described.fields[0].type, 'char');
    // The tool filled the cache the explorer and completion read: one schema, one refresh for all.
    assert.equal(await api.agents?.sharedSchema(CONNECTION), shared);
    assert.ok(shared.cachedDetail('res.country'), 'res.country cached in the shared service');
    const partner = (await invoke('json2_describe_model', { connection: CONNECTION, model: 'res.partner', fields: ['country_id'] })) as {
      fields: { name: string; relation?: string }[];
    };
    assert.equal(partner.fields[0].relation, 'res.country');
    const read = (await invoke('json2_read_records', {
      connection: CONNECTION,
      model: 'res.partner',
      domain: [
        ['is_company', '=', true],
        ['country_id.code', '=', 'BE'],
      ],
      fields: ['name'],
    })) as { total: number; records: { id: number; name: string }[] };
    assert.equal(read.total, 3);
    assert.ok(read.records.some((record) => record.name === 'Brouwerij De Kroon'));
  });

  test("runs a named request of a workspace .json2 file with the connection's key", async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'a workspace folder');
    fs.writeFileSync(
      path.join(folder, REQUEST_FILE),
      `# @connection ${CONNECTION}\n\n### Belgian companies\n# @name companies\nPOST res.partner/search_count\n{ "domain": [["is_company", "=", true], ["country_id.code", "=", "BE"]] }\n?? body == 3\n`,
    );
    try {
      const ran = await invoke('json2_run_request', { file: REQUEST_FILE, name: 'companies' });
      assert.deepEqual([ran.verdict, ran.status, ran.body, ran.connection], ['passed', 200, 3, CONNECTION]);
      const outside = await invoke('json2_run_request', { file: '../elsewhere.json2', name: 'companies' });
      assert.match(String(outside.error), /outside the workspace folder/);
    } finally {
      fs.rmSync(path.join(folder, REQUEST_FILE), { force: true });
    }
  });

  test('a write is refused while json2.agentTools.allowWrites is off, and nothing changes', async () => {
    const { refused, before, after } = await attemptCommentWrite(CONNECTION);
    assert.equal(refused.kind, 'refused');
    assert.match(String(refused.error), /Writes are off for agents: .*json2\.agentTools\.allowWrites/);
    assert.deepEqual(after, before);
  });

  test('with writes allowed, a read-only connection refuses a write before sending it (no confirmation asked)', async () => {
    await vscode.workspace.getConfiguration('json2.agentTools').update('allowWrites', true, vscode.ConfigurationTarget.Global);
    try {
      const { refused, before, after } = await attemptCommentWrite(LOCKED);
      assert.equal(refused.kind, 'refused');
      assert.match(String(refused.error), /read-only/);
      assert.doesNotMatch(String(refused.error), /allowWrites/);
      assert.deepEqual(after, before);
    } finally {
      await vscode.workspace.getConfiguration('json2.agentTools').update('allowWrites', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('turned off with json2.agentTools.enabled, the tools cannot be invoked', async () => {
    await vscode.workspace.getConfiguration('json2.agentTools').update('enabled', false, vscode.ConfigurationTarget.Global);
    // The contribution stays listed (its when clause hides it from chat); its implementation is gone, so a call fails.
    await assert.rejects(async () => {
      await vscode.lm.invokeTool('json2_read_records', {
        input: { connection: CONNECTION, model: 'res.partner' },
        toolInvocationToken: undefined,
      });
    }, /does not have an implementation/);
    await vscode.workspace.getConfiguration('json2.agentTools').update('enabled', undefined, vscode.ConfigurationTarget.Global);
    const again = await invoke('json2_read_records', { connection: CONNECTION, model: 'res.partner', limit: 1 });
    assert.equal(again.returned, 1);
  });
});
