// The dialogs of the database commands, as a port: file dialogs, the offer to remember the master password, results.
// Extension tests answer them in place of a person.
import * as vscode from 'vscode';
import { inertLinks } from '../../core/untrustedText/linkedText';

export interface DatabasePrompts {
  /** The save dialog of a backup; undefined when cancelled. */
  backupDestination(suggested: vscode.Uri): Promise<vscode.Uri | undefined>;
  /** The open dialog of a restore; undefined when cancelled. */
  restoreSource(): Promise<vscode.Uri | undefined>;
  /** After a master password worked: keep it in the secret storage for this server? */
  offerToRemember(origin: string): Promise<boolean>;
  showError(message: string): void;
  showInfo(message: string): void;
}

export const vscodeDatabasePrompts: DatabasePrompts = {
  async backupDestination(suggested) {
    return vscode.window.showSaveDialog({
      defaultUri: suggested,
      title: vscode.l10n.t('Save the Backup'),
      saveLabel: vscode.l10n.t('Save Backup'),
      filters: suggested.path.endsWith('.zip')
        ? { [vscode.l10n.t('Zip backup')]: ['zip'] }
        : { [vscode.l10n.t('SQL dump')]: ['dump', 'sql'] },
    });
  },

  async restoreSource() {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      title: vscode.l10n.t('Backup to Restore'),
      openLabel: vscode.l10n.t('Restore'),
      filters: { [vscode.l10n.t('Backups')]: ['zip', 'dump', 'sql'], [vscode.l10n.t('All files')]: ['*'] },
    });
    return picked?.[0];
  },

  async offerToRemember(origin) {
    const remember = vscode.l10n.t('Remember');
    const chosen = await vscode.window.showInformationMessage(
      vscode.l10n.t("Remember the master password of {0} in the editor's secret storage?", origin),
      remember,
    );
    return chosen === remember;
  },

  showError(message) {
    void vscode.window.showErrorMessage(inertLinks(message));
  },

  showInfo(message) {
    void vscode.window.showInformationMessage(inertLinks(message));
  },
};
