// `json2 explain FILE:LINE` once per cause of issue 40 (access right, record rule, field group, other company, archived,
// wrong database) against one sandbox: the sentence names the right rule/group/company, and the suggested change, made to
// the request file (or by the administrator, where only they can help), makes `json2 run` of that request succeed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ExplainedCause } from '../../../src/core/access/explainTypes';
import type { Json2Client } from '../../../src/core/client/json2Client';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { clientOf, setGroup } from '../access/explainSandbox';
import { ensureCliBuilt, runCli } from './cliHarness';

interface RunReport {
  files: { requests: { verdict: string; httpStatus?: number; body?: unknown; explanation?: { causes: ExplainedCause[] } }[] }[];
}

describe('json2 explain, one test per cause, and the suggested change through json2 run', () => {
  let sandbox: StartedSandbox;
  let admin: Json2Client;
  let tmp: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox({ databases: ['branch'] });
    admin = clientOf(sandbox, sandbox.keys.admin);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-explain-causes-'));
  });
  after(async () => {
    await admin?.close();
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Writes a file holding one request (line 2 is its request line) and returns its path. */
  function requestFile(name: string, requestLine: string, body: Record<string, unknown>, headers: string[] = []): string {
    const file = path.join(tmp, `${name}.json2`);
    fs.writeFileSync(file, [`### ${name}`, requestLine, ...headers, JSON.stringify(body), ''].join('\n'));
    return file;
  }

  function bodyOf(file: string): Record<string, unknown> {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    return JSON.parse(lines.find((line) => line.startsWith('{')) ?? '{}') as Record<string, unknown>;
  }

  function rewriteBody(file: string, body: Record<string, unknown>): void {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    fs.writeFileSync(file, lines.map((line) => (line.startsWith('{') ? JSON.stringify(body) : line)).join('\n'));
  }

  function connection(key: 'admin' | 'user'): { args: string[]; env: Record<string, string> } {
    return { args: ['--url', sandbox.url, '--db', sandbox.database], env: { JSON2_API_KEY: sandbox.keys[key] } };
  }

  /** `json2 explain FILE:2` in text and in JSON: the printed text and the one cause of `kind`. */
  async function explain(
    file: string,
    key: 'admin' | 'user',
    kind: ExplainedCause['kind'],
  ): Promise<{ text: string; cause: ExplainedCause }> {
    const { args, env } = connection(key);
    const pretty = await runCli(['explain', `${file}:2`, ...args], { env });
    const json = await runCli(['explain', `${file}:2`, ...args, '--output', 'json'], { env });
    const causes = (JSON.parse(json.stdout) as RunReport).files[0].requests[0].explanation?.causes ?? [];
    const cause = causes.find((candidate) => candidate.kind === kind);
    assert.ok(cause, `no ${kind} cause in ${json.stdout}\n${json.stderr}`);
    const line = `- ${cause.certain ? '' : 'possibly: '}${cause.sentence}`;
    assert.ok(pretty.stdout.includes(line), `the text output lacks the sentence:\n${pretty.stdout}`);
    return { text: pretty.stdout, cause };
  }

  /** `json2 run` of the file's request: succeeds with a list of records (or true, for a write). */
  async function runSucceeds(file: string, key: 'admin' | 'user'): Promise<unknown> {
    const { args, env } = connection(key);
    const result = await runCli(['run', file, ...args, '--output', 'json'], { env });
    assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
    const [request] = (JSON.parse(result.stdout) as RunReport).files[0].requests;
    assert.equal(request.httpStatus, 200, JSON.stringify(request));
    if (Array.isArray(request.body)) assert.ok(request.body.length > 0, `an empty answer: ${JSON.stringify(request)}`);
    return request.body;
  }

  test('missing access right: deleting a quotation names the sales group and Sales / Administrator; joining it deletes', async () => {
    const demo = clientOf(sandbox, sandbox.keys.user);
    const [order] = await demo.call<{ id: number }[]>('sale.order', 'search_read', {
      domain: [['state', '=', 'draft']],
      fields: ['name'],
      limit: 1,
    });
    await demo.close();
    const file = requestFile('delete-quotation', 'POST sale.order/unlink', { ids: [order.id] });
    const { text, cause } = await explain(file, 'user', 'accessRight');
    assert.match(text, /why: The call ran as Marc Demo \(demo, id \d+\)/);
    assert.match(cause.sentence, /^No access right gives group 'Sales \/ User: Own Documents Only' delete on sale\.order/);
    assert.match(cause.sentence, /Sales ?\/ ?Administrator/);
    assert.equal(cause.change, undefined, 'only an administrator can change it');
    await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_manager', true);
    try {
      assert.equal(await runSucceeds(file, 'user'), true);
    } finally {
      await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_manager', false);
    }
  });

  test("record rule: 'Personal Orders' keeps the administrator's orders out; 'Sales / User: All Documents' shows them", async () => {
    const file = requestFile('admin-orders', 'POST sale.order/search_read', {
      domain: [['user_id', '=', sandbox.users.admin.id]],
      fields: ['name'],
    });
    // Reading ir.rule is the Access Rights group's (as on 19.0).
    await setGroup(admin, sandbox.users.user.id, 'base.group_erp_manager', true);
    try {
      const { cause } = await explain(file, 'user', 'recordRule');
      assert.match(
        cause.sentence,
        /^Record rule 'Personal Orders' \(of group 'Sales \/ User: Own Documents Only'\) keeps only sale\.order records/,
      );
      assert.match(cause.sentence, /'All Orders' of 'Sales \/ User: All Documents'/);
      assert.equal(cause.certain, false, 'an empty answer may also simply have no match');
      await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_salesman_all_leads', true);
      await runSucceeds(file, 'user');
    } finally {
      await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_salesman_all_leads', false);
      await setGroup(admin, sandbox.users.user.id, 'base.group_erp_manager', false);
    }
  });

  test("field group: credit_limit names group 'Access Rights'; the file without the field runs", async () => {
    const file = requestFile('credit-limits', 'POST res.partner/search_read', {
      domain: [['is_company', '=', true]],
      fields: ['name', 'credit_limit'],
      limit: 2,
    });
    const { cause } = await explain(file, 'user', 'fieldGroup');
    assert.match(cause.sentence, /^Field 'credit_limit' of res\.partner is restricted to group 'Access Rights'/);
    assert.deepEqual(cause.change, { withoutFields: ['credit_limit'] });
    const body = bodyOf(file);
    const dropped = cause.change?.withoutFields ?? [];
    rewriteBody(file, { ...body, fields: (body.fields as string[]).filter((field) => !dropped.includes(field)) });
    await runSucceeds(file, 'user');
  });

  test("other company: Rosa Delgado belongs to 'My Company (Chicago)'; the context the explanation gives finds her", async () => {
    const [sanFrancisco] = await admin.call<{ id: number }[]>('res.company', 'search_read', {
      domain: [['name', '=', 'My Company (San Francisco)']],
      fields: ['name'],
    });
    const file = requestFile('chicago-contact', 'POST res.partner/search_read', {
      domain: [['name', '=', 'Rosa Delgado']],
      fields: ['name'],
      context: { allowed_company_ids: [sanFrancisco.id] },
    });
    const { cause } = await explain(file, 'admin', 'company');
    assert.match(
      cause.sentence,
      /^1 matching res\.partner record belongs to company 'My Company \(Chicago\)', not in this call's allowed companies/,
    );
    assert.ok(cause.change?.context, JSON.stringify(cause));
    const body = bodyOf(file);
    rewriteBody(file, { ...body, context: { ...(body.context as object), ...cause.change.context } });
    const records = (await runSucceeds(file, 'admin')) as { name: string }[];
    assert.deepEqual(
      records.map((record) => record.name),
      ['Rosa Delgado'],
    );
  });

  test('archived: the discontinued lamp is left out; active_test false from the explanation finds it', async () => {
    const file = requestFile('discontinued-lamp', 'POST product.template/search_read', {
      domain: [['name', '=', 'Desk Lamp (discontinued)']],
      fields: ['name'],
    });
    const { cause } = await explain(file, 'user', 'archived');
    assert.equal(cause.sentence, '1 matching product.template record is archived and left out: add `active_test: false` to the context.');
    assert.deepEqual(cause.change, { context: { active_test: false } });
    rewriteBody(file, { ...bodyOf(file), context: cause.change?.context });
    assert.equal(((await runSucceeds(file, 'user')) as unknown[]).length, 1);
  });

  test("wrong database: the demo key sent to 'branch' names its user and database; the header changed to it runs", async () => {
    const file = requestFile('wrong-database', 'POST res.partner/search_count', { domain: [] }, ['X-Service-Database: branch']);
    const { cause } = await explain(file, 'user', 'databaseOrUser');
    assert.equal(
      cause.sentence,
      `The key is not accepted on database 'branch'; it belongs to user 'Marc Demo' (demo) of database '${sandbox.database}': send the call to database '${sandbox.database}', or make a key on database 'branch'.`,
    );
    assert.deepEqual(cause.change, { database: sandbox.database });
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('X-Service-Database: branch', `X-Service-Database: ${cause.change?.database}`));
    assert.equal(typeof (await runSucceeds(file, 'user')), 'number');
  });
});
