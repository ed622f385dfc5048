// The JSON-RPC of the reference's web routes (type 'jsonrpc'): a JSON body `{jsonrpc, method: 'call', params, id}`
// answered with HTTP 200 and `{jsonrpc, id, result}` or an error object whose code says what happened (100 session
// expired, 404 not found, 200 any other error) and whose data is the error object of JSON-2.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../errors/errorBody';
import { badRequest, ServiceError, typeError } from '../errors/serviceErrors';
import { sendHtml, sendJson, statusPage } from '../http/httpAnswers';
import { mediaType, readBody } from '../http/requestBody';
import { resultEnvelope } from '../rpc/jsonrpcEndpoint';

/** The body limit of these routes (a web call carries arguments, never files). */
const WEB_JSON_LIMIT = 16 * 1024 * 1024;
const JSON_TYPES = new Set(['application/json', 'application/json-rpc']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface WebCall {
  id: unknown;
  params: Record<string, unknown>;
}

/** The reference's error of a route that needs a session when there is none (or it ended). */
export function sessionExpired(): ServiceError {
  return new ServiceError('odoo.http.SessionExpiredException', 403, 'Session expired', 'business');
}

function errorCode(error: ServiceError): [number, string] {
  if (error.qualifiedName === 'odoo.http.SessionExpiredException') return [100, 'Odoo Session Expired'];
  if (error.qualifiedName === 'werkzeug.exceptions.NotFound') return [404, '404: Not Found'];
  return [200, 'Odoo Server Error'];
}

export function sendWebResult(response: ServerResponse, id: unknown, result: unknown, headers: Record<string, string> = {}): void {
  sendJson(response, 200, resultEnvelope(id, result), headers);
}

export function sendWebError(response: ServerResponse, id: unknown, error: ServiceError, status = 200): void {
  const [code, message] = errorCode(error);
  sendJson(response, status, { jsonrpc: '2.0', id: id ?? null, error: { code, message, data: errorBody(error) } });
}

/**
 * The call of a POST with a JSON body, or null after answering: the reference dispatches a request to a JSON route only
 * when its type is JSON (400 otherwise), and a body that is not JSON is a bad request.
 */
export async function readWebCall(request: IncomingMessage, response: ServerResponse, path: string): Promise<WebCall | null> {
  if (request.method !== 'POST' || !JSON_TYPES.has(mediaType(request))) {
    request.resume();
    sendHtml(
      response,
      400,
      statusPage(400, 'Bad Request', `Request inferred type is compatible with ['http'] but '${path}' is type='jsonrpc'.`),
    );
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(await readBody(request, WEB_JSON_LIMIT)));
  } catch (error) {
    response.setHeader('Connection', 'close');
    sendWebError(response, null, badRequest(`Invalid JSON data: ${error instanceof Error ? error.message : String(error)}`), 400);
    return null;
  }
  const envelope = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const params = envelope.params ?? {};
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    sendWebError(response, envelope.id, typeError('params must be a JSON object of named arguments'));
    return null;
  }
  return { id: envelope.id, params: params as Record<string, unknown> };
}

/** Python's binding of named arguments: the missing required ones, then an unexpected one, as TypeErrors. */
export function bindNamed(
  route: string,
  params: Record<string, unknown>,
  required: readonly string[],
  optional: readonly string[] = [],
): void {
  const missing = required.filter((name) => !Object.hasOwn(params, name));
  if (missing.length > 0) {
    const quoted = missing.map((name) => `'${name}'`);
    const list =
      quoted.length === 1
        ? quoted[0]
        : quoted.length === 2
          ? quoted.join(' and ')
          : `${quoted.slice(0, -1).join(', ')}, and ${quoted[quoted.length - 1]}`;
    throw typeError(`${route}() missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${list}`);
  }
  const unexpected = Object.keys(params).find((name) => !required.includes(name) && !optional.includes(name));
  if (unexpected !== undefined) throw typeError(`${route}() got an unexpected keyword argument '${unexpected}'`);
}
