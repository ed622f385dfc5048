// One origin's HTTP transport on an HttpPool: keep-alive, timeouts, cancellation, size limit, decompression, timings.
import { Readable } from 'node:stream';
import type { HttpPool, HttpPoolFactory } from '../http/httpPool';
import { chosenHttpPool } from '../http/httpPoolChoice';
import { CallInFlight } from './callInFlight';
import { TransportError } from './clientErrors';
import { decodeContent } from './contentDecoding';
import { type CallTimings, type CallSizes, timingsSince } from './callTimings';

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
  /** The pool implementation (default: the one the program's entry point chose, see core/http/httpPoolChoice.ts). */
  readonly httpPool?: HttpPoolFactory;
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

/** An answer whose body is read as it arrives (`HttpTransport.stream`). */
export interface StreamedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as sent (not decoded, no size limit); destroying it stops the request. */
  readonly body: Readable;
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
  readonly #pool: HttpPool;

  /** Creates the transport and its pool; nothing connects until the first request. */
  constructor(origin: string, options: TransportOptions = {}) {
    this.origin = origin;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.#keepAlive = options.keepAlive ?? true;
    this.#pool = (options.httpPool ?? chosenHttpPool())(origin, {
      connections: options.connections ?? 8,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      keepAliveTimeoutMs: 4_000,
    });
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

  /**
   * Sends a request and resolves once the answer's headers arrive, with its body as a stream that is never held whole
   * (a database backup). No size limit, no decoding, no retry; the deadline covers the whole call (0 for none).
   */
  stream(request: HttpRequest): Promise<StreamedAnswer> {
    return new Promise<StreamedAnswer>((resolve, reject) => {
      let body: Readable | undefined;
      const call = new CallInFlight(this.origin, {
        onHead: (status, headers) => {
          body = new Readable({
            read: () => call.resume(),
            destroy: (error, done) => {
              call.stop(
                error ?? new TransportError('cancelled', 'The answer was not read to its end.', { code: 'ABORT_ERR', maybeSent: true }),
              );
              done(error);
            },
          });
          resolve({ status, headers, body });
        },
        onData: (chunk) => {
          if (body?.push(chunk) === false) call.pause();
        },
        onEnd: () => {
          call.settle();
          body?.push(null);
        },
        onFailure: (error) => {
          if (body === undefined) reject(error);
          else if (!body.destroyed) body.destroy(error);
        },
      });
      call.start(
        this.#pool,
        this.#poolRequest(request, countedBody(request.body, request.onUploadProgress).body, false),
        request.signal,
        request.timeoutMs ?? this.#requestTimeoutMs,
      );
    });
  }

  /** Closes the pool; pending requests finish first. */
  async close(): Promise<void> {
    await this.#pool.close();
  }

  #sendOnce(request: HttpRequest): Promise<HttpAnswer> {
    const limit = this.maxResponseBytes;
    return new Promise<HttpAnswer>((resolve, reject) => {
      let status = 0;
      let headers: Record<string, string> = {};
      const chunks: Buffer[] = [];
      let wireBytes = 0;
      const upload = countedBody(request.body, request.onUploadProgress);
      const call = new CallInFlight(this.origin, {
        onHead: (answerStatus, answerHeaders) => {
          status = answerStatus;
          headers = answerHeaders;
          const declared = Number(headers['content-length']);
          if (Number.isFinite(declared) && declared > limit) call.stop(tooLarge(limit, declared));
        },
        onData: (chunk) => {
          wireBytes += chunk.length;
          if (wireBytes > limit) call.stop(tooLarge(limit));
          else chunks.push(chunk);
        },
        onEnd: () => {
          call.settle();
          const raw = Buffer.concat(chunks, wireBytes);
          decodeContent(raw, headers['content-encoding'], limit).then(
            (body) => {
              const timings = timingsSince(call.started, call.connectedAt, call.firstByteAt);
              resolve({
                status,
                headers,
                body,
                timings,
                sizes: { requestBytes: upload.sentBytes(), responseBytes: wireBytes, decodedBytes: body.length },
              });
            },
            (error: unknown) =>
              reject(error instanceof TransportError ? error : new TransportError('invalidResponse', 'The answer could not be decoded.')),
          );
        },
        onFailure: reject,
      });
      call.start(this.#pool, this.#poolRequest(request, upload.body, true), request.signal, request.timeoutMs ?? this.#requestTimeoutMs);
    });
  }

  #poolRequest(request: HttpRequest, body: string | Buffer | Readable | undefined, decoded: boolean) {
    return {
      method: request.method,
      path: request.path,
      headers: decoded ? { ...request.headers, 'accept-encoding': 'gzip, deflate, br' } : request.headers,
      body,
      closeConnection: !this.#keepAlive,
    };
  }
}

function tooLarge(limit: number, declared?: number): TransportError {
  const size = declared === undefined ? 'more than that' : `${declared} bytes`;
  return new TransportError(
    'responseTooLarge',
    `The answer is over the size limit of ${limit} bytes (${size}); ask for fewer records or fields, or raise the limit.`,
    { code: 'RESPONSE_TOO_LARGE' },
  );
}

/** Wraps a request body so that the bytes the pool takes from it are counted (and reported) as they go out. */
function countedBody(
  body: HttpRequest['body'],
  onProgress: ((sentBytes: number) => void) | undefined,
): {
  body: string | Buffer | Readable | undefined;
  sentBytes: () => number;
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
