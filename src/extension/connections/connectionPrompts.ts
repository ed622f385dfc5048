// The yes/no questions around connections: production confirmation, removal, and the offer to update a refused key.
import * as vscode from 'vscode';
import type { ProductionQuestion } from '../../core/connections/callGuard';
import type { ConnectionProfile } from '../../core/connections/connectionProfile';
import { inertLinks } from '../../core/untrustedText/linkedText';

/** A port, so that extension tests can answer the modal dialogs (which only a person can click). */
export interface ConnectionPrompts {
  /** Modal: the production connection's question; true to send. */
  confirmProduction(question: ProductionQuestion): Promise<boolean>;
  /** Modal: removing a connection deletes its key; true to remove. */
  confirmRemoval(profile: ConnectionProfile): Promise<boolean>;
  /** A notification with an `Update API Key` button; true when the person chose it. Never retries anything itself. */
  offerKeyUpdate(profile: ConnectionProfile, message: string): Promise<boolean>;
}

export const vscodeConnectionPrompts: ConnectionPrompts = {
  async confirmProduction(question) {
    const send = vscode.l10n.t('Send');
    const detail = vscode.l10n.t('"{0}" is marked as a production connection. Nothing has been sent yet.', question.connection);
    return (await vscode.window.showWarningMessage(question.message, { modal: true, detail }, send)) === send;
  },

  async confirmRemoval(profile) {
    const remove = vscode.l10n.t('Remove');
    const detail = vscode.l10n.t(
      'Its settings entry and its key in the secret storage are deleted. The key itself stays valid on the server until you revoke it.',
    );
    return (
      (await vscode.window.showWarningMessage(
        vscode.l10n.t('Remove the connection "{0}"?', profile.name),
        { modal: true, detail },
        remove,
      )) === remove
    );
  },

  async offerKeyUpdate(profile, message) {
    const update = profile.protocol === 'json2' ? vscode.l10n.t('Update API Key') : vscode.l10n.t('Update Password or Key');
    return (await vscode.window.showWarningMessage(inertLinks(message), update)) === update;
  },
};
