// "Explain this answer" against the sandbox, one test per cause (access right, record rule, field group, other company,
// archived, wrong database), each checking the sentence's names and that the suggested change makes the request succeed;
// and a user who may not read ir.rule gets no rule domain.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { explainWithClient } from '../../../src/core/access/explainConnection';
import type { ExplainedCause, ExplainedRequest, Explanation } from '../../../src/core/access/explainTypes';
import type { Json2Client } from '../../../src/core/client/json2Client';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { answerOf, clientOf, setGroup } from './explainSandbox';

describe('explain this answer (core) against the sandbox', () => {
  let sandbox: StartedSandbox;
  let admin: Json2Client;
  let demo: Json2Client;
  const clients: Json2Client[] = [];

  before(async () => {
    sandbox = await startSandbox({ databases: ['branch'] });
    admin = clientOf(sandbox, sandbox.keys.admin);
    demo = clientOf(sandbox, sandbox.keys.user);
    clients.push(admin, demo);
  });
  after(async () => {
    for (const client of clients) await client.close();
    await sandbox?.stop();
  });

  async function explain(client: Json2Client, request: ExplainedRequest): Promise<Explanation> {
    return explainWithClient(client, request, await answerOf(client, request));
  }

  function causeOf(explanation: Explanation, kind: ExplainedCause['kind']): ExplainedCause {
    const cause = explanation.causes.find((candidate) => candidate.kind === kind);
    assert.ok(cause, `no ${kind} cause in ${JSON.stringify(explanation, null, 2)}`);
    return cause;
  }

  test("missing access right: delete on sale.order names the user's sales group and the group that may", async () => {
    const [order] = await demo.call<{ id: number }[]>('sale.order', 'search_read', {
      domain: [['state', '=', 'draft']],
      fields: ['name'],
      limit: 1,
    });
    const request: ExplainedRequest = { model: 'sale.order', method: 'unlink', ids: [order.id] };
    const answer = await answerOf(demo, request);
    assert.equal(answer.kind === 'error' && answer.status, 403);
    const explanation = await explainWithClient(demo, request, answer);
    assert.equal(explanation.situation, 'denied');
    assert.match(explanation.caller ?? '', /Marc Demo \(demo, id \d+\) on database/);
    const cause = causeOf(explanation, 'accessRight');
    assert.match(cause.sentence, /^No access right gives group 'Sales \/ User: Own Documents Only' delete on sale\.order/);
    assert.match(cause.sentence, /Sales ?\/ ?Administrator/);
    // What the sentence says would change it: the administrator adds the user to that group.
    await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_manager', true);
    try {
      assert.equal((await answerOf(demo, request)).kind, 'result');
    } finally {
      await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_manager', false);
    }
  });

  test("record rule: the rule that keeps only the salesperson's orders, and the group whose rule shows the others", async () => {
    const request: ExplainedRequest = {
      model: 'sale.order',
      method: 'search_read',
      args: { domain: [['user_id', '=', sandbox.users.admin.id]], fields: ['name'] },
    };
    // The access model is the Access Rights group's to read (as on 19.0): the demo user gets it for this test.
    await setGroup(admin, sandbox.users.user.id, 'base.group_erp_manager', true);
    try {
      const explanation = await explain(demo, request);
      assert.equal(explanation.situation, 'empty');
      const cause = causeOf(explanation, 'recordRule');
      assert.match(
        cause.sentence,
        /^Record rule 'Personal Orders' \(of group 'Sales \/ User: Own Documents Only'\) keeps only sale\.order records whose Salesperson is you or without Salesperson for read: 0 matching sale\.order records are visible to you\./,
      );
      assert.match(cause.sentence, /'All Orders' of 'Sales \/ User: All Documents'/);
      assert.equal(cause.certain, false);
      await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_salesman_all_leads', true);
      const widened = await answerOf(demo, request);
      assert.ok(widened.kind === 'result' && Array.isArray(widened.value) && widened.value.length > 0, JSON.stringify(widened));
    } finally {
      await setGroup(admin, sandbox.users.user.id, 'sales_team.group_sale_salesman_all_leads', false);
      await setGroup(admin, sandbox.users.user.id, 'base.group_erp_manager', false);
    }
  });

  test('a user who may not read ir.rule: the explanation says so and shows no rule or domain', async () => {
    const request: ExplainedRequest = {
      model: 'sale.order',
      method: 'search_read',
      args: { domain: [['user_id', '=', sandbox.users.admin.id]], fields: ['name'] },
    };
    const explanation = await explain(demo, request);
    const cause = causeOf(explanation, 'unreadable');
    assert.match(cause.sentence, /You may not read the record rules \(ir\.rule\)/);
    assert.match(cause.sentence, /Settings > Technical > Security > Record Rules/);
    const text = JSON.stringify(explanation);
    for (const secret of ['user_id', 'user.id', 'Personal Orders', "('", 'company_ids'])
      assert.ok(!text.includes(secret), `the explanation reveals ${secret}: ${text}`);
    // And no record of someone else's: no order name appears.
    assert.doesNotMatch(text, /S000\d\d/);
  });

  test('field group: credit_limit is restricted to Access Rights; joining it, or leaving the field out, succeeds', async () => {
    const request: ExplainedRequest = {
      model: 'res.partner',
      method: 'search_read',
      args: { domain: [['is_company', '=', true]], fields: ['name', 'credit_limit'], limit: 2 },
    };
    const explanation = await explain(demo, request);
    const cause = causeOf(explanation, 'fieldGroup');
    assert.match(cause.sentence, /^Field 'credit_limit' of res\.partner is restricted to group 'Access Rights'/);
    assert.deepEqual(cause.change, { withoutFields: ['credit_limit'] });
    const without = await answerOf(demo, { ...request, args: { ...request.args, fields: ['name'] } });
    assert.equal(without.kind, 'result');
    await setGroup(admin, sandbox.users.user.id, 'base.group_erp_manager', true);
    try {
      const joined = await answerOf(demo, request);
      assert.ok(joined.kind === 'result' && Array.isArray(joined.value) && 'credit_limit' in joined.value[0], JSON.stringify(joined));
    } finally {
      await setGroup(admin, sandbox.users.user.id, 'base.group_erp_manager', false);
    }
  });

  test("other company: the Chicago contact is outside this call's allowed companies; adding the company finds it", async () => {
    const [current] = await admin.call<{ id: number }[]>('res.company', 'search_read', {
      domain: [['name', '=', 'My Company (San Francisco)']],
      fields: ['name'],
    });
    const request: ExplainedRequest = {
      model: 'res.partner',
      method: 'search_read',
      args: { domain: [['name', '=', 'Rosa Delgado']], fields: ['name', 'company_id'] },
      context: { allowed_company_ids: [current.id] },
    };
    const explanation = await explain(admin, request);
    assert.equal(explanation.situation, 'empty');
    const cause = causeOf(explanation, 'company');
    assert.match(
      cause.sentence,
      /^1 matching res\.partner record belongs to company 'My Company \(Chicago\)', not in this call's allowed companies; add it to `context\.allowed_company_ids`/,
    );
    assert.equal(cause.count, 1);
    const changed = await answerOf(admin, { ...request, context: { ...request.context, ...cause.change?.context } });
    assert.ok(changed.kind === 'result' && Array.isArray(changed.value) && changed.value.length === 1, JSON.stringify(changed));
  });

  test('archived: the discontinued product is left out; active_test false finds it', async () => {
    const request: ExplainedRequest = {
      model: 'product.template',
      method: 'search_read',
      args: { domain: [['name', '=', 'Desk Lamp (discontinued)']], fields: ['name'] },
    };
    const explanation = await explain(demo, request);
    const cause = causeOf(explanation, 'archived');
    assert.equal(cause.sentence, '1 matching product.template record is archived and left out: add `active_test: false` to the context.');
    const changed = await answerOf(demo, { ...request, context: { ...cause.change?.context } });
    assert.ok(changed.kind === 'result' && Array.isArray(changed.value) && changed.value.length === 1, JSON.stringify(changed));
  });

  test('wrong database: a key of database demo sent to branch gets 401; the explanation names where it belongs', async () => {
    const elsewhere = clientOf(sandbox, sandbox.keys.user, 'branch');
    clients.push(elsewhere);
    const request: ExplainedRequest = { model: 'res.partner', method: 'search_count', args: { domain: [] } };
    const answer = await answerOf(elsewhere, request);
    assert.equal(answer.kind === 'error' && answer.status, 401);
    const explanation = await explainWithClient(elsewhere, request, answer);
    assert.equal(explanation.situation, 'unauthorized');
    const cause = causeOf(explanation, 'databaseOrUser');
    assert.equal(
      cause.sentence,
      `The key is not accepted on database 'branch'; it belongs to user 'Marc Demo' (demo) of database '${sandbox.database}': send the call to database '${sandbox.database}', or make a key on database 'branch'.`,
    );
    assert.deepEqual(cause.change, { database: sandbox.database });
    const moved = clientOf(sandbox, sandbox.keys.user, cause.change?.database);
    clients.push(moved);
    assert.equal((await answerOf(moved, request)).kind, 'result');
  });

  test('an answer with records and every field asked for has nothing to explain', async () => {
    const explanation = await explain(demo, {
      model: 'res.partner',
      method: 'search_read',
      args: { domain: [], fields: ['name'], limit: 1 },
    });
    assert.equal(explanation.situation, 'answered');
    assert.deepEqual(explanation.causes, []);
  });
});
