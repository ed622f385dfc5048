// "Explain this answer" in the panel once per cause of issue 40 (access right, record rule, field group, other company,
// archived, wrong database): Send, press Explain, the "Why this answer" box names the rule/group/company, and after the
// suggested change (to the request file, or the administrator's group change) the request succeeds in the panel.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { PanelState } from '../../../src/shared/panelMessages';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';
import { addConnectionWithKey } from './connectionsDriver.integration.test';
import {
  addSandboxConnection,
  CONNECTION,
  clickLens,
  endRequestsSuite,
  lineOf,
  openRequestFile,
  panelState,
  testApis,
} from './requestsDriver.integration.test';

/** The connection of Marc Demo (the sandbox's user key) on the sandbox's main database. */
const DEMO = 'explain-demo';

/** Six requests, one per cause; `{{…}}` parts are filled in from the sandbox's data. */
function requestsText(ids: { order: number; adminUser: number; sanFrancisco: number }): string {
  return `# @connection ${DEMO}
### Delete a quotation
POST sale.order/unlink
{ "ids": [${ids.order}] }

### The administrator's orders
POST sale.order/search_read
{ "domain": [["user_id", "=", ${ids.adminUser}]], "fields": ["name"] }

### Credit limits
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name", "credit_limit"], "limit": 2 }

### Chicago contact from San Francisco
# @connection ${CONNECTION}
POST res.partner/search_read
{ "domain": [["name", "=", "Rosa Delgado"]], "fields": ["name"], "context": { "allowed_company_ids": [${ids.sanFrancisco}] } }

### Discontinued lamp
POST product.template/search_read
{ "domain": [["name", "=", "Desk Lamp (discontinued)"]], "fields": ["name"] }

### Partners on branch
POST res.partner/search_count
X-Service-Database: branch
{ "domain": [] }
`;
}

suite('Explain this answer per cause in the panel against the sandbox', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let sandbox: StartedSandbox;
  let ids: { order: number; adminUser: number; sanFrancisco: number };

  /** A model call as the administrator, straight to the sandbox (not through the extension). */
  const asAdmin = <T>(model: string, method: string, body: Record<string, unknown>): Promise<T> =>
    ok<T>(sandbox, model, method, body, { headers: { 'X-Odoo-Database': sandbox.database } });

  /** Adds Marc Demo to (true) or removes him from (false) the group of external id `xmlId`. */
  async function setGroup(xmlId: string, member: boolean): Promise<void> {
    const [module, name] = xmlId.split('.');
    const [row] = await asAdmin<{ res_id: number }[]>('ir.model.data', 'search_read', {
      domain: [
        ['model', '=', 'res.groups'],
        ['module', '=', module],
        ['name', '=', name],
      ],
      fields: ['res_id'],
    });
    await asAdmin('res.users', 'write', { ids: [sandbox.users.user.id], vals: { group_ids: [[member ? 4 : 3, row.res_id]] } });
  }

  suiteSetup(async () => {
    api = await testApis();
    sandbox = await startSandbox({ log: () => undefined, databases: ['branch'] });
    await addSandboxConnection(api, sandbox);
    await addConnectionWithKey(api, { name: DEMO, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.user);
    const [order] = await asAdmin<{ id: number }[]>('sale.order', 'search_read', {
      domain: [
        ['state', '=', 'draft'],
        ['user_id', '=', sandbox.users.user.id],
      ],
      fields: ['name'],
      limit: 1,
    });
    const [sanFrancisco] = await asAdmin<{ id: number }[]>('res.company', 'search_read', {
      domain: [['name', '=', 'My Company (San Francisco)']],
      fields: ['name'],
    });
    ids = { order: order.id, adminUser: sandbox.users.admin.id, sanFrancisco: sanFrancisco.id };
  });
  suiteTeardown(() => endRequestsSuite({ api, sandbox }));

  /** Sends the request titled `title` (request line starting with `requestLine`) and returns its run result. */
  async function send(document: vscode.TextDocument, requestLine: string, title: string): Promise<{ ok: boolean; status?: number }> {
    const summary = await clickLens(document, 'Send', lineOf(document, requestLine));
    await panelState(api.requests, (s) => s.title === title && !s.busy, `the answer of ${title}`);
    return summary.results[0];
  }

  /** Presses the panel's Explain button; the sentences of the "Why this answer" box. */
  async function explainShown(title: string): Promise<{ state: PanelState; sentences: string[] }> {
    api.requests.act({ kind: 'press', command: 'explain' });
    const state = await panelState(api.requests, (s) => s.title === title && s.explanation !== undefined, `the explanation of ${title}`);
    assert.match(state.html, /Why this answer/);
    return { state, sentences: state.explanation?.causes.map((cause) => cause.sentence) ?? [] };
  }

  /** Opens a fresh copy of the six requests under `name` (each test edits its own). */
  function openRequests(name: string): Promise<vscode.TextDocument> {
    return openRequestFile(name, requestsText(ids));
  }

  /** Replaces `from` with `to` in the saved document. */
  async function change(document: vscode.TextDocument, from: string, to: string): Promise<void> {
    const at = document.getText().indexOf(from);
    assert.ok(at >= 0, `the file holds ${from}`);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(at), document.positionAt(at + from.length)), to);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await document.save());
  }

  test('missing access right: the delete names the sales group and Sales / Administrator; joining it deletes', async () => {
    const document = await openRequests('explain-cause-right.json2');
    assert.equal((await send(document, 'POST sale.order/unlink', 'Delete a quotation')).status, 403);
    const { state, sentences } = await explainShown('Delete a quotation');
    assert.match(state.explanation?.summary ?? '', /Marc Demo \(demo, id \d+\)/);
    assert.ok(
      sentences.some((s) =>
        /^No access right gives group 'Sales \/ User: Own Documents Only' delete on sale\.order.*Sales ?\/ ?Administrator/.test(s),
      ),
      sentences.join('\n'),
    );
    await setGroup('sales_team.group_sale_manager', true);
    try {
      const result = await send(document, 'POST sale.order/unlink', 'Delete a quotation');
      assert.equal(result.ok && result.status, 200);
    } finally {
      await setGroup('sales_team.group_sale_manager', false);
    }
  });

  test("record rule: 'Personal Orders' keeps the administrator's orders out; joining 'Sales / User: All Documents' shows them", async () => {
    const document = await openRequests('explain-cause-rule.json2');
    const title = "The administrator's orders";
    await setGroup('base.group_erp_manager', true); // reading ir.rule is the Access Rights group's
    try {
      await send(document, 'POST sale.order/search_read', title);
      const { state, sentences } = await explainShown(title);
      const rule = state.explanation?.causes.find((cause) => cause.sentence.startsWith("Record rule 'Personal Orders'"));
      assert.ok(rule, sentences.join('\n'));
      assert.match(rule.sentence, /\(of group 'Sales \/ User: Own Documents Only'\).*'All Orders' of 'Sales \/ User: All Documents'/);
      assert.equal(rule.certain, false);
      await setGroup('sales_team.group_sale_salesman_all_leads', true);
      await send(document, 'POST sale.order/search_read', title);
      await panelState(api.requests, (s) => s.title === title && s.rowsReceived > 0, "the administrator's orders");
    } finally {
      await setGroup('sales_team.group_sale_salesman_all_leads', false);
      await setGroup('base.group_erp_manager', false);
    }
  });

  test("field group: credit_limit names 'Access Rights'; the request without the field lists the partners", async () => {
    const document = await openRequests('explain-cause-field.json2');
    assert.equal((await send(document, 'POST res.partner/search_read', 'Credit limits')).status, 403);
    const { sentences } = await explainShown('Credit limits');
    assert.ok(
      sentences.some((s) => s.startsWith("Field 'credit_limit' of res.partner is restricted to group 'Access Rights'")),
      sentences.join('\n'),
    );
    await change(document, '"fields": ["name", "credit_limit"]', '"fields": ["name"]');
    assert.ok((await send(document, 'POST res.partner/search_read', 'Credit limits')).ok);
    await panelState(api.requests, (s) => s.title === 'Credit limits' && s.visibleCells.length === 2, 'two partners');
  });

  test("other company: Rosa Delgado belongs to 'My Company (Chicago)'; adding it to allowed_company_ids finds her", async () => {
    const document = await openRequests('explain-cause-company.json2');
    const title = 'Chicago contact from San Francisco';
    // The second POST res.partner/search_read of the file: the line above Rosa Delgado's body.
    const line = lineOf(document, '{ "domain": [["name", "=", "Rosa Delgado"]]') - 1;
    assert.equal(document.lineAt(line).text, 'POST res.partner/search_read');
    await clickLens(document, 'Send', line);
    await panelState(api.requests, (s) => s.title === title && !s.busy, 'the empty answer');
    const { sentences } = await explainShown(title);
    assert.ok(
      sentences.some((s) =>
        /^1 matching res\.partner record belongs to company 'My Company \(Chicago\)', not in this call's allowed companies; add it to `context\.allowed_company_ids`/.test(
          s,
        ),
      ),
      sentences.join('\n'),
    );
    const [chicago] = await asAdmin<{ id: number }[]>('res.company', 'search_read', {
      domain: [['name', '=', 'My Company (Chicago)']],
      fields: ['name'],
    });
    await change(document, `"allowed_company_ids": [${ids.sanFrancisco}]`, `"allowed_company_ids": [${ids.sanFrancisco}, ${chicago.id}]`);
    await clickLens(document, 'Send', line);
    const found = await panelState(api.requests, (s) => s.title === title && !s.busy && s.visibleCells.length === 1, 'Rosa Delgado');
    assert.ok(found.visibleCells[0].includes('Rosa Delgado'), JSON.stringify(found.visibleCells));
  });

  test('archived: the discontinued lamp is left out; active_test false in the context finds it', async () => {
    const document = await openRequests('explain-cause-archived.json2');
    await send(document, 'POST product.template/search_read', 'Discontinued lamp');
    const { sentences } = await explainShown('Discontinued lamp');
    assert.deepEqual(sentences, ['1 matching product.template record is archived and left out: add `active_test: false` to the context.']);
    await change(
      document,
      '"fields": ["name"] }\n\n### Partners',
      '"fields": ["name"], "context": { "active_test": false } }\n\n### Partners',
    );
    await send(document, 'POST product.template/search_read', 'Discontinued lamp');
    const found = await panelState(api.requests, (s) => s.title === 'Discontinued lamp' && s.visibleCells.length === 1, 'the lamp');
    assert.ok(found.visibleCells[0].includes('Desk Lamp (discontinued)'), JSON.stringify(found.visibleCells));
  });

  test("wrong database: the demo key sent to 'branch' names its user and database; the header changed to it answers", async () => {
    const document = await openRequests('explain-cause-database.json2');
    assert.equal((await send(document, 'POST res.partner/search_count', 'Partners on branch')).status, 401);
    const { sentences } = await explainShown('Partners on branch');
    assert.deepEqual(sentences, [
      `The key is not accepted on database 'branch'; it belongs to user 'Marc Demo' (demo) of database '${sandbox.database}': send the call to database '${sandbox.database}', or make a key on database 'branch'.`,
    ]);
    await change(document, 'X-Service-Database: branch', `X-Service-Database: ${sandbox.database}`);
    const result = await send(document, 'POST res.partner/search_count', 'Partners on branch');
    assert.equal(result.ok && result.status, 200);
    const state = await panelState(api.requests, (s) => s.title === 'Partners on branch' && !s.busy, 'the count');
    assert.notEqual(state.view, 'error', JSON.stringify(state.error));
  });
});
