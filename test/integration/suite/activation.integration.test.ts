// The extension activates in a real VS Code host, and .json2 files get the json2 language.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../../src/extension/commandIds';

const EXTENSION_ID = 'json2-explorer.json2-explorer';

function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace is open');
  return vscode.Uri.joinPath(folder.uri, name);
}

suite('Activation', () => {
  test('a .json2 file gets the json2 language', async () => {
    const document = await vscode.workspace.openTextDocument(workspaceFile('partners.json2'));
    await vscode.window.showTextDocument(document);
    assert.equal(document.languageId, 'json2');
  });

  test('opening a .json2 file activates the extension', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is loaded`);
    for (let waited = 0; !extension.isActive && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(extension.isActive, true);
  });

  test('the extension contributes its commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes(CommandIds.showLog), 'json2.showLog is registered');
    await vscode.commands.executeCommand(CommandIds.showLog);
  });

  test('an untitled document set to json2 keeps the language', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'json2', content: 'GET /web/version\n' });
    assert.equal(document.languageId, 'json2');
  });
});
