// Timing and size records of one call, for the response panel, the log and the benchmarks (never any secret).

/** Milliseconds from the start of the call. */
export interface CallTimings {
  /** Until the request had a connection to go out on: waiting for a free connection plus opening one when needed. */
  readonly connectMs: number;
  /** Until the first byte of the answer. */
  readonly firstByteMs: number;
  /** Until the last byte of the answer was received and decoded. */
  readonly totalMs: number;
}

export interface CallSizes {
  readonly requestBytes: number;
  /** Body bytes on the wire (compressed when the server compressed). */
  readonly responseBytes: number;
  readonly decodedBytes: number;
}

/** One call as the log and the panel show it: what was called and how it went, never headers or bodies. */
export interface CallRecord {
  readonly target: string;
  readonly status: number | undefined;
  readonly ok: boolean;
  readonly timings: CallTimings | undefined;
  readonly sizes: CallSizes | undefined;
  /** The error kind when the call failed. */
  readonly errorKind?: string;
}

/** Builds timings from `performance.now()` marks; marks that never happened count as the end. */
export function timingsSince(started: number, connectedAt: number | undefined, firstByteAt: number | undefined): CallTimings {
  const now = performance.now();
  const round = (t: number): number => Math.round(t * 1000) / 1000;
  return {
    connectMs: round((connectedAt ?? now) - started),
    firstByteMs: round((firstByteAt ?? now) - started),
    totalMs: round(now - started),
  };
}
