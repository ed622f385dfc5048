// Runs requests of json2 documents through the core pipeline: one cancellable run per request shown in the CodeLens,
// the status bar and the panel; answers to the panel, the history and the log.
import * as vscode from 'vscode';
import type { RequestFile, RequestNode } from '../../core/requestFile';
import { RequestSession } from '../../core/requestRun/requestSession';
import { runPlan } from '../../core/requestRun/runPlan';
import type { RunErrorKind } from '../../core/requestRun/runErrors';
import type { RunReporter } from '../../core/requestRun/runPorts';
import type { RequestRunResult } from '../../core/requestRun/runResult';
import type { ConnectionService } from '../connections/connectionService';
import { parsedDocument } from '../parsedDocuments';
import type { EnvironmentConsent } from './environmentConsent';
import { AnswerExplainer } from './answerExplainer';
import { panelResponseOf } from './panelAnswer';
import { dotenvOf } from './requestDotenv';
import type { RequestHistory } from './requestHistory';
import type { RequestPrompts } from './requestPrompts';
import type { ResponsePanel } from './responsePanel';
import type { ResponsePanels } from './responsePanels';

/** What a run command resolves with (tests read it): one line per request sent or refused, in run order. */
export interface RunSummary {
  readonly results: readonly {
    readonly index: number;
    readonly label: string;
    readonly ok: boolean;
    readonly status?: number;
    readonly errorKind?: RunErrorKind;
  }[];
}

export interface RunServiceDeps {
  readonly service: ConnectionService;
  readonly panels: ResponsePanels;
  readonly history: RequestHistory;
  readonly environmentConsent: EnvironmentConsent;
  readonly prompts: () => RequestPrompts;
  readonly log: vscode.LogOutputChannel;
}

export class RequestRunService implements vscode.Disposable {
  readonly #sessions = new Map<string, RequestSession>();
  readonly #running = new Map<string, { controller: AbortController; label: string; panel: ResponsePanel }>();
  readonly #changed = new vscode.EventEmitter<void>();
  /** Fires when a request starts or ends (CodeLens and status bar follow it). */
  readonly onDidChangeRunning = this.#changed.event;
  #last: { uri: vscode.Uri; indices: readonly number[]; all: boolean } | undefined;
  #runCount = 0;
  /** Which answers can be explained, and the explaining (the panel's Explain button, the CodeLens). */
  readonly explainer: AnswerExplainer;

  constructor(private readonly deps: RunServiceDeps) {
    this.explainer = new AnswerExplainer(deps.service);
  }

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
    return this.#run(document, [index], true, offset);
  }

  /** Sends every request of the file in order; stops at the first failure unless `json2.sendAll.continueOnFailure`. */
  async sendAll(document: vscode.TextDocument): Promise<RunSummary> {
    const parsed = parsedDocument(document);
    this.#last = { uri: document.uri, indices: parsed.requests.map((request) => request.index), all: true };
    const keepGoing = vscode.workspace.getConfiguration('json2').get<boolean>('sendAll.continueOnFailure', false);
    return this.#run(document, this.#last.indices, !keepGoing);
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
    this.explainer.dispose();
  }

  /** What the runs of a file have left (named answers, prompt answers, every secret seen), for its later runs and exports. */
  sessionOf(uri: vscode.Uri): RequestSession {
    const key = uri.toString();
    let session = this.#sessions.get(key);
    if (!session) {
      session = new RequestSession();
      this.#sessions.set(key, session);
    }
    return session;
  }

  async #run(document: vscode.TextDocument, selected: readonly number[], stopOnFailure: boolean, offset?: number): Promise<RunSummary> {
    if (!vscode.workspace.isTrusted) {
      warnUntrustedWorkspace();
      return { results: [] };
    }
    const parsed = parsedDocument(document);
    const uri = document.uri.toString();
    // The panel (its webview) starts now, so it is ready by the time the first answer comes.
    const plan = runPlan(parsed, selected);
    const first = parsed.requests[plan[0] ?? -1];
    if (first) this.deps.panels.panelFor(uri, labelOf(first)).running(labelOf(first));
    const dotenv = await dotenvOf(document.uri);
    const { editorRequestRun } = await import('./requestSender.js');
    const keys = new Set<string>();
    const results: RequestRunResult[] = [];
    const isLastShown = (result: RequestRunResult) => result.index === plan.at(-1) || (!result.ok && stopOnFailure);
    const reporter = this.#reporterFor(document, parsed, { keys, results, isLastShown });
    const run = editorRequestRun({
      uri,
      parsed,
      session: this.sessionOf(document.uri),
      service: this.deps.service,
      prompts: this.deps.prompts(),
      environmentConsent: this.deps.environmentConsent,
      dotenv,
      timeoutMs: vscode.workspace.getConfiguration('json2').get<number>('requestTimeoutSeconds', 120) * 1000,
      reporter,
      answerBytes: true,
    });
    try {
      await run.run(selected, { afterFailure: stopOnFailure ? 'stop' : 'continue', ...(offset !== undefined ? { offset } : {}) });
    } finally {
      // A run that ended on an error of the editor itself leaves no request shown as running.
      for (const key of keys) this.#running.delete(key);
      if (keys.size > 0) this.#changed.fire();
    }
    return summaryOf(results);
  }

  /**
   * Follows one run of `document`: a request started is shown running (its key kept in `run.keys` until it ends), a
   * result is collected and reported, and shown in the panel when it is the last one the run will show.
   */
  #reporterFor(document: vscode.TextDocument, parsed: RequestFile, run: ReportedRun): RunReporter {
    const uri = document.uri.toString();
    return {
      started: (index) => {
        const label = labelOf(parsed.requests[index]);
        const key = keyOf(document.uri, index);
        const controller = new AbortController();
        const panel = this.deps.panels.panelFor(uri, label);
        panel.running(label);
        run.keys.add(key);
        this.#running.set(key, { controller, label, panel });
        this.#changed.fire();
        return controller.signal;
      },
      finished: async (result) => {
        if (run.keys.delete(keyOf(document.uri, result.index))) {
          this.#running.delete(keyOf(document.uri, result.index));
          this.#changed.fire();
        }
        run.results.push(result);
        await this.#report(uri, result, run.isLastShown(result));
      },
    };
  }

  /** One result to the log, the history, the panel (when `show`), and a refused key to the offer to update it. */
  async #report(uri: string, result: RequestRunResult, show: boolean): Promise<void> {
    const explainable = this.explainer.note(uri, result);
    const response = {
      ...panelResponseOf(result, `${Date.now().toString(36)}-${++this.#runCount}`),
      ...(explainable ? { explainable } : {}),
    };
    this.deps.log.info(`${result.label}: ${result.request ?? ''} → ${result.status ?? result.error?.kind ?? ''}`);
    if (result.error?.kind === 'auth' && result.connection !== undefined)
      this.deps.service.reportFailure(result.connection, Object.assign(new Error(result.error.message), { kind: 'auth' }));
    if (result.request !== undefined) await this.deps.history.add(uri, result.index, response);
    if (show) this.deps.panels.show(uri, result.index, response);
  }
}

/** The requests of one run still shown as running, its results so far, and which result ends what the panel shows. */
interface ReportedRun {
  readonly keys: Set<string>;
  readonly results: RequestRunResult[];
  readonly isLastShown: (result: RequestRunResult) => boolean;
}

function warnUntrustedWorkspace(): void {
  void vscode.window
    .showWarningMessage(
      vscode.l10n.t('Nothing is sent from an untrusted workspace. Trust the workspace to send requests.'),
      vscode.l10n.t('Manage Workspace Trust'),
    )
    .then((choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'));
}

function summaryOf(results: readonly RequestRunResult[]): RunSummary {
  return {
    results: results.map((result) => ({
      index: result.index,
      label: result.label,
      ok: result.ok,
      ...(result.status !== undefined ? { status: result.status } : {}),
      ...(result.error ? { errorKind: result.error.kind } : {}),
    })),
  };
}

function labelOf(node: RequestNode): string {
  return node.name?.text ?? node.separator?.title?.text ?? `request ${node.index + 1}`;
}

function keyOf(uri: vscode.Uri, index: number): string {
  return `${uri.toString()}#${index}`;
}
