// The panel's buttons pressed in the view (through the typed protocol's `press` action), Rerun Last, the status bar
// spinner, the history browsed in its quick pick, and `{{$processEnv}}` asked once per file, against the sandbox.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { RunSummary } from '../../../src/extension/requests/requestRunService';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { eventually } from './connectionsDriver.integration.test';
import {
  clickLens,
  CONNECTION,
  DECLINE_ALL,
  endRequestsSuite,
  lineOf,
  openRequestFile,
  panelState,
  partnersNamed,
  startRequestsSuite,
} from './requestsDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const PARTNERS = `# @connection ${CONNECTION}
### Four partners
POST res.partner/search_read
{ "domain": [], "fields": ["name"], "limit": 4, "order": "id" }

### Count
POST res.partner/search_count
{ "domain": [] }
`;

suite('Response panel buttons, Rerun Last, status bar and history against the sandbox', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let sandbox: StartedSandbox;

  suiteSetup(async () => {
    ({ api, sandbox } = await startRequestsSuite());
  });
  suiteTeardown(() => endRequestsSuite({ api, sandbox }));

  test('Save… in the panel writes the answer to the file the person picks', async () => {
    const document = await openRequestFile('buttons-save.json2', PARTNERS);
    await clickLens(document, 'Send', lineOf(document, 'POST res.partner/search_read'));
    const state = await panelState(api.requests, (s) => s.title === 'Four partners' && s.visibleCells.length === 4, 'four rows');
    const target = vscode.Uri.joinPath(document.uri, '..', 'saved-answer.json');
    const suggested: (string | undefined)[] = [];
    api.requests.setPrompts({
      ...DECLINE_ALL,
      saveTarget: async (proposal) => {
        suggested.push(proposal?.path);
        return target;
      },
    });
    try {
      api.requests.act({ kind: 'press', command: 'save' });
      await eventually(() => fs.existsSync(target.fsPath), 'the answer saved');
    } finally {
      api.requests.setPrompts(undefined);
    }
    const saved = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as { id: number; name: string }[];
    assert.deepEqual(
      saved.map((record) => String(record.id)),
      state.visibleCells.map((row) => row[0]),
    );
    assert.deepEqual(
      saved.map((record) => record.name),
      state.visibleCells.map((row) => row[1]),
    );
    assert.match(suggested[0] ?? '', /Four-partners\.json$/);
  });

  test('Rerun in the panel sends the request again; Rerun Last repeats the last send', async () => {
    const document = await openRequestFile('buttons-rerun.json2', PARTNERS);
    await clickLens(document, 'Send', lineOf(document, 'POST res.partner/search_count'));
    await panelState(api.requests, (s) => s.title === 'Count', 'the count');
    const before = api.requests.history().length;
    api.requests.act({ kind: 'press', command: 'rerun' });
    await eventually(() => api.requests.history().length === before + 1, 'one more answer in the history');
    assert.equal(api.requests.history()[0].response.title, 'Count');

    await clickLens(document, 'Send', lineOf(document, 'POST res.partner/search_read'));
    const last = await vscode.commands.executeCommand<RunSummary>(CommandIds.rerunLastRequest);
    assert.deepEqual(
      last.results.map((result) => [result.label, result.ok]),
      [['Four partners', true]],
    );
    assert.equal(api.requests.history().length, before + 3);
    assert.equal(api.requests.history()[0].response.title, 'Four partners');
  });

  test('the status bar spins while a request runs and names it; it goes away when the request ends', async () => {
    assert.equal(api.requests.statusBar().visible, false);
    const document = await openRequestFile(
      'buttons-spinner.json2',
      `# @connection ${CONNECTION}
### Slow one
POST ${sandbox.slowMethod.model}/${sandbox.slowMethod.method}
{ "${sandbox.slowMethod.argument}": 30 }
`,
    );
    const running = clickLens(document, 'Send', lineOf(document, 'POST'));
    await eventually(() => api.requests.statusBar().visible, 'the spinner shown', 20_000);
    const shown = api.requests.statusBar();
    assert.equal(shown.text, '$(sync~spin) Slow one');
    assert.match(shown.tooltip, /Slow one.*cancel/i);
    assert.equal(await vscode.commands.executeCommand(CommandIds.cancelRequest), 1, "the spinner's command cancels the one request");
    assert.equal((await running).results[0].errorKind, 'cancelled');
    assert.equal(api.requests.statusBar().visible, false);
  });

  test('the history browsed by hand: its quick pick lists the answers, the one picked shows in the panel', async () => {
    const entries = api.requests.history();
    assert.ok(entries.length >= 2);
    const shown = vscode.commands.executeCommand<string | undefined>(CommandIds.showHistory);
    // The second entry: arrow down once in the quick pick, then Enter, as a person would.
    await eventually(() => api.requests.historyPickShown(), "the history's quick pick shown");
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal(await shown, entries[1].id);
    await panelState(api.requests, (s) => s.title === entries[1].response.title && !s.busy, 'the picked answer in the panel');
  });

  test('{{$processEnv}}: asked once per file and name; declined sends nothing, allowed is remembered', async () => {
    const marker = `env-partner-${Date.now()}`;
    process.env.JSON2_TEST_PARTNER_NAME = marker;
    const document = await openRequestFile(
      'buttons-env.json2',
      `# @connection ${CONNECTION}
### Create from the environment
POST res.partner/create
{ "vals_list": [{ "name": "{{$processEnv JSON2_TEST_PARTNER_NAME}}" }] }
`,
    );
    const questions: string[] = [];
    let answer = false;
    api.requests.setPrompts({
      ...DECLINE_ALL,
      allowEnvironment: async (file, names, connection) => {
        questions.push(`${file}: ${names.join(',')} → ${connection}`);
        return answer;
      },
    });
    try {
      const declined = await clickLens(document, 'Send', lineOf(document, 'POST'));
      assert.equal(declined.results[0].errorKind, 'declined');
      assert.equal(await partnersNamed(sandbox, marker), 0, 'nothing created on the sandbox');
      answer = true;
      assert.equal((await clickLens(document, 'Send', lineOf(document, 'POST'))).results[0].ok, true);
      assert.equal(await partnersNamed(sandbox, marker), 1);
      answer = false;
      assert.equal((await clickLens(document, 'Send', lineOf(document, 'POST'))).results[0].ok, true, 'not asked again');
      assert.equal(await partnersNamed(sandbox, marker), 2);
      assert.deepEqual(questions, [
        `buttons-env.json2: JSON2_TEST_PARTNER_NAME → ${CONNECTION}`,
        `buttons-env.json2: JSON2_TEST_PARTNER_NAME → ${CONNECTION}`,
      ]);
    } finally {
      api.requests.setPrompts(undefined);
      delete process.env.JSON2_TEST_PARTNER_NAME;
    }
  });
});
