// One request in flight on an HttpPool: its deadline, the caller's cancellation, when it connected and first heard
// back, and the one failure it ends with (as a TransportError that says whether the request may have been sent).
import type { Exchange, HttpPool, PoolRequest } from '../http/httpPool';
import { ClientUsageError, TransportError } from './clientErrors';
import { transportErrorFrom } from './transportFailures';

/** What the transport does with the answer; no event follows `onEnd` or `onFailure`. */
export interface CallEvents {
  onHead(status: number, headers: Record<string, string>): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
  onFailure(error: Error): void;
}

export class CallInFlight {
  readonly started = performance.now();
  connectedAt: number | undefined;
  firstByteAt: number | undefined;
  #exchange: Exchange | undefined;
  #settled = false;
  #timer: NodeJS.Timeout | undefined;
  #signal: AbortSignal | undefined;

  constructor(
    private readonly origin: string,
    private readonly events: CallEvents,
  ) {}

  /** Starts the exchange, unless `signal` is already aborted; `timeoutMs` (0: none) bounds the whole call. */
  start(pool: HttpPool, request: PoolRequest, signal: AbortSignal | undefined, timeoutMs: number): void {
    if (signal?.aborted) {
      this.fail(new TransportError('cancelled', 'The request was cancelled before it was sent.', { code: 'ABORT_ERR', maybeSent: false }));
      return;
    }
    this.#signal = signal;
    signal?.addEventListener('abort', this.#onCallerAbort, { once: true });
    if (timeoutMs > 0) {
      this.#timer = setTimeout(
        () =>
          this.stop(
            new TransportError('timeout', `No complete answer within ${timeoutMs} ms; the request was stopped.`, {
              code: 'TIMEOUT',
              maybeSent: this.connectedAt !== undefined,
            }),
          ),
        timeoutMs,
      );
    }
    try {
      this.#exchange = pool.exchange(request, {
        onConnected: () => {
          this.connectedAt = performance.now();
        },
        onResponseStart: (status, headers) => {
          this.firstByteAt = performance.now();
          if (!this.#settled) this.events.onHead(status, flattenHeaders(headers));
        },
        onData: (chunk) => {
          if (!this.#settled) this.events.onData(chunk);
        },
        onEnd: () => {
          if (!this.#settled) this.events.onEnd();
        },
        onError: (error) => this.fail(transportErrorFrom(error, this.origin, this.connectedAt !== undefined)),
      });
    } catch (error) {
      this.fail(error instanceof Error && !(error instanceof TransportError) ? new ClientUsageError(error.message) : (error as Error));
    }
  }

  get settled(): boolean {
    return this.#settled;
  }

  /** Ends the call with `error`, stopping the exchange (and closing its connection if the request went out). */
  stop(error: Error): void {
    if (this.#settled) return;
    this.#exchange?.abort(error);
    this.fail(error);
  }

  /** Ends the call with `error` without touching the exchange (it failed by itself). */
  fail(error: Error): void {
    if (this.#settled) return;
    this.settle();
    this.events.onFailure(error);
  }

  /** Marks the call as over (the answer is complete): the deadline and the caller's signal no longer apply. */
  settle(): void {
    this.#settled = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onCallerAbort);
  }

  pause(): void {
    this.#exchange?.pause();
  }

  resume(): void {
    this.#exchange?.resume();
  }

  readonly #onCallerAbort = (): void => {
    this.stop(
      new TransportError('cancelled', 'The request was cancelled.', { code: 'ABORT_ERR', maybeSent: this.connectedAt !== undefined }),
    );
  };
}

function flattenHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
