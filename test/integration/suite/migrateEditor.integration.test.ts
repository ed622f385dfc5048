// The migration assistant in the VS Code host: diagnostics on a Python file, Convert to JSON-2, .json2 commands, workspace scan.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { eventually } from './connectionsDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const CORPUS = path.resolve(__dirname, '../../../../test/fixtures/migration');
const SOURCE = 'JSON-2 migration';

function workspaceFolder(): string {
  const folder = process.env.JSON2_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(folder, 'a test workspace');
  return folder;
}

function migrationDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === SOURCE);
}

async function openFile(name: string, text: string): Promise<vscode.TextDocument> {
  const file = path.join(workspaceFolder(), name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  return document;
}

const PYTHON = `import xmlrpc.client

models = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/object")
partners = models.execute_kw(db, uid, password, 'res.partner', 'search_read', [[['is_company', '=', True]]], {'fields': ['name'], 'limit': 5})
rows = models.execute_kw(db, uid, password, model_name, 'search_read', [[]])
`;

suite('Migration assistant', function () {
  this.timeout(120_000);
  suiteSetup(async () => {
    await vscode.extensions.getExtension('json2-explorer.json2-explorer')?.activate();
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('files').update('exclude', undefined, vscode.ConfigurationTarget.Workspace);
  });

  test('a Python file with execute_kw calls gets diagnostics, and Convert to JSON-2 rewrites the call', async () => {
    const document = await openFile('migration-demo.py', PYTHON);
    await eventually(() => migrationDiagnostics(document.uri).length === 2, 'two migration diagnostics');
    const [convertible, dynamic] = migrationDiagnostics(document.uri).sort((a, b) => a.range.start.line - b.range.start.line);
    assert.equal(convertible.range.start.line, 3);
    assert.match(
      convertible.message,
      /^XML-RPC object\.execute_kw res\.partner\.search_read: the object service is removed in Odoo 22 and Online 21\.1 \(Online 21\.1: winter 2027; Odoo 22: autumn 2028\); it still works on the target release \d+\.\d\. Use POST \/json\/2\/res\.partner\/search_read\.$/,
    );
    assert.equal(convertible.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(dynamic.message, /\. The model or the method name is not a literal string/);
    assert.ok(convertible.tags?.includes(vscode.DiagnosticTag.Deprecated));

    const dynamicActions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      dynamic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    assert.equal(
      dynamicActions.filter((action) => action.title === 'Convert to JSON-2').length,
      0,
      'no rewrite of a call that cannot be converted safely',
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      convertible.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const convert = actions.find((action) => action.title === 'Convert to JSON-2');
    assert.ok(convert?.edit, `Convert to JSON-2 among ${actions.map((action) => action.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(convert.edit));
    assert.equal(
      document.getText(),
      `import xmlrpc.client
import os
import requests

models = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/object")
response = requests.post(
    f"{url}/json/2/res.partner/search_read",
    headers={
        "Authorization": f"bearer {os.environ['JSON2_API_KEY']}",
        "X-Odoo-Database": db,
        "X-Service-Database": db,
    },
    json={
        "domain": [['is_company', '=', True]],
        "fields": ['name'],
        "limit": 5,
    },
)
response.raise_for_status()
partners = response.json()
rows = models.execute_kw(db, uid, password, model_name, 'search_read', [[]])
`,
    );
    await eventually(() => migrationDiagnostics(document.uri).length === 1, 'one diagnostic left after the conversion');
  });

  test('Copy as .json2 request and appending the call to a .json2 file', async () => {
    const document = await openFile('migration-copy.py', PYTHON);
    const position = new vscode.Position(3, 20);
    const copied = await vscode.commands.executeCommand<string>(CommandIds.copyAsJson2Request, document.uri, position);
    assert.equal(await vscode.env.clipboard.readText(), copied);
    assert.match(
      copied,
      /^### res\.partner search_read \(from migration-copy\.py:4\)\nPOST res\.partner\/search_read\n# X-Odoo-Database: <db>/,
    );
    assert.match(copied, /"domain": \[\["is_company","=",true\]\],\n {2}"fields": \["name"\],\n {2}"limit": 5\n\}\n$/);

    const target = vscode.Uri.file(path.join(workspaceFolder(), 'migration-target.json2'));
    fs.writeFileSync(target.fsPath, '### Existing\nGET /web/version\n');
    const appended = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.appendToJson2File, document.uri, position, target);
    assert.equal(appended?.fsPath, target.fsPath);
    assert.equal(fs.readFileSync(target.fsPath, 'utf8'), `### Existing\nGET /web/version\n\n${copied}`);
  });

  test('a db-service call is an error on the target release 20.0 and a warning on 19.0; an n8n export gets diagnostics too', async () => {
    const settings = vscode.workspace.getConfiguration('json2');
    await settings.update('migration.targetRelease', '20.0', vscode.ConfigurationTarget.Workspace);
    try {
      const document = await openFile(
        'migration-db.py',
        "import xmlrpc.client\ndb = xmlrpc.client.ServerProxy(URL + '/xmlrpc/2/db')\nnames = db.list()\n",
      );
      await eventually(() => migrationDiagnostics(document.uri)[0]?.severity === vscode.DiagnosticSeverity.Error, 'an error on 20.0');
      assert.match(
        migrationDiagnostics(document.uri)[0].message,
        /the db service was removed in Odoo 20 and Online 19\.1, so it fails on the target release 20\.0/,
      );
      await settings.update('migration.targetRelease', '19.0', vscode.ConfigurationTarget.Workspace);
      await eventually(() => migrationDiagnostics(document.uri)[0]?.severity === vscode.DiagnosticSeverity.Warning, 'a warning on 19.0');
      assert.match(
        migrationDiagnostics(document.uri)[0].message,
        /the db service is removed in Odoo 20 and Online 19\.1 \(Online 19\.1: winter 2025; Odoo 20: autumn 2026\); it still works on the target release 19\.0/,
      );
      const workflow = await openFile('migration-workflow.json', fs.readFileSync(path.join(CORPUS, 'n8n/odoo_sync_workflow.json'), 'utf8'));
      await eventually(() => migrationDiagnostics(workflow.uri).length === 7, 'one diagnostic per n8n node that calls Odoo');
      assert.ok(migrationDiagnostics(workflow.uri).some((diagnostic) => diagnostic.message.startsWith('n8n node "List databases"')));
    } finally {
      await settings.update('migration.targetRelease', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('the workspace scan lists every call of the corpus, respecting files.exclude and .gitignore', async () => {
    const folder = path.join(workspaceFolder(), 'migration-corpus');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.cpSync(CORPUS, folder, { recursive: true });
    fs.mkdirSync(path.join(folder, 'ignored'));
    fs.copyFileSync(path.join(CORPUS, 'python/object_service.py'), path.join(folder, 'ignored/copy.py'));
    fs.mkdirSync(path.join(folder, 'excluded'));
    fs.copyFileSync(path.join(CORPUS, 'python/object_service.py'), path.join(folder, 'excluded/copy.py'));
    fs.writeFileSync(path.join(folder, '.gitignore'), 'ignored/\n');
    await vscode.workspace.getConfiguration('files').update('exclude', { '**/excluded': true }, vscode.ConfigurationTarget.Workspace);

    const result = await vscode.commands.executeCommand<{
      files: number;
      rows: { file: string; converts: boolean }[];
      cancelled: boolean;
      report?: vscode.Uri;
    }>(CommandIds.findDeprecatedRpcCalls, { folder: vscode.Uri.file(folder) });
    assert.equal(result.cancelled, false);
    assert.equal(result.files, 23);
    assert.equal(result.rows.length, 233, 'python 82, javascript 88, php 56, n8n nodes 7');
    assert.equal(result.rows.filter((row) => row.converts).length, 203);
    assert.ok(result.rows.every((row) => !row.file.includes('ignored') && !row.file.includes('excluded')));
    const problems = migrationDiagnostics(vscode.Uri.file(path.join(folder, 'php/object_service.php')));
    assert.equal(problems.length, 23);
    const report = vscode.workspace.textDocuments.find((document) => document.uri.toString() === result.report?.toString());
    assert.ok(report, 'the report is open');
    assert.match(report.getText(), /233 calls in 23 files read; 203 convert automatically\./);
    assert.match(report.getText(), /^## Breaks now on \d+\.\d$/m);
    assert.match(report.getText(), /^## Breaks on Odoo 22 \/ Online 21\.1$/m);
    assert.match(
      report.getText(),
      /\| migration-corpus\/python\/tricky_cases\.py \| 13 \| object\.execute_kw \| {2}\| {2}\| the model or the method name is not a literal string/,
    );
    assert.match(
      report.getText(),
      /\| migration-corpus\/python\/tricky_cases\.py \| 17 \| object\.execute_kw \| sale\.order \| action_confirm \| {2}\|/,
    );
    assert.match(report.getText(), /\| migration-corpus\/n8n\/odoo_sync_workflow\.json \| \d+ \| db\.list \(node "List databases"\) \|/);
  });

  test('the workspace scan stops when its progress notification is cancelled', async () => {
    const folder = path.join(workspaceFolder(), 'migration-big');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder);
    const FILES = 1500;
    const calls = Array.from(
      { length: 20 },
      (_, index) =>
        `r${index} = models.execute_kw(db, uid, key, 'res.partner', 'search_read', [[['id', '>', ${index}]]], {'fields': ['name'], 'limit': ${index + 1}})`,
    );
    for (let index = 0; index < FILES; index += 1) {
      fs.writeFileSync(
        path.join(folder, `module_${String(index).padStart(4, '0')}.py`),
        `import xmlrpc.client\nmodels = xmlrpc.client.ServerProxy(URL + '/xmlrpc/2/object')\n${calls.join('\n')}\n`,
      );
    }
    await vscode.commands.executeCommand('notifications.clearAll');
    const first = vscode.Uri.file(path.join(folder, 'module_0000.py'));
    const scan = vscode.commands.executeCommand<{ files: number; rows: unknown[]; cancelled: boolean; report?: vscode.Uri }>(
      CommandIds.findDeprecatedRpcCalls,
      { folder: vscode.Uri.file(folder) },
    );
    // Once the first file's problems are in, the scan is under way; the notification's Cancel button is its primary action.
    await eventually(() => migrationDiagnostics(first).length === 20, 'the scan to reach the first file', 60_000);
    await vscode.commands.executeCommand('notification.acceptPrimaryAction');
    const result = await scan;
    assert.equal(result.cancelled, true);
    assert.ok(result.files > 0 && result.files < FILES, `stopped part-way: ${result.files} of ${FILES} files read`);
    assert.equal(result.rows.length, result.files * 20, 'every file read before the cancellation is listed');
    assert.equal(result.report, undefined, 'no report for a cancelled scan');
    assert.equal(
      migrationDiagnostics(vscode.Uri.file(path.join(folder, `module_${FILES - 1}.py`))).length,
      0,
      'the last file was never read',
    );
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
