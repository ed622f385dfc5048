// Explorer actions in a real VS Code host against the sandbox: a custom model and a many2one field created through the
// real input boxes (rules checked as typed, the server's refusal shown on the input) and seen in the tree and in
// completion; model actions (request file, records in the panel, technical name, the documentation page's address,
// followed over HTTP as a browser would) and field actions (copy, insert at the cursor, go to the related model).
import assert from 'node:assert/strict';
import http from 'node:http';
import * as vscode from 'vscode';
import type { PanelState } from '../../../src/shared/panelMessages';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { addConnectionWithKey, eventually, removeConnections, start, StepRecorder } from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const ADMIN = 'actions-admin';
const USER = 'actions-user';

/** One GET or form POST as a browser makes it (no redirect followed): status, Location, the session cookie, the page. */
function browse(
  url: string,
  options: { cookie?: string; form?: Record<string, string> } = {},
): Promise<{ status: number; location?: string; cookie?: string; text: string }> {
  const body = options.form && new URLSearchParams(options.form).toString();
  const headers: Record<string, string> = {
    ...(options.cookie ? { Cookie: options.cookie } : {}),
    ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: body ? 'POST' : 'GET', headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          text: Buffer.concat(chunks).toString('utf8'),
          cookie: response.headers['set-cookie']?.[0]?.split(';')[0] ?? options.cookie,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

suite('Explorer actions against the sandbox', function () {
  this.timeout(180_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let sandbox: StartedSandbox;
  let tree: TreeWalker;
  const requests: string[] = [];

  suiteSetup(async () => {
    api = await explorerApi();
    tree = new TreeWalker(api);
    sandbox = await startSandbox({ log: (line) => requests.push(line) });
    await addConnectionWithKey(api, { name: ADMIN, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    await addConnectionWithKey(api, { name: USER, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.user);
  });
  suiteTeardown(async () => {
    // Reverted first: the untitled files the actions opened must not ask to be saved.
    for (let i = 0; i < 10 && vscode.window.activeTextEditor; i++)
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await removeConnections([ADMIN, USER]);
    await sandbox?.stop();
  });

  /** Field names that completion offers inside `"fields": ["` of a search_read on `model`. */
  async function completedFields(model: string): Promise<string[]> {
    const text = `# @connection ${ADMIN}\n\n### fields\nPOST ${model}/search_read\n{"fields": [""]}\n`;
    const document = await vscode.workspace.openTextDocument({ language: 'json2', content: text });
    const position = document.positionAt(text.indexOf('[""]') + 2);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      position,
    );
    return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
  }

  test('Create Custom Model checks the x_ prefix as typed, creates the model in state manual, and the tree shows it marked', async () => {
    const database = await tree.path(ADMIN, 'demo');
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({ modelName: 'library_book' });
      const done = start<{ model: string } | undefined>(recorder, CommandIds.explorerCreateCustomModel, database);
      assert.equal(await recorder.next(), 'modelName');
      await recorder.enter('modelName');
      assert.match(await recorder.problemOn('modelName'), /must start with "x_" \(for example x_library_book\)/);
      api.connections.inputs.preset({ modelName: 'x_library_book' });
      await eventually(() => recorder.problems.length === 1, 'the preset in the box');
      await recorder.accept('modelName');
      api.connections.inputs.preset({ modelLabel: 'Library <b>Book</b> *1*' });
      await recorder.accept('modelLabel');
      assert.deepEqual(await done, { model: 'x_library_book', name: 'Library <b>Book</b> *1*' });
    } finally {
      recorder.dispose();
    }
    assert.ok(
      requests.some((line) => line.startsWith('POST /json/2/ir.model/create 200')),
      'ir.model.create was called',
    );
    const model = await tree.path(ADMIN, 'demo', 'x_library_book', 'x_library_book');
    const item = tree.item(model);
    assert.equal(item.contextValue, 'json2.model.custom');
    assert.equal(item.description, 'Library <b>Book</b> *1* · custom');
    // The label is text in the tooltip, never markup.
    const tooltip = (item.tooltip as vscode.MarkdownString).value;
    assert.ok(!tooltip.includes('<b>') && !tooltip.includes(' *1*'), tooltip);
  });

  test('Add Custom Field makes a many2one with its relation; the tree and completion show it', async () => {
    const model = await tree.path(ADMIN, 'demo', 'x_library_book', 'x_library_book');
    assert.ok(!(await completedFields('x_library_book')).includes('x_partner_id'), 'completion knows the model without the field first');
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({
        fieldName: 'x_partner_id',
        fieldType: 'many2one',
        fieldRelation: 'res.partner',
        fieldLabel: 'Reader',
      });
      const done = start<{ name: string } | undefined>(recorder, CommandIds.explorerAddCustomField, model);
      await recorder.accept('fieldName');
      await recorder.accept('fieldType');
      await recorder.accept('fieldRelation');
      await recorder.accept('fieldLabel');
      assert.deepEqual(await done, { name: 'x_partner_id', label: 'Reader', type: 'many2one', relation: 'res.partner' });
    } finally {
      recorder.dispose();
    }
    const fields = await tree.fields(model);
    const field = fields.get('x_partner_id');
    assert.ok(field, `x_partner_id among ${[...fields.keys()].join(', ')}`);
    assert.equal(field.description, 'many2one → res.partner · custom');
    assert.equal(field.contextValue, 'json2.field.custom');
    assert.ok(
      (await completedFields('x_library_book')).includes('x_partner_id'),
      'completion offers the new field (its cache was invalidated)',
    );
  });

  test("the server's refusal shows in plain words on the last input, and nothing is created", async () => {
    const database = await tree.path(USER, 'demo');
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({ modelName: 'x_denied', modelLabel: 'Denied' });
      const done = start(recorder, CommandIds.explorerCreateCustomModel, database);
      await recorder.accept('modelName');
      await recorder.accept('modelLabel');
      assert.match(
        await recorder.problemOn('modelLabel'),
        /^The server refused to create the model x_denied: this user may not change the data model \(You are not allowed to create 'Models'.+\)\.$/s,
      );
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await done, undefined);
    } finally {
      recorder.dispose();
    }
    const models = await tree.children(await tree.path(ADMIN, 'demo'));
    assert.ok(!models.some((node) => tree.item(node).label === 'x_denied'));
  });

  test('model actions: a request file for the model, its first 80 records in the panel, its technical name', async () => {
    const model = await tree.path(ADMIN, 'demo', 'res', 'res.partner');
    assert.equal(await vscode.commands.executeCommand(CommandIds.explorerCopyModelName, model), 'res.partner');
    assert.equal(await vscode.env.clipboard.readText(), 'res.partner');

    const uri = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.explorerNewModelRequest, model);
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    assert.match(text, new RegExp(`^# @connection ${ADMIN}\\n`));
    assert.match(
      text,
      /POST res\.partner\/search_read\n\{\n {2}"domain": \[\["active","=",true\]\],\n {2}"fields": \["name","email","phone"/,
    );
    const sent = await vscode.commands.executeCommand<{ results: Array<{ ok: boolean; status?: number }> }>(CommandIds.sendRequest, uri, 0);
    assert.equal(sent.results[0].ok, true, "the new file's request runs as written");

    const summary = await vscode.commands.executeCommand<{ results: Array<{ ok: boolean }> }>(CommandIds.explorerOpenRecords, model);
    assert.equal(summary.results[0].ok, true);
    let state: PanelState | undefined;
    await eventually(async () => (state = await api.requests?.panelState())?.rowsReceived === 80, 'eighty records in the panel', 20_000);
    assert.equal(state?.view, 'table');
    assert.ok(state?.columns.includes('name') && state.columns.includes('email'), state?.columns.join(', '));
  });

  test('Open Documentation Page: /doc/<model> with one database, the login page for the database with several; both lead to the page', async () => {
    const model = await tree.path(ADMIN, 'demo', 'res', 'res.partner');
    const opened = api.explorer.openedUrls.length;
    const single = await vscode.commands.executeCommand<string>(CommandIds.explorerOpenModelDocumentation, model);
    assert.equal(single, `${sandbox.url}/doc/res.partner`);
    assert.deepEqual(api.explorer.openedUrls.slice(opened), [single], 'the address handed to the browser');
    // As a browser: sent to the login, logged in, back to the model's page.
    const first = await browse(single);
    assert.equal(first.status, 303);
    assert.equal(first.location, '/web/login?redirect=%2Fdoc%2Fres.partner');
    const form = await browse(new URL(first.location, sandbox.url).toString());
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(form.text)?.[1] ?? '';
    const login = await browse(`${sandbox.url}/web/login`, {
      cookie: form.cookie,
      form: { csrf_token: csrf, login: 'admin', password: sandbox.users.admin.password ?? '', redirect: '/doc/res.partner' },
    });
    assert.equal(login.location, '/doc/res.partner', login.text);
    const page = await browse(`${sandbox.url}${login.location}`, { cookie: login.cookie });
    assert.equal(page.status, 200);
    assert.match(page.text, /<h2><code>res\.partner<\/code> Contact<\/h2>/);

    // A second database on the server: the page is session-based, so the address goes through the login for demo.
    await sandbox.server.catalog.createDatabase('second');
    try {
      const several = await vscode.commands.executeCommand<string>(CommandIds.explorerOpenModelDocumentation, model);
      assert.equal(several, `${sandbox.url}/web/login?db=demo&redirect=%2Fdoc%2Fres.partner`);
      const handed = api.explorer.openedUrls[api.explorer.openedUrls.length - 1];
      assert.equal(handed, `${sandbox.url}/web/login?db=demo&redirect=/doc/res.partner`);
      assert.equal((await browse(`${sandbox.url}/doc/res.partner`)).status, 404, 'without it the server does not know the database');
      const choose = await browse(handed);
      assert.match(choose.text, /<option selected>demo<\/option>/);
      const chosenCsrf = /name="csrf_token" value="([^"]+)"/.exec(choose.text)?.[1] ?? '';
      const loggedIn = await browse(`${sandbox.url}/web/login`, {
        cookie: choose.cookie,
        form: {
          csrf_token: chosenCsrf,
          db: 'demo',
          login: 'admin',
          password: sandbox.users.admin.password ?? '',
          redirect: /name="redirect" value="([^"]+)"/.exec(choose.text)?.[1] ?? '',
        },
      });
      assert.equal(loggedIn.location, '/doc/res.partner');
      const shown = await browse(`${sandbox.url}${loggedIn.location}`, { cookie: loggedIn.cookie });
      assert.match(shown.text, /<title>res\.partner - Models of demo<\/title>/);
      const again = await browse(handed, { cookie: loggedIn.cookie });
      assert.equal(again.location, '/doc/res.partner', 'already logged in there: straight to the page');
    } finally {
      await sandbox.server.catalog.dropDatabase('second');
    }
  });

  test('field actions: copy and insert the name at the cursor, go to the related model', async () => {
    const fields = await tree.children(await tree.path(ADMIN, 'demo', 'res', 'res.partner'));
    const email = fields.find((node) => node.kind === 'field' && node.field === 'email');
    const country = fields.find((node) => node.kind === 'field' && node.field === 'country_id');
    assert.ok(email && country);
    assert.equal(await vscode.commands.executeCommand(CommandIds.explorerCopyFieldName, email), 'email');
    assert.equal(await vscode.env.clipboard.readText(), 'email');

    const content = '### r\nPOST res.partner/search_read\n{"fields": [""], "order": }\n';
    const document = await vscode.workspace.openTextDocument({ language: 'json2', content });
    const editor = await vscode.window.showTextDocument(document);
    const inString = document.positionAt(content.indexOf('[""]') + 2);
    editor.selection = new vscode.Selection(inString, inString);
    assert.equal(await vscode.commands.executeCommand(CommandIds.explorerInsertFieldName, email), 'email');
    const bare = document.positionAt(document.getText().indexOf('"order": ') + '"order": '.length);
    editor.selection = new vscode.Selection(bare, bare);
    assert.equal(await vscode.commands.executeCommand(CommandIds.explorerInsertFieldName, country), '"country_id"');
    assert.equal(document.getText(), '### r\nPOST res.partner/search_read\n{"fields": ["email"], "order": "country_id"}\n');

    assert.equal(await vscode.commands.executeCommand(CommandIds.explorerGoToRelatedModel, country), 'res.country');
    await eventually(() => {
      const selected = api.explorer.view.selection[0];
      return selected?.kind === 'model' && selected.model === 'res.country';
    }, 'res.country selected in the tree');
  });
});
