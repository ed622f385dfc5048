// The response panel's buttons against the sandbox: copying cells, rows and ids, go to request, one panel per file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { connectionSetting, eventually, setConnectionSetting, start, StepRecorder } from './connectionsDriver.integration.test';
import {
  clickLens,
  codeLenses,
  CONNECTION,
  endRequestsSuite,
  lineOf,
  openRequestFile,
  openSlowRequest,
  panelState,
  startRequestsSuite,
} from './requestsDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const PARTNERS = `# @connection ${CONNECTION}
### Three partners
POST res.partner/search_read
{ "domain": [], "fields": ["name", "country_id"], "limit": 3, "order": "id" }
`;

suite('Response panel against the sandbox', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let sandbox: StartedSandbox;

  suiteSetup(async () => {
    ({ api, sandbox } = await startRequestsSuite());
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('json2').update('responsePanel', undefined, vscode.ConfigurationTarget.Global);
    await endRequestsSuite({ api, sandbox });
  });

  test('copy a cell (a many2one copies its id), a row and the ids; the clipboard gets them', async () => {
    const document = await openRequestFile('panel-copy.json2', PARTNERS);
    await clickLens(document, 'Send', lineOf(document, 'POST'));
    const state = await panelState(api.requests, (s) => s.view === 'table' && s.visibleCells.length === 3, 'three rows');
    const ids = state.visibleCells.map((row) => Number(row[0]));
    api.requests.act({ kind: 'copy', what: 'ids' });
    await eventually(() => api.requests.lastCopy() === JSON.stringify(ids), 'the ids copied');
    api.requests.act({ kind: 'select', row: 1, column: 1 });
    api.requests.act({ kind: 'copy', what: 'cell' });
    await eventually(() => api.requests.lastCopy() === state.visibleCells[1][1], 'the name copied');
    api.requests.act({ kind: 'copy', what: 'row' });
    await eventually(() => api.requests.lastCopy()?.startsWith('{') === true, 'the row copied as JSON');
    assert.equal((JSON.parse(api.requests.lastCopy() ?? '{}') as { id?: number }).id, ids[1]);
    await eventually(async () => (await vscode.env.clipboard.readText()) === api.requests.lastCopy(), 'the clipboard holds it');
  });

  test('Go to request puts the cursor on the request line', async () => {
    const document = await openRequestFile('panel-goto.json2', `# @connection ${CONNECTION}\n\n\n### Version\nGET /web/version\n`);
    await clickLens(document, 'Send', 4);
    await panelState(api.requests, (s) => s.title === 'Version' && s.view === 'tree', 'the version answer');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await api.requests.press('goToRequest');
    await eventually(
      () =>
        vscode.window.activeTextEditor?.document.uri.toString() === document.uri.toString() &&
        vscode.window.activeTextEditor.selection.active.line === 4,
      'the cursor on line 5',
    );
  });

  test('json2.responsePanel = perFile opens one panel per file; single reuses one', async () => {
    await vscode.workspace.getConfiguration('json2').update('responsePanel', 'perFile', vscode.ConfigurationTarget.Global);
    const first = await openRequestFile('panel-one.json2', PARTNERS);
    const before = api.requests.panelCount();
    await clickLens(first, 'Send', lineOf(first, 'POST'));
    const second = await openRequestFile('panel-two.json2', PARTNERS);
    await clickLens(second, 'Send', lineOf(second, 'POST'));
    assert.equal(api.requests.panelCount(), before + 2);
    await vscode.workspace.getConfiguration('json2').update('responsePanel', 'single', vscode.ConfigurationTarget.Global);
    const count = api.requests.panelCount();
    await clickLens(first, 'Send', lineOf(first, 'POST'));
    await clickLens(second, 'Send', lineOf(second, 'POST'));
    assert.ok(api.requests.panelCount() <= count + 1, 'at most the one shared panel more');
  });
  test('Send all stops at the first failure, unless json2.sendAll.continueOnFailure', async () => {
    const document = await openRequestFile(
      'panel-stop.json2',
      `# @connection ${CONNECTION}
### Broken
POST res.partner/search_read
{ "domain": [["no_such_field", "=", 1]] }

### Fine
GET /web/version
`,
    );
    const stopped = await clickLens(document, 'Send all', 0);
    assert.deepEqual(
      stopped.results.map((result) => [result.label, result.ok]),
      [['Broken', false]],
    );
    await panelState(api.requests, (s) => s.title === 'Broken' && s.view === 'error', 'the failure shown');
    await vscode.workspace.getConfiguration('json2').update('sendAll.continueOnFailure', true, vscode.ConfigurationTarget.Global);
    try {
      const all = await clickLens(document, 'Send all', 0);
      assert.deepEqual(
        all.results.map((result) => [result.label, result.ok]),
        [
          ['Broken', false],
          ['Fine', true],
        ],
      );
    } finally {
      await vscode.workspace.getConfiguration('json2').update('sendAll.continueOnFailure', undefined, vscode.ConfigurationTarget.Global);
    }
  });
  test("the panel shows a running request with a Cancel button, which stops the sandbox's slow method", async () => {
    const { document, line } = await openSlowRequest('panel-cancel.json2', sandbox);
    const cancelledBefore = sandbox.slowMethod.cancelled();
    const running = clickLens(document, 'Send', line);
    await eventually(
      async () => (await codeLenses(document)).some((lens) => lens.command?.title === 'Cancel'),
      'the request running',
      20_000,
    );
    const busy = await panelState(api.requests, (s) => s.busy && s.title === 'Slow', 'the panel showing the request as running');
    assert.match(busy.statusText, /Sending/);
    const completedBefore = sandbox.slowMethod.completed();
    api.requests.act({ kind: 'press', command: 'cancel' });
    const summary = await running;
    assert.equal(summary.results[0].errorKind, 'cancelled');
    assert.equal(sandbox.slowMethod.completed(), completedBefore, 'stopped before the 30-second call could end');
    const done = await panelState(api.requests, (s) => s.error?.kind === 'cancelled', 'the cancelled answer');
    assert.equal(done.busy, false);
    await eventually(() => sandbox.slowMethod.cancelled() > cancelledBefore, 'the sandbox saw the cancellation', 20_000);
  });

  test("answers handed over before a new panel's view has started: the newest shows, with every one of its records", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await eventually(() => api.requests.panelCount() === 0, 'no panel open');
    const partners = (count: number, name: string) =>
      Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `${name} ${index + 1}` }));
    const answer = (id: string, title: string, body: unknown) => ({
      id,
      title,
      request: 'POST res.partner/search_read',
      status: 200,
      ok: true,
      body,
    });
    api.requests.showAnswer(answer('early-1', 'Early answer', partners(3000, 'Early')));
    api.requests.showAnswer(answer('early-2', 'Newest answer', partners(1700, 'Newest')));
    const state = await panelState(api.requests, (s) => s.rowsReceived === 1700, 'every record of the newest answer');
    assert.equal(state.title, 'Newest answer');
    assert.equal(state.rowsExpected, 1700);
    assert.deepEqual(state.visibleCells[0], ['1', 'Newest 1']);
    assert.equal(api.requests.panelHandover()?.chunks, 4, 'the first 200 records, then three chunks of 500');
    api.requests.act({ kind: 'scroll', row: 1699 });
    const end = await panelState(api.requests, (s) => s.visibleCells.some((row) => row[1] === 'Newest 1700'), 'the last record in view');
    assert.ok(!end.html.includes('Early'), 'nothing of the replaced answer in the view');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a large answer handed over as its bytes reaches the view whole; the filter narrows it there; a secret in it is redacted', async () => {
    const count = 120_000;
    const records = Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Partner ${index + 1}`, city: 'Liège' }));
    const bytes = Buffer.from(JSON.stringify(records));
    const meta = { title: 'Large answer', request: 'POST res.partner/search_read', status: 200, ok: true, sizeBytes: bytes.length };
    api.requests.showAnswerBytes({ ...meta, id: 'large-1' }, bytes);
    let state = await panelState(
      api.requests,
      (s) => s.title === 'Large answer' && s.rowsExpected === count,
      'every record parsed',
      90_000,
    );
    assert.equal(state.rowsReceived, count);
    assert.deepEqual(state.visibleCells[0], ['1', 'Partner 1', 'Liège']);
    assert.ok(api.requests.panelHandover()!.chunks > 1, 'the bytes came in more than one slice');
    api.requests.act({ kind: 'filter', text: `body[?(@.id > ${count - 3})]` });
    state = await panelState(api.requests, (s) => s.view === 'table' && s.visibleCells.length === 3, 'the last three records');
    assert.deepEqual(
      state.visibleCells.map((row) => row[0]),
      [String(count - 2), String(count - 1), String(count)],
    );
    assert.match(state.statusText, new RegExp(`3 items \\(filtered from ${count}\\)`));
    api.requests.act({ kind: 'filter', text: '' });
    await panelState(api.requests, (s) => s.view === 'table' && s.filter.text === '' && s.rowsReceived === count, 'the filter cleared');

    // The benchmark's hook knows one key: an answer that holds it is redacted whole before the view gets it.
    const secret = 'bench-key-0123456789abcdef0123456789abcdef';
    const withSecret = records.slice(0, 5000).map((record) => (record.id === 4000 ? { ...record, name: `key ${secret}` } : record));
    api.requests.showAnswerBytes({ ...meta, id: 'large-2', title: 'Answer with a key' }, Buffer.from(JSON.stringify(withSecret)));
    await panelState(api.requests, (s) => s.title === 'Answer with a key' && s.rowsExpected === 5000, 'the redacted answer');
    api.requests.act({ kind: 'scroll', row: 3999 });
    state = await panelState(api.requests, (s) => s.visibleCells.some((row) => row[0] === '4000'), 'the record that held the key');
    assert.ok(!state.html.includes(secret), 'the key is not in the view');
    assert.ok(state.visibleCells.some((row) => row[1] === 'key «redacted»'));
  });

  test("an answer that creates the panel comes in its page with its first slice and the buttons' code; no markup in it runs", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await eventually(() => api.requests.panelCount() === 0, 'no panel open');
    const name = '</script><img src=x onerror=alert(1)><!--';
    const title = 'In the page </script><b>bold</b>';
    const records = Array.from({ length: 3000 }, (_, index) => ({ id: index + 1, name: index === 0 ? name : `Partner ${index + 1}` }));
    const bytes = Buffer.from(JSON.stringify(records));
    const meta = { id: 'embedded-1', title, request: 'POST res.partner/search_read', status: 200, ok: true, sizeBytes: bytes.length };
    api.requests.showAnswerBytes(meta, bytes);
    const state = await panelState(api.requests, (s) => s.title === title && s.rowsExpected === 3000, 'every record');
    assert.deepEqual(state.visibleCells[0], ['1', name]);
    const page = api.requests.panelHtml() ?? '';
    assert.ok(page.includes('"id":"embedded-1"'), 'the answer and its first slice came in the page');
    assert.ok(!page.includes('<img') && !page.includes('<b>') && !state.html.includes('<img'), 'no markup of the answer in the page');
    assert.equal(api.requests.panelHandover()?.chunks, 2, 'the first slice in the page, the rest in one more');
    const block = /<script type="application\/json" id="embedded">(.*?)<\/script>/s.exec(page)?.[1] ?? '[]';
    const carried = (JSON.parse(block) as { type: string; data?: string }[]).find((message) => message.type === 'bytes');
    assert.equal(
      Buffer.from(carried?.data ?? '', 'base64').length,
      16 * 1024,
      'the page carries a first slice of 16 KiB, about a screen of rows',
    );
    // The buttons' code rides in the page inert, and the view runs it (removing the block) after its first paint.
    assert.ok(page.includes('<script type="text/plain" id="controls-code">'), "the page carries the buttons' code");
    const extensionPath = vscode.extensions.getExtension('json2-explorer.json2-explorer')?.extensionPath ?? '';
    const controlsCode = fs.readFileSync(path.join(extensionPath, 'dist', 'webview', 'controls.js'), 'utf8').slice(0, 200);
    await panelState(api.requests, (s) => !s.html.includes('controls-code'), "the buttons' code run");
    assert.ok(!(await api.requests.panelState())?.html.includes(controlsCode), "the buttons' code not kept in the page once run");
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a connection on the deprecated XML-RPC interface sends model calls through execute_kw', async () => {
    const others = connectionSetting('user').filter((entry) => (entry as { name?: string }).name !== 'requests-rpc');
    await setConnectionSetting('user', [
      ...others,
      { name: 'requests-rpc', baseUrl: sandbox.url, database: sandbox.database, protocol: 'xmlrpc', login: 'admin' },
    ]);
    await eventually(() => api.connections.service.find('requests-rpc') !== undefined, 'the RPC connection');
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({ password: sandbox.users.admin.password as string });
      const done = start(recorder, CommandIds.updateApiKey, 'requests-rpc');
      await recorder.accept('password');
      await done;
    } finally {
      recorder.dispose();
    }
    const document = await openRequestFile(
      'panel-rpc.json2',
      `# @connection requests-rpc
### Companies over XML-RPC
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"], "limit": 2, "order": "id" }
?? body.length == 2

### A route
GET /web/version
`,
    );
    const summary = await clickLens(document, 'Send', lineOf(document, 'POST'));
    assert.deepEqual(
      summary.results.map((result) => [result.ok, result.status]),
      [[true, 200]],
    );
    const state = await panelState(
      api.requests,
      (s) => s.title === 'Companies over XML-RPC' && s.view === 'table',
      'the records over XML-RPC',
    );
    assert.equal(state.visibleCells.length, 2);
    const route = await clickLens(document, 'Send', lineOf(document, 'GET'));
    assert.equal(route.results[0].errorKind, 'unsupported');
  });
});
