// POST /json/2/<model>/<method>: checks in the reference server's order (content type, authentication, body, model,
// method, arguments), then runs the call and answers the bare result or the error object.
import { UnknownDatabaseError } from '../storage/databasePool';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import { badRequest, bearerKeyMissing, notFound, ServiceError, unauthorized } from '../errors/serviceErrors';
import { hasIdText, parseContext, parseIds } from '../methods/argumentBinding';
import { dispatchCall } from '../catalog/callDispatcher';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import type { FaultInjector } from '../catalog/faultInjector';
import { type DatabaseHeaderMode, selectDatabase, sendNoDatabasePage } from './databaseSelection';
import type { CurrentUser } from '../orm/access/currentUser';
import type { CacheTicket } from '../catalog/answerCache';
import { sendError, sendHtml, sendJsonText, statusPage } from './httpAnswers';
import { answerText, encodeJsonAnswer, sendJsonAnswer, type JsonAnswer } from './jsonAnswer';
import { parsePythonJson, PythonJsonError } from './pythonJson';
import { mayHaveBody, mediaType, readBody } from './requestBody';
import type { RouteAnswer } from './requestRouter';
import { authorizationAsSent } from './rawAuthorization';

export interface Json2Options {
  catalog: DatabaseCatalog;
  maxBodyBytes: number;
  /** Bound of one answer's JSON (a larger one is refused with a MemoryError, and the call rolled back). */
  maxAnswerBytes: number;
  faults?: FaultInjector;
  /** Host-based database filter (`%d`: the first label of the host name), used when there is no database header. */
  databaseFilter?: string;
  /** Which database headers are read (databaseSelection.ts); `both` when absent. */
  databaseHeader?: DatabaseHeaderMode;
}

const BEARER = /^bearer\s+(\S.*)$/i;
// As the reference's request reads its body as text: bytes that are not UTF-8 become U+FFFD.
const utf8 = new TextDecoder('utf-8');

/** The named arguments of the body; a body that is JSON but not an object carries none (the reference ignores it). */
function parseBody(bytes: Buffer): Record<string, unknown> {
  if (bytes.length === 0) return {};
  let value: unknown;
  try {
    value = parsePythonJson(utf8.decode(bytes));
  } catch (error) {
    if (error instanceof PythonJsonError) throw badRequest(`could not parse the body as json: ${error.message}`);
    throw error;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return value as Record<string, unknown>;
}

/** The reference's web library refuses a JSON-2 call whose body is not `application/json` before anything else. */
function sendUnsupportedMediaType(response: ServerResponse, type: string): void {
  // Its dispatchers, in order: `http` takes any request, `jsonrpc` the two JSON types.
  const compatible = ['http', ...(type === 'application/json-rpc' ? ['jsonrpc'] : [])];
  sendHtml(
    response,
    415,
    statusPage(
      415,
      'Unsupported Media Type',
      `Request inferred type is compatible with [${compatible.map((name) => `'${name}'`).join(', ')}] but '/json/2/<__model__>/<__method__>' is type='json2'.\n\nPlease verify the Content-Type request header and try again.`,
    ),
    { Accept: 'application/json' },
  );
}

/** Where a call stands with the answer cache (undefined: its answer is never kept, for example a write). */
function answerTicket(
  catalog: DatabaseCatalog,
  database: string,
  user: CurrentUser,
  modelName: string,
  methodName: string,
  body: Buffer,
): CacheTicket | undefined {
  const registry = catalog.registryFor(database);
  const model = registry.model(modelName);
  return catalog.answers.ticket(database, user, modelName, model && registry.method(model, methodName), body);
}

/** Answers an error before the body was read: drain a body of acceptable size (keep-alive), else close. */
function sendEarlyError(request: IncomingMessage, response: ServerResponse, error: ServiceError, maxBodyBytes: number): void {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes || error.status === 413) {
    sendError(response, withConnectionClose(error));
    return;
  }
  request.resume();
  sendError(response, error);
}

function withConnectionClose(error: ServiceError): ServiceError {
  return new ServiceError(error.qualifiedName, error.status, error.message, error.layer, error.errorContext, {
    ...error.headers,
    Connection: 'close',
  });
}

/** The whole body, or its refusal (413: the rest is never read); null when the client went away or timed out. */
async function receiveBody(request: IncomingMessage, limit: number): Promise<{ bytes: Buffer } | { refused: ServiceError } | null> {
  try {
    return { bytes: await readBody(request, limit) };
  } catch (error) {
    return error instanceof ServiceError ? { refused: error } : null;
  }
}

export async function handleJson2Call(
  options: Json2Options,
  request: IncomingMessage,
  response: ServerResponse,
  modelName: string,
  methodName: string,
): Promise<void> {
  const { catalog } = options;
  const database = selectDatabase(request, catalog, { headerMode: options.databaseHeader, databaseFilter: options.databaseFilter });
  if (database === null) {
    request.resume();
    sendNoDatabasePage(response);
    return;
  }
  if (mayHaveBody(request) && mediaType(request) !== 'application/json') {
    request.resume();
    sendUnsupportedMediaType(response, mediaType(request));
    return;
  }
  const match = BEARER.exec(authorizationAsSent(request));
  if (!match) {
    sendEarlyError(request, response, bearerKeyMissing(), options.maxBodyBytes);
    return;
  }
  // The whole body arrives before the database is taken: a client sending it slowly holds its socket (until the
  // transfer limits end it), never the database, so calls and whole-database operations never wait behind it.
  const received = await receiveBody(request, options.maxBodyBytes);
  if (received === null) return;
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  // Sent once the database is let go: a client reading slowly never holds it.
  let answer: JsonAnswer | undefined;
  await catalog
    .use(database, async (storage) => {
      try {
        // The key as sent: followed by spaces, it is not the key (as on the reference).
        const authenticated = await catalog.authenticator(database).authenticate(storage, match[1], catalog.clock.now());
        if (!authenticated) throw unauthorized('Invalid apikey');
        if ('refused' in received) throw received.refused;
        const { bytes } = received;
        const body = parseBody(bytes);
        const withText = hasIdText(body.ids);
        const ids = withText ? [] : parseIds(body.ids);
        const context = parseContext(body.context, true);
        const named = { ...body };
        delete named.ids;
        delete named.context;
        const ticket = options.faults?.affects(modelName, methodName)
          ? undefined
          : answerTicket(catalog, database, authenticated.user, modelName, methodName, bytes);
        const kept = ticket && catalog.answers.get(ticket);
        if (kept !== undefined) {
          sendJsonText(response, 200, kept);
          return;
        }
        const result = await dispatchCall(
          catalog,
          {
            database,
            storage,
            user: authenticated.user,
            model: modelName,
            method: methodName,
            ids,
            idsWithText: withText ? body.ids : undefined,
            named,
            // The body's context replaces the call's: without one a call has none (no language, no time zone), as in
            // the reference, whose JSON-2 endpoint runs the method with_context(<the body's context, default empty>).
            context: context ?? {},
            signal: controller.signal,
            encode: (result) => encodeJsonAnswer(result, options.maxAnswerBytes),
          },
          options.faults,
        );
        answer = result as JsonAnswer;
        if (ticket && answer.bytes <= catalog.answers.maxBytes / 8) catalog.answers.set(ticket, answerText(answer));
      } catch (error) {
        const failure = asServiceError(error);
        // A refused body was not read to its end: the connection cannot be reused.
        sendError(response, 'refused' in received ? withConnectionClose(failure) : failure);
      }
    })
    .catch((error: unknown) => {
      // Dropped or renamed while this call waited for the operation to end: as if it had never existed.
      if (!(error instanceof UnknownDatabaseError)) throw error;
      request.resume();
      sendNoDatabasePage(response);
    });
  if (answer) await sendJsonAnswer(response, 200, answer);
}

// A trailing slash is taken too, as the reference's router takes it.
const JSON2_CALL = /^\/json\/2\/([^/]+)\/([^/]+)\/?$/;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Everything under /json/2: `POST /json/2/<model>/<method>` is a call, any other request a JSON 404. */
export function json2Answer(options: Json2Options): RouteAnswer {
  return async (request, response, url) => {
    const match = JSON2_CALL.exec(url.pathname);
    const model = match ? decodeSegment(match[1]) : null;
    const method = match ? decodeSegment(match[2]) : null;
    if (request.method !== 'POST' || model === null || method === null) {
      request.resume();
      sendError(response, notFound('Did you mean POST /json/2/<model>/<method>?'));
      return;
    }
    await handleJson2Call(options, request, response, model, method);
  };
}
