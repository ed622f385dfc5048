// Measures handing a 50,000-record answer to the response panel in a real extension host (code-server): the longest
// block of the host's event loop meanwhile, and the time until the first and the last rows are in the view.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function measurePanel(root) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-panel-bench-'));
  const workspace = path.join(scratch, 'workspace');
  const out = path.join(scratch, 'samples.json');
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  const result = spawnSync(process.execPath, [path.join(root, 'test/host/runExtensionTests.mjs'), `--extensionDevelopmentPath=${root}`,
    `--extensionTestsPath=${path.join(root, 'out/bench/panel/index.js')}`, `--user-data-dir=${path.join(scratch, 'user-data')}`, '--disable-extensions', '--disable-workspace-trust', workspace],
  { encoding: 'utf8', env: { ...process.env, JSON2_BENCH_OUT: out } });
  try {
    const line = /JSON2_PANEL_BENCH (.*)/.exec(result.stdout + result.stderr)?.[1];
    const samples = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : line ? JSON.parse(line) : undefined;
    if (result.status !== 0 || !samples) throw new Error(`the panel benchmark failed:\n${(result.stdout + result.stderr).slice(-2000)}`);
    // The first round also creates the panel (the webview boots); the next three hand answers to an open panel.
    const [fresh, ...open] = samples;
    const worst = (key) => Math.max(...open.map((sample) => sample[key]));
    return {
      'panel: 50,000 records, longest handover task in the extension host, ms (worst of 4)': Math.max(fresh.longestTaskMs, worst('longestTaskMs')),
      'panel: 50,000 records to an open panel, longest event-loop delay meanwhile, ms (worst of 3)': worst('longestBlockMs'),
      'panel: event-loop delay with nothing to do, ms (worst of 3)': worst('idleMaxDelayMs'),
      'panel: 50,000 records to an open panel, longest GC pause meanwhile, ms (worst of 3)': worst('longestGcMs'),
      'panel: 50,000 records to an open panel, first rows shown, ms (worst of 3)': worst('firstRowsMs'),
      'panel: 50,000 records to an open panel, all rows in the view, ms (worst of 3)': worst('allRowsMs'),
      'panel: 50,000 records to a new panel, first rows shown, ms': fresh.firstRowsMs,
      'panel: 50,000 records to a new panel, longest event-loop delay / GC pause, ms': `${Math.round(fresh.longestBlockMs)} / ${Math.round(fresh.longestGcMs)}`,
      'panel: samples (task, delay, idle delay, gc, first, all)': JSON.stringify(samples.map((s) => [s.longestTaskMs, s.longestBlockMs, s.idleMaxDelayMs, s.longestGcMs, s.firstRowsMs, s.allRowsMs].map(Math.round))),
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
