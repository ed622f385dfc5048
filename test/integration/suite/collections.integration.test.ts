// Import Collection… and Export to Postman / .http in a real VS Code host: a Postman fixture imported through the
// command (written beside it, the report shown), a Bruno folder dropped on the explorer view through the drop controller
// the tree was created with (and a second drop refused without overwriting), the written files and the reports free of
// every fixture secret, and the export of the imported files with the active connection's server and database header,
// whose .http file imports back to the same requests.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ExportedCollection, ImportedCollections } from '../../../src/extension/collections/collectionCommands';
import { CommandIds } from '../../../src/extension/commandIds';
import { collectionsDir, FIXTURE_SECRETS } from '../../unit/collections/collectionFixtures';
import { connectionSetting, removeConnections, setConnectionSetting, eventually } from './connectionsDriver.integration.test';
import { explorerApi } from './explorerDriver.integration.test';

const CONNECTION = 'collections-export';

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function assertNoSecret(text: string, where: string): void {
  for (const secret of FIXTURE_SECRETS) assert.ok(!text.includes(secret), `${secret} in ${where}`);
}

/** The request lines of .json2 files (`POST res.partner/search_read`, `GET /web/version`), sorted. */
function requestLines(files: readonly string[]): string[] {
  return files
    .filter((file) => file.endsWith('.json2'))
    .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
    .filter((line) => /^(GET|POST) \S|^[a-z_][\w.]*\/\w+/.test(line))
    .map((line) => line.replace(/^([a-z_][\w.]*\/\w+)$/, 'POST $1'))
    .sort();
}

suite('Collections: import and export in the editor', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let collections: NonNullable<typeof api.collections>;
  let scratch: string;

  suiteSetup(async () => {
    api = await explorerApi();
    assert.ok(api.collections, 'the extension hands out the collections in test mode');
    collections = api.collections;
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-collections-'));
  });
  teardown(() => {
    for (const key of Object.keys(collections.dialogs)) delete collections.dialogs[key as keyof typeof collections.dialogs];
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeConnections([CONNECTION]);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  test('Import Collection… on a Postman collection: written beside it, the report shown, no secret anywhere', async () => {
    const source = path.join(scratch, 'odoo.postman_collection.json');
    fs.copyFileSync(path.join(collectionsDir, 'odoo.postman_collection.json'), source);
    let suggested: vscode.Uri | undefined;
    collections.dialogs.importFolder = async (folder) => {
      suggested = folder;
      return folder;
    };
    const imported = await vscode.commands.executeCommand<ImportedCollections | undefined>(
      CommandIds.importCollection,
      vscode.Uri.file(source),
    );
    assert.ok(imported, 'the command imported the collection');
    const out = path.join(scratch, 'odoo-json2');
    assert.equal(suggested?.fsPath, out, 'the folder suggested is beside the collection');
    const written = filesUnder(out);
    assert.deepEqual(imported.written.map((uri) => uri.fsPath).sort(), written, 'the files the command reports are the ones written');
    assert.ok(written.filter((file) => file.endsWith('.json2')).length >= 2, `request files written: ${written.join(', ')}`);
    for (const file of written) assertNoSecret(fs.readFileSync(file, 'utf8'), file);
    assertNoSecret(imported.report, 'the report');
    assert.match(imported.report, /^## Converted to JSON-2 calls: [1-9]/m);
    assert.match(imported.report, /^## Secrets found \(never written\): [1-9]/m);
    assert.ok(imported.report.includes('- Partners/Read companies: test script'), imported.report);
    assert.equal(imported.reportDocument.getText(), imported.report, 'the report is shown');
    assert.equal(imported.reportDocument.languageId, 'markdown');
    assert.equal(imported.reportDocument.isDirty, false, 'a read-only document: nothing to save when it is closed');
    assert.equal(vscode.window.activeTextEditor?.document, imported.reportDocument, 'the report is the active editor');
  });

  test('a file that is not a collection is refused: nothing written', async () => {
    const source = path.join(scratch, 'notes.json');
    fs.writeFileSync(source, '{"name": "not a collection"}');
    collections.dialogs.importFolder = async (folder) => folder;
    const imported = await vscode.commands.executeCommand<ImportedCollections | undefined>(
      CommandIds.importCollection,
      vscode.Uri.file(source),
    );
    assert.equal(imported, undefined);
    assert.equal(fs.existsSync(path.join(scratch, 'notes-json2')), false, 'no folder made');
  });

  test('a Bruno folder dropped on the explorer view is imported; dropped again, nothing is overwritten without a yes', async () => {
    const controller = api.explorer.dropController;
    assert.ok(controller, 'the explorer view has a drop controller');
    assert.ok(controller.dropMimeTypes.includes('text/uri-list'), 'it takes files from the explorer');
    const out = path.join(scratch, 'dropped');
    collections.dialogs.importFolder = async () => vscode.Uri.file(out);
    const drop = async (): Promise<void> => {
      const transfer = new vscode.DataTransfer();
      transfer.set('text/uri-list', new vscode.DataTransferItem(`${vscode.Uri.file(path.join(collectionsDir, 'bruno')).toString()}\r\n`));
      await controller.handleDrop?.(undefined, transfer, new vscode.CancellationTokenSource().token);
    };
    await drop();
    const imported = collections.lastImport;
    assert.ok(imported, 'the drop imported the folder');
    const written = filesUnder(out);
    assert.ok(
      written.some((file) => file.endsWith('Local.env')),
      `the environment written: ${written.join(', ')}`,
    );
    assert.ok(written.filter((file) => file.endsWith('.json2')).length >= 2, `request files written: ${written.join(', ')}`);
    for (const file of written) assertNoSecret(fs.readFileSync(file, 'utf8'), file);
    assertNoSecret(imported.report, 'the report');
    for (const script of ['Version.bru: tests', 'Partners/Read.bru: pre-request script'])
      assert.ok(imported.report.includes(`- ${script}`), `${script} not in the report:\n${imported.report}`);

    const before = written.map((file) => fs.statSync(file).mtimeMs);
    let asked: readonly vscode.Uri[] = [];
    collections.dialogs.overwrite = async (existing) => {
      asked = existing;
      return false;
    };
    await drop();
    assert.equal(collections.lastImport, undefined, 'refused: nothing imported');
    assert.equal(asked.length, imported.written.length, 'asked about every file that exists');
    assert.deepEqual(
      written.map((file) => fs.statSync(file).mtimeMs),
      before,
      'no file was touched',
    );
  });

  test('Export to .http and to Postman: the active connection’s server and database header, no key; the .http file imports back', async () => {
    const others = connectionSetting('user').filter((saved) => (saved as { name?: string }).name !== CONNECTION);
    const entry = { name: CONNECTION, baseUrl: 'http://127.0.0.1:18599', database: 'exported_db', databaseHeader: 'X-Odoo-Database' };
    await setConnectionSetting('user', [...others, entry]);
    await eventually(() => api.connections.service.find(CONNECTION) !== undefined, 'the connection in the list');
    await api.connections.service.setActive(CONNECTION);
    const source = path.join(scratch, 'odoo-json2');
    const exportTo = async (command: string, file: string): Promise<ExportedCollection> => {
      collections.dialogs.exportFile = async () => vscode.Uri.file(file);
      const exported = await vscode.commands.executeCommand<ExportedCollection | undefined>(command, vscode.Uri.file(source));
      assert.ok(exported, `${command} exported`);
      assert.equal(exported.uri.fsPath, file);
      assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, file, 'the exported file is opened');
      return exported;
    };

    const http = path.join(scratch, 'exported', 'odoo.http');
    await exportTo(CommandIds.exportToHttp, http);
    const httpText = fs.readFileSync(http, 'utf8');
    assert.match(httpText, /^@baseUrl = http:\/\/127\.0\.0\.1:18599$/m);
    assert.match(httpText, /^@database = exported_db$/m);
    assert.match(httpText, /^X-Odoo-Database: /m);
    assert.doesNotMatch(httpText, /^X-Service-Database: /m, 'only the connection’s database header');
    assert.match(httpText, /^Authorization: Bearer \{\{apiKey\}\}$/m);
    assertNoSecret(httpText, 'the .http export');

    const postman = path.join(scratch, 'exported', 'odoo.postman_collection.json');
    await exportTo(CommandIds.exportToPostman, postman);
    const collection = JSON.parse(fs.readFileSync(postman, 'utf8')) as { info: { schema: string }; auth: unknown };
    assert.equal(collection.info.schema, 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    assert.deepEqual(collection.auth, { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] });
    assertNoSecret(fs.readFileSync(postman, 'utf8'), 'the Postman export');

    const back = path.join(scratch, 'reimported');
    collections.dialogs.importFolder = async () => vscode.Uri.file(back);
    const reimported = await vscode.commands.executeCommand<ImportedCollections | undefined>(
      CommandIds.importCollection,
      vscode.Uri.file(http),
    );
    assert.ok(reimported, 'the .http export imports');
    assert.deepEqual(requestLines(filesUnder(back)), requestLines(filesUnder(source)), 'the same requests come back');
  });
});
