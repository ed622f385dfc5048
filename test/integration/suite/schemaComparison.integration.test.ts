// Compare Schemas in a real VS Code host against two sandbox databases made to differ through ir.model /
// ir.model.fields: on two database nodes selected together, on one node with the second picked from the list, and from
// the command palette with both picked; the view's Markdown shows the differences, the export writes them to the file
// the save dialog names, and no key is in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { Json2Client } from '../../../src/core/client/json2Client';
import { CommandIds } from '../../../src/extension/commandIds';
import type { ShownComparison } from '../../../src/extension/schema/schemaComparisonCommands';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { differencesOf, EXPECTED_DIFFERENCES, makeSchemasDiffer } from '../../support/schemaDifferences';
import { addConnectionWithKey, removeConnections, start, StepRecorder } from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

const PRODUCTION = 'compare-production';
const STAGING = 'compare-staging';

/** What the view must show of the differences made (a line or a table row each). */
const SHOWN_LINES = [
  'From **compare\\-production \\/ demo** to **compare\\-staging \\/ staging**.',
  '+ x_compare_book (Compare Book)',
  '- x_retired_report (Retired Report)',
  '## `res.partner`',
  '+ x_score: integer (Score)',
  '- x_note: char (Note)',
  '| `x_buddy_id` | relation | `res.users` | `res.partner` |',
  '| `x_level` | type | `char` | `integer` |',
  '| `x_level` | required | `false` | `true` |',
  '| `x_rating` | selection | `good, bad` | `good, bad, ugly` |',
];

suite('Compare Schemas against the sandbox', function () {
  this.timeout(240_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let sandbox: StartedSandbox;
  let tree: TreeWalker;
  let stagingKey: string;
  let scratch: string;

  suiteSetup(async () => {
    api = await explorerApi();
    tree = new TreeWalker(api);
    sandbox = await startSandbox({ databases: ['staging'] });
    stagingKey = await sandbox.newKey('admin', { database: 'staging' });
    const production = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    const staging = new Json2Client({ baseUrl: sandbox.url, apiKey: stagingKey, database: 'staging' });
    try {
      await makeSchemasDiffer(production, staging);
    } finally {
      await Promise.all([production.close(), staging.close()]);
    }
    await addConnectionWithKey(api, { name: PRODUCTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    await addConnectionWithKey(api, { name: STAGING, baseUrl: sandbox.url, database: 'staging' }, stagingKey);
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-compare-'));
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeConnections([PRODUCTION, STAGING]);
    await sandbox?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Checks what the command returned, and the Markdown the view shows, against the differences made. */
  async function assertShown(shown: ShownComparison | undefined): Promise<string> {
    assert.ok(shown, 'the command showed a comparison');
    assert.deepEqual(differencesOf(shown.comparison), EXPECTED_DIFFERENCES);
    const text = api.explorer.schemaComparison.text(shown.uri);
    assert.ok(text, 'the view has the comparison');
    for (const line of SHOWN_LINES) assert.ok(text.split('\n').includes(line), `the view shows: ${line}\n${text}`);
    assert.equal((await vscode.workspace.openTextDocument(shown.uri)).getText(), text, 'the document opened is the comparison');
    return text;
  }

  test('two database nodes selected together: the view shows the models and fields added, removed and changed', async () => {
    const production = await tree.path(PRODUCTION, 'demo');
    const staging = await tree.path(STAGING, 'staging');
    const shown = await vscode.commands.executeCommand<ShownComparison>(CommandIds.compareSchemas, production, [production, staging]);
    await assertShown(shown);
  });

  test('one node, the second database picked from the list; Export as Markdown writes the file the dialog names, without keys', async () => {
    const production = await tree.path(PRODUCTION, 'demo');
    const recorder = new StepRecorder(api.connections);
    let shown: ShownComparison | undefined;
    try {
      api.connections.inputs.preset({ compareWith: `${STAGING} / staging` });
      const done = start<ShownComparison | undefined>(recorder, CommandIds.compareSchemas, production);
      await recorder.accept('compareWith');
      shown = await done;
    } finally {
      recorder.dispose();
    }
    const text = await assertShown(shown);
    const file = vscode.Uri.file(path.join(scratch, 'comparison.md'));
    api.explorer.schemaComparison.exportTo = file;
    try {
      const written = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.exportSchemaComparison);
      assert.equal(written?.fsPath, file.fsPath);
    } finally {
      api.explorer.schemaComparison.exportTo = undefined;
    }
    const exported = fs.readFileSync(file.fsPath, 'utf8');
    assert.equal(exported, text);
    for (const key of [sandbox.keys.admin, stagingKey, sandbox.masterPassword])
      assert.ok(!exported.includes(key), 'no key or master password in the exported file');
  });

  test('from the command palette: both databases picked, staging to production reverses the differences', async () => {
    const recorder = new StepRecorder(api.connections);
    let shown: ShownComparison | undefined;
    try {
      api.connections.inputs.preset({ compareFrom: `${STAGING} / staging`, compareTo: `${PRODUCTION} / demo` });
      const done = start<ShownComparison | undefined>(recorder, CommandIds.compareSchemas);
      await recorder.accept('compareFrom');
      await recorder.accept('compareTo');
      shown = await done;
    } finally {
      recorder.dispose();
    }
    assert.ok(shown);
    const differences = differencesOf(shown.comparison);
    assert.deepEqual(differences.addedModels, EXPECTED_DIFFERENCES.removedModels);
    assert.deepEqual(differences.removedModels, EXPECTED_DIFFERENCES.addedModels);
    assert.deepEqual(differences.changedModels[0].addedFields, ['x_note']);
    assert.deepEqual(differences.changedModels[0].removedFields, ['x_score']);
  });
});
