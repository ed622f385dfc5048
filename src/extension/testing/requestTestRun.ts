// Runs the requests a Test Explorer run asks for, file by file, through the editor's request pipeline (dependencies
// first, confirmations, safe modes), reporting each result on its item; cancellation stops the request being sent.
import * as vscode from 'vscode';
import type { RunReporter } from '../../core/requestRun/runPorts';
import type { RequestRunResult } from '../../core/requestRun/runResult';
import type { ConnectionService } from '../connections/connectionService';
import { parsedDocument } from '../parsedDocuments';
import type { EnvironmentConsent } from '../requests/environmentConsent';
import { dotenvOf } from '../requests/requestDotenv';
import type { RequestPrompts } from '../requests/requestPrompts';
import type { RequestRunService } from '../requests/requestRunService';
import { reportResult, type ReportedResult } from './requestTestResults';
import { requestIndexOf, type RequestTestTree } from './requestTestTree';

export interface RequestTestRunDeps {
  readonly controller: vscode.TestController;
  readonly tree: RequestTestTree;
  readonly service: ConnectionService;
  readonly runs: RequestRunService;
  readonly environmentConsent: EnvironmentConsent;
  readonly prompts: () => RequestPrompts;
  readonly log: vscode.LogOutputChannel;
}

/** One run as the host tests read it: item id → what was reported, and whether it is over. */
export interface RecordedTestRun {
  readonly results: Map<string, ReportedResult>;
  readonly started: string[];
  ended: boolean;
}

/** The files a run covers, each with the requests asked for ('all' for a whole file). */
type Selection = Map<string, { uri: vscode.Uri; keys: Set<string> | 'all' }>;

/** Runs a Test Explorer request; `connection` (the "Run with connection…" profile) overrides the files' connections. */
export async function runRequestTests(
  deps: RequestTestRunDeps,
  request: vscode.TestRunRequest,
  token: vscode.CancellationToken,
  record: RecordedTestRun,
  connection?: string,
): Promise<void> {
  // "Run All Tests" before the Testing view was ever opened: nothing is discovered yet.
  if (!request.include && deps.controller.items.size === 0) await deps.tree.discover();
  const run = deps.controller.createTestRun(request);
  try {
    const selection = selectionOf(deps, request);
    if (!vscode.workspace.isTrusted) {
      const text = vscode.l10n.t('Nothing is sent from an untrusted workspace. Trust the workspace to run requests.');
      for (const file of selection.values()) {
        const item = deps.tree.fileItem(file.uri);
        if (!item) continue;
        run.errored(item, new vscode.TestMessage(text));
        record.results.set(item.id, { state: 'errored', messages: [{ message: text }], output: '' });
      }
      return;
    }
    for (const file of selection.values()) {
      if (isCancelled(token, run)) break;
      await runFile({ deps, run, token, record }, file, connection);
    }
  } finally {
    run.end();
    record.ended = true;
  }
}

function selectionOf(deps: RequestTestRunDeps, request: vscode.TestRunRequest): Selection {
  const excluded = new Set((request.exclude ?? []).map((item) => item.id));
  const selection: Selection = new Map();
  const add = (item: vscode.TestItem): void => {
    if (excluded.has(item.id)) return;
    const target = deps.tree.targetOf(item);
    if (!target) return;
    if (target.kind === 'folder') {
      item.children.forEach(add);
      return;
    }
    const key = target.uri.toString();
    const known = selection.get(key);
    if (target.kind === 'file') {
      // A whole file less its excluded requests.
      const keys = [...item.children].some(([, child]) => excluded.has(child.id))
        ? new Set(
            [...item.children]
              .filter(([, child]) => !excluded.has(child.id))
              .map(([, child]) => (deps.tree.targetOf(child) as { key: string }).key),
          )
        : 'all';
      selection.set(key, { uri: target.uri, keys });
    } else if (known?.keys !== 'all') {
      const keys = known?.keys ?? new Set<string>();
      keys.add(target.key);
      selection.set(key, { uri: target.uri, keys });
    }
  };
  if (request.include) request.include.forEach(add);
  else deps.controller.items.forEach(add);
  return selection;
}

/** One Test Explorer run: its deps, the run, the cancellation of the request and what the host tests read. */
interface TestRunContext {
  readonly deps: RequestTestRunDeps;
  readonly run: vscode.TestRun;
  readonly token: vscode.CancellationToken;
  readonly record: RecordedTestRun;
}

async function runFile(
  context: TestRunContext,
  file: { uri: vscode.Uri; keys: Set<string> | 'all' },
  connection: string | undefined,
): Promise<void> {
  const { deps, run, token } = context;
  const document = await vscode.workspace.openTextDocument(file.uri);
  const parsed = parsedDocument(document);
  const selected =
    file.keys === 'all'
      ? parsed.requests.map((request) => request.index)
      : [...file.keys].map((key) => requestIndexOf(parsed, key)).filter((index): index is number => index !== undefined);
  const itemOf = (index: number) => deps.tree.requestItem(file.uri, parsed, index);
  const { editorRequestRun } = await import('../requests/requestSender.js');
  const requestRun = editorRequestRun({
    uri: file.uri.toString(),
    parsed,
    session: deps.runs.sessionOf(file.uri),
    service: deps.service,
    prompts: deps.prompts(),
    environmentConsent: deps.environmentConsent,
    dotenv: await dotenvOf(file.uri),
    timeoutMs: vscode.workspace.getConfiguration('json2').get<number>('requestTimeoutSeconds', 120) * 1000,
    ...(connection !== undefined ? { connectionOverride: connection } : {}),
    reporter: testItemReporter(context, file.uri, itemOf),
  });
  for (const index of requestRun.plan(selected)) {
    const item = itemOf(index);
    if (item) run.enqueued(item);
  }
  const cancelled = () => (isCancelled(token, run) ? vscode.l10n.t('The run was cancelled.') : undefined);
  await requestRun.run(selected, { afterFailure: 'continue', skipReason: cancelled });
}

/** Shows each request of a file starting and ending on its test item; the run's cancellation aborts the one being sent. */
function testItemReporter(
  { deps, run, token, record }: TestRunContext,
  uri: vscode.Uri,
  itemOf: (index: number) => vscode.TestItem | undefined,
): RunReporter {
  /** Per request being sent: stops listening to the run's cancellation once it is over. */
  const listening = new Map<number, vscode.Disposable>();
  return {
    started: (index) => {
      const item = itemOf(index);
      if (item) {
        run.started(item);
        record.started.push(item.id);
      }
      const controller = new AbortController();
      if (isCancelled(token, run)) controller.abort();
      listening.set(
        index,
        vscode.Disposable.from(
          token.onCancellationRequested(() => controller.abort()),
          run.token.onCancellationRequested(() => controller.abort()),
        ),
      );
      return controller.signal;
    },
    finished: (result: RequestRunResult) => {
      listening.get(result.index)?.dispose();
      listening.delete(result.index);
      deps.log.info(`${result.label}: ${result.request ?? ''} → ${result.status ?? result.error?.kind ?? ''} (Test Explorer)`);
      const item = itemOf(result.index);
      if (item) record.results.set(item.id, reportResult(run, item, uri, result));
    },
  };
}

function isCancelled(token: vscode.CancellationToken, run: vscode.TestRun): boolean {
  return token.isCancellationRequested || run.token.isCancellationRequested;
}
