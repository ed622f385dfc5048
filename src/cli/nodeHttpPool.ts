// The CLI bundle's stand-in for undici's Pool, on node's own HTTP client: the part of undici's dispatcher interface
// that HttpTransport uses (dispatch with the handler callbacks, close). node:http parses answers in native code, while
// undici compiles its WebAssembly parser in every process; a one-request `json2 run` started about 100 ms faster.
// scripts/build.mjs points `undici` here for dist/cli.js only; the extension keeps undici.
import type { Agent as HttpAgent, ClientRequest, IncomingMessage, OutgoingHttpHeaders, RequestOptions } from 'node:http';
import http from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** The options of undici's Pool that HttpTransport passes. */
export interface NodeHttpPoolOptions {
  readonly connections?: number;
  readonly connect?: { readonly timeout?: number };
  readonly keepAliveTimeout?: number;
  readonly headersTimeout?: number;
  readonly bodyTimeout?: number;
}

/** The error code undici gives a connection that did not open in time (transportFailures.ts knows it as not sent). */
const CONNECT_TIMEOUT_CODE = 'UND_ERR_CONNECT_TIMEOUT';

/** One origin's keep-alive connections; answers are handed to undici-style dispatch handlers. */
export class NodeHttpPool {
  readonly #origin: URL;
  readonly #agent: HttpAgent;
  readonly #connectTimeoutMs: number;
  #closed = false;
  #inFlight = 0;
  #idle: (() => void)[] = [];

  constructor(origin: string | URL, options: NodeHttpPoolOptions = {}) {
    this.#origin = new URL(origin);
    this.#connectTimeoutMs = options.connect?.timeout ?? 10_000;
    const agentOptions = { keepAlive: true, maxSockets: options.connections ?? 8, ...(options.keepAliveTimeout ? { timeout: options.keepAliveTimeout } : {}) };
    // node:https (and its TLS stack) is loaded only for an https origin.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.#agent = this.#origin.protocol === 'https:' ? new (require('node:https') as typeof import('node:https')).Agent(agentOptions) : new http.Agent(agentOptions);
  }

  /** Sends one request; the handler hears of its progress as undici's handlers do. Throws when the pool is closed. */
  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    if (this.#closed) throw new Error('The connection pool is closed.');
    this.#inFlight += 1;
    new PooledExchange(this.#origin, this.#agent, this.#connectTimeoutMs, options, handler, () => this.#release()).start();
    return true;
  }

  /** Resolves once every request in flight has finished, then closes the connections. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#inFlight > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
    this.#agent.destroy();
  }

  /** Closes the connections at once; requests in flight fail. */
  async destroy(): Promise<void> {
    this.#closed = true;
    this.#agent.destroy();
  }

  #release(): void {
    this.#inFlight -= 1;
    if (this.#inFlight > 0) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}

/** One request and its answer, reported to the handler exactly once as finished (end or error). */
class PooledExchange implements Dispatcher.DispatchController {
  #request: ClientRequest | undefined;
  #response: IncomingMessage | undefined;
  #reason: Error | null = null;
  #paused = false;
  #finished = false;

  constructor(
    private readonly origin: URL,
    private readonly agent: HttpAgent,
    private readonly connectTimeoutMs: number,
    private readonly options: Dispatcher.DispatchOptions,
    private readonly handler: Dispatcher.DispatchHandler,
    private readonly release: () => void,
  ) {}

  get aborted(): boolean {
    return this.#reason !== null;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get reason(): Error | null {
    return this.#reason;
  }

  abort(reason: Error): void {
    if (this.#reason !== null || this.#finished) return;
    this.#reason = reason;
    this.#request?.destroy(reason);
    this.#fail(reason);
  }

  pause(): void {
    this.#paused = true;
    this.#response?.pause();
  }

  resume(): void {
    this.#paused = false;
    this.#response?.resume();
  }

  start(): void {
    const { options } = this;
    const body = options.body;
    const headers: OutgoingHttpHeaders = { ...(options.headers as Record<string, string> | undefined) };
    if (typeof body === 'string' || Buffer.isBuffer(body)) headers['content-length'] = Buffer.byteLength(body);
    if (options.reset) headers.connection = 'close';
    const requestOptions: RequestOptions = {
      protocol: this.origin.protocol,
      hostname: this.origin.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: this.origin.port,
      method: options.method,
      path: options.path,
      headers,
      agent: this.agent,
    };
    let request: ClientRequest;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      request = (this.origin.protocol === 'https:' ? (require('node:https') as typeof import('node:https')).request : http.request)(requestOptions);
    } catch (error) {
      this.#finished = true;
      this.release();
      throw error;
    }
    this.#request = request;
    request.on('socket', (socket: Socket) => this.#onSocket(socket));
    request.on('response', (response: IncomingMessage) => this.#onResponse(response));
    request.on('error', (error: Error) => this.#fail(error));
    if (body === undefined || body === null) request.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) request.end(body);
    else if (body instanceof Readable) {
      body.on('error', (error: Error) => this.abort(error));
      body.pipe(request);
    } else request.destroy(new Error('This request body type is not supported by the CLI transport.'));
  }

  /** The request counts as started (possibly sent) once its socket is connected, as in undici. */
  #onSocket(socket: Socket): void {
    if (!socket.connecting) {
      this.#started();
      return;
    }
    const timer = setTimeout(() => {
      const error = Object.assign(new Error(`Could not connect within ${this.connectTimeoutMs} ms.`), { code: CONNECT_TIMEOUT_CODE });
      this.#request?.destroy(error);
    }, this.connectTimeoutMs);
    const connected = () => {
      clearTimeout(timer);
      this.#started();
    };
    socket.once(this.origin.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    socket.once('close', () => clearTimeout(timer));
  }

  #started(): void {
    if (this.#finished) return;
    this.handler.onRequestStart?.(this, {});
  }

  #onResponse(response: IncomingMessage): void {
    if (this.#finished) {
      response.resume();
      return;
    }
    this.#response = response;
    this.handler.onResponseStarted?.();
    this.handler.onResponseStart?.(this, response.statusCode ?? 0, response.headers, response.statusMessage);
    if (this.#finished) {
      response.resume();
      return;
    }
    if (this.#paused) response.pause();
    response.on('data', (chunk: Buffer) => {
      if (!this.#finished) this.handler.onResponseData?.(this, chunk);
    });
    response.on('end', () => {
      if (this.#finished) return;
      this.#finished = true;
      this.release();
      this.handler.onResponseEnd?.(this, response.trailers);
    });
    response.on('error', (error: Error) => this.#fail(error));
    // An answer cut short by the server: node reports it as 'aborted' then 'close' without 'end'.
    response.on('close', () => {
      if (!this.#finished && !response.complete) this.#fail(Object.assign(new Error('The connection closed before the answer was complete.'), { code: 'ECONNRESET' }));
    });
  }

  #fail(error: Error): void {
    if (this.#finished) return;
    this.#finished = true;
    this.release();
    this.handler.onResponseError?.(this, error);
  }
}

export { NodeHttpPool as Pool };
