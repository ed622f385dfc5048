// POST /jsonrpc: {"jsonrpc": "2.0", "method": "call", "params": {service, method, args}, "id"}. Always HTTP 200 with
// the result envelope (no `result` key for nothing) or the error envelope (an oversized body too); malformed JSON
// gets HTTP 400.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../errors/errorBody';
import { asServiceError } from '../errors/errorBody';
import { badRequest, ServiceError, typeError } from '../errors/serviceErrors';
import { sendJson } from '../http/httpAnswers';
import { clientGone, readRpcBody } from './rpcBody';
import { callService, type RpcContext } from './rpcServices';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON-RPC error envelope of the notes, the error object of JSON-2 as data. */
export function errorEnvelope(id: unknown, error: ServiceError): Record<string, unknown> {
  return { jsonrpc: '2.0', id: id ?? null, error: { code: 0, message: 'Server Error', data: errorBody(error) } };
}

export function resultEnvelope(id: unknown, result: unknown): Record<string, unknown> {
  return result === null || result === undefined ? { jsonrpc: '2.0', id: id ?? null } : { jsonrpc: '2.0', id: id ?? null, result };
}

export async function handleJsonRpc(context: Omit<RpcContext, 'signal'>, maxBodyBytes: number, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readRpcBody(request, response, maxBodyBytes,
    (message) => sendJson(response, 200, errorEnvelope(null, new ServiceError('werkzeug.exceptions.RequestEntityTooLarge', 413, message, 'http'))));
  if (body === null) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch (error) {
    sendJson(response, 400, errorEnvelope(null, badRequest(`could not parse the body as json: ${error instanceof Error ? error.message : String(error)}`)));
    return;
  }
  const envelope = (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}) as Record<string, unknown>;
  const id = envelope.id;
  try {
    const params = envelope.params as Record<string, unknown> | undefined;
    if (!params || typeof params !== 'object' || typeof params.service !== 'string' || typeof params.method !== 'string') {
      throw typeError('a JSON-RPC call needs params with service, method and args');
    }
    const args = params.args ?? [];
    if (!Array.isArray(args)) throw typeError('params.args must be a list');
    const result = await callService({ ...context, signal: clientGone(response) }, params.service, params.method, args);
    sendJson(response, 200, resultEnvelope(id, result));
  } catch (error) {
    sendJson(response, 200, errorEnvelope(id, asServiceError(error)));
  }
}
