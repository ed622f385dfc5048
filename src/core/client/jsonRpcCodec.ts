// JSON-RPC 2.0 envelopes of the deprecated `/jsonrpc` endpoint and of `/web/database/list`: requests and answers.

/** The three services of the deprecated interfaces. */
export type RpcService = 'common' | 'object' | 'db';

/** A decoded JSON-RPC answer. `data` is the service's error object (name, message, arguments, context, debug). */
export type JsonRpcAnswer =
  | { readonly kind: 'result'; readonly id: unknown; readonly value: unknown }
  | {
      readonly kind: 'error';
      readonly id: unknown;
      readonly code: number;
      readonly message: string;
      readonly data: Record<string, unknown> | undefined;
    };

export class JsonRpcFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonRpcFormatError';
  }
}

/** The body of `POST /jsonrpc`: `{"jsonrpc":"2.0","method":"call","params":{service,method,args},"id"}`. */
export function encodeJsonRpcCall(service: RpcService, method: string, args: readonly unknown[], id: number): string {
  return JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id });
}

/** The body of a `jsonrpc` route call with named params (such as `/web/database/list`, whose params are `{}`). */
export function encodeJsonRpcParams(params: Readonly<Record<string, unknown>>, id: number): string {
  return JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id });
}

/**
 * Reads a JSON-RPC answer. A success without a `result` key means the method returned nothing (`null`); an `error`
 * member gives its code, message and data.
 */
export function decodeJsonRpcAnswer(text: string): JsonRpcAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new JsonRpcFormatError('The JSON-RPC answer is not JSON.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new JsonRpcFormatError('The JSON-RPC answer is not an object.');
  const envelope = body as Record<string, unknown>;
  if (envelope.jsonrpc !== '2.0') throw new JsonRpcFormatError('The answer is not a JSON-RPC 2.0 envelope.');
  if (envelope.error !== undefined && envelope.error !== null) {
    const error = envelope.error as Record<string, unknown>;
    if (typeof error !== 'object') throw new JsonRpcFormatError('The JSON-RPC error is not an object.');
    const data =
      error.data !== null && typeof error.data === 'object' && !Array.isArray(error.data)
        ? (error.data as Record<string, unknown>)
        : undefined;
    return {
      kind: 'error',
      id: envelope.id,
      code: typeof error.code === 'number' ? error.code : 0,
      message: typeof error.message === 'string' ? error.message : 'Server Error',
      data,
    };
  }
  return { kind: 'result', id: envelope.id, value: 'result' in envelope ? envelope.result : null };
}
