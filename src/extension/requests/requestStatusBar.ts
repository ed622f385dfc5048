// A status bar spinner while requests run; clicking it cancels them.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { RequestRunService } from './requestRunService';

/** What the status bar item shows now (tests read it). */
export interface StatusBarShown {
  readonly visible: boolean;
  readonly text: string;
  readonly tooltip: string;
}

export class RequestStatusBar implements vscode.Disposable {
  readonly #item = vscode.window.createStatusBarItem('json2.requestStatus', vscode.StatusBarAlignment.Left, 50);
  readonly #subscription: vscode.Disposable;
  #visible = false;

  constructor(private readonly runs: RequestRunService) {
    this.#item.name = vscode.l10n.t('JSON-2 request');
    this.#item.command = CommandIds.cancelRequest;
    this.#subscription = runs.onDidChangeRunning(() => this.#update());
  }

  get shown(): StatusBarShown {
    return { visible: this.#visible, text: this.#item.text, tooltip: typeof this.#item.tooltip === 'string' ? this.#item.tooltip : '' };
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#item.dispose();
  }

  #update(): void {
    const labels = this.runs.runningLabels();
    this.#visible = labels.length > 0;
    if (!this.#visible) {
      this.#item.hide();
      return;
    }
    this.#item.text = `$(sync~spin) ${labels.length === 1 ? labels[0] : vscode.l10n.t('{0} requests', labels.length)}`;
    this.#item.tooltip = vscode.l10n.t('Sending {0}. Click to cancel.', labels.join(', '));
    this.#item.show();
  }
}
