// POST /jsonrpc: {"jsonrpc": "2.0", "method": "call", "params": {service, method, args}, "id"}. Always HTTP 200 with
// the result envelope (no `result` key for nothing) or the error envelope (an oversized body too); a body that is not
// JSON, or not a JSON object, gets the reference's plain 400 answer, and a request that is not JSON its 415 page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../errors/errorBody';
import { asServiceError } from '../errors/errorBody';
import { ServiceError, typeError } from '../errors/serviceErrors';
import { jsonText, sendHtml, sendJson } from '../http/httpAnswers';
import { encodeJsonAnswer, sendJsonAnswer, type JsonAnswer } from '../http/jsonAnswer';
import { mediaType } from '../http/requestBody';
import { callerOf, readRpcBody } from './rpcBody';
import { callService, type RpcRouteContext } from './rpcServices';
import { JSONRPC_MEDIA_TYPES, sendWrongRouteType } from './routeTypes';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The code and message of the reference's JSON-RPC error object: 100 session expired, 404 not found, 0 any other. */
function errorCode(error: ServiceError): [number, string] {
  if (error.qualifiedName === 'odoo.http.SessionExpiredException') return [100, 'Odoo Session Expired'];
  if (error.qualifiedName === 'werkzeug.exceptions.NotFound') return [404, '404: Not Found'];
  return [0, 'Odoo Server Error'];
}

/** The JSON-RPC error envelope: the error object of JSON-2 as data. */
export function errorEnvelope(id: unknown, error: ServiceError): Record<string, unknown> {
  const [code, message] = errorCode(error);
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message, data: errorBody(error) } };
}

export function resultEnvelope(id: unknown, result: unknown): Record<string, unknown> {
  return result === null || result === undefined ? { jsonrpc: '2.0', id: id ?? null } : { jsonrpc: '2.0', id: id ?? null, result };
}

/** The text of resultEnvelope(id, result) in pieces (a list result one element at a time), byte for byte the same. */
export function resultEnvelopeAnswer(id: unknown, result: unknown): JsonAnswer {
  if (result === null || result === undefined) return encodeJsonAnswer(resultEnvelope(id, result), Number.POSITIVE_INFINITY);
  const head = `{"jsonrpc":"2.0","id":${jsonText(id ?? null)},"result":`;
  const inner = encodeJsonAnswer(result, Number.POSITIVE_INFINITY);
  return { pieces: [head, ...inner.pieces, '}'], bytes: Buffer.byteLength(head) + inner.bytes + 1 };
}

/**
 * False after answering the reference's 415 page when the request is not JSON: its JSON-RPC routes refuse any other
 * type (so a web page cannot post to them as `text/plain`, a type browsers send without asking the server first).
 */
export function acceptsJsonRpc(request: IncomingMessage, response: ServerResponse, route: string): boolean {
  if (JSONRPC_MEDIA_TYPES.includes(mediaType(request))) return true;
  request.resume();
  sendWrongRouteType(request, response, route, 'jsonrpc', JSONRPC_MEDIA_TYPES);
  return false;
}

/**
 * The JSON-RPC request object of `body`, or null after answering as the reference does: a body that is not JSON is
 * "Invalid JSON data", one that is not an object "Invalid JSON-RPC data" (plain 400 answers, not envelopes).
 */
export function parseJsonRpcRequest(response: ServerResponse, body: Buffer): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch {
    sendHtml(response, 400, 'Invalid JSON data');
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    sendHtml(response, 400, 'Invalid JSON-RPC data');
    return null;
  }
  return parsed as Record<string, unknown>;
}

export async function handleJsonRpc(
  context: RpcRouteContext,
  maxBodyBytes: number,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (!acceptsJsonRpc(request, response, '/jsonrpc')) return;
  const body = await readRpcBody(request, response, maxBodyBytes, (message) =>
    sendJson(response, 200, errorEnvelope(null, new ServiceError('werkzeug.exceptions.RequestEntityTooLarge', 413, message, 'http'))),
  );
  if (body === null) return;
  const envelope = parseJsonRpcRequest(response, body);
  if (envelope === null) return;
  const id = envelope.id;
  let answer: JsonAnswer | undefined;
  try {
    const params = envelope.params as Record<string, unknown> | undefined;
    if (!params || typeof params !== 'object' || typeof params.service !== 'string' || typeof params.method !== 'string') {
      throw typeError('a JSON-RPC call needs params with service, method and args');
    }
    const args = params.args ?? [];
    if (!Array.isArray(args)) throw typeError('params.args must be a list');
    const result = await callService({ ...context, ...callerOf(request, response) }, params.service, params.method, args);
    answer = resultEnvelopeAnswer(id, result);
  } catch (error) {
    sendJson(response, 200, errorEnvelope(id, asServiceError(error)));
  }
  if (answer) await sendJsonAnswer(response, 200, answer);
}
