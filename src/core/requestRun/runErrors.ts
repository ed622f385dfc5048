// Why a request of a run failed, as one typed kind from the clients' errors to the panel and the CLI's reports.
import { ClientError, type ErrorKind, errorKindOf } from '../client/clientErrors';
import { describeAnswerWithoutErrorObject } from '../client/nonJsonAnswer';
import type { StoredResponse } from '../requestFile';
import type { SecretRedactor } from '../redaction/secretRedactor';
import type { RunErrorKind } from './runErrorKind';

export type { RunErrorKind };

/** The pipeline's kinds, for callers that tell them from a server's answer. */
export const NOT_SENT_KINDS: ReadonlySet<RunErrorKind> = new Set([
  'notRun',
  'unresolved',
  'connection',
  'declined',
  'refused',
  'unsupported',
  'unsafe',
]);

/** A failed request's error: the service's error object (name, arguments, traceback) or the pipeline's reason. */
export interface RunError {
  readonly kind: RunErrorKind;
  /** The server's exception name, when there is one. */
  readonly name?: string;
  readonly message: string;
  readonly arguments?: readonly unknown[];
  /** The server's traceback. */
  readonly debug?: string;
}

/** Thrown inside the pipeline (and by its ports) to end a request with a kind; becomes the result's error. */
export class RunFailure extends Error {
  readonly kind: RunErrorKind;

  constructor(kind: RunErrorKind, message: string) {
    super(message);
    this.name = 'RunFailure';
    this.kind = kind;
  }
}

const CLIENT_KINDS: ReadonlySet<string> = new Set<ErrorKind>([
  'auth',
  'access',
  'missing',
  'validation',
  'badRequest',
  'notFound',
  'noDatabase',
  'conflict',
  'payloadTooLarge',
  'unsupportedMediaType',
  'server',
  'timeout',
  'cancelled',
  'network',
  'responseTooLarge',
  'invalidResponse',
  'unsafe',
]);

function isRunErrorKind(kind: unknown): kind is RunErrorKind {
  return typeof kind === 'string' && (CLIENT_KINDS.has(kind) || NOT_SENT_KINDS.has(kind as RunErrorKind));
}

/**
 * The run error of anything thrown while a request was prepared or sent: a client's typed error (with the server's
 * exception name, arguments and traceback for the deprecated interfaces' faults), a `RunFailure`, or `fallback` for
 * an error without a known kind. Every text is redacted.
 */
export function runErrorOf(error: unknown, redactor: SecretRedactor, fallback: RunErrorKind = 'network'): RunError {
  const thrown = error instanceof Error ? error : new Error(String(error));
  const fields = thrown as Error & { kind?: unknown; exceptionName?: unknown; arguments?: unknown; debug?: unknown };
  const kind = isRunErrorKind(fields.kind) ? fields.kind : thrown instanceof ClientError ? thrown.kind : fallback;
  return {
    kind,
    ...(typeof fields.exceptionName === 'string' ? { name: fields.exceptionName } : {}),
    message: redactor.redact(thrown.message),
    ...(Array.isArray(fields.arguments) && fields.arguments.length > 0
      ? { arguments: redactor.redactValue(fields.arguments as unknown[]) }
      : {}),
    ...(typeof fields.debug === 'string' && fields.debug !== '' ? { debug: redactor.redact(fields.debug) } : {}),
  };
}

/**
 * The error of an answer that did not succeed (or, for a model call, succeeded with something other than JSON): the
 * service's error object with its kind, else the answer said plainly (status, content type, the page's headline).
 */
export function answerErrorOf(answer: StoredResponse, redactor: SecretRedactor): RunError {
  const { body, status } = answer;
  if (body !== null && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const fields = redactor.redactValue(body as { name?: unknown; message: string; arguments?: unknown; debug?: unknown });
    const name = typeof fields.name === 'string' ? fields.name : undefined;
    return {
      kind: errorKindOf(name, status),
      ...(name !== undefined ? { name } : {}),
      message: fields.message,
      ...(Array.isArray(fields.arguments) ? { arguments: fields.arguments as unknown[] } : {}),
      ...(typeof fields.debug === 'string' && fields.debug !== '' ? { debug: fields.debug } : {}),
    };
  }
  const ok = status >= 200 && status < 300;
  const said =
    answer.notJson ?? describeAnswerWithoutErrorObject({ status, text: JSON.stringify(body) ?? '', contentType: 'application/json' });
  return { kind: ok ? 'invalidResponse' : errorKindOf(undefined, status), message: redactor.redact(said) };
}
