// A status bar spinner while requests run; clicking it cancels them.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { RequestRunService } from './requestRunService';

export function registerRequestStatusBar(runs: RequestRunService): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('json2.requestStatus', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('JSON-2 request');
  item.command = CommandIds.cancelRequest;
  const update = () => {
    const labels = runs.runningLabels();
    if (labels.length === 0) {
      item.hide();
      return;
    }
    item.text = `$(sync~spin) ${labels.length === 1 ? labels[0] : vscode.l10n.t('{0} requests', labels.length)}`;
    item.tooltip = vscode.l10n.t('Sending {0}. Click to cancel.', labels.join(', '));
    item.show();
  };
  return vscode.Disposable.from(item, runs.onDidChangeRunning(update));
}
