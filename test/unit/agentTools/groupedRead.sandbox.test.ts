// json2_read_records with read_group over the deprecated interfaces: read_group below release 19 (a --legacy-only
// sandbox says 18.0, or the release saved with the connection), formatted_read_group from 19 on; the same groups either way.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { AgentSession } from '../../../src/core/agentTools/agentSession';
import { AgentTools } from '../../../src/core/agentTools/agentTools';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';

interface Grouped {
  method: string;
  groups: Array<Record<string, unknown>>;
}

describe('grouped reads for agents on every release', () => {
  const sandboxes: Record<'release19' | 'release18', StartedSandbox> = {} as never;
  const sessions: AgentSession[] = [];

  before(async () => {
    [sandboxes.release19, sandboxes.release18] = await Promise.all([startSandbox(), startSandbox({ legacyOnly: true })]);
  });
  after(async () => {
    await Promise.all(sessions.map((session) => session.close()));
    await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox?.stop()));
  });

  async function groupedSales(sandbox: StartedSandbox, extra: Partial<ConnectionProfile>): Promise<Grouped> {
    const profile: ConnectionProfile = {
      name: 'old',
      baseUrl: sandbox.url,
      database: sandbox.database,
      databaseHeader: 'X-Service-Database',
      protocol: 'json2',
      readOnly: false,
      production: false,
      allowInsecureHttp: false,
      ...extra,
    };
    const secret =
      extra.protocol === 'json2' || extra.protocol === undefined ? sandbox.keys.admin : (sandbox.users.admin.password as string);
    const session = new AgentSession({
      source: { list: () => Promise.resolve([profile]), open: () => Promise.resolve({ profile, secret }) },
      allowWrites: false,
      allowWritesHint: '',
    });
    sessions.push(session);
    const result = await new AgentTools({ session, workspaceRoot: '', log: () => undefined }).invoke('json2_read_records', {
      model: 'sale.order',
      method: 'read_group',
      domain: [],
      groupby: ['partner_id'],
      aggregates: ['__count', 'amount_total:sum'],
      limit: 100,
    });
    assert.equal(result.isError, false, result.text);
    assert.ok(!result.text.includes(secret));
    return result.value as Grouped;
  }

  /** The groups without their domains (read_group's `__domain` holds the search domain, `__extra_domain` does not), by partner. */
  function byPartner(grouped: Grouped): Array<[unknown, unknown, unknown]> {
    return grouped.groups
      .map((group) => [group.partner_id, group.__count, group['amount_total:sum']] as [unknown, unknown, unknown])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  }

  test('XML-RPC and JSON-RPC on an 18.0 server send read_group; on 19 formatted_read_group; the groups are the same', async () => {
    const login = sandboxes.release18.users.admin.login;
    const old = await groupedSales(sandboxes.release18, { protocol: 'xmlrpc', login });
    assert.equal(old.method, 'read_group');
    assert.ok(old.groups.length > 1 && old.groups.every((group) => Array.isArray(group.__domain)), JSON.stringify(old.groups[0]));
    assert.ok(
      old.groups.every((group) => typeof group.__count === 'number' && typeof group['amount_total:sum'] === 'number'),
      JSON.stringify(old.groups[0]),
    );
    const oldJson = await groupedSales(sandboxes.release18, { protocol: 'jsonrpc', login });
    assert.equal(oldJson.method, 'read_group');
    const current = await groupedSales(sandboxes.release19, { protocol: 'xmlrpc', login: sandboxes.release19.users.admin.login });
    assert.equal(current.method, 'formatted_read_group');
    const json2 = await groupedSales(sandboxes.release19, {});
    assert.equal(json2.method, 'formatted_read_group');
    assert.deepEqual(byPartner(old), byPartner(json2));
    assert.deepEqual(byPartner(oldJson), byPartner(json2));
    assert.deepEqual(byPartner(current), byPartner(json2));
  });

  test('the release saved with the connection decides without asking the server', async () => {
    const grouped = await groupedSales(sandboxes.release19, {
      protocol: 'xmlrpc',
      login: sandboxes.release19.users.admin.login,
      serverVersion: 'saas~18.4',
    });
    assert.equal(grouped.method, 'read_group');
    assert.ok(grouped.groups.length > 1);
  });
});
