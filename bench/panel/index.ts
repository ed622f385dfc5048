// Extension-host entry of the panel benchmark: hands a 50,000-record answer to the response panel and measures the
// longest block of the extension host's event loop while it does, and when the first and the last rows show.
// JSON2_BENCH_PANEL_PLAN lists the answers' cases in order: `open` (the panel is already open), `new` (the answer
// creates the panel) and `send` (the panel is created when the request starts, as Send does, and the answer comes
// REQUEST_MS later). JSON2_BENCH_PANEL_SETTLE_MS is a wait before the first answer, so that the session's first panel
// comes after the workbench's start-up. Every moment is on the epoch clock, which the host and the view share.
import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../src/extension/activate';
import type { RequestsTestApi } from '../../src/extension/requests/registerRequests';
import type { PanelState, ViewTimeline } from '../../src/shared/panelMessages';

const RECORDS = 50_000;
/** How long the `send` case's request is in flight before its answer is handed over. */
const REQUEST_MS = 500;

type Case = 'new' | 'open' | 'send';

export interface PanelSample {
  readonly case: Case;
  /** Longest task of the handover in the extension host (the panel times each of its posts), and its CPU time. */
  readonly longestTaskMs: number;
  readonly longestTaskCpuMs: number;
  /** Longest event-loop delay from the handover to the last row in the view, and the same with nothing to do. */
  readonly longestBlockMs: number;
  readonly idleMaxDelayMs: number;
  readonly longestGcMs: number;
  /** From the handover (`show` called) to the first rows painted in the view, and to every row received. */
  readonly firstRowsMs: number;
  readonly allRowsMs: number;
  /** The same first rows as the benchmark saw them through a `reportState` round trip (an upper bound). */
  readonly firstRowsSeenMs: number;
  /** Steps of the view's start, in ms from the panel's creation (new and send cases). */
  readonly steps?: Readonly<Record<string, number>>;
}

function records(): Record<string, unknown>[] {
  return Array.from({ length: RECORDS }, (_, index) => ({
    id: index + 1,
    name: `Partner ${index + 1}`,
    email: `partner${index + 1}@example.com`,
    is_company: index % 3 === 0,
    country_id: [21, 'Belgium'],
    write_date: '2026-11-22 05:00:00',
  }));
}

async function waitFor(
  read: () => Promise<PanelState | undefined>,
  predicate: (state: PanelState) => boolean,
  what: string,
): Promise<PanelState> {
  for (const deadline = Date.now() + 60_000; ; ) {
    const state = await read();
    if (state && predicate(state)) return state;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const epochNow = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The view's start, step by step, in ms from the panel's creation in the extension host. */
function stepsOf(created: number, ready: number | undefined, view: ViewTimeline, handedOver: number): Record<string, number> {
  const from = (moment: number | undefined) => (moment === undefined ? NaN : Math.round(moment - created));
  return {
    documentRequested: from(view.documentRequested),
    documentLoaded: from(view.documentLoaded),
    scriptLoaded: from(view.scriptLoaded),
    scriptStarted: from(view.scriptStarted),
    readySent: from(view.ready),
    readyReceived: from(ready),
    answerHandedOver: from(handedOver),
    answerReceived: from(view.answerReceived),
    firstRowsPainted: from(view.firstRowsPainted),
  };
}

async function sample(requests: RequestsTestApi, kind: Case, round: number): Promise<PanelSample> {
  if (kind !== 'open') await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const body = records();
  // The same monitor for a second with nothing to do: on a shared machine the loop is delayed by other processes too.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await sleep(1000);
  idle.disable();
  const title = `50,000 records (${round + 1})`;
  if (kind === 'send') {
    requests.showRunning(title);
    await sleep(REQUEST_MS);
  }
  const monitor = monitorEventLoopDelay({ resolution: 1 });
  monitor.enable();
  longestGc = 0;
  const handedOver = epochNow();
  requests.showAnswer({
    id: `bench-${round}`,
    title,
    request: 'POST res.partner/search_read',
    status: 200,
    ok: true,
    body,
    sizeBytes: 6_000_000,
  });
  const isThis = (state: PanelState) => state.title === title;
  await waitFor(
    () => requests.panelState(),
    (state) => isThis(state) && state.renderedRows > 0,
    'the first rows',
  );
  const firstRowsSeenMs = epochNow() - handedOver;
  const last = await waitFor(
    () => requests.panelState(),
    (state) => isThis(state) && state.rowsReceived === RECORDS && state.timeline.firstRowsPainted !== undefined,
    'every row',
  );
  monitor.disable();
  const view = last.timeline;
  const host = requests.panelTimeline();
  return {
    case: kind,
    longestTaskMs: requests.panelHandover()?.longestTaskMs ?? NaN,
    longestTaskCpuMs: requests.panelHandover()?.longestTaskCpuMs ?? NaN,
    longestBlockMs: monitor.max / 1e6,
    idleMaxDelayMs: idle.max / 1e6,
    longestGcMs: longestGc,
    firstRowsMs: (view.firstRowsPainted ?? NaN) - handedOver,
    allRowsMs: (view.allRowsReceived ?? NaN) - handedOver,
    firstRowsSeenMs,
    ...(kind !== 'open' && host ? { steps: stepsOf(host.created, host.ready, view, handedOver) } : {}),
  };
}

let longestGc = 0;

export async function run(): Promise<void> {
  console.log('JSON2_TESTS_STARTED');
  const api = await vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer')?.activate();
  const requests = api?.requests;
  if (!requests) throw new Error('the extension did not hand out its test API (test mode)');
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const samples: PanelSample[] = [];
  const plan = (process.env.JSON2_BENCH_PANEL_PLAN ?? 'new,open,send').split(',') as Case[];
  await sleep(Number(process.env.JSON2_BENCH_PANEL_SETTLE_MS ?? 0));
  for (const [round, kind] of plan.entries()) samples.push(await sample(requests, kind, round));
  gcObserver.disconnect();
  const out = process.env.JSON2_BENCH_OUT;
  if (out) fs.writeFileSync(out, JSON.stringify(samples));
  console.log(`JSON2_PANEL_BENCH ${JSON.stringify(samples)}`);
}
