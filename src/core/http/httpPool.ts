// The clients' HTTP port: one origin's pool of keep-alive connections, as HttpTransport drives it. Two adapters:
// undiciHttpPool.ts (the extension) and nodeHttpPool.ts (the command line); each program's entry chooses one.
import type { Readable } from 'node:stream';

export interface HttpPoolOptions {
  /** Parallel connections to the origin. */
  readonly connections: number;
  /** How long opening a connection may take before the request fails as not sent. */
  readonly connectTimeoutMs: number;
  /** How long an idle connection is kept for the next request. */
  readonly keepAliveTimeoutMs: number;
}

export interface PoolRequest {
  readonly method: string;
  /** Path on the origin, with its query string. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer | Readable;
  /** Closes the connection after this exchange instead of keeping it for the next one. */
  readonly closeConnection?: boolean;
}

/**
 * Hears of one exchange: `onConnected` once the request has a connected socket (from then on it may have reached the
 * server), `onResponseStart` when the status line and headers arrive, `onData` per body chunk, and last exactly one
 * of `onEnd` or `onError`. Nothing is reported after `abort`, except `onError` with its reason.
 */
export interface ExchangeListener {
  onConnected(): void;
  /** Header names in lower case; a repeated header as an array. */
  onResponseStart(status: number, headers: Readonly<Record<string, string | string[] | undefined>>): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
  onError(error: Error): void;
}

/** One exchange in flight. */
export interface Exchange {
  /** Stops the exchange (closing its connection when the request was sent); the listener's `onError` gets `reason`. */
  abort(reason: Error): void;
  /** Stops reading the answer (back-pressure) until `resume`. */
  pause(): void;
  resume(): void;
}

export interface HttpPool {
  /** Starts one exchange; throws when the pool is closed. */
  exchange(request: PoolRequest, listener: ExchangeListener): Exchange;
  /** Resolves once every exchange in flight has finished, then closes the connections. */
  close(): Promise<void>;
}

/** Makes a pool for an origin (`http://host:port`): what a program's entry point chooses. */
export type HttpPoolFactory = (origin: string, options: HttpPoolOptions) => HttpPool;
