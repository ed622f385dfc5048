// json2_whoami against the sandbox: each connection's key answers for its own user (groups named as the server names
// them, companies, key record), the answer marks the server's data, and no key appears in the answer or the log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AgentSession, type AgentConnectionSource } from '../../../src/core/agentTools/agentSession';
import { AgentTools } from '../../../src/core/agentTools/agentTools';
import type { AccessIdentity } from '../../../src/core/access/identity';
import { ConnectionLookupError } from '../../../src/core/connections/connectionFile';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

describe('json2_whoami', () => {
  let sandbox: StartedSandbox;
  let session: AgentSession;
  let tools: AgentTools;
  const logs: string[] = [];

  before(async () => {
    sandbox = await startSandbox();
    const profile = (name: string): ConnectionProfile => ({
      name,
      baseUrl: sandbox.url,
      database: sandbox.database,
      protocol: 'json2',
      readOnly: false,
      production: false,
      allowInsecureHttp: false,
    });
    const keys: Record<string, string> = { admin: sandbox.keys.admin, demo: sandbox.keys.user };
    const source: AgentConnectionSource = {
      list: () => Promise.resolve([profile('admin'), profile('demo')]),
      open: (name) =>
        name !== undefined && keys[name]
          ? Promise.resolve({ profile: profile(name), secret: keys[name] })
          : Promise.reject(new ConnectionLookupError('missing', `No connection named "${name}".`)),
    };
    session = new AgentSession({ source, allowWrites: false, allowWritesHint: 'Start it with --allow-writes.' });
    tools = new AgentTools({ session, workspaceRoot: process.cwd(), log: (line) => logs.push(line) });
  });
  after(async () => {
    await session?.close();
    await sandbox?.stop();
    for (const line of logs) assert.ok(!line.includes(sandbox.keys.admin) && !line.includes(sandbox.keys.user), line);
  });

  test('is offered, read-only, with the connection as its only input', () => {
    const definition = tools.definitions.find((tool) => tool.name === 'json2_whoami');
    assert.ok(definition);
    assert.equal(definition.readOnly, true);
    assert.deepEqual(Object.keys((definition.inputSchema as { properties: object }).properties), ['connection']);
  });

  test("each connection answers for its own key's user, even while writes are off", async () => {
    const demo = await tools.invoke('json2_whoami', { connection: 'demo' });
    assert.equal(demo.isError, false, demo.text);
    const value = demo.value as { serverData: { members: string[] }; connection: string; identity: AccessIdentity };
    assert.deepEqual(value.serverData.members, ['identity']);
    assert.equal(value.connection, 'demo');
    assert.equal(value.identity.user.login, 'demo');
    assert.deepEqual(
      value.identity.groups.map((group) => group.fullName),
      ['Sales / User: Own Documents Only', 'Role / User'],
    );
    assert.equal(value.identity.companies.current.name, 'My Company (San Francisco)');
    assert.ok('name' in value.identity.key && value.identity.key.name === 'test key for demo');
    assert.ok(!demo.text.includes(sandbox.keys.user));

    const admin = await tools.invoke('json2_whoami', { connection: 'admin' });
    const adminIdentity = (admin.value as { identity: AccessIdentity }).identity;
    assert.equal(adminIdentity.user.login, 'admin');
    assert.equal(adminIdentity.companies.allowed.length, 2);
  });

  test('an unknown connection or input is a clear error', async () => {
    const missing = await tools.invoke('json2_whoami', { connection: 'nope' });
    assert.equal(missing.isError, true);
    assert.deepEqual(missing.value, { error: 'No connection named "nope".', kind: 'connection' });
    const extra = await tools.invoke('json2_whoami', { connection: 'demo', user: 'admin' });
    assert.equal(extra.isError, true);
    assert.equal((extra.value as { kind: string }).kind, 'input');
  });
});
