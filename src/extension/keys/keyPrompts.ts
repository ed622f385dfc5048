// The dialogs of the key commands, as a port: the new key shown once, confirmations, reports and reminders. Extension
// tests answer them in place of a person (modal dialogs cannot be clicked from the host).
import * as vscode from 'vscode';
import type { KeyDialogs } from '../../core/keys/keyFlowPorts';
import type { KeyReminder } from '../../core/keys/keyReminders';
import { inertLinks } from '../../core/untrustedText/linkedText';
import { CommandIds } from '../commandIds';

export type { NewKeyFacts } from '../../core/keys/keyFlowPorts';

/** The key flows' dialogs (`KeyDialogs`), and the reminders. */
export interface KeyPrompts extends KeyDialogs {
  /** A key reminder; resolves with the command the person chose to run, if any. */
  remind(reminder: KeyReminder): Promise<string | undefined>;
}

export const vscodeKeyPrompts: KeyPrompts = {
  async showNewKey(key, facts) {
    const copy = vscode.l10n.t('Copy');
    const store = vscode.l10n.t('Store in Connection…');
    const scope = facts.scope ?? vscode.l10n.t('none');
    const detail = vscode.l10n.t(
      '{0}\n\nScope: {1} · expires on {2}. This is the only time the key is shown: copy it or store it now.',
      key,
      scope,
      facts.expiration,
    );
    const chosen = await vscode.window.showInformationMessage(
      vscode.l10n.t('New API key "{0}"', facts.name),
      { modal: true, detail },
      copy,
      store,
    );
    if (chosen === copy) {
      await vscode.env.clipboard.writeText(key);
      const again = await vscode.window.showInformationMessage(
        vscode.l10n.t('The new key is in the clipboard. Store it in a connection too?'),
        store,
      );
      return again === store;
    }
    return chosen === store;
  },

  async confirmRevoke(question, detail) {
    const revoke = vscode.l10n.t('Revoke');
    return (await vscode.window.showWarningMessage(question, { modal: true, detail }, revoke)) === revoke;
  },

  async confirmRotate(question, detail) {
    const rotate = vscode.l10n.t('Rotate');
    return (await vscode.window.showWarningMessage(question, { modal: true, detail }, rotate)) === rotate;
  },

  showError(message, detail) {
    if (detail === undefined) void vscode.window.showErrorMessage(inertLinks(message));
    else void vscode.window.showErrorMessage(message, { modal: true, detail });
  },

  showInfo(message) {
    void vscode.window.showInformationMessage(inertLinks(message));
  },

  async offerBrowserPath(message, detail, url) {
    const open = vscode.l10n.t('Open Account Security');
    const paste = vscode.l10n.t('Go On Without Opening');
    const chosen = await vscode.window.showInformationMessage(message, { modal: true, detail }, open, paste);
    if (chosen === open) await vscode.env.openExternal(vscode.Uri.parse(url, true));
    return chosen === open || chosen === paste;
  },

  async confirmBrowserStep(question, detail, url) {
    const done = vscode.l10n.t('Done, Check It');
    const open = vscode.l10n.t('Open Account Security');
    for (;;) {
      const chosen = await vscode.window.showWarningMessage(question, { modal: true, detail }, done, open);
      if (chosen !== open) return chosen === done;
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
    }
  },

  async remind(reminder) {
    const rotate = vscode.l10n.t('Rotate API Key');
    const update = vscode.l10n.t('Update API Key');
    const show = reminder.kind === 'expired' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    const chosen = await show(inertLinks(reminder.message), reminder.kind === 'expired' ? update : rotate);
    if (chosen === rotate) return CommandIds.rotateApiKey;
    if (chosen === update) return CommandIds.updateApiKey;
    return undefined;
  },
};
