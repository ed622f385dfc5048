// Wires the migration assistant: diagnostics, the Convert quick fix, the workspace scan and the .json2 commands.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import { callAt, registerMigrationCodeActions } from './migrationCodeActions';
import { registerMigrationDiagnostics } from './migrationDiagnostics';
import { migrationEngine } from './migrationEngine';
import { scanWorkspace } from './migrationScan';
import { type ActiveServerRelease, migrationTarget } from './migrationTarget';
import type { ConnectionService } from '../connections/connectionService';

/** The call under the cursor (or at the given place) as a `.json2` request, with a message when there is none. */
async function json2RequestAt(uri?: vscode.Uri, position?: vscode.Position): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const document = uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
  const at = position ?? editor?.selection.active;
  if (!document || !at) return undefined;
  const call = callAt(document, at);
  const text = call && migrationEngine().json2RequestOf(call, vscode.workspace.asRelativePath(document.uri));
  if (!text) {
    void vscode.window.showInformationMessage(
      call
        ? vscode.l10n.t('This call has no JSON-2 equivalent: {0}', call.finding.reason ?? '')
        : vscode.l10n.t('Put the cursor on a deprecated XML-RPC or JSON-RPC call first.'),
    );
    return undefined;
  }
  return text;
}

async function pickJson2File(): Promise<vscode.Uri | undefined> {
  const files = await vscode.workspace.findFiles('**/*.json2', '**/node_modules/**', 200);
  const newFile = vscode.l10n.t('New .json2 file…');
  const picked = await vscode.window.showQuickPick([...files.map((uri) => vscode.workspace.asRelativePath(uri)), newFile], {
    placeHolder: vscode.l10n.t('Append the request to which .json2 file?'),
  });
  if (!picked) return undefined;
  if (picked !== newFile) return files.find((uri) => vscode.workspace.asRelativePath(uri) === picked);
  const target = await vscode.window.showSaveDialog({ filters: { 'JSON-2 requests': ['json2'] } });
  if (target) await vscode.workspace.fs.writeFile(target, new Uint8Array());
  return target;
}

/** Appends `request` at the end of the `.json2` file, saves it and shows it. */
async function appendRequest(target: vscode.Uri, request: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(target);
  const existing = document.getText();
  const separator = existing.length === 0 ? '' : existing.endsWith('\n\n') ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
  const edit = new vscode.WorkspaceEdit();
  edit.insert(target, document.positionAt(existing.length), separator + request);
  await vscode.workspace.applyEdit(edit);
  await document.save();
  await vscode.window.showTextDocument(document, {
    preview: false,
    selection: new vscode.Range(document.lineCount - 1, 0, document.lineCount - 1, 0),
  });
}

export function registerMigration(log: vscode.LogOutputChannel, connections: ConnectionService): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('json2-migration');
  const activeServer: ActiveServerRelease = () => {
    const active = connections.active();
    return active && { connection: active.profile.name, serverVersion: active.profile.serverVersion };
  };
  return vscode.Disposable.from(
    collection,
    registerMigrationDiagnostics(collection, log, activeServer, connections.onDidChange),
    registerMigrationCodeActions(),
    vscode.commands.registerCommand(CommandIds.findDeprecatedRpcCalls, async (options?: { folder?: vscode.Uri }) => {
      const result = await scanWorkspace(collection, migrationTarget(activeServer, log), options?.folder);
      log.info(
        `migration scan: ${result.rows.length} deprecated calls in ${result.files} files, target ${result.target}${result.cancelled ? ' (cancelled)' : ''}`,
      );
      return result;
    }),
    vscode.commands.registerCommand(CommandIds.copyAsJson2Request, async (uri?: vscode.Uri, position?: vscode.Position) => {
      const text = await json2RequestAt(uri, position);
      if (text === undefined) return undefined;
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showInformationMessage(vscode.l10n.t('The JSON-2 request is on the clipboard.'));
      return text;
    }),
    vscode.commands.registerCommand(
      CommandIds.appendToJson2File,
      async (uri?: vscode.Uri, position?: vscode.Position, target?: vscode.Uri) => {
        const text = await json2RequestAt(uri, position);
        if (text === undefined) return undefined;
        const file = target ?? (await pickJson2File());
        if (!file) return undefined;
        if (path.extname(file.fsPath) !== '.json2')
          throw new Error(vscode.l10n.t('{0} is not a .json2 file.', vscode.workspace.asRelativePath(file)));
        await appendRequest(file, text);
        return file;
      },
    ),
  );
}
