// What a run of request files produced: one outcome per request, per file, and the exit code they add up to.

/** passed: sent and every check held; failed: an assertion or the status failed; error: not sent or no answer; skipped: not run. */
export type RequestVerdict = 'passed' | 'failed' | 'error' | 'skipped';

/** One assertion as checked against the answer. */
export interface AssertionResult {
  /** The line as written (`?? status == 200`). */
  readonly text: string;
  /** 1-based line of the assertion in its file. */
  readonly line: number;
  readonly column: number;
  readonly passed: boolean;
  readonly message: string;
}

/** One request of a file, run or not. */
export interface RequestOutcome {
  readonly file: string;
  readonly index: number;
  /** The request's name, else its title, else its request line. */
  readonly label: string;
  readonly name?: string;
  /** 1-based line and column of the request's block. */
  readonly line: number;
  readonly column: number;
  /** `POST res.partner/search_read` or `GET /web/version`, once resolved. */
  readonly request?: string;
  readonly verdict: RequestVerdict;
  readonly httpStatus?: number;
  readonly durationMs?: number;
  /** The answer (parsed JSON, else text), redacted. */
  readonly body?: unknown;
  readonly assertions: readonly AssertionResult[];
  /** Why it failed, errored or was skipped; redacted. */
  readonly message?: string;
  /** `file:line:col: message` lines of problems found while resolving. */
  readonly problems: readonly string[];
}

/** One file of the run. */
export interface FileOutcome {
  readonly file: string;
  readonly requests: readonly RequestOutcome[];
  readonly durationMs: number;
}

/** Counts for the summary line and the exit code. */
export interface RunTotals {
  readonly requests: number;
  readonly passed: number;
  readonly failed: number;
  readonly errors: number;
  readonly skipped: number;
  readonly assertions: number;
  readonly assertionsFailed: number;
}

export function totalsOf(files: readonly FileOutcome[]): RunTotals {
  const all = files.flatMap((file) => file.requests);
  const count = (verdict: RequestVerdict) => all.filter((request) => request.verdict === verdict).length;
  const assertions = all.flatMap((request) => request.assertions);
  return {
    requests: all.length,
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    skipped: count('skipped'),
    assertions: assertions.length,
    assertionsFailed: assertions.filter((assertion) => !assertion.passed).length,
  };
}

/** 0 when every request that ran passed, 1 when one failed, errored or was skipped because of a failure. */
export function exitCodeOf(totals: RunTotals): 0 | 1 {
  return totals.failed + totals.errors + totals.skipped === 0 ? 0 : 1;
}

/** One line such as `5 requests: 4 passed, 1 failed; 9 assertions, 1 failed (120 ms)`. */
export function summaryLine(totals: RunTotals, durationMs: number): string {
  const parts = [`${totals.passed} passed`];
  if (totals.failed) parts.push(`${totals.failed} failed`);
  if (totals.errors) parts.push(`${totals.errors} with errors`);
  if (totals.skipped) parts.push(`${totals.skipped} skipped`);
  const requests = `${totals.requests} request${totals.requests === 1 ? '' : 's'}: ${parts.join(', ')}`;
  const assertions = `${totals.assertions} assertion${totals.assertions === 1 ? '' : 's'}${totals.assertionsFailed ? `, ${totals.assertionsFailed} failed` : ''}`;
  return `${requests}; ${assertions} (${Math.round(durationMs)} ms)`;
}
