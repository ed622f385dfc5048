// Hands an answer's bytes to the panel's view a slice at a time, each slice copied into a buffer of its own and looked
// over for secrets first; a few slices in flight at most, so that the host never holds more than a few copies.
import type { AnswerBytes } from '../../core/requestRun/answerBytes';
import type { BytesMessage } from '../../shared/panelMessages';
import { scheduleBetween, type ThreadSchedule, threadSchedule } from './threadSchedule';

/**
 * The first slice is small, so that the first rows come quickly. The others bound each task of the host: every
 * slice is copied three times on its way (here, by the RPC layer and by its socket's writer) and looked over for
 * secrets, so that a slice of 256 KiB costs the host about a millisecond where one of 1 MiB cost several, and GC
 * pauses no longer land in a task that is itself long.
 */
const FIRST_SLICE_BYTES = 64 * 1024;
/**
 * The first slice for a view not ready yet, which a new panel's page carries itself: it is written into the page as
 * base64 and read before the page's `load` event, which the workbench waits for to show a new panel, so it holds about
 * a screen of rows and no more. The next slice follows once the view is ready.
 */
const UNREADY_FIRST_SLICE_BYTES = 16 * 1024;
const SLICE_BYTES = 256 * 1024;
/** 2 MiB in flight (16 slices, 4 MiB, gave longer host tasks: more of VS Code's writing overlaps each one). */
const SLICES_IN_FLIGHT = 8;

/** How a records answer was handed over: slices posted, when the last was, and how long its tasks took at most. */
export interface Handover {
  chunks: number;
  /** Wall-clock time of the longest task. */
  longestTaskMs: number;
  /** The most CPU time the host process (all its threads) used during one task. */
  longestTaskCpuMs: number;
  /**
   * The longest task as the kernel saw the host's main thread, when measured (`measureThreadSchedule`): how long it
   * ran and how long it waited for a CPU (the rest of the task's wall-clock time it was blocked, or its virtual CPU
   * was not run), and the machine's steal meanwhile.
   */
  longestTaskThread?: ThreadSchedule;
  doneMs: number;
}

export interface BytesTarget {
  /** Posts a slice; resolves once the view has it. */
  post(message: BytesMessage): Thenable<boolean>;
  /** False once another answer replaced this one. */
  current(): boolean;
  /** Something in the bytes may need redacting: show the answer again, as `bytes` under the id `id`. */
  restart(id: string, bytes: Uint8Array): void;
}

/** Runs one task of a handover and keeps its time if it is the longest yet. */
export function timed<T>(handover: Handover, task: () => T): T {
  const wall = performance.now();
  // Read inside the wall-clock span, so that a wait the kernel counts between the readings is part of the task.
  const schedule = threadSchedule();
  const cpu = process.cpuUsage();
  const result = task();
  const used = process.cpuUsage(cpu);
  const after = schedule && threadSchedule();
  const wallMs = performance.now() - wall;
  if (wallMs > handover.longestTaskMs) {
    handover.longestTaskMs = wallMs;
    handover.longestTaskThread = schedule && after ? scheduleBetween(schedule, after) : undefined;
  }
  handover.longestTaskCpuMs = Math.max(handover.longestTaskCpuMs, (used.user + used.system) / 1000);
  return result;
}

/**
 * The answer's first slice for a view not ready yet, looked over for secrets: undefined when redaction could change
 * something in it.
 */
export function firstSlice(id: string, answer: AnswerBytes): BytesMessage | undefined {
  const end = Math.min(answer.size, UNREADY_FIRST_SLICE_BYTES);
  if (end === 0 || answer.mayHoldSecrets(0, end)) return undefined;
  return { type: 'bytes', id, start: 0, data: new Uint8Array(answer.bytes.subarray(0, end)) };
}

/**
 * Posts `answer`'s bytes from `from` (a first slice went already) as `bytes` messages of the answer `id`. A slice in which redaction could change something
 * stops the handover: the answer is redacted whole (parsed, as before this existed) and handed over again.
 */
export async function handOverBytes(target: BytesTarget, id: string, answer: AnswerBytes, handover: Handover, from = 0): Promise<void> {
  const started = performance.now();
  let bytes = answer.bytes;
  let checked = false;
  const inFlight: Thenable<boolean>[] = [];
  if (from > 0) handover.chunks += 1;
  for (let start = from; start < bytes.length; ) {
    if (!target.current()) return;
    const end = Math.min(bytes.length, start + (start === 0 ? FIRST_SLICE_BYTES : SLICE_BYTES));
    const posted = timed(handover, () => {
      if (!checked && answer.mayHoldSecrets(start, end)) return undefined;
      return target.post({ type: 'bytes', id, start, data: new Uint8Array(bytes.subarray(start, end)) });
    });
    if (posted === undefined) {
      bytes = timed(handover, () => answer.redacted());
      checked = true;
      id = `${id}-redacted`;
      target.restart(id, bytes);
      start = 0;
      continue;
    }
    handover.chunks += 1;
    inFlight.push(posted);
    if (inFlight.length >= SLICES_IN_FLIGHT) await inFlight.shift();
    else await new Promise((resolve) => setImmediate(resolve));
    start = end;
  }
  handover.doneMs = performance.now() - started;
}
