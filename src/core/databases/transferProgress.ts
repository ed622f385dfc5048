// Turns byte counts of a backup or restore into progress steps: a readable size and the percentage gained since last time.

/** `512 B`, `27.5 KB`, `1.2 MB`, `3.40 GB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 && unit >= 2 ? 2 : 1)} ${units[unit]}`;
}

export interface ProgressStep {
  /** `1.2 MB of 40.0 MB` or `1.2 MB` when the total is unknown. */
  readonly message: string;
  /** Percentage points gained since the previous step (0 when the total is unknown). */
  readonly increment: number;
}

/**
 * Follows a transfer and says, at most every `minIntervalMs`, how far it is (the last step is always told). VS Code's
 * progress takes increments, not positions, so the percentage already reported is remembered.
 */
export class TransferProgress {
  #reportedPercent = 0;
  #lastAt = -Infinity;
  readonly #minIntervalMs: number;
  readonly #now: () => number;

  constructor(minIntervalMs = 100, now: () => number = () => performance.now()) {
    this.#minIntervalMs = minIntervalMs;
    this.#now = now;
  }

  /** The step to show for `done` bytes of `total`, or undefined when it is too soon after the previous one. */
  update(done: number, total: number | undefined): ProgressStep | undefined {
    const finished = total !== undefined && done >= total;
    if (!finished && this.#now() - this.#lastAt < this.#minIntervalMs) return undefined;
    this.#lastAt = this.#now();
    if (total === undefined || total <= 0) return { message: formatBytes(done), increment: 0 };
    const percent = Math.min(100, (done / total) * 100);
    const increment = percent - this.#reportedPercent;
    this.#reportedPercent = percent;
    return { message: `${formatBytes(done)} of ${formatBytes(total)}`, increment };
  }
}
