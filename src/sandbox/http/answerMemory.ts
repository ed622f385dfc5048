// Gives back the memory of large answers: a full collection of the main thread's heap once large answers have stopped
// for a moment. V8 collects only when the program allocates, so an idle server would keep a burst's garbage (and the
// pages under it) for good. Only in a process of the sandbox's own: `json2 sandbox` hands over the collector.

/** An answer of at least this many bytes of JSON or XML counts as large. */
export const LARGE_ANSWER_BYTES = 4 * 1024 * 1024;

/** How long after the last large answer the collection runs (a burst is collected once, at its end). */
const QUIET_MS = 2_000;

let collector: (() => void) | null = null;
let timer: NodeJS.Timeout | null = null;

/** Sets (or with null removes) the function that collects the main thread's heap (`gc` of `--expose-gc`). */
export function useCollector(collect: (() => void) | null): void {
  collector = collect;
  if (!collect && timer) {
    clearTimeout(timer);
    timer = null;
  }
}

/** Called when an answer of `bytes` has been written (or abandoned): a large one schedules the collection. */
export function answerWritten(bytes: number): void {
  if (!collector || bytes < LARGE_ANSWER_BYTES) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    collector?.();
  }, QUIET_MS);
  timer.unref();
}
