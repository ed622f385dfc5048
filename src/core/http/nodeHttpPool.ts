// The command line's HttpPool, on node's own HTTP client. node:http parses answers in native code, while undici
// compiles its WebAssembly parser in every process: a one-request `json2 run` starts about 100 ms faster on it.
import type { Agent as HttpAgent, ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import http from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Exchange, ExchangeListener, HttpPool, HttpPoolOptions, PoolRequest } from './httpPool';

/** The code undici gives a connection that did not open in time; transportFailures.ts knows it as not sent. */
const CONNECT_TIMEOUT_CODE = 'UND_ERR_CONNECT_TIMEOUT';

/** node:http's keep-alive agent for `origin` (node:https and its TLS stack load only for an https origin). */
export function createNodeHttpPool(origin: string, options: HttpPoolOptions): HttpPool {
  return new NodeHttpPool(new URL(origin), options);
}

class NodeHttpPool implements HttpPool {
  readonly #agent: HttpAgent;
  readonly #request: typeof http.request;
  #closed = false;
  #inFlight = 0;
  #idle: (() => void)[] = [];

  constructor(
    private readonly origin: URL,
    private readonly options: HttpPoolOptions,
  ) {
    const agentOptions = { keepAlive: true, maxSockets: options.connections, timeout: options.keepAliveTimeoutMs };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const client = origin.protocol === 'https:' ? (require('node:https') as typeof import('node:https')) : http;
    this.#agent = new client.Agent(agentOptions);
    this.#request = client.request;
  }

  exchange(request: PoolRequest, listener: ExchangeListener): Exchange {
    if (this.#closed) throw new Error('The connection pool is closed.');
    const exchange = new NodeExchange(listener, () => this.#release());
    this.#inFlight += 1;
    try {
      exchange.start(this.#clientRequest(request), request.body, this.options.connectTimeoutMs, this.origin.protocol === 'https:');
    } catch (error) {
      this.#release();
      throw error;
    }
    return exchange;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#inFlight > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
    this.#agent.destroy();
  }

  #clientRequest(request: PoolRequest): ClientRequest {
    const headers: OutgoingHttpHeaders = { ...request.headers };
    if (typeof request.body === 'string' || Buffer.isBuffer(request.body)) headers['content-length'] = Buffer.byteLength(request.body);
    if (request.closeConnection) headers.connection = 'close';
    return this.#request({
      protocol: this.origin.protocol,
      hostname: this.origin.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: this.origin.port,
      method: request.method,
      path: request.path,
      headers,
      agent: this.#agent,
    });
  }

  #release(): void {
    this.#inFlight -= 1;
    if (this.#inFlight > 0) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}

/** One request and its answer, reported to the listener as finished (end or error) exactly once. */
class NodeExchange implements Exchange {
  #request: ClientRequest | undefined;
  #response: IncomingMessage | undefined;
  #paused = false;
  #finished = false;

  constructor(
    private readonly listener: ExchangeListener,
    private readonly release: () => void,
  ) {}

  start(request: ClientRequest, body: PoolRequest['body'], connectTimeoutMs: number, secure: boolean): void {
    this.#request = request;
    request.on('socket', (socket: Socket) => this.#onSocket(socket, connectTimeoutMs, secure));
    request.on('response', (response: IncomingMessage) => this.#onResponse(response));
    request.on('error', (error: Error) => this.#fail(error));
    if (body === undefined) request.end();
    else if (body instanceof Readable) {
      body.on('error', (error: Error) => this.abort(error));
      body.pipe(request);
    } else request.end(body);
  }

  abort(reason: Error): void {
    if (this.#finished) return;
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

  /** The request counts as started (possibly sent) once its socket is connected, as in undici. */
  #onSocket(socket: Socket, connectTimeoutMs: number, secure: boolean): void {
    if (!socket.connecting) {
      this.#connected();
      return;
    }
    const timer = setTimeout(() => {
      this.#request?.destroy(Object.assign(new Error(`Could not connect within ${connectTimeoutMs} ms.`), { code: CONNECT_TIMEOUT_CODE }));
    }, connectTimeoutMs);
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      this.#connected();
    });
    socket.once('close', () => clearTimeout(timer));
  }

  #connected(): void {
    if (!this.#finished) this.listener.onConnected();
  }

  #onResponse(response: IncomingMessage): void {
    if (this.#finished) {
      response.resume();
      return;
    }
    this.#response = response;
    this.listener.onResponseStart(response.statusCode ?? 0, response.headers);
    if (this.#finished) {
      response.resume();
      return;
    }
    if (this.#paused) response.pause();
    response.on('data', (chunk: Buffer) => {
      if (!this.#finished) this.listener.onData(chunk);
    });
    response.on('end', () => {
      if (this.#finished) return;
      this.#finished = true;
      this.release();
      this.listener.onEnd();
    });
    response.on('error', (error: Error) => this.#fail(error));
    // An answer cut short by the server: node reports it as 'aborted' then 'close' without 'end'.
    response.on('close', () => {
      if (!this.#finished && !response.complete)
        this.#fail(Object.assign(new Error('The connection closed before the answer was complete.'), { code: 'ECONNRESET' }));
    });
  }

  #fail(error: Error): void {
    if (this.#finished) return;
    this.#finished = true;
    this.release();
    this.listener.onError(error);
  }
}
