// Issue 21 in a real VS Code host against the sandbox: the status bar's language and company switchers (the server's
// own lists, saved in the connection's defaultContext) make the next request answer in French and as the Chicago
// company, the panel saying where each context key came from; Open in Browser from a record row, a many2one cell and
// a model of the tree hands the web client's address (never a key) to the browser.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../../src/extension/commandIds';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import {
  connectionSetting,
  eventually,
  removeConnections,
  setConnectionSetting,
  start,
  StepRecorder,
} from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { addSandboxConnection, CONNECTION, lineOf, openRequestFile, panelState, testApis } from './requestsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

suite('Default context switchers and Open in Browser against the sandbox', function () {
  this.timeout(240_000);
  let api: Awaited<ReturnType<typeof testApis>>;
  let sandbox: StartedSandbox;

  suiteSetup(async () => {
    api = await testApis();
    sandbox = await startSandbox({ log: () => undefined });
    await addSandboxConnection(api, sandbox);
    await api.connections.service.setActive(CONNECTION);
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeConnections([CONNECTION]);
    await sandbox?.stop();
  });

  /** Runs a switcher command and picks `value` in its real quick pick, as a person presses Enter. */
  async function switchWith(command: string, step: string, value: string): Promise<void> {
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({ [step]: value });
      const done = start(recorder, command);
      await recorder.accept(step);
      await done;
    } finally {
      recorder.dispose();
    }
  }

  const defaultContext = () => api.connections.service.find(CONNECTION)?.profile.defaultContext;

  async function send(name: string, text: string) {
    const document = await openRequestFile(name, `# @connection ${CONNECTION}\n${text}`);
    return vscode.commands
      .executeCommand<{ results: Array<{ ok: boolean }> }>(CommandIds.sendRequest, document.uri, 0)
      .then((summary) => ({ summary, document, line: lineOf(document, 'POST') }));
  }

  test('the language switcher lists the active languages; the next call answers in French and the panel says why', async () => {
    await switchWith(CommandIds.switchLanguage, 'language', 'fr_FR');
    assert.deepEqual(defaultContext(), { lang: 'fr_FR' });
    const switcher = api.connections.contextSwitcher;
    await eventually(() => switcher.shown.language.includes('fr_FR'), 'fr_FR in the status bar');
    assert.match(switcher.shown.tooltip, /User\\?: Mitchell Admin/);
    assert.match(switcher.shown.tooltip, /Language\\?: fr\\?_FR/);
    const choices = await switcher.choices(CONNECTION);
    assert.deepEqual(choices.languages.map((language) => language.code).sort(), ['en_US', 'fr_BE', 'fr_FR']);
    const { summary } = await send(
      'context-lang.json2',
      'POST res.country/search_read\n{ "domain": [["code", "=", "BE"]], "fields": ["name"] }\n',
    );
    assert.equal(summary.results[0].ok, true);
    const state = await panelState(
      api.requests,
      (s) => s.visibleCells.some((row) => row.includes('Belgique')),
      'the French name in the table',
    );
    assert.match(state.statusText, /context: lang = "fr_FR" \(connection\)/);
  });

  test("the company switcher lists the user's companies; the next call sees that company only", async () => {
    const choices = await api.connections.contextSwitcher.choices(CONNECTION);
    assert.deepEqual(
      choices.companies.map((company) => company.name),
      ['My Company (San Francisco)', 'My Company (Chicago)'],
    );
    const chicago = choices.companies[1].id;
    await switchWith(CommandIds.switchCompany, 'company', String(chicago));
    assert.deepEqual(defaultContext(), { lang: 'fr_FR', allowed_company_ids: [chicago] });
    await eventually(() => api.connections.contextSwitcher.shown.company.includes('Chicago'), 'Chicago in the status bar');
    await send(
      'context-company.json2',
      'POST res.company/search_read\n{ "domain": [], "fields": ["name"], "context": { "lang": "en_US" } }\n',
    );
    const state = await panelState(
      api.requests,
      (s) => s.rowsReceived === 1 && s.visibleCells.some((row) => row.includes('My Company (Chicago)')),
      'only the Chicago company',
    );
    assert.match(state.statusText, new RegExp(`allowed_company_ids = \\[${chicago}\\] \\(connection\\), lang = "en_US" \\(request\\)`));
    // Several companies (check boxes): the current one stays first while checked, as the reference web client does.
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({ company: '*', companies: `${choices.companies[0].id},${chicago}` });
      const done = start(recorder, CommandIds.switchCompany);
      await recorder.accept('company');
      await recorder.accept('companies');
      await done;
    } finally {
      recorder.dispose();
    }
    assert.deepEqual(defaultContext()?.allowed_company_ids, [chicago, choices.companies[0].id]);
    await eventually(() => api.connections.contextSwitcher.shown.company.includes('(Chicago) +1'), 'Chicago +1 in the status bar');
    await send('context-companies.json2', 'POST res.company/search_read\n{ "domain": [], "fields": ["name"], "order": "id" }\n');
    await panelState(api.requests, (s) => s.rowsReceived === 2, 'both companies chosen answer');
    await switchWith(CommandIds.switchCompany, 'company', '');
    await switchWith(CommandIds.switchLanguage, 'language', '');
    assert.equal(defaultContext(), undefined, "back to the user's own: no defaultContext left");
  });

  test("completion of context keys and values offers the switchers' lists and what the connection sends", async () => {
    const choices = await api.connections.contextSwitcher.choices(CONNECTION);
    await switchWith(CommandIds.switchLanguage, 'language', 'fr_FR');
    const text = `# @connection ${CONNECTION}\nPOST res.partner/search\n{ "domain": [], "context": { "allowed_company_ids": [], "lang": "", "tz": "" } }\n`;
    const document = await openRequestFile('context-completion.json2', text);
    const at = (marker: string) => document.positionAt(document.getText().indexOf(marker) + marker.length);
    const complete = async (position: vscode.Position) =>
      (await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position)).items;
    const label = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
    const companies = await complete(at('"allowed_company_ids": ['));
    assert.deepEqual(
      companies.map((item) => [label(item), item.detail]).filter(([name]) => /^\d+$/.test(String(name))),
      choices.companies.map((company, index) => [String(company.id), `${company.name} (${index === 0 ? 'default company' : 'company'})`]),
    );
    const languages = (await complete(at('"lang": "'))).map(label);
    for (const code of ['en_US', 'fr_BE', 'fr_FR']) assert.ok(languages.includes(code), `${code} among ${languages.join(', ')}`);
    assert.ok((await complete(at('"tz": "'))).some((item) => label(item) === 'Europe/Brussels'));
    // Keys already written are not offered again: a context without any, in a file of its own.
    const empty = await openRequestFile(
      'context-keys.json2',
      `# @connection ${CONNECTION}\nPOST res.partner/search\n{ "domain": [], "context": {  } }\n`,
    );
    const keyPosition = empty.positionAt(empty.getText().indexOf('"context": { ') + '"context": { '.length);
    const keys = (
      await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', empty.uri, keyPosition)
    ).items;
    const lang = keys.find((item) => label(item) === 'lang');
    const doc = lang?.documentation;
    assert.match(typeof doc === 'string' ? doc : (doc?.value ?? ''), /sends .*fr\\_FR/);
    await switchWith(CommandIds.switchLanguage, 'language', '');
    assert.ok(!document.getText().includes(sandbox.keys.admin), 'no key in the file');
  });

  test("Open in Browser: a row, a many2one cell, a model of the tree; the release's form, the database through the login page, no key", async () => {
    // The sandbox answers /web/version with 19.0: the connection remembers it, so the /odoo/… form is used.
    const saved = connectionSetting('user').map((entry) =>
      (entry as { name?: string }).name === CONNECTION ? { ...(entry as object), serverVersion: '19.0' } : entry,
    );
    await setConnectionSetting('user', saved);
    await eventually(() => api.connections.service.find(CONNECTION)?.profile.serverVersion === '19.0', 'the release saved');
    await send(
      'open-browser.json2',
      'POST res.partner/search_read\n{ "domain": [["country_id.code", "=", "BE"]], "fields": ["name", "country_id"], "limit": 1, "order": "id" }\n',
    );
    const state = await panelState(api.requests, (s) => s.view === 'table' && s.rowsReceived === 1, 'one partner in the table');
    const partnerId = Number(state.visibleCells[0][state.columns.indexOf('id')]);
    const countryTitle = state.visibleTitles[0][state.columns.indexOf('country_id')];
    const countryId = Number(/\d+/.exec(countryTitle)?.[0]);
    const opened = api.requests.openedUrls();
    const before = opened.length;
    api.requests.act({ kind: 'select', row: 0, column: state.columns.indexOf('name') });
    api.requests.act({ kind: 'openInBrowser' });
    await eventually(() => opened.length === before + 1, "the row's record handed to the browser");
    const login = `${sandbox.url}/web/login?db=${sandbox.database}&redirect=`;
    assert.equal(opened[before], `${login}/odoo/res.partner/${partnerId}`);
    api.requests.act({ kind: 'select', row: 0, column: state.columns.indexOf('country_id') });
    api.requests.act({ kind: 'openInBrowser' });
    await eventually(() => opened.length === before + 2, "the many2one's record handed to the browser");
    assert.equal(opened[before + 1], `${login}/odoo/res.country/${countryId}`);

    const explorer = await explorerApi();
    const model = await new TreeWalker(explorer).path(CONNECTION, sandbox.database, 'res', 'res.partner');
    const url = await vscode.commands.executeCommand<string>(CommandIds.explorerOpenModelInBrowser, model);
    assert.equal(url, `${sandbox.url}/odoo/res.partner?view_type=list`, 'one database on the server: straight to the list');
    assert.equal(explorer.explorer.openedUrls.at(-1), url);
    for (const address of [...opened, ...explorer.explorer.openedUrls])
      assert.ok(!address.includes(sandbox.keys.admin), 'no key in an address opened');
  });
});
