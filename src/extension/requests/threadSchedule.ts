// Linux's own account of the calling thread (/proc/thread-self/schedstat): how long it has run, and how long it has
// waited, runnable, for a CPU. Read only once asked for (the panel benchmark): it costs a file read per task.
import { readFileSync } from 'node:fs';

export interface ThreadSchedule {
  readonly ranMs: number;
  readonly waitedMs: number;
}

let measuring = false;

export function measureThreadSchedule(on: boolean): void {
  measuring = on && process.platform === 'linux';
}

/** The thread's totals so far; undefined unless measuring and the kernel tells. */
export function threadSchedule(): ThreadSchedule | undefined {
  if (!measuring) return undefined;
  try {
    const [ranNs, waitedNs] = readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ').map(Number);
    if (!Number.isFinite(ranNs) || !Number.isFinite(waitedNs)) return undefined;
    return { ranMs: ranNs / 1e6, waitedMs: waitedNs / 1e6 };
  } catch {
    measuring = false;
    return undefined;
  }
}

/** What the thread did between two readings. */
export function scheduleBetween(before: ThreadSchedule, after: ThreadSchedule): ThreadSchedule {
  return { ranMs: after.ranMs - before.ranMs, waitedMs: after.waitedMs - before.waitedMs };
}
