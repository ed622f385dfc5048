// POST /jsonrpc: {"jsonrpc": "2.0", "method": "call", "params": {service, method, args}, "id"}. Always HTTP 200 with
// the result envelope (no `result` key for nothing) or the error envelope (an oversized body too); malformed JSON
// gets HTTP 400.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../errors/errorBody';
import { asServiceError } from '../errors/errorBody';
import { badRequest, ServiceError, typeError } from '../errors/serviceErrors';
import { jsonText, sendHtml, sendJson, statusPage } from '../http/httpAnswers';
import { encodeJsonAnswer, sendJsonAnswer, type JsonAnswer } from '../http/jsonAnswer';
import { mediaType } from '../http/requestBody';
import { callerOf, readRpcBody } from './rpcBody';
import { callService, type RpcRouteContext } from './rpcServices';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON-RPC error envelope of the notes, the error object of JSON-2 as data. */
export function errorEnvelope(id: unknown, error: ServiceError): Record<string, unknown> {
  return { jsonrpc: '2.0', id: id ?? null, error: { code: 0, message: 'Server Error', data: errorBody(error) } };
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

/** The media types of a JSON-RPC route, as the reference's dispatcher accepts them. */
const JSON_MEDIA_TYPES = new Set(['application/json', 'application/json-rpc']);

/**
 * False after answering the reference's 400 page when the request is not JSON: its JSON-RPC routes refuse any other
 * type (so a web page cannot post to them as `text/plain`, a type browsers send without asking the server first).
 */
export function acceptsJsonRpc(request: IncomingMessage, response: ServerResponse, route: string): boolean {
  if (JSON_MEDIA_TYPES.has(mediaType(request))) return true;
  sendHtml(
    response,
    400,
    statusPage(400, 'Bad Request', `Request inferred type is compatible with ['http'] but '${route}' is type='jsonrpc'.`),
    { Connection: 'close' },
  );
  return false;
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
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch (error) {
    sendJson(
      response,
      400,
      errorEnvelope(null, badRequest(`could not parse the body as json: ${error instanceof Error ? error.message : String(error)}`)),
    );
    return;
  }
  const envelope = (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}) as Record<string, unknown>;
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
