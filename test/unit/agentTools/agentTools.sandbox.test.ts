// The agent tools against a real sandbox: answers, the total counts, the refusals (writes off, read-only, production
// without a person, secrets in the input, files outside the workspace) and that no key appears in any answer or log line.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { partnerComment } from './partnerComment';
import { AgentSession, type AgentConnectionSource } from '../../../src/core/agentTools/agentSession';
import { AgentTools, type AgentToolResult } from '../../../src/core/agentTools/agentTools';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';
import { ConnectionLookupError } from '../../../src/core/connections/connectionFile';

const REQUESTS = `# @connection local

### Belgian companies
# @name companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true], ["country_id.code", "=", "BE"]], "fields": ["name"], "order": "id" }
?? body.length == 3

### Rename the first one
# @name rename
POST res.partner/write
{ "ids": [{{companies.response.body[0].id}}], "vals": {"comment": "renamed by a request file"} }
`;

describe('agent tools against the sandbox', () => {
  let sandbox: StartedSandbox;
  let workspace: string;
  const logs: string[] = [];
  const sessions: AgentSession[] = [];

  const profile = (name: string, extra: Partial<ConnectionProfile> = {}): ConnectionProfile => ({
    name,
    baseUrl: sandbox.url,
    database: sandbox.database,
    databaseHeader: 'X-Service-Database',
    protocol: 'json2',
    readOnly: false,
    production: false,
    allowInsecureHttp: false,
    ...extra,
  });

  function toolsWith(options: { allowWrites: boolean; confirm?: () => Promise<boolean> }): AgentTools {
    const profiles = [profile('local'), profile('locked', { readOnly: true }), profile('prod', { production: true })];
    const source: AgentConnectionSource = {
      list: () => Promise.resolve(profiles),
      open: (name) => {
        const found = profiles.find((candidate) => candidate.name === (name ?? 'local'));
        return found
          ? Promise.resolve({ profile: found, secret: sandbox.keys.admin })
          : Promise.reject(new ConnectionLookupError('missing', `No connection named "${name}".`));
      },
    };
    const session = new AgentSession({
      source,
      allowWrites: options.allowWrites,
      allowWritesHint: 'Start it with --allow-writes.',
      ...(options.confirm ? { confirm: options.confirm } : {}),
    });
    sessions.push(session);
    return new AgentTools({ session, workspaceRoot: workspace, log: (line) => logs.push(line) });
  }

  function noKeyIn(result: AgentToolResult): AgentToolResult {
    assert.ok(!result.text.includes(sandbox.keys.admin), `a key in ${result.text}`);
    return result;
  }

  async function ok(tools: AgentTools, name: string, input: unknown): Promise<Record<string, unknown>> {
    const result = noKeyIn(await tools.invoke(name, input));
    assert.equal(result.isError, false, result.text);
    assert.deepEqual(JSON.parse(result.text), result.value);
    return result.value as Record<string, unknown>;
  }

  async function refused(tools: AgentTools, name: string, input: unknown): Promise<{ error: string; kind: string }> {
    const result = noKeyIn(await tools.invoke(name, input));
    assert.equal(result.isError, true, result.text);
    return result.value as { error: string; kind: string };
  }

  before(async () => {
    sandbox = await startSandbox();
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-agent-tools-'));
    fs.writeFileSync(path.join(workspace, 'partners.json2'), REQUESTS);
    fs.writeFileSync(path.join(os.tmpdir(), `${path.basename(workspace)}-outside.json2`), REQUESTS);
  });

  after(async () => {
    await Promise.all(sessions.map((session) => session.close()));
    await sandbox?.stop();
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(path.join(os.tmpdir(), `${path.basename(workspace)}-outside.json2`), { force: true });
    assert.ok(logs.length > 0);
    for (const line of logs) assert.ok(!line.includes(sandbox.keys.admin), `a key in the log line ${line}`);
  });

  test("lists the connections as agents see them (read-only while writes are off) and the server's databases, without keys", async () => {
    const listed = (await ok(toolsWith({ allowWrites: false }), 'json2_list_connections', { databases: true })) as {
      connections: { name: string; readOnly: boolean; production: boolean; databases?: string[] }[];
      writes: string;
    };
    assert.deepEqual(
      listed.connections.map((c) => [c.name, c.readOnly, c.production]),
      [
        ['local', true, false],
        ['locked', true, false],
        ['prod', true, true],
      ],
    );
    assert.ok(listed.connections[0].databases?.includes(sandbox.database));
    assert.match(listed.writes, /^off/);
    const writable = (await ok(toolsWith({ allowWrites: true }), 'json2_list_connections', {})) as {
      connections: { name: string; readOnly: boolean }[];
    };
    assert.deepEqual(
      writable.connections.map((c) => c.readOnly),
      [false, true, false],
    );
  });

  test('finds models by technical name or label (every word of the query), exact and prefix matches first', async () => {
    const tools = toolsWith({ allowWrites: false });
    const byName = (await ok(tools, 'json2_find_models', { query: 'res.partner' })) as {
      models: { model: string; label: string }[];
      total: number;
    };
    assert.equal(byName.models[0].model, 'res.partner');
    assert.equal(byName.total, byName.models.length);
    // "Partner" is in the labels of res.partner and of its categories ("Partner Tags").
    const byLabel = (await ok(tools, 'json2_find_models', { connection: 'local', query: 'Partner', limit: 1 })) as {
      models: { model: string }[];
      total: number;
      truncated?: boolean;
    };
    assert.equal(byLabel.models.length, 1);
    assert.ok(byLabel.total > 1 && byLabel.truncated, JSON.stringify(byLabel));
    // The words of a query, each in the name or the label: sale.order's label is "Sales Order".
    for (const query of ['sale order', 'Sales Order', 'ORDER sale', 'sales ord']) {
      const found = (await ok(tools, 'json2_find_models', { query })) as { models: { model: string; label: string }[] };
      assert.deepEqual(found.models[0], { model: 'sale.order', label: 'Sales Order' }, `${query}: ${JSON.stringify(found.models)}`);
      assert.ok(
        found.models.some((entry) => entry.model === 'sale.order.line'),
        query,
      );
    }
    const none = (await ok(tools, 'json2_find_models', { query: 'sale nothing' })) as { models: unknown[]; total: number };
    assert.equal(none.total, 0, 'every word must match');
  });

  test('describes fields with type, relation, required and selection values', async () => {
    const described = (await ok(toolsWith({ allowWrites: false }), 'json2_describe_model', {
      model: 'res.partner',
      fields: ['name', 'country_id', 'type', 'nonexistent'],
    })) as {
      fields: { name: string; type: string; relation?: string; required?: boolean; selection?: { value: string; label: string }[] }[];
      unknownFields: string[];
      methods: string[];
    };
    const byName = Object.fromEntries(described.fields.map((field) => [field.name, field]));
    assert.equal(byName.name.type, 'char');
    // Not required on res.partner, as on the reference (its check_name constraint asks a name of contacts only).
    assert.equal(byName.name.required, undefined);
    const users = (await ok(toolsWith({ allowWrites: false }), 'json2_describe_model', { model: 'res.users', fields: ['login'] })) as {
      fields: { name: string; required?: boolean }[];
    };
    assert.equal(users.fields[0].required, true);
    assert.equal(byName.country_id.relation, 'res.country');
    assert.deepEqual(byName.type.selection?.[0], { value: 'contact', label: 'Contact' });
    assert.deepEqual(described.unknownFields, ['nonexistent']);
    assert.ok(described.methods.includes('search_read'));
  });

  test('reads records with the total count and the next page, and groups', async () => {
    const tools = toolsWith({ allowWrites: false });
    const domain = [
      ['is_company', '=', true],
      ['country_id.code', '=', 'BE'],
    ];
    const page = (await ok(tools, 'json2_read_records', { model: 'res.partner', domain, fields: ['name'], limit: 2, order: 'id' })) as {
      records: { name: string }[];
      total: number;
      returned: number;
      next?: string;
    };
    assert.equal(page.total, 3);
    assert.equal(page.returned, 2);
    assert.match(page.next ?? '', /"offset": 2/);
    const rest = (await ok(tools, 'json2_read_records', {
      model: 'res.partner',
      domain,
      fields: ['name'],
      limit: 2,
      offset: 2,
      order: 'id',
    })) as { records: { name: string }[]; next?: string };
    assert.equal(rest.records.length, 1);
    assert.equal(rest.next, undefined);
    const grouped = (await ok(tools, 'json2_read_records', {
      model: 'res.partner',
      method: 'read_group',
      domain: [['is_company', '=', true]],
      groupby: ['country_id'],
    })) as { groups: Record<string, unknown>[] };
    const belgium = grouped.groups.find((group) => Array.isArray(group.country_id) && group.country_id[1] === 'Belgium');
    assert.equal(belgium?.__count, 3);
    assert.equal((await refused(tools, 'json2_read_records', { model: 'res.partner', method: 'read_group' })).kind, 'input');
  });

  test('a write is refused while writes are off (nothing changes), sent once allowed, refused on a read-only connection', async () => {
    const [company] = (
      (await ok(toolsWith({ allowWrites: false }), 'json2_read_records', {
        model: 'res.partner',
        domain: [['name', '=', 'Brouwerij De Kroon']],
      })) as { records: { id: number }[] }
    ).records;
    const write = { model: 'res.partner', method: 'write', ids: [company.id], args: { vals: { comment: 'written by an agent' } } };
    const off = await refused(toolsWith({ allowWrites: false }), 'json2_call_method', write);
    assert.equal(off.kind, 'refused');
    assert.match(off.error, /^Writes are off for agents: .*res\.partner\.write may change data.*--allow-writes/);
    assert.notEqual(await partnerComment(sandbox, company.id), 'written by an agent');

    const allowed = toolsWith({ allowWrites: true });
    const done = await ok(allowed, 'json2_call_method', write);
    assert.equal(done.result, true);
    assert.equal(await partnerComment(sandbox, company.id), 'written by an agent');

    const locked = await refused(allowed, 'json2_call_method', { ...write, connection: 'locked' });
    assert.match(locked.error, /^The connection "locked" is read-only/);
    const production = await refused(allowed, 'json2_call_method', { ...write, connection: 'prod' });
    assert.equal(production.kind, 'declined');
    const confirmed = await ok(toolsWith({ allowWrites: true, confirm: () => Promise.resolve(true) }), 'json2_call_method', {
      ...write,
      connection: 'prod',
      args: { vals: { comment: 'confirmed' } },
    });
    assert.equal(confirmed.result, true);
    assert.equal(await partnerComment(sandbox, company.id), 'confirmed');
    // A read-only method goes on any connection, writes allowed or not.
    const count = await ok(toolsWith({ allowWrites: false }), 'json2_call_method', {
      connection: 'locked',
      model: 'res.partner',
      method: 'search_count',
      args: { domain: [] },
    });
    assert.equal(typeof count.result, 'number');
  });

  test('runs a named request of a workspace file (its dependency first); a write in a file obeys the same rules', async () => {
    const read = await ok(toolsWith({ allowWrites: false }), 'json2_run_request', { file: 'partners.json2', name: 'companies' });
    assert.equal(read.verdict, 'passed');
    assert.equal(read.status, 200);
    assert.equal((read.body as unknown[]).length, 3);
    assert.deepEqual(read.assertions, [
      { text: '?? body.length == 3', passed: true, message: (read.assertions as { message: string }[])[0].message },
    ]);

    const refusedWrite = await ok(toolsWith({ allowWrites: false }), 'json2_run_request', { file: 'partners.json2', name: 'rename' });
    assert.equal(refusedWrite.verdict, 'error');
    assert.match((refusedWrite.error as { message: string }).message, /^Writes are off for agents/);
    assert.deepEqual(
      (refusedWrite.ranFirst as { request: string; verdict: string }[]).map((r) => [r.request, r.verdict]),
      [['companies', 'passed']],
    );

    const written = await ok(toolsWith({ allowWrites: true }), 'json2_run_request', { file: 'partners.json2', name: 'rename' });
    assert.equal(written.verdict, 'passed');
  });

  test('refuses a file outside the workspace, an unknown name, unknown input and an input holding a key', async () => {
    const tools = toolsWith({ allowWrites: true });
    const outside = await refused(tools, 'json2_run_request', { file: `../${path.basename(workspace)}-outside.json2`, name: 'companies' });
    assert.match(outside.error, /outside the workspace folder/);
    assert.match(
      (await refused(tools, 'json2_run_request', { file: 'partners.json2', name: 'nothing' })).error,
      /named: companies, rename/,
    );
    assert.match((await refused(tools, 'json2_read_records', { model: 'res.partner', apiKey: 'x' })).error, /Unknown input "apiKey"/);
    await ok(tools, 'json2_list_connections', {});
    await ok(tools, 'json2_read_records', { model: 'res.partner', limit: 1 });
    const withKey = await refused(tools, 'json2_read_records', { model: 'res.partner', domain: [['comment', '=', sandbox.keys.admin]] });
    assert.match(withKey.error, /never take a key/);
    assert.match((await refused(tools, 'json2_nothing', {})).error, /no tool named json2_nothing/);
    assert.match(
      (await refused(tools, 'json2_read_records', { model: 'res.partner', connection: 'missing' })).error,
      /No connection named "missing"/,
    );
  });
});
