// Reads shared by the lookups that ask for the same thing at once: one request, cancelled only when every caller gave up.
import { TransportError } from '../client/clientErrors';

interface SharedRead {
  readonly task: Promise<unknown>;
  readonly controller: AbortController;
  /** Callers still waiting that could give up (a caller without a signal keeps the read alive). */
  waiting: number;
  /** Some caller waits without a signal: the read is never cancelled. */
  held: boolean;
}

function cancelled(): TransportError {
  return new TransportError('cancelled', 'The request was cancelled.', { code: 'ABORT_ERR', maybeSent: false });
}

/**
 * Runs one read per key at a time. A caller's signal ends only its own wait (rejecting with a `cancelled` error);
 * the read goes on for the others and is aborted once no caller waits for it. `forget` detaches running reads, so
 * that later lookups start their own (after an invalidation).
 */
export class SharedReads {
  readonly #running = new Map<string, SharedRead>();

  join<T>(key: string, start: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled());
    let shared = this.#running.get(key);
    if (!shared) {
      const controller = new AbortController();
      const created: SharedRead = { task: start(controller.signal), controller, waiting: 0, held: false };
      const forget = (): void => {
        if (this.#running.get(key) === created) this.#running.delete(key);
      };
      created.task.then(forget, forget);
      this.#running.set(key, created);
      shared = created;
    }
    return this.#wait(key, shared, signal) as Promise<T>;
  }

  /** Detaches the running reads whose key matches (all without `matches`); they still answer their callers. */
  forget(matches: (key: string) => boolean = () => true): void {
    for (const key of [...this.#running.keys()]) if (matches(key)) this.#running.delete(key);
  }

  #wait(key: string, shared: SharedRead, signal: AbortSignal | undefined): Promise<unknown> {
    if (!signal) {
      shared.held = true;
      return shared.task;
    }
    shared.waiting += 1;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        shared.waiting -= 1;
        if (shared.waiting === 0 && !shared.held) {
          if (this.#running.get(key) === shared) this.#running.delete(key);
          shared.controller.abort();
        }
        reject(cancelled());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      shared.task.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}
