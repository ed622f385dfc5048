// One install at a time across processes: two test runs started together on a fresh machine (CI beside a benchmark,
// two soaks) would otherwise install code-server into the same folder at once and break each other's native builds.
// The lock is a folder (made atomically) holding its owner's pid; a lock whose owner has died is taken over.
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './processAlive.mjs';

const WAIT_STEP_MS = 500;
/** A lock folder without its pid file yet: its owner died between making it and writing the pid, if it is this old. */
const UNOWNED_STALE_MS = 60_000;

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** True when the lock at `lockDir` can be removed: its owner is gone. */
function isStale(lockDir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
  } catch {
    try {
      return Date.now() - fs.statSync(lockDir).mtimeMs > UNOWNED_STALE_MS;
    } catch {
      return false;
    }
  }
  return !Number.isInteger(pid) || pid <= 0 || !isAlive(pid);
}

/**
 * Runs `work` (synchronous) while holding the lock folder `lockDir`; waits up to `timeoutMs` for another process's
 * hold to end, telling `onWait` once.
 */
export function withInstallLock(lockDir, work, { timeoutMs = 30 * 60_000, onWait = () => {} } = {}) {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (let told = false; ; ) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (isStale(lockDir)) {
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another process has held ${lockDir} for more than ${Math.round(timeoutMs / 1000)} s`);
    if (!told) onWait();
    told = true;
    sleepSync(WAIT_STEP_MS);
  }
  try {
    fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
    return work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}
