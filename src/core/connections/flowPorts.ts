// What a command's flow needs besides questions (`InputPort`): a notification with progress for long work, and the log.

/** One step of progress: a message, and how many of 100 points it adds. */
export type ReportProgress = (step: { readonly message?: string; readonly increment?: number }) => void;

export interface ProgressPort {
  /** Runs `work` under a notification titled `title`; when `cancellable`, its Cancel button aborts the signal. */
  run<T>(title: string, cancellable: boolean, work: (report: ReportProgress, signal: AbortSignal) => Promise<T>): Promise<T>;
}

/** The lines a flow writes to the "JSON-2" log (never a secret). */
export interface FlowLog {
  info(line: string): void;
  warn(line: string): void;
}
