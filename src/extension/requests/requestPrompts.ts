// The questions a run asks a person: confirmation before sending, and prompted values. A port, so tests can answer.
import * as vscode from 'vscode';
import type { PromptQuestion } from '../../core/requestFile';

export interface RequestPrompts {
  /** Modal: a `# @confirm` request or a production connection's question; true to send. */
  confirmSend(message: string, detail: string): Promise<boolean>;
  /** An input box for `# @prompt`; undefined when cancelled. */
  ask(question: PromptQuestion): Promise<string | undefined>;
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
};
