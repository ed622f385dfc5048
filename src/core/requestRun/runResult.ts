// What one request of a run gave: its verdict, the answer (redacted), the assertions, or why it was not sent.
import type { CallTimings } from '../client/callTimings';
import type { AssertionOperator, Diagnostic, StoredResponse, TextRange } from '../requestFile';
import type { ContextKeySource } from '../connections/defaultContext';
import type { AnswerBytes } from './answerBytes';
import type { RunError } from './runErrors';
import type { ExplainedRequest, Explanation } from '../access/explainTypes';

/** passed: answered and every check held; failed: an assertion or the status failed; error: not sent or no answer; skipped: not run. */
export type RequestVerdict = 'passed' | 'failed' | 'error' | 'skipped';

/** One assertion as checked against the answer (its message redacted). */
export interface AssertionResult {
  /** The line as written (`?? status == 200`). */
  readonly text: string;
  readonly range: TextRange;
  readonly passed: boolean;
  readonly message: string;
  /** The operator; absent when the assertion could not be read. */
  readonly operator?: AssertionOperator;
  /** The expected value (redacted); absent for `exists` and `/regex/` literals. */
  readonly expected?: unknown;
  /** For a failed assertion: the value it looked at (redacted); absent when the path selected nothing. */
  readonly actual?: unknown;
}

/** One request of a run. Everything but `stored` is redacted with every secret the run knew when it ended. */
export interface RequestRunResult {
  readonly index: number;
  /** The request's name, else its title, else its request line. */
  readonly label: string;
  readonly name?: string;
  /** Where the request line is (reports give its line and column). */
  readonly range: TextRange;
  readonly verdict: RequestVerdict;
  /** `verdict === 'passed'`: answered, and every assertion held (without assertions: a 2xx status). */
  readonly ok: boolean;
  /** `POST res.partner/search_read` or `GET /web/version`, once resolved. */
  readonly request?: string;
  /** The connection's name, once chosen. */
  readonly connection?: string;
  /** The context the call sent, key by key, with where each key came from (the request, the connection, `--context`). */
  readonly context?: readonly ContextKeySource[];
  /** The HTTP status (200 for an answer of the deprecated interfaces); absent when no answer came. */
  readonly status?: number;
  readonly timings?: CallTimings;
  /** Bytes of the answer as received. */
  readonly sizeBytes?: number;
  /** The answer: parsed JSON, else text. Absent when the run keeps no answers. */
  readonly body?: unknown;
  /** With `answerBytes` (the editor's panel): a JSON answer as received, instead of `body` and `rawText`. */
  readonly answerBytes?: AnswerBytes;
  /** The answer's text as received, when small enough to keep twice. */
  readonly rawText?: string;
  /** The service's error object of an error answer, or why the request was not sent or got no answer. */
  readonly error?: RunError;
  readonly assertions: readonly AssertionResult[];
  /** Problems met while resolving (messages redacted), with their ranges. */
  readonly problems: readonly Diagnostic[];
  /** The page, when the call has a numeric `limit`. */
  readonly page?: { readonly limit: number; readonly offset: number };
  /** The model call sent (redacted), for "explain this answer"; absent for a route. */
  readonly call?: ExplainedRequest;
  /** With `explainAnswers`: why a 401, 403, empty list or record lacking a field came (core/access). */
  readonly explanation?: Explanation;
  /** The answer as kept for `{{name.response...}}` (not redacted: it stays in memory). */
  readonly stored?: StoredResponse;
}
