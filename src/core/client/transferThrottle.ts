// Tells a transfer's progress listener at a reader's pace: its start, every 1 % (256 KiB at least) or quarter second, its end.

/** Bytes done so far, and the total when known. */
export type ProgressListener = (doneBytes: number, totalBytes: number | undefined) => void;

/** The fewest bytes between two reports: a reader sees no change below it, however small the chunks are. */
export const MIN_STEP_BYTES = 256 * 1024;
/** A slow transfer still moves on screen this often (when bytes came meanwhile). */
export const REPORT_INTERVAL_MS = 250;

/**
 * A listener called for every chunk that passes (a 12.6 MB backup arrives in some 46,000 of them), which calls
 * `listener` for the first bytes, then only when the transfer moved on by a step (1 % of a known total, at least `MIN_STEP_BYTES`) or
 * `REPORT_INTERVAL_MS` passed, and always when the total is reached. `finish(done)` tells the last count when the
 * total was unknown or not reached.
 */
export function throttledProgress(
  listener: ProgressListener | undefined,
  now: () => number = () => performance.now(),
): { readonly update: ProgressListener; finish(doneBytes: number, totalBytes: number | undefined): void } {
  let reported = 0;
  let reportedAt = now();
  const report = (done: number, total: number | undefined) => {
    reported = done;
    reportedAt = now();
    listener?.(done, total);
  };
  return {
    update(done, total) {
      if (listener === undefined || done <= reported) return;
      const step = Math.max(MIN_STEP_BYTES, total === undefined ? 0 : Math.ceil(total / 100));
      // The first bytes are told at once: the transfer has begun (and may be cancelled from there).
      const first = reported === 0;
      if (first || done - reported >= step || (total !== undefined && done >= total) || now() - reportedAt >= REPORT_INTERVAL_MS)
        report(done, total);
    },
    finish(done, total) {
      if (listener !== undefined && done > reported) report(done, total);
    },
  };
}
