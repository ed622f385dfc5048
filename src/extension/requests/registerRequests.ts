// Wires the requests feature: run service, panels, history, CodeLens, diagnostics, outline, commands; a test API in test mode.
import { registerExplainCommand } from './explainCommands';
import * as vscode from 'vscode';
import { SecretRedactor } from '../../core/redaction/secretRedactor';
import { AnswerBytes } from '../../core/requestRun/answerBytes';
import type { PanelResponse, PanelState, ViewAction } from '../../shared/panelMessages';
import type { ConnectionService } from '../connections/connectionService';
import { EnvironmentConsent } from './environmentConsent';
import { type HistoryPickState, registerHistoryCommands } from './historyCommands';
import { RequestCodeActionProvider } from './requestCodeActions';
import { openRecordInBrowser } from './openRecord';
import { RequestCodeLensProvider } from './requestCodeLensProvider';
import { panelCommand, registerRequestCommands } from './requestCommands';
import { registerRequestDiagnostics } from './requestDiagnostics';
import { type HistoryEntry, RequestHistory } from './requestHistory';
import { RequestOutlineProvider } from './requestOutline';
import { type RequestPrompts, vscodeRequestPrompts } from './requestPrompts';
import { RequestRunService } from './requestRunService';
import { RequestStatusBar, type StatusBarShown } from './requestStatusBar';
import type { ResponsePanel } from './responsePanel';
import { ResponsePanels } from './responsePanels';

/** What integration tests read and drive (test mode only): the panel's state through the typed protocol, the history. */
export interface RequestsTestApi {
  /** The state of the panel shown last; undefined when there is none. */
  panelState(): Promise<PanelState | undefined>;
  /** The panel's page as the host wrote it (shell only: data arrives as messages). */
  panelHtml(): string | undefined;
  panelCount(): number;
  act(action: ViewAction): void;
  /** Presses a panel button as the view would. */
  press(command: Parameters<typeof panelCommand>[1]): Promise<void>;
  history(): readonly HistoryEntry[];
  /** Text the panel put on the clipboard last. */
  lastCopy(): string | undefined;
  /** Addresses the panel's Open in Browser handed over (test mode: recorded, no browser is started). */
  openedUrls(): readonly string[];
  /** Shows an answer in the panel as a run would (the panel benchmark hands it 50,000 records). */
  showAnswer(response: PanelResponse): void;
  /** Shows an answer received as `bytes` (its JSON text) as a run would, from the bytes on (the panel benchmark). */
  showAnswerBytes(response: Omit<PanelResponse, 'body'>, bytes: Uint8Array): void;
  /** Shows a request as running in the panel, creating the panel if needed, as `Send` does (the benchmark). */
  showRunning(title: string): void;
  /** How the panel shown last handed over its last records answer (chunks, longest task, time to the last chunk). */
  panelHandover(): ResponsePanel['handover'];
  /** Has each handover task read the kernel's account of the host's main thread (Linux; the panel benchmark). */
  measureThreadSchedule(on: boolean): void;
  /** When the panel shown last was created and its view said `ready` (epoch ms). */
  panelTimeline(): ResponsePanel['timeline'] | undefined;
  /** Answers the questions instead of a person; undefined restores the real dialogs. */
  setPrompts(prompts: RequestPrompts | undefined): void;
  /** What the status bar spinner shows now. */
  statusBar(): StatusBarShown;
  /** True while the history's quick pick is on screen. */
  historyPickShown(): boolean;
}

export interface RequestsFeature extends vscode.Disposable {
  readonly testApi: RequestsTestApi | undefined;
  /** What other ways of running requests (the Test Explorer) share with Send: sessions, consent, questions. */
  readonly running: {
    readonly runs: RequestRunService;
    readonly environmentConsent: EnvironmentConsent;
    readonly prompts: () => RequestPrompts;
  };
}

/** What the feature's parts share and the tests read: who answers the questions, the last copy, the opened addresses. */
interface RequestsState {
  prompts: RequestPrompts;
  lastCopy: string | undefined;
  readonly openedUrls: string[];
}

export function registerRequests(
  context: vscode.ExtensionContext,
  service: ConnectionService,
  log: vscode.LogOutputChannel,
): RequestsFeature {
  const state: RequestsState = { prompts: vscodeRequestPrompts, lastCopy: undefined, openedUrls: [] };
  const prompts = () => state.prompts;
  const history = new RequestHistory(context.workspaceState);
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const panels = createResponsePanels(context.extensionUri, service, state, testMode, () => runs);
  const environmentConsent = new EnvironmentConsent(context.workspaceState);
  const runs = new RequestRunService({ service, panels, history, environmentConsent, prompts, log });
  const statusBar = new RequestStatusBar(runs);
  const historyPick: HistoryPickState = { shown: false };
  const disposables = vscode.Disposable.from(
    runs,
    panels,
    history,
    registerRequestEditorFeatures(runs, service),
    registerRequestCommands({ runs, service, prompts }),
    registerHistoryCommands(history, panels, runs, historyPick),
    registerExplainCommand(runs.explainer, panels),
    statusBar,
  );
  const testApi = testMode ? requestsTestApi({ state, panels, runs, history, statusBar, historyPick }) : undefined;
  return { testApi, running: { runs, environmentConsent, prompts }, dispose: () => disposables.dispose() };
}

/** The response panels, their buttons wired to the runs; Open in Browser only recorded in test mode. */
function createResponsePanels(
  extensionUri: vscode.Uri,
  service: ConnectionService,
  state: RequestsState,
  testMode: boolean,
  runs: () => RequestRunService,
): ResponsePanels {
  const openExternal = testMode
    ? async (uri: vscode.Uri) => {
        state.openedUrls.push(uri.toString(true));
        return true;
      }
    : (uri: vscode.Uri) => vscode.env.openExternal(uri);
  return new ResponsePanels(extensionUri, {
    onCommand: (panel, command) => void panelCommand(panel, command, runs(), state.prompts),
    onCopy: (text, what) => {
      state.lastCopy = text;
      void vscode.env.clipboard.writeText(text).then(() => vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the {0}.', what), 2000));
    },
    onOpenRecord: (panel, id, field) => {
      openRecordInBrowser(service, panel, id, field, openExternal).catch((error: unknown) => {
        void vscode.window.showErrorMessage(
          vscode.l10n.t('Open in Browser failed: {0}', error instanceof Error ? error.message : String(error)),
        );
      });
    },
  });
}

/** What the editor of a .json2 file shows: CodeLens, quick fixes, outline, folding, diagnostics. */
function registerRequestEditorFeatures(runs: RequestRunService, service: ConnectionService): vscode.Disposable {
  const selector: vscode.DocumentSelector = { language: 'json2' };
  const outline = new RequestOutlineProvider();
  return vscode.Disposable.from(
    vscode.languages.registerCodeLensProvider(selector, new RequestCodeLensProvider(runs)),
    vscode.languages.registerCodeActionsProvider(selector, new RequestCodeActionProvider(), {
      providedCodeActionKinds: RequestCodeActionProvider.kinds,
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, outline),
    vscode.languages.registerFoldingRangeProvider(selector, outline),
    registerRequestDiagnostics(service),
  );
}

interface TestedParts {
  readonly state: RequestsState;
  readonly panels: ResponsePanels;
  readonly runs: RequestRunService;
  readonly history: RequestHistory;
  readonly statusBar: RequestStatusBar;
  readonly historyPick: HistoryPickState;
}

function requestsTestApi({ state, panels, runs, history, statusBar, historyPick }: TestedParts): RequestsTestApi {
  return {
    panelState: async () => panels.last?.state(),
    panelHtml: () => panels.last?.panel.webview.html,
    panelCount: () => panels.count,
    act: (action) => panels.last?.act(action),
    press: async (command) => {
      if (panels.last) await panelCommand(panels.last, command, runs, state.prompts);
    },
    history: () => history.entries(),
    lastCopy: () => state.lastCopy,
    openedUrls: () => state.openedUrls,
    showAnswer: (response) => {
      panels.show('json2-bench:', 0, response);
    },
    showAnswerBytes: (response, bytes) => {
      const redactor = new SecretRedactor(['bench-key-0123456789abcdef0123456789abcdef']);
      panels.show('json2-bench:', 0, { ...response, body: undefined, answer: new AnswerBytes(bytes, 'application/json', redactor) });
    },
    showRunning: (title) => {
      panels.panelFor('json2-bench:', title).running(title);
    },
    panelHandover: () => panels.last?.handover,
    measureThreadSchedule: (on) => panels.measureThreadSchedule(on),
    panelTimeline: () => panels.last?.timeline,
    setPrompts: (replacement) => {
      state.prompts = replacement ?? vscodeRequestPrompts;
    },
    statusBar: () => statusBar.shown,
    historyPickShown: () => historyPick.shown,
  };
}
