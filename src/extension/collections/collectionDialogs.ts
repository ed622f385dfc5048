// The questions Import Collection and the Export commands ask, as a port: VS Code's dialogs here, answers of their own
// in tests (the test API replaces any of them).
import * as vscode from 'vscode';
import type { ExportFormat } from '../../core/collections/exportFiles';

export interface CollectionDialogs {
  /** The collection file(s) or folder to import, when the command was given none. */
  importSources(): Promise<readonly vscode.Uri[] | undefined>;
  /** The folder to write the imported files in; `suggested` is beside the source. */
  importFolder(suggested: vscode.Uri): Promise<vscode.Uri | undefined>;
  /** Whether files that exist may be overwritten. */
  overwrite(existing: readonly vscode.Uri[]): Promise<boolean>;
  /** The `.json2` file(s) or folder to export, when the command was given none and no `.json2` editor is active. */
  exportSources(): Promise<readonly vscode.Uri[] | undefined>;
  /** The file to export to; `suggested` is beside the source. */
  exportFile(suggested: vscode.Uri, format: ExportFormat): Promise<vscode.Uri | undefined>;
}

const defaultFolder = (): vscode.Uri | undefined => vscode.workspace.workspaceFolders?.[0]?.uri;

export const vscodeCollectionDialogs: CollectionDialogs = {
  importSources: async () =>
    vscode.window.showOpenDialog({
      title: vscode.l10n.t('Import a Collection: Postman or Insomnia .json, .http/.rest, or a Bruno folder'),
      openLabel: vscode.l10n.t('Import'),
      canSelectFiles: true,
      canSelectFolders: true,
      canSelectMany: true,
      defaultUri: defaultFolder(),
    }),
  importFolder: async (suggested) => {
    const beside = { label: vscode.l10n.t('Beside the collection'), description: vscode.workspace.asRelativePath(suggested, false) };
    const choose = { label: vscode.l10n.t('Choose a Folder…') };
    const picked = await vscode.window.showQuickPick([beside, choose], { title: vscode.l10n.t('Where to write the .json2 files') });
    if (picked !== choose) return picked ? suggested : undefined;
    const chosen = await vscode.window.showOpenDialog({
      title: vscode.l10n.t('Write the .json2 files in'),
      openLabel: vscode.l10n.t('Choose'),
      canSelectFiles: false,
      canSelectFolders: true,
      defaultUri: vscode.Uri.joinPath(suggested, '..'),
    });
    return chosen?.[0];
  },
  overwrite: async (existing) => {
    const overwrite = vscode.l10n.t('Overwrite');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} exists (files that exist: {1}). Overwrite?', vscode.workspace.asRelativePath(existing[0], false), existing.length),
      { modal: true },
      overwrite,
    );
    return answer === overwrite;
  },
  exportSources: async () =>
    vscode.window.showOpenDialog({
      title: vscode.l10n.t('Export .json2 files'),
      openLabel: vscode.l10n.t('Export'),
      canSelectFiles: true,
      canSelectFolders: true,
      canSelectMany: true,
      filters: { 'JSON-2 requests': ['json2'] },
      defaultUri: defaultFolder(),
    }),
  exportFile: async (suggested, format) =>
    vscode.window.showSaveDialog({
      defaultUri: suggested,
      title: format === 'postman' ? vscode.l10n.t('Export as a Postman Collection') : vscode.l10n.t('Export as an .http File'),
      saveLabel: vscode.l10n.t('Export'),
      filters: format === 'postman' ? { 'Postman collection': ['json'] } : { 'REST Client / httpYac': ['http'] },
    }),
};
