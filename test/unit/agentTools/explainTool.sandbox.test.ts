// json2_explain_answer against the sandbox as the demo user: a read-only call is sent again and explained, a write's
// error is taken as given (never sent again), and no key appears in the answer.
import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, describe, test } from 'node:test';
import { AgentSession, type AgentConnectionSource } from '../../../src/core/agentTools/agentSession';
import { AgentTools } from '../../../src/core/agentTools/agentTools';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

describe('json2_explain_answer against the sandbox', () => {
  let sandbox: StartedSandbox;
  let session: AgentSession;
  let tools: AgentTools;

  before(async () => {
    sandbox = await startSandbox();
    const profile: ConnectionProfile = {
      name: 'local',
      baseUrl: sandbox.url,
      database: sandbox.database,
      protocol: 'json2',
      readOnly: true,
      production: false,
      allowInsecureHttp: false,
    };
    const source: AgentConnectionSource = {
      list: () => Promise.resolve([profile]),
      open: () => Promise.resolve({ profile, secret: sandbox.keys.user }),
    };
    session = new AgentSession({ source, allowWrites: false, allowWritesHint: 'Start it with --allow-writes.' });
    tools = new AgentTools({ session, workspaceRoot: os.tmpdir() });
  });
  after(async () => {
    await session?.close();
    await sandbox?.stop();
  });

  test('a read-only call is sent again and its empty answer explained (archived records)', async () => {
    const result = await tools.invoke('json2_explain_answer', {
      model: 'product.template',
      method: 'search_read',
      args: { domain: [['name', '=', 'Desk Lamp (discontinued)']], fields: ['name'] },
    });
    assert.equal(result.isError, false, result.text);
    const value = result.value as { situation: string; causes: { kind: string; sentence: string; change?: unknown }[] };
    assert.equal(value.situation, 'empty');
    assert.deepEqual(
      value.causes.map((cause) => cause.kind),
      ['archived'],
    );
    assert.deepEqual(value.causes[0].change, { context: { active_test: false } });
    assert.ok(!result.text.includes(sandbox.keys.user));
  });

  test('a write is not sent again: without the error it answered the tool asks for it; with it, it explains', async () => {
    const input = { model: 'sale.order', method: 'unlink', ids: [1] };
    const missing = await tools.invoke('json2_explain_answer', input);
    assert.equal(missing.isError, true);
    assert.match(missing.text, /unlink may change data, so it is not sent again/);
    const explained = await tools.invoke('json2_explain_answer', {
      ...input,
      error: {
        status: 403,
        message:
          "You are not allowed to delete 'Sales Order' (sale.order) records.\n\nThis operation is allowed for the following groups:\n\t- Sales / Administrator\n\nContact your administrator to request access if necessary.",
      },
    });
    assert.equal(explained.isError, false, explained.text);
    const value = explained.value as { causes: { kind: string; sentence: string }[] };
    assert.equal(value.causes[0].kind, 'accessRight');
    assert.match(value.causes[0].sentence, /^No access right gives group 'Sales \/ User: Own Documents Only' delete on sale\.order/);
  });
});
