// Language features in a real VS Code host against the sandbox: completion at positions of a real .json2 file, hover,
// signature help, schema warnings after an edit and their quick fix, all through the editor's public commands.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { addConnectionWithKey, eventually, removeConnections } from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { openRequestFile } from './requestsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const CONNECTION = 'language';

const FILE = `# @connection ${CONNECTION}

### Companies
POST res.partner/search_read
{
  "domain": [["is_company", "=", true], ["country_id.code", "=", "BE"], ["type", "=", "contact"], ["country_id", "in", []]],
  "fields": ["name", "email"],
  "context": {"lang": "en_US"}
}
`;

suite('Language features against the sandbox', function () {
  this.timeout(120_000);
  let api: Json2TestApi;
  let sandbox: StartedSandbox;
  let document: vscode.TextDocument;
  const requests: string[] = [];

  suiteSetup(async () => {
    api = (await vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer')?.activate()) as Json2TestApi;
    assert.ok(api?.language, 'the extension hands out the language feature in test mode');
    sandbox = await startSandbox({ log: (line) => requests.push(line) });
    await addConnectionWithKey(api, { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    document = await openRequestFile('language.json2', FILE);
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await removeConnections([CONNECTION]);
    await sandbox?.stop();
  });

  /** The position just after the n-th occurrence of `marker` in the document. */
  function after(marker: string, occurrence = 0): vscode.Position {
    const text = document.getText();
    let index = -1;
    for (let i = 0; i <= occurrence; i++) index = text.indexOf(marker, index + 1);
    assert.ok(index >= 0, `${marker} in the file`);
    return document.positionAt(index + marker.length);
  }

  async function completion(position: vscode.Position, trigger?: string): Promise<vscode.CompletionItem[]> {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      position,
      trigger,
    );
    return list?.items ?? [];
  }
  const label = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
  const find = (items: vscode.CompletionItem[], name: string) => items.find((item) => label(item) === name);

  test("field names in a domain condition, with label and type, from the sandbox's fields_get", async () => {
    const items = await completion(after('[["'), '"');
    const company = find(items, 'is_company');
    assert.ok(company, `is_company among ${items.length} items`);
    assert.equal(company.detail, 'Is a Company · boolean');
    assert.equal(find(items, 'country_id')?.detail, 'Country · many2one → res.country');
    assert.deepEqual((company.range as vscode.Range).start, after('[["'), "the item replaces the string's content");
  });

  test("a path through a relation: the related model's fields after country_id.", async () => {
    const items = await completion(after('"country_id.'), '.');
    assert.ok(find(items, 'code'), `code among ${items.map(label).join(', ')}`);
    assert.ok(!find(items, 'is_company'));
  });

  test('models on the request line (from ir.model)', async () => {
    const models = await completion(after('POST res.'));
    assert.equal(find(models, 'res.partner')?.detail, 'Contact');
  });

  test('methods after the slash, operators by type, languages, fields lists', async () => {
    const methods = await completion(after('res.partner/'));
    assert.ok(find(methods, 'search_read') && find(methods, 'name_search'));
    const operators = await completion(after('"is_company", "'), '"');
    assert.deepEqual(operators.map(label).sort(), ['!=', '=']);
    const selection = await completion(after('"type", "=", "'), '"');
    assert.equal(find(selection, 'invoice')?.detail, 'Invoice');
    const countries = await completion(after('"country_id", "in", ['), '[');
    assert.ok(
      countries.some((item) => item.detail === 'Belgium'),
      `Belgium among ${countries.map((item) => item.detail).join(', ')}`,
    );
    const languages = await completion(after('"lang": "'), '"');
    assert.ok(find(languages, 'en_US'), `en_US among ${languages.map(label).join(', ')}`);
    const fields = await completion(after('"fields": ["name", "'), '"');
    assert.ok(find(fields, 'email') && find(fields, 'phone'));
  });

  test('JSON-2: Refresh Schema: the next completion reads the fields again from the server', async () => {
    // The fields come from the model's schema document when the key may read it, else from fields_get.
    const fieldsGets = () =>
      requests.filter(
        (line) => line.startsWith('POST /json/2/res.partner/fields_get ') || /^GET \/doc-bearer\/res\.partner\.json 200 /.test(line),
      ).length;
    await completion(after('[["'), '"');
    const before = fieldsGets();
    await completion(after('[["'), '"');
    assert.equal(fieldsGets(), before, 'cached: no request');
    await vscode.commands.executeCommand(CommandIds.refreshSchema);
    const items = await completion(after('[["'), '"');
    assert.ok(find(items, 'is_company'));
    assert.equal(fieldsGets(), before + 1);
  });

  test("the explorer tree shares the schema the completion read: res.country's fields ask the server nothing more", async () => {
    const countryLookups = (from: number) => requests.slice(from).filter((line) => /res\.country[/.]/.test(line));
    await completion(after('"country_id.'), '.');
    const tree = new TreeWalker(await explorerApi());
    const model = await tree.path(CONNECTION, 'demo', 'res', 'res.country');
    const before = requests.length;
    const fields = await tree.fields(model);
    assert.equal(fields.get('code')?.description, 'char');
    assert.deepEqual(countryLookups(before), [], "the tree used the completion's cached fields");
  });

  test('a custom x_ field created during the test is offered once the schema is refreshed (ir.model.fields)', async () => {
    const call = (model: string, method: string, args: Record<string, unknown>) =>
      api.connections.service.call({ model, method, args }, { connection: CONNECTION });
    const partnerModel = await call('ir.model', 'search_read', { domain: [['model', '=', 'res.partner']], fields: ['id'] });
    assert.ok(Array.isArray(partnerModel) && partnerModel.length === 1, `ir.model has res.partner: ${JSON.stringify(partnerModel)}`);
    const name = `x_language_${Date.now().toString(36)}`;
    await call('ir.model.fields', 'create', {
      vals_list: [
        {
          name,
          model_id: (partnerModel[0] as { id: number }).id,
          ttype: 'char',
          field_description: 'Language test colour',
          state: 'manual',
        },
      ],
    });
    assert.ok(!find(await completion(after('[["'), '"'), name), 'the cached schema does not know it yet');
    await vscode.commands.executeCommand(CommandIds.refreshSchema);
    assert.equal(find(await completion(after('[["'), '"'), name)?.detail, 'Language test colour · char');
  });

  test('hover on a field and on the method', async () => {
    const field = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, after('[["is_comp'));
    const text = field
      .flatMap((hover) =>
        hover.contents.map((content) => (typeof content === 'string' ? content : (content as vscode.MarkdownString).value)),
      )
      .join('\n');
    assert.match(text, /\*\*Is a Company\*\* `res\.partner\.is_company`/);
    assert.match(text, /Check if the contact is a company/);
    const method = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      after('res.partner/sea'),
    );
    assert.match(
      method.map((hover) => (hover.contents[0] as vscode.MarkdownString).value).join('\n'),
      /search_read\(domain=null, fields=null/,
    );
    assert.match(
      method.map((hover) => (hover.contents[0] as vscode.MarkdownString).value).join('\n'),
      /One call, one database transaction: committed when the call answers 2xx, rolled back/,
    );
  });

  test('signature help with the argument at the cursor', async () => {
    const help = await vscode.commands.executeCommand<vscode.SignatureHelp>(
      'vscode.executeSignatureHelpProvider',
      document.uri,
      after('"fields": ['),
    );
    assert.match(help.signatures[0].label, /^search_read\(/);
    const active = help.signatures[0].parameters[help.activeParameter ?? -1]?.label as [number, number];
    assert.equal(help.signatures[0].label.slice(active[0], active[1]), 'fields=null');
  });

  test('a misspelt field after an edit: a warning on it, and a quick fix that repairs it', async () => {
    const editor = await vscode.window.showTextDocument(document);
    const start = after('[["is_');
    await editor.edit((edit) => edit.replace(new vscode.Range(start, start.translate(0, 7)), 'cmopany'));
    const warnings = () => vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'json2 schema');
    await eventually(() => warnings().length === 1, 'one schema warning', 20_000);
    const [warning] = warnings();
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warning.code, 'unknown-field');
    assert.equal(document.getText(warning.range), 'is_cmopany');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      warning.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((action) => action.title === 'Change to is_company');
    assert.ok(fix?.edit, `a quick fix among ${actions.map((action) => action.title).join(', ')}`);
    await vscode.workspace.applyEdit(fix.edit);
    await eventually(() => warnings().length === 0, 'the warning gone after the fix', 20_000);
    assert.match(document.getText(), /\[\["is_company", "=", true\]/);
  });
});
