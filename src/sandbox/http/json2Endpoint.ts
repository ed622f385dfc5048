// POST /json/2/<model>/<method>: checks in the reference server's order (content type, authentication, body, model,
// method, arguments), then runs the call and answers the bare result or the error object.
import { UnknownDatabaseError } from '../storage/databasePool';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import { badRequest, notFound, ServiceError, unauthorized } from '../errors/serviceErrors';
import { parseContext, parseIds } from '../methods/argumentBinding';
import { dispatchCall } from '../catalog/callDispatcher';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import type { FaultInjector } from '../catalog/faultInjector';
import { filterDatabase } from './databaseFilter';
import type { CurrentUser } from '../orm/access/currentUser';
import type { CacheTicket } from '../catalog/answerCache';
import { sendError, sendHtml, sendJsonText, statusPage } from './httpAnswers';
import { answerText, encodeJsonAnswer, sendJsonAnswer, type JsonAnswer } from './jsonAnswer';
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
}

const BEARER = /^bearer\s+(\S.*)$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The database a request is for: its X-Service-Database header, else the one the host filter selects, else the only
 * database; null when none works.
 */
export function selectDatabase(request: IncomingMessage, catalog: DatabaseCatalog, databaseFilter?: string): string | null {
  const header = request.headers['x-service-database'];
  const names = catalog.list();
  if (typeof header === 'string' && header !== '') return names.includes(header) ? header : null;
  if (databaseFilter !== undefined) return filterDatabase(databaseFilter, request.headers.host, names);
  return names.length === 1 ? names[0] : null;
}

export function sendNoDatabasePage(response: ServerResponse): void {
  sendHtml(
    response,
    404,
    statusPage(
      404,
      'Not Found',
      'No database is selected: this server hosts several databases (or none by that name). Send the X-Service-Database header with the name of one of them.',
    ),
  );
}

function parseBody(bytes: Buffer): Record<string, unknown> {
  if (bytes.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch (error) {
    throw badRequest(`could not parse the body as json: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('could not parse the body, expecting a json object');
  return value as Record<string, unknown>;
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
  const database = selectDatabase(request, catalog, options.databaseFilter);
  if (database === null) {
    request.resume();
    sendNoDatabasePage(response);
    return;
  }
  if (mayHaveBody(request) && mediaType(request) !== 'application/json') {
    request.resume();
    sendHtml(
      response,
      415,
      statusPage(
        415,
        'Unsupported Media Type',
        `The server does not support the media type transmitted in the request: expected application/json, got '${mediaType(request) || 'none'}'.`,
      ),
    );
    return;
  }
  const match = BEARER.exec(authorizationAsSent(request));
  if (!match) {
    sendEarlyError(request, response, unauthorized('User not authenticated, use the "Authorization" header'), options.maxBodyBytes);
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
        const ids = parseIds(body.ids);
        const context = parseContext(body.context);
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
            named,
            context,
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

const JSON2_CALL = /^\/json\/2\/([^/]+)\/([^/]+)$/;

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
