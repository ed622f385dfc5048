// Linux's own account of the calling thread (/proc/thread-self/schedstat): how long it has run, and how long it has
// waited, runnable, for a CPU; beside it the time the machine's hypervisor gave its CPUs to others (steal, all CPUs,
// /proc/stat). Read only once asked for (the panel benchmark): it costs two file reads per task.
import { readFileSync } from 'node:fs';

export interface ThreadSchedule {
  readonly ranMs: number;
  readonly waitedMs: number;
  /** Steal of all the machine's CPUs together, in steps of the kernel's clock tick (10 ms at 100 Hz). */
  readonly stolenMs: number;
}

/** The unit of /proc/stat's times (USER_HZ, 100 on Linux). */
const MS_PER_CLOCK_TICK = 10;

let measuring = false;

export function measureThreadSchedule(on: boolean): void {
  measuring = on && process.platform === 'linux';
}

/** The totals so far; undefined unless measuring and the kernel tells. */
export function threadSchedule(): ThreadSchedule | undefined {
  if (!measuring) return undefined;
  try {
    const [ranNs, waitedNs] = readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ').map(Number);
    const stat = readFileSync('/proc/stat', 'latin1');
    const steal = Number(stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/)[8] ?? 0);
    if (![ranNs, waitedNs, steal].every(Number.isFinite)) return undefined;
    return { ranMs: ranNs / 1e6, waitedMs: waitedNs / 1e6, stolenMs: steal * MS_PER_CLOCK_TICK };
  } catch {
    measuring = false;
    return undefined;
  }
}

/** What happened between two readings. */
export function scheduleBetween(before: ThreadSchedule, after: ThreadSchedule): ThreadSchedule {
  return { ranMs: after.ranMs - before.ranMs, waitedMs: after.waitedMs - before.waitedMs, stolenMs: after.stolenMs - before.stolenMs };
}
