// Runs requests of json2 documents: dependencies first, one cancellable run per request, answers to panel and history.
import * as vscode from 'vscode';
import type { RequestNode, StoredResponse } from '../../core/requestFile';
import { runPlan } from '../../core/requestRun/runPlan';
import type { ConnectionService } from '../connections/connectionService';
import type { EnvironmentConsent } from './environmentConsent';
import { panelResponseOf } from './panelAnswer';
import { dotenvOf, parsedDocument } from './parsedDocuments';
import type { RequestHistory } from './requestHistory';
import type { RequestPrompts } from './requestPrompts';
import type { RequestResult } from './requestResult';
import type { ResponsePanel } from './responsePanel';
import type { ResponsePanels } from './responsePanels';

/** What a run command resolves with (tests read it): one line per request sent or refused, in run order. */
export interface RunSummary {
  readonly results: readonly { readonly index: number; readonly label: string; readonly ok: boolean; readonly status?: number; readonly errorKind?: string }[];
}

export interface RunServiceDeps {
  readonly service: ConnectionService;
  readonly panels: ResponsePanels;
  readonly history: RequestHistory;
  readonly environmentConsent: EnvironmentConsent;
  readonly prompts: () => RequestPrompts;
  readonly log: vscode.LogOutputChannel;
}

interface FileSession {
  readonly responses: Map<string, StoredResponse>;
  readonly promptAnswers: Map<string, string>;
}

export class RequestRunService implements vscode.Disposable {
  readonly #sessions = new Map<string, FileSession>();
  readonly #running = new Map<string, { controller: AbortController; label: string; panel: ResponsePanel }>();
  readonly #changed = new vscode.EventEmitter<void>();
  /** Fires when a request starts or ends (CodeLens and status bar follow it). */
  readonly onDidChangeRunning = this.#changed.event;
  #last: { uri: vscode.Uri; indices: readonly number[]; all: boolean } | undefined;
  #runCount = 0;

  constructor(private readonly deps: RunServiceDeps) {}

  isRunning(uri: vscode.Uri, index: number): boolean {
    return this.#running.has(keyOf(uri, index));
  }

  /** Labels of the requests running now. */
  runningLabels(): string[] {
    return [...this.#running.values()].map((run) => run.label);
  }

  /** Sends one request (its dependencies first); `offset` pages through a request with a `limit`. */
  async send(document: vscode.TextDocument, index: number, offset?: number): Promise<RunSummary> {
    this.#last = { uri: document.uri, indices: [index], all: false };
    return this.#run(document, runPlan(parsedDocument(document), [index]), true, offset);
  }

  /** Sends every request of the file in order; stops at the first failure unless `json2.sendAll.continueOnFailure`. */
  async sendAll(document: vscode.TextDocument): Promise<RunSummary> {
    const parsed = parsedDocument(document);
    this.#last = { uri: document.uri, indices: parsed.requests.map((request) => request.index), all: true };
    const keepGoing = vscode.workspace.getConfiguration('json2').get<boolean>('sendAll.continueOnFailure', false);
    return this.#run(document, runPlan(parsed, this.#last.indices), !keepGoing);
  }

  /** Runs the last send or send-all again. */
  async rerunLast(): Promise<RunSummary | undefined> {
    const last = this.#last;
    if (!last) return undefined;
    const document = await vscode.workspace.openTextDocument(last.uri);
    return last.all ? this.sendAll(document) : this.send(document, last.indices[0]);
  }

  /** Cancels the request at `index` of `uri`, or every running request. */
  cancel(uri?: vscode.Uri, index?: number): number {
    let cancelled = 0;
    for (const [key, run] of this.#running) {
      if (uri === undefined || index === undefined || key === keyOf(uri, index)) {
        run.controller.abort();
        cancelled += 1;
      }
    }
    return cancelled;
  }

  /** Cancels the requests whose progress `panel` shows (its Cancel button). */
  cancelShownIn(panel: ResponsePanel): number {
    let cancelled = 0;
    for (const run of this.#running.values()) {
      if (run.panel !== panel) continue;
      run.controller.abort();
      cancelled += 1;
    }
    return cancelled;
  }

  dispose(): void {
    this.cancel();
    this.#changed.dispose();
  }

  async #run(document: vscode.TextDocument, plan: readonly number[], stopOnFailure: boolean, offset?: number): Promise<RunSummary> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Nothing is sent from an untrusted workspace. Trust the workspace to send requests.'), vscode.l10n.t('Manage Workspace Trust'))
        .then((choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'));
      return { results: [] };
    }
    const parsed = parsedDocument(document);
    const uri = document.uri.toString();
    const session = this.#session(uri);
    // The panel (its webview) starts now, so it is ready by the time the first answer comes.
    const first = parsed.requests[plan[0] ?? -1];
    if (first) this.deps.panels.panelFor(uri, labelOf(first)).running(labelOf(first));
    const dotenv = await dotenvOf(document.uri);
    const { sendRequest } = await import('./requestSender.js');
    const results: RequestResult[] = [];
    for (const index of plan) {
      const key = keyOf(document.uri, index);
      const controller = new AbortController();
      const node = parsed.requests[index];
      const label = labelOf(node);
      const panel = this.deps.panels.panelFor(uri, label);
      panel.running(label);
      this.#running.set(key, { controller, label, panel });
      this.#changed.fire();
      const last = index === plan.at(-1);
      let result: RequestResult;
      try {
        result = await sendRequest({
          uri, parsed, service: this.deps.service, prompts: this.deps.prompts(), environmentConsent: this.deps.environmentConsent, responses: session.responses,
          promptAnswers: session.promptAnswers, dotenv, signal: controller.signal,
          timeoutMs: vscode.workspace.getConfiguration('json2').get<number>('requestTimeoutSeconds', 120) * 1000,
        }, index, last ? offset : undefined);
      } finally {
        this.#running.delete(key);
        this.#changed.fire();
      }
      results.push(result);
      const response = panelResponseOf(result, `${Date.now().toString(36)}-${++this.#runCount}`);
      this.deps.log.info(`${result.label}: ${result.request ?? ''} → ${result.status ?? result.error?.kind ?? ''}`);
      if (result.request !== undefined) await this.deps.history.add(uri, index, response);
      const failed = !result.ok;
      if (last || (failed && stopOnFailure)) this.deps.panels.show(uri, index, response);
      if (failed && stopOnFailure) break;
    }
    return { results: results.map((result) => ({ index: result.index, label: result.label, ok: result.ok, ...(result.status !== undefined ? { status: result.status } : {}), ...(result.error ? { errorKind: result.error.kind } : {}) })) };
  }

  #session(uri: string): FileSession {
    let session = this.#sessions.get(uri);
    if (!session) {
      session = { responses: new Map(), promptAnswers: new Map() };
      this.#sessions.set(uri, session);
    }
    return session;
  }
}

function labelOf(node: RequestNode): string {
  return node.name?.text ?? node.separator?.title?.text ?? `request ${node.index + 1}`;
}

function keyOf(uri: vscode.Uri, index: number): string {
  return `${uri.toString()}#${index}`;
}
