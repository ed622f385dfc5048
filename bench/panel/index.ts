// Extension-host entry of the panel benchmark: hands an answer of JSON2_BENCH_PANEL_RECORDS records (50,000 unless
// told), as the bytes the client receives, to the response panel and measures the host's peak RSS growth, the
// longest block of the extension host's event loop while it does, and when the first and the last rows show.
// JSON2_BENCH_PANEL_PLAN lists the answers' cases in order: `open` (the panel is already open), `new` (the answer
// creates the panel) and `send` (the panel is created when the request starts, as Send does, and the answer comes
// REQUEST_MS later). JSON2_BENCH_PANEL_SETTLE_MS is a wait before the first answer, so that the session's first panel
// comes after the workbench's start-up. Every moment is on the epoch clock, which the host and the view share.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../src/extension/activate';
import type { RequestsTestApi } from '../../src/extension/requests/registerRequests';
import { measureThreadSchedule, scheduleBetween, threadSchedule } from '../../src/extension/requests/threadSchedule';
import type { PanelState, ViewTimeline } from '../../src/shared/panelMessages';

const RECORDS = Number(process.env.JSON2_BENCH_PANEL_RECORDS ?? 50_000);
/** How long the `send` case's request is in flight before its answer is handed over. */
const REQUEST_MS = 500;

type Case = 'new' | 'open' | 'send';

export interface PanelSample {
  readonly case: Case;
  /** Longest task of the handover in the extension host (the panel times each of its posts), and its CPU time. */
  readonly longestTaskMs: number;
  readonly longestTaskCpuMs: number;
  /**
   * The longest task as the kernel saw the host's main thread: time it ran, and time it waited for a CPU; and the
   * machine's steal meanwhile (all CPUs, in clock ticks). Linux only.
   */
  readonly longestTaskRanMs: number;
  readonly longestTaskWaitedMs: number;
  readonly longestTaskStolenMs: number;
  /** Longest event-loop delay from the handover to the last row in the view, and the same with nothing to do. */
  readonly longestBlockMs: number;
  readonly idleMaxDelayMs: number;
  /** Over that second with nothing to do: how long the host's main thread waited for a CPU, and the machine's steal. */
  readonly idleWaitedMs: number;
  readonly idleStolenMs: number;
  readonly longestGcMs: number;
  /** From the handover (`show` called) to the first rows painted in the view, and to every row received. */
  readonly firstRowsMs: number;
  readonly allRowsMs: number;
  /**
   * From the handover to the later of the first rows painted and the page's `load` event: the workbench keeps a new
   * view's frame hidden until that event (or 200 ms after it wrote the page), so this is when they can be seen.
   */
  readonly firstRowsShownMs: number;
  /** From the handover to the page's first paint when the first rows were in it (a new page), else as the line above. */
  readonly firstRowsOnScreenMs: number;
  /** The same first rows as the benchmark saw them through a `reportState` round trip (an upper bound). */
  readonly firstRowsSeenMs: number;
  /** From the handover to the view's `show`, to its first slice of bytes, and to the first rows in its DOM. */
  readonly answerReceivedMs: number;
  readonly firstBytesMs: number;
  readonly firstRowsInDomMs: number;
  /** The answer's size in bytes, and how far the host's RSS rose above its level just before the handover (peak). */
  readonly answerBytes: number;
  readonly peakRssGrowthBytes: number;
  /** Steps of the view's start, in ms from the panel's creation (new and send cases). */
  readonly steps?: Readonly<Record<string, number>>;
}

/** The answer's bytes as the client receives them, built a slice at a time (no array of every record in the host). */
function answerBytes(): Buffer {
  const parts: Buffer[] = [Buffer.from('[')];
  for (let start = 0; start < RECORDS; start += 10_000) {
    const slice = Array.from({ length: Math.min(10_000, RECORDS - start) }, (_, offset) => {
      const index = start + offset;
      return {
        id: index + 1,
        name: `Partner ${index + 1}`,
        email: `partner${index + 1}@example.com`,
        is_company: index % 3 === 0,
        country_id: [21, 'Belgium'],
        write_date: '2026-11-22 05:00:00',
      };
    });
    parts.push(Buffer.from(`${start > 0 ? ',' : ''}${JSON.stringify(slice).slice(1, -1)}`));
  }
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts);
}

/** Asks the view for its state every `everyMs` until `predicate` holds (each answer holds the page's HTML). */
async function waitFor(
  read: () => Promise<PanelState | undefined>,
  predicate: (state: PanelState) => boolean,
  what: string,
  everyMs: number,
): Promise<PanelState> {
  for (const deadline = Date.now() + 300_000; ; ) {
    const state = await read();
    if (state && predicate(state)) return state;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
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
    documentComplete: from(view.documentComplete),
    readySent: from(view.ready),
    readyReceived: from(ready),
    answerHandedOver: from(handedOver),
    answerReceived: from(view.answerReceived),
    firstBytesReceived: from(view.firstBytesReceived),
    firstRowsInDom: from(view.firstRowsInDom),
    firstRowsPainted: from(view.firstRowsPainted),
    firstPaint: from(view.firstPaint),
  };
}

/** The later of the first rows' frame and the page's `load` event, before which the workbench hides a new view. */
function shownAt(view: ViewTimeline): number {
  return Math.max(view.firstRowsPainted ?? NaN, view.documentComplete ?? NaN);
}

/**
 * When the first rows were on screen: the page's first paint when the rows were in it (a page the answer created),
 * else the later of the frame after the rows and the page's load event.
 */
function onScreen(view: ViewTimeline): number {
  const shown = shownAt(view);
  const paintHadRows = view.firstPaint !== undefined && view.firstRowsInDom !== undefined && view.firstPaint > view.firstRowsInDom;
  return paintHadRows ? Math.max(view.firstPaint as number, shown) : shown;
}

async function sample(requests: RequestsTestApi, kind: Case, round: number): Promise<PanelSample> {
  if (kind !== 'open') await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const bytes = answerBytes();
  // The same monitor for a second with nothing to do: on a shared machine the loop is delayed by other processes too.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  const idleStart = threadSchedule();
  idle.enable();
  await sleep(1000);
  idle.disable();
  const idleEnd = threadSchedule();
  const idleSchedule = idleStart && idleEnd ? scheduleBetween(idleStart, idleEnd) : undefined;
  const title = `${RECORDS.toLocaleString('en')} records (${round + 1})`;
  if (kind === 'send') {
    requests.showRunning(title);
    await sleep(REQUEST_MS);
  }
  const profile = await startProfile();
  const monitor = monitorEventLoopDelay({ resolution: 1 });
  monitor.enable();
  longestGc = 0;
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const rssTimer = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 5);
  const handedOver = epochNow();
  requests.showAnswerBytes(
    { id: `bench-${round}`, title, request: 'POST res.partner/search_read', status: 200, ok: true, sizeBytes: bytes.length },
    bytes,
  );
  const callMs = epochNow() - handedOver;
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  const isThis = (state: PanelState) => state.title === title;
  await waitFor(
    () => requests.panelState(),
    (state) => isThis(state) && state.renderedRows > 0,
    'the first rows',
    5,
  );
  const firstRowsSeenMs = epochNow() - handedOver;
  const last = await waitFor(
    () => requests.panelState(),
    (state) => isThis(state) && state.rowsReceived === RECORDS && state.timeline.firstRowsPainted !== undefined,
    'every row',
    // Every moment measured is the view's own; asking less often keeps the benchmark's share of the work small.
    50,
  );
  monitor.disable();
  await profile?.(`${process.pid}-${RECORDS}-${round}-${kind}`);
  clearInterval(rssTimer);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  const view = last.timeline;
  const host = requests.panelTimeline();
  const handover = requests.panelHandover();
  return {
    case: kind,
    longestTaskMs: Math.max(callMs, handover?.longestTaskMs ?? 0),
    answerBytes: bytes.length,
    peakRssGrowthBytes: rssPeak - rssBefore,
    longestTaskCpuMs: handover?.longestTaskCpuMs ?? NaN,
    longestTaskRanMs: handover?.longestTaskThread?.ranMs ?? NaN,
    longestTaskWaitedMs: handover?.longestTaskThread?.waitedMs ?? NaN,
    longestTaskStolenMs: handover?.longestTaskThread?.stolenMs ?? NaN,
    longestBlockMs: monitor.max / 1e6,
    idleMaxDelayMs: idle.max / 1e6,
    idleWaitedMs: idleSchedule?.waitedMs ?? NaN,
    idleStolenMs: idleSchedule?.stolenMs ?? NaN,
    longestGcMs: longestGc,
    firstRowsMs: (view.firstRowsPainted ?? NaN) - handedOver,
    allRowsMs: (view.allRowsReceived ?? NaN) - handedOver,
    firstRowsShownMs: shownAt(view) - handedOver,
    firstRowsOnScreenMs: onScreen(view) - handedOver,
    firstRowsSeenMs,
    answerReceivedMs: (view.answerReceived ?? NaN) - handedOver,
    firstBytesMs: (view.firstBytesReceived ?? NaN) - handedOver,
    firstRowsInDomMs: (view.firstRowsInDom ?? NaN) - handedOver,
    ...(kind !== 'open' && host ? { steps: stepsOf(host.created, host.ready, view, handedOver) } : {}),
  };
}

let longestGc = 0;

/**
 * JSON2_BENCH_PANEL_PROFILE_DIR: a CPU profile of the extension host from the handover to the last row, written there
 * as `<pid>-<records>-<round>-<case>.cpuprofile` (bench/panel/profileTasks.mjs lists its longest tasks and their parts).
 */
async function startProfile(): Promise<((name: string) => Promise<void>) | undefined> {
  const dir = process.env.JSON2_BENCH_PANEL_PROFILE_DIR;
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  return async (name) => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  };
}

export async function run(): Promise<void> {
  console.log('JSON2_TESTS_STARTED');
  const api = await vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer')?.activate();
  const requests = api?.requests;
  if (!requests) throw new Error('the extension did not hand out its test API (test mode)');
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  // Two switches: the panel's bundle times the handover tasks, this bundle its own idle second.
  requests.measureThreadSchedule(true);
  measureThreadSchedule(true);
  const samples: PanelSample[] = [];
  const plan = (process.env.JSON2_BENCH_PANEL_PLAN ?? 'new,open,send').split(',') as Case[];
  await sleep(Number(process.env.JSON2_BENCH_PANEL_SETTLE_MS ?? 0));
  for (const [round, kind] of plan.entries()) samples.push(await sample(requests, kind, round));
  gcObserver.disconnect();
  const out = process.env.JSON2_BENCH_OUT;
  if (out) fs.writeFileSync(out, JSON.stringify(samples));
  console.log(`JSON2_PANEL_BENCH ${JSON.stringify(samples)}`);
}
