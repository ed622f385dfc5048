// Measures handing a 50,000-record answer (and one of 500,000 records, about 100 MB) to the response panel in a real extension host (code-server driven by
// Chromium): the longest task of the handover and the longest event-loop delay in the host, and the time from the
// handover (the host calls `show`) to the first rows painted in the view and to every row received.
// Each host session has a fresh browser profile. Its first panel is a case of its own: in the long sessions it comes
// while the workbench is still starting (the host starts the tests as soon as it is up; VS Code's start-up work delays
// the first webview by seconds: "start-up"), in the short ones SETTLE_MS later ("settled", as when a person opens a
// file and clicks Send). The other panels are warm. Cases (bench/panel/index.ts): `open` (answer to an open panel),
// `new` (the answer creates the panel), `send` (the panel is created when the request starts, as Send does, and the
// answer comes 500 ms later).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SESSIONS = Number(process.env.JSON2_BENCH_PANEL_SESSIONS ?? 3);
const SETTLED_SESSIONS = Number(process.env.JSON2_BENCH_PANEL_SETTLED_SESSIONS ?? 4);
const SETTLE_MS = 5_000;
/** What each session's first panel is, in turn. */
const FIRST_CASES = ['send', 'new'];
/** The large answer: one session of LARGE_PLAN (after SETTLE_MS) with this many records (about 100 MB). */
const LARGE_RECORDS = Number(process.env.JSON2_BENCH_PANEL_LARGE_RECORDS ?? 500_000);
const LARGE_PLAN = ['new', 'open', 'open', 'new'];
/** The warm answers of each long session; JSON2_BENCH_PANEL_WARM_PLAN (comma-separated cases) replaces them, e.g. `new` × 10. */
const WARM_PLAN = process.env.JSON2_BENCH_PANEL_WARM_PLAN?.split(',') ?? [
  'open',
  'open',
  'new',
  'send',
  'open',
  'new',
  'send',
  'open',
  'new',
  'send',
];

/** One host session; `first` says what its first panel is: `startup` (no wait) or `settled` (SETTLE_MS first). */
function runSession(root, plan, first, records = 50_000) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-panel-bench-'));
  const workspace = path.join(scratch, 'workspace');
  const out = path.join(scratch, 'samples.json');
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  try {
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'test/host/runExtensionTests.mjs'),
        `--extensionDevelopmentPath=${root}`,
        `--extensionTestsPath=${path.join(root, 'out/bench/panel/index.js')}`,
        `--user-data-dir=${path.join(scratch, 'user-data')}`,
        '--disable-extensions',
        '--disable-workspace-trust',
        workspace,
      ],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          JSON2_BENCH_OUT: out,
          JSON2_BENCH_PANEL_PLAN: plan.join(','),
          JSON2_BENCH_PANEL_RECORDS: String(records),
          JSON2_BENCH_PANEL_SETTLE_MS: String(first === 'settled' ? SETTLE_MS : 0),
        },
      },
    );
    const samples = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : undefined;
    if (result.status !== 0 || !samples) throw new Error(`the panel benchmark failed:\n${(result.stdout + result.stderr).slice(-2000)}`);
    return samples.map((sample, index) => ({ ...sample, first: index === 0 ? first : undefined }));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const round = (value) => (Number.isFinite(value) ? Math.round(value) : 'n/a');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
/** `median / worst (n samples)`. */
const spread = (samples, key) => {
  const values = samples.map((sample) => sample[key]).filter(Number.isFinite);
  return values.length === 0 ? 'n/a' : `${round(median(values))} / ${round(Math.max(...values))} (n=${values.length})`;
};

/**
 * The longest handover task of all, as the kernel saw the host's main thread: how long it ran, waited for a CPU, and
 * neither (the rest), with the machine's steal meanwhile. Run-queue waits and steal are the machine's other work, not
 * the handover's.
 */
const worstTask = (samples) => {
  const measured = samples.filter((s) => Number.isFinite(s.longestTaskMs) && Number.isFinite(s.longestTaskRanMs));
  if (measured.length === 0) return 'n/a';
  const worst = measured.reduce((a, b) => (b.longestTaskMs > a.longestTaskMs ? b : a));
  const blocked = Math.max(0, worst.longestTaskMs - worst.longestTaskRanMs - worst.longestTaskWaitedMs);
  const ms = (value) => value.toFixed(1);
  return `${ms(worst.longestTaskMs)} ms: ran ${ms(worst.longestTaskRanMs)}, waited for a CPU ${ms(worst.longestTaskWaitedMs)}, neither ${ms(blocked)} (blocked, or its CPU taken by the hypervisor); the machine's steal meanwhile ${ms(worst.longestTaskStolenMs)} (${worst.case})`;
};

/** `median / worst` of the host's peak RSS growth, in MB and as a multiple of the answer's size. */
const rssGrowth = (samples) => {
  const values = samples.map((s) => s.peakRssGrowthBytes).filter(Number.isFinite);
  if (values.length === 0) return 'n/a';
  const size = samples[0].answerBytes;
  const mb = (bytes) => (bytes / 1e6).toFixed(0);
  return `${mb(median(values))} / ${mb(Math.max(...values))} MB (×${(median(values) / size).toFixed(2)} / ×${(Math.max(...values) / size).toFixed(2)} of the answer's ${mb(size)} MB, n=${values.length})`;
};

/** Medians of the view's moments from the handover: `show` received, first slice of bytes, first rows in the DOM. */
const viewSteps = (samples) =>
  ['answerReceivedMs', 'firstBytesMs', 'firstRowsInDomMs']
    .map((key) => round(median(samples.map((sample) => sample[key]).filter(Number.isFinite))))
    .join(' / ');

/** The 500,000-record answer: one session, its first answer after SETTLE_MS. */
function measureLarge(root, results) {
  if (LARGE_RECORDS <= 0) return;
  const samples = runSession(root, LARGE_PLAN, 'settled', LARGE_RECORDS);
  const label = `panel ${LARGE_RECORDS.toLocaleString('en')} records`;
  results[`${label}: answers`] = `1 session × ${LARGE_PLAN.join(', ')} (first after ${SETTLE_MS / 1000} s)`;
  results[`${label}: longest handover task in the extension host, ms, median / worst`] = spread(samples, 'longestTaskMs');
  results[`${label}: most CPU time the host process used in one handover task, ms, median / worst`] = spread(samples, 'longestTaskCpuMs');
  results[`${label}: the longest handover task, as the kernel saw the host's main thread`] = worstTask(samples);
  results[`${label}: host peak RSS growth, median / worst`] = rssGrowth(samples);
  results[`${label}: longest event-loop delay, handover → all rows, ms, median / worst`] = spread(samples, 'longestBlockMs');
  for (const kind of ['open', 'new']) {
    const chosen = samples.filter((s) => s.case === kind);
    results[`${label}: ${kind} panel: handover → first rows painted, ms, median / worst`] = spread(chosen, 'firstRowsMs');
    results[`${label}: ${kind} panel: handover → first rows shown (painted, and the page's load event), ms, median / worst`] = spread(
      chosen,
      'firstRowsShownMs',
    );
    results[`${label}: ${kind} panel: handover → first rows on screen (a new page's first paint), ms, median / worst`] = spread(
      chosen,
      'firstRowsOnScreenMs',
    );
    results[`${label}: ${kind} panel: handover → view's show / first bytes / first rows in the DOM, ms, medians`] = viewSteps(chosen);
    results[`${label}: ${kind} panel: handover → all rows received, ms, median / worst`] = spread(chosen, 'allRowsMs');
  }
}

export function measurePanel(root) {
  const samples = [];
  for (let session = 0; session < SESSIONS; session++)
    samples.push(...runSession(root, [FIRST_CASES[session % FIRST_CASES.length], ...WARM_PLAN], 'startup'));
  for (let session = 0; session < SETTLED_SESSIONS; session++)
    samples.push(...runSession(root, [FIRST_CASES[session % FIRST_CASES.length], 'open'], 'settled'));
  const results = {
    'panel: host sessions (each with a fresh browser profile) × answers': `${SESSIONS} × ${WARM_PLAN.length + 1}, then ${SETTLED_SESSIONS} × 2 (first answer after ${SETTLE_MS / 1000} s)`,
    'panel: longest handover task in the extension host, ms, median / worst, every answer': spread(samples, 'longestTaskMs'),
    'panel: most CPU time the host process used in one handover task (all its threads), ms, median / worst': spread(
      samples,
      'longestTaskCpuMs',
    ),
    "panel: the longest handover task of all, as the kernel saw the host's main thread": worstTask(samples),
    'panel: event-loop delay with nothing to do (1 s before each answer), ms, median / worst': spread(samples, 'idleMaxDelayMs'),
    "panel: in that second, the host's main thread waited for a CPU, ms, median / worst": spread(samples, 'idleWaitedMs'),
    "panel: in that second, the machine's steal (all CPUs), ms, median / worst": spread(samples, 'idleStolenMs'),
    'panel: host peak RSS growth during the handover, median / worst': rssGrowth(samples),
  };
  const later = (s) => s.first === undefined;
  const cases = [
    ['open', 'open panel', samples.filter((s) => s.case === 'open')],
    ['new', 'new panel (the answer creates it), warm', samples.filter((s) => s.case === 'new' && later(s))],
    ['send', 'panel created at Send, answer 500 ms later, warm', samples.filter((s) => s.case === 'send' && later(s))],
    [
      'new-settled',
      `new panel, first of a session, ${SETTLE_MS / 1000} s after the host started`,
      samples.filter((s) => s.case === 'new' && s.first === 'settled'),
    ],
    [
      'send-settled',
      `panel created at Send, first of a session, ${SETTLE_MS / 1000} s after the host started`,
      samples.filter((s) => s.case === 'send' && s.first === 'settled'),
    ],
    [
      'new-startup',
      "new panel, first of a session, during the workbench's start-up",
      samples.filter((s) => s.case === 'new' && s.first === 'startup'),
    ],
    [
      'send-startup',
      "panel created at Send, first of a session, during the workbench's start-up",
      samples.filter((s) => s.case === 'send' && s.first === 'startup'),
    ],
  ];
  for (const [, label, chosen] of cases) {
    if (chosen.length === 0) continue;
    results[`panel: ${label}: handover → first rows painted, ms, median / worst`] = spread(chosen, 'firstRowsMs');
    results[`panel: ${label}: handover → first rows shown (painted, and the page's load event), ms, median / worst`] = spread(
      chosen,
      'firstRowsShownMs',
    );
    results[`panel: ${label}: handover → first rows on screen (a new page's first paint), ms, median / worst`] = spread(
      chosen,
      'firstRowsOnScreenMs',
    );
    results[`panel: ${label}: handover → view's show / first bytes / first rows in the DOM, ms, medians`] = viewSteps(chosen);
    results[`panel: ${label}: handover → all 50,000 rows received, ms, median / worst`] = spread(chosen, 'allRowsMs');
    results[`panel: ${label}: longest event-loop delay, handover → all rows, ms, median / worst`] = spread(chosen, 'longestBlockMs');
    results[`panel: ${label}: longest GC pause meanwhile, ms, median / worst`] = spread(chosen, 'longestGcMs');
  }
  // The view's start, step by step from the panel's creation, for each panel the benchmark created.
  const steps = samples
    .filter((sample) => sample.steps)
    .map(
      (sample) =>
        `${sample.first ? `${sample.first} ` : ''}${sample.case}: ${Object.entries(sample.steps)
          .map(([step, ms]) => `${step} ${round(ms)}`)
          .join(', ')}`,
    );
  results["panel: start steps, ms from the panel's creation"] = `\n  ${steps.join('\n  ')}`;
  results[
    "panel: samples (case, task, task CPU, the task's main thread ran / waited for a CPU / the machine's steal, delay, idle delay, gc, first rows painted, first rows seen by a reportState round trip, all rows)"
  ] = JSON.stringify(
    samples.map((s) => [
      `${s.first ? `${s.first} ` : ''}${s.case}`,
      ...[s.longestTaskMs, s.longestTaskCpuMs].map(round),
      `${s.longestTaskRanMs?.toFixed(1)} / ${s.longestTaskWaitedMs?.toFixed(1)} / ${s.longestTaskStolenMs}`,
      ...[s.longestBlockMs, s.idleMaxDelayMs, s.longestGcMs, s.firstRowsMs, s.firstRowsSeenMs, s.allRowsMs].map(round),
    ]),
  );
  measureLarge(root, results);
  return results;
}
