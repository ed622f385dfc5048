// The flows' progress port in the editor: a notification, whose Cancel button (when offered) aborts the work.
import * as vscode from 'vscode';
import type { ProgressPort } from '../core/connections/flowPorts';

export const notificationProgress: ProgressPort = {
  async run(title, cancellable, work) {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable }, (progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      return work((step) => progress.report(step), abort.signal).finally(() => subscription.dispose());
    });
  },
};
