// Reads a JSON-2 answer: the bare result on success, a typed Json2Error for the error object or an HTML page.
import { Json2Error, TransportError, errorKindOf } from './clientErrors';
import { isNoDatabasePage, noDatabaseMessage } from './databaseSelection';
import type { HttpAnswer } from './httpTransport';
import { describeAnswerWithoutErrorObject, describeNonJsonAnswer } from './nonJsonAnswer';

/** How much of a non-JSON answer an error keeps, for the panel and the log. */
export const RAW_BODY_LIMIT = 4096;

/**
 * The result of a JSON-2 call from its HTTP answer: 200 gives the parsed body (`null` when empty), 4xx/5xx throw a
 * `Json2Error`, a redirect or an unreadable success throw a `TransportError`.
 */
export function json2ResultOf(
  answer: HttpAnswer,
  target: string,
  database: string | undefined,
  databaseHeader: string | undefined,
): unknown {
  const text = answer.body.toString('utf8');
  if (answer.status >= 200 && answer.status < 300) {
    if (answer.status === 204 || text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      const said = describeNonJsonAnswer({ status: answer.status, contentType: answer.headers['content-type'], text });
      throw new TransportError('invalidResponse', `${target}: ${said}`, {
        status: answer.status,
        rawBody: text.slice(0, RAW_BODY_LIMIT),
      });
    }
  }
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.location ?? 'an unnamed place';
    throw new TransportError(
      'invalidResponse',
      `${target}: the server redirected the call to ${location} (status ${answer.status}); redirects are not followed so the key ` +
        'stays on this origin. Check the base URL (https://, path prefix).',
      { status: answer.status },
    );
  }
  throw json2ErrorOf(answer.status, answer.headers['content-type'], text, target, database, databaseHeader);
}

/**
 * The typed error of a 4xx/5xx answer, whether it carries the service's error object or a web page. `databaseHeader`
 * is the connection's one database header (undefined: both standard names were sent).
 */
export function json2ErrorOf(
  status: number,
  contentType: string | undefined,
  text: string,
  target: string,
  database: string | undefined,
  databaseHeader: string | undefined,
): Json2Error {
  const errorObject = parseErrorObject(contentType, text);
  if (errorObject) {
    return new Json2Error({
      status,
      target,
      kind: errorKindOf(errorObject.name, status),
      serviceName: errorObject.name,
      message: errorObject.message,
      arguments: errorObject.arguments,
      context: errorObject.context,
      debug: errorObject.debug,
    });
  }
  const rawBody = text.slice(0, RAW_BODY_LIMIT);
  if (status === 415) {
    return new Json2Error({
      status,
      target,
      rawBody,
      kind: 'unsupportedMediaType',
      message: `${target}: the server refused the request's content type (415 Unsupported Media Type); JSON-2 bodies must be sent as application/json.`,
    });
  }
  if (isNoDatabasePage(status, contentType, text)) {
    return new Json2Error({
      status,
      target,
      rawBody,
      kind: 'noDatabase',
      message: `${target}: ${noDatabaseMessage(database, databaseHeader)}`,
    });
  }
  return new Json2Error({
    status,
    target,
    rawBody,
    kind: errorKindOf(undefined, status),
    message: `${target}: ${describeAnswerWithoutErrorObject({ status, contentType, text })}`,
  });
}

interface ErrorObject {
  name: string | undefined;
  message: string;
  arguments: unknown[];
  context: Record<string, unknown>;
  debug: string;
}

function parseErrorObject(contentType: string | undefined, text: string): ErrorObject | undefined {
  if (contentType !== undefined && !/json/i.test(contentType)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.message !== 'string' && typeof record.name !== 'string') return undefined;
  const args = Array.isArray(record.arguments) ? (record.arguments as unknown[]) : [];
  const message = typeof record.message === 'string' ? record.message : typeof args[0] === 'string' ? args[0] : String(record.name);
  return {
    name: typeof record.name === 'string' ? record.name : undefined,
    message,
    arguments: args,
    context:
      record.context !== null && typeof record.context === 'object' && !Array.isArray(record.context)
        ? (record.context as Record<string, unknown>)
        : {},
    debug: typeof record.debug === 'string' ? record.debug : '',
  };
}
