// The language features' view of a database: the schema service when connected, its cache when offline, the notes' table without either.
import { methodsOfTable } from '../schema/schemaDocuments';
import type { SchemaService } from '../schema/schemaService';
import type { FieldInfo, MethodInfo, ModelInfo } from '../schema/schemaTypes';
import type { SchemaSource, SchemaStatus } from './languageTypes';

/** The calls the source makes beyond the schema service (record names, languages). */
export interface RecordCaller {
  call<T = unknown>(
    model: string,
    method: string,
    args?: Readonly<Record<string, unknown>>,
    options?: { signal?: AbortSignal },
  ): Promise<T>;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error as { name?: unknown } | null)?.name === 'AbortError';
}

/**
 * A source over a schema service: answers come from the service (cached, revalidated); when the server cannot be
 * reached the service's cache answers and the status says `cached`; with nothing cached, the notes' table.
 */
export class ServiceSchemaSource implements SchemaSource {
  readonly #service: SchemaService;
  readonly #caller: RecordCaller | undefined;
  #status: SchemaStatus = 'live';
  #languages: Promise<ReadonlyArray<readonly [string, string]>> | undefined;

  constructor(service: SchemaService, caller?: RecordCaller) {
    this.#service = service;
    this.#caller = caller;
  }

  status(): SchemaStatus {
    return this.#status;
  }

  async models(signal?: AbortSignal): Promise<readonly ModelInfo[] | undefined> {
    try {
      const models = await this.#service.models({ signal });
      this.#status = 'live';
      return models;
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      const cached = this.#service.cachedModels();
      // A server without ir.model (or documents) answered: that is not being offline.
      if ((error as { kind?: unknown }).kind !== 'notFound') this.#status = cached ? 'cached' : 'table';
      return cached;
    }
  }

  async fields(model: string, signal?: AbortSignal): Promise<Readonly<Record<string, FieldInfo>> | undefined> {
    const cached = this.#service.cachedDetail(model);
    try {
      const fields = await this.#service.fields(model, { signal });
      this.#status = 'live';
      return fields;
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      // An unknown model answers 404: that is a live answer, not being offline.
      if ((error as { kind?: unknown }).kind === 'notFound') return undefined;
      this.#status = cached ? 'cached' : 'table';
      return cached?.fields;
    }
  }

  async methods(model: string, signal?: AbortSignal): Promise<{ methods: readonly MethodInfo[]; complete: boolean }> {
    try {
      const detail = this.#service.cachedDetail(model);
      const methods = detail && detail.origin === 'documents' ? detail.methods : await this.#service.methods(model, { signal });
      const origin = this.#service.cachedDetail(model)?.origin;
      this.#status = 'live';
      return { methods, complete: origin === 'documents' };
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      const cached = this.#service.cachedDetail(model);
      this.#status = cached ? 'cached' : 'table';
      return cached
        ? { methods: cached.methods, complete: cached.origin === 'documents' }
        : { methods: methodsOfTable(model), complete: false };
    }
  }

  async nameSearch(model: string, text: string, signal?: AbortSignal): Promise<ReadonlyArray<readonly [number, string]>> {
    if (!this.#caller) return [];
    try {
      const found = await this.#caller.call<unknown>(model, 'name_search', { name: text, limit: 20 }, { signal });
      return Array.isArray(found)
        ? found
            .filter((pair): pair is [number, string] => Array.isArray(pair) && typeof pair[0] === 'number')
            .map(([id, name]) => [id, String(name)] as const)
        : [];
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      return [];
    }
  }

  languages(signal?: AbortSignal): Promise<ReadonlyArray<readonly [string, string]>> {
    const caller = this.#caller;
    if (!caller) return Promise.resolve([]);
    this.#languages ??= caller.call<unknown>('res.lang', 'search_read', { domain: [], fields: ['code', 'name'] }, { signal }).then(
      (records) =>
        (Array.isArray(records) ? records : []).map(
          (record: { code?: unknown; name?: unknown }) => [String(record.code), String(record.name)] as const,
        ),
      () => {
        this.#languages = undefined;
        return [];
      },
    );
    return this.#languages;
  }
}

/** The source used without a connection: no models or fields, the notes' table of methods. */
export class TableSchemaSource implements SchemaSource {
  status(): SchemaStatus {
    return 'table';
  }

  models(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  fields(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  methods(model: string): Promise<{ methods: readonly MethodInfo[]; complete: boolean }> {
    return Promise.resolve({ methods: methodsOfTable(model), complete: false });
  }

  nameSearch(): Promise<never[]> {
    return Promise.resolve([]);
  }

  languages(): Promise<never[]> {
    return Promise.resolve([]);
  }
}

/** The sentence completion shows when the schema is not live. */
export function statusNote(status: SchemaStatus): string | undefined {
  if (status === 'cached') return 'Offline: completion uses the schema cached earlier.';
  if (status === 'table') return 'No schema available: completion offers only the common methods and arguments.';
  return undefined;
}
