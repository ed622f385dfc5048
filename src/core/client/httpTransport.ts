// One origin's HTTP transport on undici: keep-alive pool, timeouts, cancellation, size limit, decompression, timings.
import { Pool, type Dispatcher } from 'undici';
import { Readable } from 'node:stream';
import { ClientUsageError, TransportError } from './clientErrors';
import { decodeContent } from './contentDecoding';
import { type CallTimings, type CallSizes, timingsSince } from './callTimings';
import { transportErrorFrom } from './transportFailures';

/** 256 MiB: enough for a large `search_read`, small enough not to take the editor down. */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

export interface TransportOptions {
  /** Largest accepted answer, compressed on the wire and decoded alike (default 256 MiB). */
  readonly maxResponseBytes?: number;
  readonly connectTimeoutMs?: number;
  /** Default deadline of a whole request, from sending to the last byte; 0 means none (default 120 s). */
  readonly requestTimeoutMs?: number;
  /** Reuse connections between calls (default true). */
  readonly keepAlive?: boolean;
  /** Parallel connections to the origin (default 8). */
  readonly connections?: number;
  /** A dispatcher to use instead of the transport's own pool (the caller then owns it). */
  readonly dispatcher?: Dispatcher;
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  /** Path on the origin, with its query string. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer | Readable | AsyncIterable<Uint8Array>;
  readonly signal?: AbortSignal;
  /** Overrides the transport's request timeout for this request; 0 means none. */
  readonly timeoutMs?: number;
  /** Called as the request body goes out, with the bytes sent so far. */
  readonly onUploadProgress?: (sentBytes: number) => void;
}

export interface HttpAnswer {
  readonly status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** The decoded body. */
  readonly body: Buffer;
  readonly timings: CallTimings;
  readonly sizes: CallSizes;
}

/**
 * Sends requests to one origin through a keep-alive pool and returns whole, decoded answers. Never retries a request
 * that may have reached the server; retries once when the connection was refused before anything was sent.
 */
export class HttpTransport {
  readonly origin: string;
  readonly maxResponseBytes: number;
  readonly #requestTimeoutMs: number;
  readonly #keepAlive: boolean;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;

  /** Creates the transport and its pool; nothing connects until the first request. */
  constructor(origin: string, options: TransportOptions = {}) {
    this.origin = origin;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.#keepAlive = options.keepAlive ?? true;
    this.#ownsDispatcher = options.dispatcher === undefined;
    // Undici's own header and body timeouts are off: one deadline per request, set by the caller, covers both.
    this.#dispatcher = options.dispatcher ?? new Pool(origin, {
      connections: options.connections ?? 8,
      connect: { timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
      headersTimeout: 0,
      bodyTimeout: 0,
      keepAliveTimeout: 4_000,
    });
  }

  /** The pool, for callers that must stream an answer themselves (database backups). */
  get dispatcher(): Dispatcher {
    return this.#dispatcher;
  }

  /** Sends a request and resolves with the whole answer, whatever its status; rejects with a `TransportError`. */
  async send(request: HttpRequest): Promise<HttpAnswer> {
    try {
      return await this.#sendOnce(request);
    } catch (error) {
      const retryable = error instanceof TransportError && error.code === 'ECONNREFUSED' && !error.maybeSent;
      const replayableBody = request.body === undefined || typeof request.body === 'string' || Buffer.isBuffer(request.body);
      if (!retryable || !replayableBody || request.signal?.aborted) throw error;
      return this.#sendOnce(request);
    }
  }

  /** Closes the pool (when the transport owns it); pending requests finish first. */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  #sendOnce(request: HttpRequest): Promise<HttpAnswer> {
    const timeoutMs = request.timeoutMs ?? this.#requestTimeoutMs;
    const limit = this.maxResponseBytes;
    return new Promise<HttpAnswer>((resolve, reject) => {
      const started = performance.now();
      let connectedAt: number | undefined;
      let firstByteAt: number | undefined;
      let status = 0;
      let headers: Record<string, string> = {};
      const chunks: Buffer[] = [];
      let wireBytes = 0;
      let abortRequest: ((reason?: Error) => void) | undefined;
      let settled = false;
      let timer: NodeJS.Timeout | undefined;

      const finish = (outcome: { error: Error } | { answer: HttpAnswer }): void => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        request.signal?.removeEventListener('abort', onCallerAbort);
        if ('error' in outcome) reject(outcome.error);
        else resolve(outcome.answer);
      };
      const stop = (error: TransportError): void => {
        abortRequest?.(error);
        finish({ error });
      };
      const onCallerAbort = (): void => {
        stop(new TransportError('cancelled', 'The request was cancelled.', { code: 'ABORT_ERR', maybeSent: connectedAt !== undefined }));
      };

      if (request.signal?.aborted) {
        finish({ error: new TransportError('cancelled', 'The request was cancelled before it was sent.', { code: 'ABORT_ERR', maybeSent: false }) });
        return;
      }
      request.signal?.addEventListener('abort', onCallerAbort, { once: true });
      if (timeoutMs > 0) {
        timer = setTimeout(() => stop(new TransportError('timeout', `No complete answer within ${timeoutMs} ms; the request was stopped.`, {
          code: 'TIMEOUT', maybeSent: connectedAt !== undefined,
        })), timeoutMs);
      }

      const handler: Dispatcher.DispatchHandler = {
        onRequestStart: (controller) => {
          abortRequest = (reason) => controller.abort(reason ?? new Error('aborted'));
          connectedAt = performance.now();
          if (settled) controller.abort(new TransportError('cancelled', 'The request was cancelled.'));
        },
        onResponseStarted: () => {
          firstByteAt = performance.now();
        },
        onResponseStart: (_controller, statusCode, responseHeaders) => {
          status = statusCode;
          headers = flattenHeaders(responseHeaders);
          const declared = Number(headers['content-length']);
          if (Number.isFinite(declared) && declared > limit) stop(tooLarge(limit, declared));
        },
        onResponseData: (_controller, chunk) => {
          if (settled) return;
          wireBytes += chunk.length;
          if (wireBytes > limit) stop(tooLarge(limit));
          else chunks.push(chunk);
        },
        onResponseEnd: () => {
          if (settled) return;
          const raw = Buffer.concat(chunks, wireBytes);
          decodeContent(raw, headers['content-encoding'], limit).then((body) => {
            const timings = timingsSince(started, connectedAt, firstByteAt);
            finish({ answer: { status, headers, body, timings, sizes: { requestBytes: upload.sentBytes(), responseBytes: wireBytes, decodedBytes: body.length } } });
          }, (error: unknown) => finish({ error: error instanceof TransportError ? error : new TransportError('invalidResponse', 'The answer could not be decoded.') }));
        },
        onResponseError: (_controller, error) => {
          finish({ error: transportErrorFrom(error, this.origin, connectedAt !== undefined) });
        },
      };
      const upload = countedBody(request.body, request.onUploadProgress);

      try {
        this.#dispatcher.dispatch({
          origin: this.origin,
          path: request.path,
          method: request.method,
          headers: { ...request.headers, 'accept-encoding': 'gzip, deflate, br' },
          body: upload.body,
          reset: !this.#keepAlive,
        }, handler);
      } catch (error) {
        finish({ error: error instanceof Error && !(error instanceof TransportError) ? new ClientUsageError(error.message) : error as Error });
      }
    });
  }
}

function tooLarge(limit: number, declared?: number): TransportError {
  const size = declared === undefined ? 'more than that' : `${declared} bytes`;
  return new TransportError('responseTooLarge',
    `The answer is over the size limit of ${limit} bytes (${size}); ask for fewer records or fields, or raise the limit.`,
    { code: 'RESPONSE_TOO_LARGE' });
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Wraps a request body so that the bytes undici takes from it are counted (and reported) as they go out. */
function countedBody(body: HttpRequest['body'], onProgress: ((sentBytes: number) => void) | undefined): {
  body: string | Buffer | Readable | undefined; sentBytes: () => number;
} {
  let sent = 0;
  if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
    const size = body === undefined ? 0 : Buffer.byteLength(body);
    return { body, sentBytes: () => size };
  }
  async function* counting(source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    for await (const chunk of source) {
      sent += chunk.length;
      onProgress?.(sent);
      yield chunk;
    }
  }
  return { body: Readable.from(counting(body), { objectMode: false }), sentBytes: () => sent };
}
