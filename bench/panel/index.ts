// Extension-host entry of the panel benchmark: hands a 50,000-record answer to the response panel and measures the
// longest block of the extension host's event loop while it does, and when the first and the last rows show.
import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../src/extension/activate';
import type { PanelState } from '../../src/shared/panelMessages';

const RECORDS = 50_000;

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

async function waitFor(read: () => Promise<PanelState | undefined>, predicate: (state: PanelState) => boolean, what: string): Promise<PanelState> {
  for (const deadline = Date.now() + 60_000; ;) {
    const state = await read();
    if (state && predicate(state)) return state;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function run(): Promise<void> {
  console.log('JSON2_TESTS_STARTED');
  const api = await vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer')?.activate();
  const requests = api?.requests;
  if (!requests) throw new Error('the extension did not hand out its test API (test mode)');
  const samples: { longestBlockMs: number; firstRowsMs: number; allRowsMs: number; showCallMs: number; longestGcMs: number; longestTaskMs: number; idleMaxDelayMs: number }[] = [];
  let longestGc = 0;
  const gcObserver = new PerformanceObserver((list) => { for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration); });
  gcObserver.observe({ entryTypes: ['gc'] });
  for (let round = 0; round < 4; round++) {
    const body = records();
    // The same monitor for a second with nothing to do: on a shared machine the loop is delayed by other processes too.
    const idle = monitorEventLoopDelay({ resolution: 1 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle.disable();
    const monitor = monitorEventLoopDelay({ resolution: 1 });
    monitor.enable();
    longestGc = 0;
    const started = performance.now();
    requests.showAnswer({ id: `bench-${round}`, title: `50,000 records (${round + 1})`, request: 'POST res.partner/search_read', status: 200, ok: true, body, sizeBytes: 6_000_000 });
    const showCallMs = performance.now() - started;
    await waitFor(() => requests.panelState(), (state) => state.title.startsWith('50,000') && state.title.endsWith(`(${round + 1})`) && state.renderedRows > 0, 'the first rows');
    const firstRowsMs = performance.now() - started;
    await waitFor(() => requests.panelState(), (state) => state.rowsReceived === RECORDS, 'every row');
    const allRowsMs = performance.now() - started;
    monitor.disable();
    const handover = requests.panelHandover();
    samples.push({ longestBlockMs: monitor.max / 1e6, firstRowsMs, allRowsMs, showCallMs, longestGcMs: longestGc, longestTaskMs: handover?.longestTaskMs ?? NaN, idleMaxDelayMs: idle.max / 1e6 });
  }
  gcObserver.disconnect();
  const out = process.env.JSON2_BENCH_OUT;
  if (out) fs.writeFileSync(out, JSON.stringify(samples));
  console.log(`JSON2_PANEL_BENCH ${JSON.stringify(samples)}`);
}
