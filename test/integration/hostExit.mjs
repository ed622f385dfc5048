// Why an integration host session stopped before its tests finished: code-server's log of the extension host's exit
// (remoteagent.log), the suite and step the in-host runner had started last, and the evidence a native crash left.
import fs from 'node:fs';
import path from 'node:path';

/** Every file called `name` under `dir`, depth first. */
function filesNamed(dir, name) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesNamed(full, name);
    return entry.name === name ? [full] : [];
  });
}

/**
 * The extension host's first abnormal exit that code-server logged under `userDataDir/logs`, as
 * `{ code, signal, log }` (code a number or null, signal a name or null); undefined when no host exited abnormally.
 * code-server logs "<pid> Extension Host Process exited with code: 0, signal: null." also for a normal end.
 */
export function extensionHostExit(userDataDir) {
  for (const log of filesNamed(path.join(userDataDir, 'logs'), 'remoteagent.log')) {
    for (const match of fs.readFileSync(log, 'utf8').matchAll(/Extension Host Process exited with code: (\S+), signal: (\w+)/g)) {
      const code = match[1] === 'null' ? null : Number(match[1]);
      const signal = match[2] === 'null' ? null : match[2];
      if (signal || code) return { code, signal, log };
    }
  }
  return undefined;
}

/** The core dumps and Node diagnostic reports in `dir`, with their sizes, for the launcher to print. */
export function crashEvidence(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => /^core(\.\d+)?$/.test(name) || /^report\..*\.json$/.test(name))
    .map((name) => {
      const file = path.join(dir, name);
      return { file, bytes: fs.statSync(file).size, kind: name.startsWith('core') ? 'core dump' : 'Node report' };
    });
}

/**
 * The failure to report for a session whose results file does not say the tests finished: a title naming the crash
 * and the suite it happened in, and a detail naming the step and where the evidence is.
 */
export function unfinishedRun({ results, userDataDir, crashDir }) {
  const exit = extensionHostExit(userDataDir);
  const how = exit?.signal
    ? `crashed (${exit.signal})`
    : exit?.code
      ? `exited with code ${exit.code}`
      : 'stopped before its tests finished';
  const suite = results.running?.suite;
  const step = results.running?.step;
  const title = `the extension host ${how} ${suite ? `during suite "${suite}"` : 'before any suite started'}`;
  const evidence = crashEvidence(crashDir).map((one) => `${one.kind} ${one.file} (${Math.round(one.bytes / 1048576)} MiB)`);
  const detail = [
    step ? `its last step: ${step}` : 'no step of it had started',
    exit ? `code-server's log: ${exit.log}` : `no abnormal exit in ${path.join(userDataDir, 'logs')}/*/remoteagent.log`,
    evidence.length > 0 ? `evidence: ${evidence.join(', ')}` : `no core dump or Node report in ${crashDir}`,
  ].join('; ');
  return { title, detail, exit, evidence };
}
