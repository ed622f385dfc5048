// Debounces record-name lookups while typing: a new lookup cancels the one before it, and only the last one asks the server.
import type { SchemaSource } from './languageTypes';

/** Wraps `source.nameSearch`: waits `delayMs` of quiet, aborts the earlier lookup, and answers [] for a superseded one. */
export class DebouncedNameSearch {
  #current: AbortController | undefined;

  constructor(
    private readonly source: Pick<SchemaSource, 'nameSearch'>,
    private readonly delayMs = 150,
  ) {}

  async search(model: string, text: string, signal?: AbortSignal): Promise<ReadonlyArray<readonly [number, string]>> {
    this.#current?.abort();
    const controller = new AbortController();
    this.#current = controller;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.delayMs);
        controller.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
      if (controller.signal.aborted) return [];
      return await this.source.nameSearch(model, text, controller.signal).catch(() => []);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (this.#current === controller) this.#current = undefined;
    }
  }
}
