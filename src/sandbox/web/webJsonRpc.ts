// The JSON-RPC of the reference's web routes (type 'jsonrpc'): a JSON body `{jsonrpc, method: 'call', params, id}`
// answered with HTTP 200 and `{jsonrpc, id, result}` or the error envelope of rpc/jsonrpcEndpoint.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import { ServiceError, typeError } from '../errors/serviceErrors';
import { sendJson } from '../http/httpAnswers';
import { readBody } from '../http/requestBody';
import { acceptsJsonRpc, errorEnvelope, parseJsonRpcRequest, resultEnvelope } from '../rpc/jsonrpcEndpoint';

/** The body limit of these routes (a web call carries arguments, never files). */
const WEB_JSON_LIMIT = 16 * 1024 * 1024;

export interface WebCall {
  id: unknown;
  params: Record<string, unknown>;
}

/** The reference's error of a route that needs a session when there is none (or it ended). */
export function sessionExpired(): ServiceError {
  return new ServiceError('odoo.http.SessionExpiredException', 403, 'Session expired', 'business');
}

export function sendWebResult(response: ServerResponse, id: unknown, result: unknown, headers: Record<string, string> = {}): void {
  sendJson(response, 200, resultEnvelope(id, result), headers);
}

export function sendWebError(response: ServerResponse, id: unknown, error: ServiceError, status = 200): void {
  sendJson(response, status, errorEnvelope(id, error));
}

/**
 * The call of a request with a JSON body, or null after answering as the reference's JSON-RPC routes do: a request
 * that is not JSON gets the 415 page, a body that is not a JSON object a plain 400.
 */
export async function readWebCall(request: IncomingMessage, response: ServerResponse, path: string): Promise<WebCall | null> {
  if (!acceptsJsonRpc(request, response, path)) return null;
  let body: Buffer;
  try {
    body = await readBody(request, WEB_JSON_LIMIT);
  } catch (error) {
    response.setHeader('Connection', 'close');
    sendWebError(response, null, asServiceError(error), 413);
    return null;
  }
  const envelope = parseJsonRpcRequest(response, body);
  if (envelope === null) return null;
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
