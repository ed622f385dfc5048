// The extension's HttpPool: undici's public `Pool` (keep-alive, its own HTTP/1.1 parser). Also the entry of
// dist/undiciPool.js, which the extension loads on its first request (src/extension/undiciPoolBundle.ts).
import { Pool, type Dispatcher } from 'undici';
import type { Exchange, ExchangeListener, HttpPool, HttpPoolOptions, PoolRequest } from './httpPool';

/** Undici's pool for `origin`: its header and body timeouts are off, as HttpTransport keeps one deadline per request. */
export function createUndiciHttpPool(origin: string, options: HttpPoolOptions): HttpPool {
  return new UndiciHttpPool(
    new Pool(origin, {
      connections: options.connections,
      connect: { timeout: options.connectTimeoutMs },
      headersTimeout: 0,
      bodyTimeout: 0,
      keepAliveTimeout: options.keepAliveTimeoutMs,
    }),
    origin,
  );
}

class UndiciHttpPool implements HttpPool {
  #closing: Promise<void> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly origin: string,
  ) {}

  exchange(request: PoolRequest, listener: ExchangeListener): Exchange {
    // Undici would report this through the handler, as a failure of a request that might have been sent.
    if (this.#closing) throw new Error('The connection pool is closed.');
    const exchange = new UndiciExchange(listener);
    this.pool.dispatch(
      {
        origin: this.origin,
        method: request.method as Dispatcher.HttpMethod,
        path: request.path,
        headers: request.headers,
        body: request.body,
        reset: request.closeConnection === true,
      },
      exchange.handler,
    );
    return exchange;
  }

  close(): Promise<void> {
    this.#closing ??= this.pool.close();
    return this.#closing;
  }
}

/** Adapts undici's dispatch handler to the listener; undici hands the controller over only once connected. */
class UndiciExchange implements Exchange {
  #controller: Dispatcher.DispatchController | undefined;
  #abortedWith: Error | undefined;
  #pauseWanted = false;

  constructor(private readonly listener: ExchangeListener) {}

  readonly handler: Dispatcher.DispatchHandler = {
    onRequestStart: (controller) => {
      this.#controller = controller;
      if (this.#abortedWith) {
        controller.abort(this.#abortedWith);
        return;
      }
      this.listener.onConnected();
    },
    onResponseStart: (controller, status, headers) => {
      if (status < 200) return; // an informational answer (100 Continue); the real one follows
      if (this.#pauseWanted) controller.pause();
      this.listener.onResponseStart(status, headers);
    },
    onResponseData: (_controller, chunk) => {
      if (!this.#abortedWith) this.listener.onData(chunk);
    },
    onResponseEnd: () => {
      if (!this.#abortedWith) this.listener.onEnd();
    },
    onResponseError: (_controller, error) => {
      if (!this.#abortedWith) this.listener.onError(error);
    },
  };

  abort(reason: Error): void {
    if (this.#abortedWith) return;
    this.#abortedWith = reason;
    this.#controller?.abort(reason);
    this.listener.onError(reason);
  }

  pause(): void {
    this.#pauseWanted = true;
    this.#controller?.pause();
  }

  resume(): void {
    this.#pauseWanted = false;
    this.#controller?.resume();
  }
}
