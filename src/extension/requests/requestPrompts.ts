// The questions a run asks a person: confirmation before sending, and prompted values. A port, so tests can answer.
import * as vscode from 'vscode';
import type { PromptQuestion } from '../../core/requestFile';

export interface RequestPrompts {
  /** Modal: a `# @confirm` request or a production connection's question; true to send. */
  confirmSend(message: string, detail: string): Promise<boolean>;
  /** An input box for `# @prompt`; undefined when cancelled. */
  ask(question: PromptQuestion): Promise<string | undefined>;
  /** Where the panel's Save button writes the answer; undefined when cancelled. */
  saveTarget(suggested: vscode.Uri | undefined): Promise<vscode.Uri | undefined>;
  /** Modal: may the file `file` read the environment variables `names` into requests sent to `connection`? */
  allowEnvironment(file: string, names: readonly string[], connection: string): Promise<boolean>;
}

export const vscodeRequestPrompts: RequestPrompts = {
  async confirmSend(message, detail) {
    const send = vscode.l10n.t('Send');
    return (await vscode.window.showWarningMessage(message, { modal: true, detail }, send)) === send;
  },

  async ask(question) {
    return vscode.window.showInputBox({
      title: vscode.l10n.t('Value of {0}', question.name),
      prompt: question.description ?? question.name,
      password: question.secret,
      ignoreFocusOut: true,
    });
  },

  async saveTarget(suggested) {
    return vscode.window.showSaveDialog({ filters: { JSON: ['json'] }, ...(suggested ? { defaultUri: suggested } : {}) });
  },

  async allowEnvironment(file, names, connection) {
    const allow = vscode.l10n.t('Allow');
    const message = vscode.l10n.t(
      '{0} reads the environment variable(s) {1} of the editor into requests to "{2}". Allow it for this file?',
      file,
      names.join(', '),
      connection,
    );
    const detail = vscode.l10n.t(
      'Environment variables often hold secrets. The answer is remembered for this workspace; nothing has been sent yet.',
    );
    return (await vscode.window.showWarningMessage(message, { modal: true, detail }, allow)) === allow;
  },
};
