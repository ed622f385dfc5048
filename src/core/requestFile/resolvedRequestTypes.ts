// What resolving a request needs (variables, responses, a prompt port) and what it gives: a request ready to send.
import type { AssertionOperator, AssertionSubjectRoot } from './requestFileTypes';
import type { PathStep } from './placeholderTypes';
import type { TextRange } from './textRange';

/** A response kept for `{{name.response...}}` and evaluated by assertions. */
export interface StoredResponse {
  readonly status: number;
  /** Header names in any case; a repeated header may be a list. */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /** The parsed JSON answer (or the text when it was not JSON). */
  readonly body: unknown;
  /** Set when the answer is not JSON (a page, text, a redirect, nothing): what it is, in one sentence. */
  readonly notJson?: string;
  /** Time from sending to the end of the answer, in milliseconds (for `?? duration`). */
  readonly durationMs?: number;
}

/** Where named responses are kept between runs (per file, per session: the caller decides). */
export interface ResponseStore {
  get(requestName: string): StoredResponse | undefined;
}

/** A question for the user, from `# @prompt name [description]`. */
export interface PromptQuestion {
  readonly name: string;
  readonly description?: string;
  /** True when the answer must be masked while typed. */
  readonly secret: boolean;
}

/** Asks the user; resolves to undefined when the user cancels. */
export type PromptPort = (question: PromptQuestion) => Promise<string | undefined>;

/** Everything outside the file that placeholders may read. All optional; missing sources simply have no values. */
export interface ResolveContext {
  /** The connection's variables (its environment). */
  readonly variables?: Readonly<Record<string, string>>;
  /** Values of the `.env` file given to the run. */
  readonly dotenv?: Readonly<Record<string, string>>;
  /** The process environment for `{{$processEnv NAME}}` (pass `process.env` to allow it). */
  readonly processEnv?: Readonly<Record<string, string | undefined>>;
  readonly responses?: ResponseStore;
  readonly prompt?: PromptPort;
  /** Answers already given, by prompt name; new answers are added. Keep the map for one run to ask once. */
  readonly promptAnswers?: Map<string, string>;
  readonly now?: () => Date;
  readonly randomUuid?: () => string;
  /** A number in [0, 1). */
  readonly random?: () => number;
}

/** A value that must not be shown: logs, history and exports replace it. */
export interface SecretValue {
  /** The variable, prompt or environment name it came from. */
  readonly name: string;
  readonly value: string;
}

/** What a request calls once resolved. */
export type ResolvedTarget =
  | { readonly kind: 'call'; readonly model: string; readonly method: string }
  | { readonly kind: 'route'; readonly path: string };

/** An assertion ready to be checked against a response. */
export interface ResolvedAssertion {
  readonly range: TextRange;
  /** The line as written, for reports. */
  readonly text: string;
  readonly subjectRoot: AssertionSubjectRoot;
  readonly subjectPath: readonly PathStep[];
  readonly operator: AssertionOperator;
  /** The expected JSON value (absent for `exists` and regular-expression literals). */
  readonly expected?: unknown;
  /** For `matches`: the expression to match. */
  readonly regex?: { readonly source: string; readonly flags: string };
}

/** A request with every placeholder replaced: what a runner sends. */
export interface ResolvedRequest {
  /** Position in the parsed file's `requests`. */
  readonly index: number;
  readonly name?: string;
  readonly title?: string;
  /** A label for lists and reports: the name, else the title, else the request line. */
  readonly label: string;
  readonly range: TextRange;
  /** The saved connection to use (the request's, else the file's); undefined means the active connection. */
  readonly connection?: string;
  /** Present when the user must confirm before sending, with the optional message. */
  readonly confirm?: { readonly message?: string };
  readonly httpMethod: 'GET' | 'POST';
  readonly target: ResolvedTarget;
  /** The path to request on the connection's server: `/json/2/model/method` or the route. */
  readonly path: string;
  /**
   * Headers written in the file, resolved. The runner adds Authorization (the connection's key), Content-Type
   * and the database headers; a header of the same name written in the file wins (a database header names the
   * database of every database header sent).
   */
  readonly headers: readonly { readonly name: string; readonly value: string }[];
  /**
   * The database named by a database header in the file (`X-Odoo-Database` or `X-Service-Database`): it replaces the
   * connection's in every database header sent (client/databaseSelection.ts). Empty: no database.
   */
  readonly database?: string;
  /** For calls: the JSON body (named arguments, `ids`, `context`); `{}` when the file has none. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** For calls: the body as JSON text to send. */
  readonly bodyText?: string;
  /** For calls: the body's `ids`, when given. */
  readonly ids?: readonly number[];
  /** For calls: the body's `context`, when given. */
  readonly context?: Readonly<Record<string, unknown>>;
  /** For calls: the named arguments, that is the body without `ids` and `context`. */
  readonly args?: Readonly<Record<string, unknown>>;
  readonly assertions: readonly ResolvedAssertion[];
  /** Values from secret-looking names and secret prompts used by this request. */
  readonly secrets: readonly SecretValue[];
}
