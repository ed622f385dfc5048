// Request files against the sandbox in a real VS Code host: Send through the CodeLens, the panel's table, tree and error,
// cancellation, Send all with a chained request, pagination, confirmation, history, and keys and HTML kept out.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { eventually } from './connectionsDriver.integration.test';
import {
  clickLens,
  codeLenses,
  CONNECTION,
  DECLINE_ALL,
  endRequestsSuite,
  lineOf,
  openRequestFile,
  openSlowRequest,
  panelState,
  startRequestsSuite,
} from './requestsDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const XSS_NAME = '<img src=x onerror=alert(1)>';

suite('Requests against the sandbox', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let sandbox: StartedSandbox;

  suiteSetup(async () => {
    ({ api, sandbox } = await startRequestsSuite());
  });
  suiteTeardown(() => endRequestsSuite({ api, sandbox }));

  test('Send through the CodeLens: a records table with many2one labels (id on hover), sortable', async () => {
    const document = await openRequestFile(
      'requests-table.json2',
      `# @connection ${CONNECTION}
### Companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name", "country_id", "is_company"], "order": "id" }
`,
    );
    const summary = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.equal(summary.results.length, 1);
    assert.equal(summary.results[0].status, 200);
    const state = await panelState(api.requests, (s) => s.view === 'table' && s.rowsReceived > 0, 'a records table');
    assert.deepEqual(state.columns, ['id', 'name', 'country_id', 'is_company']);
    assert.equal(state.rowsReceived, state.rowsExpected);
    assert.ok(state.visibleCells.length > 0);
    const country = state.visibleCells.findIndex((row) => row[2] !== '');
    assert.ok(country >= 0, 'a company with a country');
    assert.match(state.visibleTitles[country][2], /^id \d+$/, 'the many2one id on hover');
    assert.doesNotMatch(state.visibleCells[country][2], /^\[/, 'the many2one shown as its label');
    assert.equal(state.visibleCells[0][3], '✓');
    assert.match(state.statusText, /200/);
    assert.match(state.statusText, /\d+ ms/);
    assert.match(state.statusText, /One transaction, committed/);
    api.requests.act({ kind: 'sort', column: 'name' });
    const sorted = await panelState(api.requests, (s) => s.sortedBy?.column === 'name', 'sorted by name');
    const names = sorted.visibleCells.map((row) => row[1]);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b)),
    );
    api.requests.act({ kind: 'search', text: 'country_id' });
    const tree = await panelState(api.requests, (s) => s.view === 'tree', 'the JSON tree');
    assert.ok(tree.treeMatches >= state.rowsReceived, "every record's country_id found");
  });

  test('a record name holding HTML shows as text; the key is nowhere in the panel or the history', async () => {
    const document = await openRequestFile(
      'requests-xss.json2',
      `# @connection ${CONNECTION}
### Create
# @name created
POST res.partner/create
{ "vals_list": [{ "name": ${JSON.stringify(XSS_NAME)} }] }

### Read it back
POST res.partner/search_read
{ "domain": [["id", "in", {{created.response.body}}]], "fields": ["name"] }
`,
    );
    const summary = await clickLens(document, 'Send', lineOf(document, 'POST res.partner/search_read'));
    assert.deepEqual(
      summary.results.map((result) => result.ok),
      [true, true],
      'the dependency ran first',
    );
    const state = await panelState(api.requests, (s) => s.view === 'table' && s.visibleCells.length === 1, 'the created record');
    assert.equal(state.visibleCells[0][1], XSS_NAME);
    assert.ok(!state.html.includes('<img src=x'), 'no img element in the panel');
    assert.ok(state.html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the name as text');
    const shell = api.requests.panelHtml() ?? '';
    assert.match(shell, /default-src 'none'/);
    assert.match(shell, /script-src 'nonce-[A-Za-z0-9+/=]{20,}'/);
    for (const key of Object.values(sandbox.keys)) {
      assert.ok(!state.html.includes(key) && !shell.includes(key), 'no key in the panel');
      assert.ok(!JSON.stringify(api.requests.history()).includes(key), 'no key in the history');
    }
  });

  test('an error answer: the error object laid out with its kind, the traceback collapsed', async () => {
    const document = await openRequestFile(
      'requests-error.json2',
      `# @connection ${CONNECTION}
### Missing field
POST res.partner/search_read
{ "domain": [["no_such_field", "=", 1]], "fields": ["name"] }
`,
    );
    const summary = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.equal(summary.results[0].ok, false);
    const state = await panelState(api.requests, (s) => s.view === 'error', 'the error view');
    assert.ok(state.error);
    assert.ok(state.error.name.length > 0 && state.error.message.length > 0, JSON.stringify(state.error));
    assert.ok(state.error.explanation.length > 10);
    assert.match(state.error.traceback, /^Traceback/);
    assert.equal(state.error.tracebackOpen, false);
    assert.match(state.statusText, /One transaction, rolled back: nothing was changed/);
    api.requests.act({ kind: 'toggleTraceback' });
    await panelState(api.requests, (s) => s.error?.tracebackOpen === true, 'the traceback opened');
  });

  test("Cancel on the CodeLens stops the sandbox's slow method", async () => {
    const { document, line } = await openSlowRequest('requests-slow.json2', sandbox);
    const cancelledBefore = sandbox.slowMethod.cancelled();
    const running = clickLens(document, 'Send', line);
    await eventually(
      async () => (await codeLenses(document)).some((lens) => lens.command?.title === 'Cancel'),
      'the Cancel CodeLens',
      20_000,
    );
    const completedBefore = sandbox.slowMethod.completed();
    await clickLens(document, 'Cancel', line);
    const summary = await running;
    assert.equal(summary.results[0].errorKind, 'cancelled');
    assert.equal(sandbox.slowMethod.completed(), completedBefore, 'stopped before the 30-second call could end');
    await panelState(api.requests, (s) => s.error?.kind === 'cancelled', 'the cancelled answer');
    await eventually(() => sandbox.slowMethod.cancelled() > cancelledBefore, 'the sandbox saw the cancellation', 20_000);
    assert.ok((await codeLenses(document)).every((lens) => lens.command?.title !== 'Cancel'));
  });

  test('Send all runs a chained file in order; pagination reruns with the next offset', async () => {
    const document = await openRequestFile(
      'requests-chain.json2',
      `# @connection ${CONNECTION}
### Companies
# @name companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"], "order": "id" }

### Their contacts
POST res.partner/search_read
{ "domain": [["parent_id", "in", {{companies.response.body[*].id}}]], "fields": ["name", "parent_id"], "limit": 3, "order": "id" }
`,
    );
    const summary = await clickLens(document, 'Send all', 0);
    assert.deepEqual(
      summary.results.map((result) => [result.label, result.ok]),
      [
        ['companies', true],
        ['Their contacts', true],
      ],
    );
    const first = await panelState(api.requests, (s) => s.title === 'Their contacts' && s.view === 'table', 'the contacts');
    assert.deepEqual(first.page, { limit: 3, offset: 0 });
    assert.equal(first.rowsReceived, 3);
    await api.requests.press('nextPage');
    const second = await panelState(api.requests, (s) => s.page?.offset === 3, 'the second page');
    assert.notEqual(second.visibleCells[0][0], first.visibleCells[0][0]);
    assert.ok(Number(second.visibleCells[0][0]) > Number(first.visibleCells[2][0]));
    await api.requests.press('previousPage');
    await panelState(
      api.requests,
      (s) => s.page?.offset === 0 && s.visibleCells[0]?.[0] === first.visibleCells[0][0],
      'back on the first page',
    );
  });

  test('# @confirm asks first: declined sends nothing, accepted sends', async () => {
    const document = await openRequestFile(
      'requests-confirm.json2',
      `# @connection ${CONNECTION}
### Rename
# @confirm Really rename?
POST res.partner/search_count
{ "domain": [] }
`,
    );
    const questions: string[] = [];
    let answer = false;
    api.requests.setPrompts({
      ...DECLINE_ALL,
      confirmSend: async (message) => {
        questions.push(message);
        return answer;
      },
    });
    const declined = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.equal(declined.results[0].errorKind, 'declined');
    answer = true;
    const sent = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.equal(sent.results[0].status, 200);
    assert.deepEqual(questions, ['Really rename?', 'Really rename?']);
    api.requests.setPrompts(undefined);
  });

  test('history: browsable, rerun from an entry, cleared by its command', async () => {
    const entries = api.requests.history();
    assert.ok(entries.length >= 5, `entries: ${entries.length}`);
    assert.ok(entries.length <= 100);
    const contacts = entries.find((entry) => entry.response.title === 'Their contacts');
    assert.ok(contacts);
    await vscode.commands.executeCommand(CommandIds.showHistory, contacts.id);
    await panelState(api.requests, (s) => s.title === 'Their contacts', 'the history entry shown');
    const rerun = await vscode.commands.executeCommand<{ results: { ok: boolean }[] }>(CommandIds.rerunHistory, contacts.id);
    assert.ok(rerun.results.every((result) => result.ok));
    await vscode.commands.executeCommand(CommandIds.clearHistory);
    assert.equal(api.requests.history().length, 0);
  });

  test('export to the clipboard: cURL reads the key from the environment', async () => {
    const document = await openRequestFile(
      'requests-export.json2',
      `# @connection ${CONNECTION}
### Count
POST res.partner/search_count
{ "domain": [] }
`,
    );
    const code = await vscode.commands.executeCommand<string>(CommandIds.exportCurl, document.uri, 0);
    assert.match(code, /curl/);
    assert.match(code, /JSON2_API_KEY/);
    assert.equal(await vscode.env.clipboard.readText(), code);
    for (const key of Object.values(sandbox.keys)) assert.ok(!code.includes(key));
  });
});
