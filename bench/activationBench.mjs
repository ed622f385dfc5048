// Measures the extension's activation in a real extension host (code-server), from the host's own logs:
// the host's preparation (from `_doActivateExtension` to `_callActivateOptional`, trace level) and the extension's
// own cost (bundle loading plus activate(), which the extension writes to its log when it activates).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const EXTENSION_ID = 'json2-explorer.json2-explorer';
const TIMESTAMP = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})/;

function filesNamed(dir, name) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesNamed(full, name) : entry.name === name ? [full] : [];
  });
}

function timeOfLine(text, needle) {
  const line = text.split('\n').find((l) => l.includes(needle));
  const stamp = line && TIMESTAMP.exec(line)?.[1];
  return stamp ? Date.parse(stamp.replace(' ', 'T') + 'Z') : undefined;
}

function oneRun(root) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-activation-'));
  const workspace = path.join(scratch, 'workspace');
  const userDataDir = path.join(scratch, 'user-data');
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'test/host/runExtensionTests.mjs'),
      `--extensionDevelopmentPath=${root}`,
      `--extensionTestsPath=${path.join(root, 'out/bench/activation/index.js')}`,
      `--user-data-dir=${userDataDir}`,
      '--log=trace',
      '--disable-extensions',
      '--disable-workspace-trust',
      workspace,
    ],
    { encoding: 'utf8' },
  );
  try {
    if (result.status !== 0) throw new Error(`the activation run failed:\n${(result.stdout + result.stderr).slice(-2000)}`);
    const hostLog = filesNamed(path.join(userDataDir, 'logs'), 'remoteexthost.log')
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const ownLog = filesNamed(path.join(userDataDir, 'logs'), 'JSON-2.log')
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const requested = timeOfLine(hostLog, `_doActivateExtension ${EXTENSION_ID}`);
    const called = timeOfLine(hostLog, `_callActivateOptional ${EXTENSION_ID}`);
    const own = /activated in ([\d.]+) ms \(module ([\d.]+) ms, activate ([\d.]+) ms\)/.exec(ownLog);
    if (requested === undefined || called === undefined || !own) throw new Error('activation lines missing from the extension host logs');
    return { hostPreparationMs: called - requested, extensionMs: Number(own[1]), moduleMs: Number(own[2]), activateMs: Number(own[3]) };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs the host `runs` times and gives the medians. */
export function measureActivation(root, runs = 3) {
  const samples = Array.from({ length: runs }, () => oneRun(root));
  return {
    'activation: extension (module + activate), ms': median(samples.map((s) => s.extensionMs)),
    'activation: module loading, ms': median(samples.map((s) => s.moduleMs)),
    'activation: activate(), ms': median(samples.map((s) => s.activateMs)),
    'activation: host preparation (doActivate → callActivate), ms': median(samples.map((s) => s.hostPreparationMs)),
    'activation: runs': runs,
  };
}
