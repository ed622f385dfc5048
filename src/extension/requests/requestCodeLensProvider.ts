// CodeLens above each request (`Send`, or `Cancel` while it runs; `Explain this answer` after a 401, 403, empty list or
// missing field) and `Send all` at the top of the file.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import { parsedDocument } from '../parsedDocuments';
import type { RequestRunService } from './requestRunService';

export class RequestCodeLensProvider implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  readonly #changed = new vscode.EventEmitter<void>();

  constructor(private readonly runs: RequestRunService) {
    this.onDidChangeCodeLenses = this.#changed.event;
    runs.onDidChangeRunning(() => this.#changed.fire());
    runs.explainer.onDidChange(() => this.#changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const parsed = parsedDocument(document);
    if (parsed.requests.length === 0) return [];
    const lenses: vscode.CodeLens[] = [];
    const top = new vscode.Range(0, 0, 0, 0);
    if (parsed.requests.length > 1) {
      lenses.push(
        new vscode.CodeLens(top, { title: vscode.l10n.t('Send all'), command: CommandIds.sendAllRequests, arguments: [document.uri] }),
      );
    }
    for (const request of parsed.requests) {
      const line = request.requestLine.range.start.line;
      const range = new vscode.Range(line, 0, line, 0);
      const running = this.runs.isRunning(document.uri, request.index);
      lenses.push(
        running
          ? new vscode.CodeLens(range, {
              title: vscode.l10n.t('Cancel'),
              command: CommandIds.cancelRequest,
              arguments: [document.uri, request.index],
            })
          : new vscode.CodeLens(range, {
              title: vscode.l10n.t('Send'),
              command: CommandIds.sendRequest,
              arguments: [document.uri, request.index],
            }),
      );
      if (!running && this.runs.explainer.explainable(document.uri.toString(), request.index))
        lenses.push(
          new vscode.CodeLens(range, {
            title: vscode.l10n.t('Explain this answer'),
            command: CommandIds.explainAnswer,
            arguments: [document.uri, request.index],
          }),
        );
    }
    return lenses;
  }
}
