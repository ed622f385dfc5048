// Request files in the editor without a server: diagnostics as the file changes, quick fixes, outline and folding.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually } from './connectionsDriver.integration.test';
import { openRequestFile, testApis } from './requestsDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

function json2Diagnostics(document: vscode.TextDocument): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'json2');
}

async function applyFix(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, title: RegExp): Promise<void> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    document.uri,
    diagnostic.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  const fix = actions.find((action) => title.test(action.title));
  assert.ok(fix?.edit, `a quick fix ${title}: ${actions.map((action) => action.title).join(', ')}`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
}

suite('Request files in the editor', function () {
  this.timeout(60_000);
  suiteSetup(async () => {
    await testApis();
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('an unknown variable is reported as typed, and "Define the variable" fixes it', async () => {
    const document = await openRequestFile(
      'requests-diagnostics.json2',
      `### Partners
POST res.partner/search_read
{ "domain": [], "limit": {{pageSize}} }
`,
    );
    await eventually(
      () => json2Diagnostics(document).some((diagnostic) => diagnostic.code === 'unknown-variable'),
      'the unknown-variable diagnostic',
    );
    const [unknown] = json2Diagnostics(document);
    await applyFix(document, unknown, /Define the variable pageSize/);
    assert.match(document.getText(), /^@pageSize = \n/);
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 12), '5'));
    await eventually(() => json2Diagnostics(document).length === 0, 'no diagnostics once defined');
  });

  test('a second request without ### is an error; the quick fix adds the separator', async () => {
    const document = await openRequestFile(
      'requests-separator.json2',
      `### One
GET /web/version
POST res.partner/search_count
{ "domain": [] }
`,
    );
    await eventually(
      () => json2Diagnostics(document).some((diagnostic) => diagnostic.code === 'missing-separator'),
      'the missing-separator diagnostic',
    );
    const missing = json2Diagnostics(document).find((diagnostic) => diagnostic.code === 'missing-separator') as vscode.Diagnostic;
    await applyFix(document, missing, /###/);
    await eventually(() => json2Diagnostics(document).length === 0, 'no diagnostics once separated');
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri);
    assert.deepEqual(
      symbols.map((symbol) => symbol.name),
      ['One', 'POST res.partner/search_count'],
    );
    const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', document.uri);
    assert.ok(
      folds.some((fold) => fold.start === 0 && fold.end === 1),
      `a fold per request: ${JSON.stringify(folds)}`,
    );
    assert.ok(folds.some((fold) => fold.start === 2 && fold.end >= 4));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    assert.deepEqual(
      lenses.map((lens) => lens.command?.title),
      ['Send all', 'Send', 'Send'],
    );
  });

  test('New Request File opens the template as json2, with no problems', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.newRequestFile);
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.languageId, 'json2');
    // A problem added and taken away again shows that the template's text was checked (a fixed wait would pass
    // whether or not the check had run).
    const end = document.lineAt(document.lineCount - 1).range.end;
    const probe = '\n### Probe\nPOST res.partner/search_count\n{ "domain": [["name", "=", "{{nope}}"]] }\n';
    const add = new vscode.WorkspaceEdit();
    add.insert(document.uri, end, probe);
    assert.ok(await vscode.workspace.applyEdit(add));
    await eventually(
      () => json2Diagnostics(document).some((diagnostic) => diagnostic.message.includes('nope')),
      "the probe's unknown variable reported",
    );
    const remove = new vscode.WorkspaceEdit();
    remove.delete(document.uri, new vscode.Range(end, document.positionAt(document.offsetAt(end) + probe.length)));
    assert.ok(await vscode.workspace.applyEdit(remove));
    await eventually(() => json2Diagnostics(document).length === 0, 'no problems in the template');
    assert.deepEqual(
      json2Diagnostics(document).map((diagnostic) => diagnostic.message),
      [],
    );
  });
});
