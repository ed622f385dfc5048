// What a run of request files produced: one outcome per request, per file, and the exit code they add up to.
import type { ContextSource } from '../core/connections/defaultContext';
import type { Explanation } from '../core/access/explainTypes';
import type { RunErrorKind } from '../core/requestRun/runErrors';
import type { SecretRedactor } from '../core/redaction/secretRedactor';
import type { RequestRunResult, RequestVerdict } from '../core/requestRun/runResult';
import { diagnosticText } from './diagnosticText';

export type { RequestVerdict };

/** One assertion as checked against the answer. */
export interface AssertionResult {
  /** The line as written (`?? status == 200`). */
  readonly text: string;
  /** 1-based line of the assertion in its file. */
  readonly line: number;
  readonly column: number;
  readonly passed: boolean;
  readonly message: string;
  /** The expected value, when the assertion has one (redacted). */
  readonly expected?: unknown;
  /** For a failed assertion: the value it looked at (redacted); absent when the path selected nothing. */
  readonly actual?: unknown;
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
  /**
   * The context sent, key by key, with where each key came from (request, connection, command line); redacted. The
   * key's name is `name`: the JSON report redacts every member called `key`.
   */
  readonly context?: readonly { readonly name: string; readonly value: unknown; readonly source: ContextSource }[];
  /** The answer (parsed JSON, else text), redacted. */
  readonly body?: unknown;
  readonly assertions: readonly AssertionResult[];
  /** Why it failed, errored or was skipped; redacted. */
  readonly message?: string;
  /** The kind of error of a request that failed without an answer or with an error answer. */
  readonly errorKind?: RunErrorKind;
  /** The server's traceback of an error answer (its `debug`), redacted: printed with --verbose, in JUnit's system-err. */
  readonly traceback?: string;
  /** `file:line:col: message` lines of problems found while resolving. */
  readonly problems: readonly string[];
  /** With --explain: why a 401, 403, empty list or record lacking a field came, one sentence per cause. */
  readonly explanation?: Explanation;
}

/** A request's result as `json2 run` reports it: 1-based places, problems as `file:line:col` lines, one message. */
export function outcomeOf(file: string, result: RequestRunResult): RequestOutcome {
  const assertions = result.assertions.map((assertion) => ({
    text: assertion.text,
    line: assertion.range.start.line + 1,
    column: assertion.range.start.character + 1,
    passed: assertion.passed,
    message: assertion.message,
    ...('expected' in assertion ? { expected: assertion.expected } : {}),
    ...('actual' in assertion ? { actual: assertion.actual } : {}),
  }));
  const message = messageOf(result, assertions);
  return {
    file,
    index: result.index,
    label: result.label,
    ...(result.name !== undefined ? { name: result.name } : {}),
    line: result.range.start.line + 1,
    column: result.range.start.character + 1,
    ...(result.request !== undefined ? { request: result.request } : {}),
    verdict: result.verdict,
    ...(result.status !== undefined ? { httpStatus: result.status } : {}),
    ...(result.stored?.durationMs !== undefined ? { durationMs: result.stored.durationMs } : {}),
    ...(result.context && result.context.length > 0
      ? { context: result.context.map((entry) => ({ name: entry.key, value: entry.value, source: entry.source })) }
      : {}),
    ...(result.body !== undefined ? { body: result.body } : {}),
    assertions,
    ...(message !== undefined ? { message } : {}),
    ...(result.error ? { errorKind: result.error.kind } : {}),
    ...(result.error?.debug ? { traceback: result.error.debug } : {}),
    problems: result.problems.map((problem) => diagnosticText(file, problem)),
    ...(result.explanation ? { explanation: result.explanation } : {}),
  };
}

/**
 * Why a request did not pass: its error, or for an answer the service's error (`HTTP 422: message`), an answer that is
 * not JSON said plainly, and how many assertions failed.
 */
function messageOf(result: RequestRunResult, assertions: readonly AssertionResult[]): string | undefined {
  if (result.verdict === 'passed') return undefined;
  if (result.status === undefined) return result.error?.kind === 'unresolved' ? 'could not be resolved' : result.error?.message;
  const body = result.stored?.body;
  // The service's message when the answer was its error object, and what the "No database is selected" page means
  // (client/databaseSelection.ts), after the status; any other page is said by its own sentence (client/nonJsonAnswer.ts).
  const withStatus =
    (body !== null && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') ||
    result.error?.kind === 'noDatabase';
  const error = result.error === undefined ? '' : withStatus ? `HTTP ${result.status}: ${result.error.message}` : result.error.message;
  const failed = assertions.filter((assertion) => !assertion.passed).length;
  const counted = assertions.length > 0 ? `${failed} of ${assertions.length} assertions failed` : '';
  // The count joins the message's first line: the rest of a multi-line message stays below it.
  const [first = '', ...rest] = error.split('\n');
  return [[first, counted].filter((part) => part !== '').join('; '), ...rest].join('\n');
}

/**
 * The outcome with every text that came from a server, a file or the run's inputs redacted as a value (label, name,
 * request line, message, problems, assertions and their values, context values, answer, traceback), before any
 * report is written from it. The verdict, kinds, places and the file's path are the report's own words and are left
 * as they are: a secret such as `error` must not change what a report says or how it is built.
 */
export function redactOutcome(outcome: RequestOutcome, redactor: SecretRedactor): RequestOutcome {
  const text = (value: string) => redactor.redact(value);
  return {
    ...outcome,
    label: text(outcome.label),
    ...(outcome.name !== undefined ? { name: text(outcome.name) } : {}),
    ...(outcome.request !== undefined ? { request: text(outcome.request) } : {}),
    ...(outcome.context !== undefined
      ? { context: outcome.context.map((entry) => ({ ...entry, name: text(entry.name), value: redactor.redactValue(entry.value) })) }
      : {}),
    ...(outcome.body !== undefined ? { body: redactor.redactValue(outcome.body) } : {}),
    assertions: outcome.assertions.map((assertion) => ({
      ...assertion,
      text: text(assertion.text),
      message: text(assertion.message),
      ...('expected' in assertion ? { expected: redactor.redactValue(assertion.expected) } : {}),
      ...('actual' in assertion ? { actual: redactor.redactValue(assertion.actual) } : {}),
    })),
    ...(outcome.message !== undefined ? { message: text(outcome.message) } : {}),
    ...(outcome.traceback !== undefined ? { traceback: text(outcome.traceback) } : {}),
    problems: outcome.problems.map(text),
  };
}

/** The files of a run with each outcome redacted (`redactOutcome`). */
export function redactFileOutcomes(files: readonly FileOutcome[], redactor: SecretRedactor): FileOutcome[] {
  return files.map((file) => ({ ...file, requests: file.requests.map((request) => redactOutcome(request, redactor)) }));
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
