// The two-transactions hint in a real host: an information diagnostic (with its documentation link) where a search's
// ids feed a read or a write in another request, the quick fix into one search_read, and the setting that turns the
// read-chain hint off.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually } from './connectionsDriver.integration.test';
import { openRequestFile } from './requestsDriver.integration.test';

const CHAIN = `### Find
# @name found
POST res.partner/search
{ "domain": [["is_company", "=", true]], "limit": 5 }

### Read them
POST res.partner/read
{ "ids": {{found.response.body}}, "fields": ["name"] }

### Typed by hand
POST res.partner/write
{ "ids": [1], "vals": { "comment": "x" } }
`;

const hintsIn = (uri: vscode.Uri) =>
  vscode.languages
    .getDiagnostics(uri)
    .filter((diagnostic) => typeof diagnostic.code === 'object' && diagnostic.code.value === 'two-transactions');

suite('The two-transactions hint', function () {
  this.timeout(60_000);
  teardown(async () => {
    await vscode.workspace.getConfiguration('json2').update('transactionHints.readChains', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('marked at the placeholder, not on ids typed by hand; the quick fix makes one search_read, and the hint goes', async () => {
    const document = await openRequestFile('transactions-chain.json2', CHAIN);
    await eventually(() => hintsIn(document.uri).length === 1, 'the hint');
    const [hint] = hintsIn(document.uri);
    assert.equal(hint.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(document.getText(hint.range), '{{found.response.body}}');
    assert.match((hint.code as { target: vscode.Uri }).target.toString(), /docs\/format\.md#12-one-call-one-transaction$/);
    assert.equal(hint.relatedInformation?.[0].location.range.start.line, 2);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      hint.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((action) => action.title === 'Search and read in one call: res.partner/search_read');
    assert.ok(fix?.edit, actions.map((action) => action.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(
      document.getText(),
      `### Read them
POST res.partner/search_read
{
  "domain": [["is_company", "=", true]],
  "limit": 5,
  "fields": ["name"]
}

### Typed by hand
POST res.partner/write
{ "ids": [1], "vals": { "comment": "x" } }
`,
    );
    await eventually(() => hintsIn(document.uri).length === 0, 'no hint on one call');
  });

  test('the setting json2.transactionHints.readChains off: a read chain is not marked, a write chain still is', async () => {
    const document = await openRequestFile(
      'transactions-setting.json2',
      `${CHAIN}
### Change them
POST res.partner/write
{ "ids": {{found.response.body}}, "vals": { "comment": "y" } }
`,
    );
    await eventually(() => hintsIn(document.uri).length === 2, 'the read and the write marked');
    await vscode.workspace.getConfiguration('json2').update('transactionHints.readChains', false, vscode.ConfigurationTarget.Global);
    await eventually(() => hintsIn(document.uri).length === 1, 'only the write marked');
    assert.match(hintsIn(document.uri)[0].message, /this `write`/);
  });
});
