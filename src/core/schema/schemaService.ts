// The schema service: models, fields and methods of one connection's database, cached with ETag revalidation.
import { ClientError } from '../client/clientErrors';
import { SchemaCache, type CacheEntry } from './schemaCache';
import {
  fieldsOfFieldsGet,
  methodsOfModelDocument,
  methodsOfTable,
  modelsOfIndex,
  modelsOfMetaModel,
  SchemaFormatError,
} from './schemaDocuments';
import type { SchemaStoragePort } from './schemaStorage';
import { SharedReads } from './sharedReads';
import { FIELD_ATTRIBUTES, type FieldInfo, type MethodInfo, type ModelDetail, type ModelInfo, type SchemaOrigin } from './schemaTypes';

/** What the service needs from a connection; `Json2Client` has exactly this shape. */
export interface SchemaBackend {
  getDocument(
    path: string,
    options?: { etag?: string; signal?: AbortSignal },
  ): Promise<{ notModified: true; etag: string | undefined } | { notModified: false; etag: string | undefined; body: unknown }>;
  call<T = unknown>(
    model: string,
    method: string,
    args?: Readonly<Record<string, unknown>>,
    options?: { signal?: AbortSignal },
  ): Promise<T>;
}

export interface SchemaServiceOptions {
  readonly backend: SchemaBackend;
  /** Names the connection (its id or base URL) in the cache key. */
  readonly connectionId: string;
  readonly database: string | undefined;
  readonly storage?: SchemaStoragePort;
  /** How long an answer is used without asking the server again (default 5 minutes). */
  readonly freshForMs?: number;
  readonly now?: () => number;
}

export interface LookupOptions {
  readonly signal?: AbortSignal;
  /** Ask the server even when the cached answer is fresh (still revalidated with its ETag). */
  readonly refresh?: boolean;
}

const DOCUMENT_INDEX = '/doc-bearer/index.json';

const detailKey = (model: string): string => `detail:${model}`;

/** A fetched answer before it is stamped and cached. */
interface Fetched<T> {
  readonly value: T;
  readonly origin: SchemaOrigin;
  readonly etag?: string;
}

/**
 * Answers the tree and completion. Uses the schema documents when the key may read them, else `ir.model` and
 * `fields_get` with the method table; caches per connection and database, revalidates with ETags, persists through
 * the storage port, and forgets on `invalidate`.
 */
export class SchemaService {
  readonly #backend: SchemaBackend;
  readonly #cache: SchemaCache;
  readonly #freshForMs: number;
  readonly #now: () => number;
  readonly #reads = new SharedReads();
  /** Counts invalidations; a read caches its answer only if nothing it read was invalidated after it started. */
  #generation = 0;
  #clearedAt = 0;
  readonly #invalidatedAt = new Map<string, number>();

  constructor(options: SchemaServiceOptions) {
    this.#backend = options.backend;
    this.#freshForMs = options.freshForMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
    this.#cache = new SchemaCache(`${options.connectionId}\u0000${options.database ?? ''}`, options.storage);
  }

  /** Loads what the storage port kept from an earlier session, so the first answers need no round trip. */
  async restore(): Promise<void> {
    await this.#cache.load();
  }

  /** The database's models, sorted by technical name. */
  async models(options: LookupOptions = {}): Promise<ModelInfo[]> {
    const entry = await this.#lookup(
      'models',
      this.#cache.models,
      options,
      (fresh) => {
        this.#cache.models = fresh;
      },
      (stale, readSignal) =>
        this.#documentsOrFallback(
          (signal) => this.#fromDocument(DOCUMENT_INDEX, stale, signal, modelsOfIndex),
          async (signal) => {
            const records = await this.#backend.call(
              'ir.model',
              'search_read',
              { domain: [], fields: ['model', 'name', 'state'] },
              { signal },
            );
            return { value: modelsOfMetaModel(records), origin: 'metaModels' as const };
          },
          readSignal,
        ),
    );
    return [...entry.value];
  }

  /** Fields of a model by name. */
  async fields(model: string, options: LookupOptions = {}): Promise<Readonly<Record<string, FieldInfo>>> {
    return (await this.#detail(model, options)).fields;
  }

  /** Methods of a model with their parameters (documents), or the notes' table when there are no documents. */
  async methods(model: string, options: LookupOptions = {}): Promise<readonly MethodInfo[]> {
    return (await this.#detail(model, options)).methods;
  }

  /** The cached model list, without any request (completion offline); undefined when nothing is cached. */
  cachedModels(): readonly ModelInfo[] | undefined {
    return this.#cache.models?.value;
  }

  /** What is cached for a model, without any request (completion's fast path); undefined when nothing is. */
  cachedDetail(model: string): ModelDetail | undefined {
    return this.#cache.details.get(model)?.value;
  }

  /**
   * Forgets one model, or everything (models, all details and whether documents are readable). Reads already running
   * answer their callers but cache nothing, and later lookups do not wait for them: they ask the server again.
   */
  async invalidate(model?: string): Promise<void> {
    this.#generation += 1;
    if (model === undefined) {
      this.#cache.clear();
      this.#clearedAt = this.#generation;
      this.#reads.forget();
    } else {
      this.#cache.details.delete(model);
      this.#invalidatedAt.set(detailKey(model), this.#generation);
      this.#reads.forget((key) => key === detailKey(model));
    }
    await this.#cache.save();
  }

  /** Whether nothing a read of `key` started at `generation` relies on was invalidated since. */
  #unchangedSince(key: string, generation: number): boolean {
    return this.#clearedAt <= generation && (this.#invalidatedAt.get(key) ?? 0) <= generation;
  }

  async #detail(model: string, options: LookupOptions): Promise<ModelDetail> {
    const store = (fresh: CacheEntry<ModelDetail>): void => {
      this.#cache.details.set(model, fresh);
    };
    const entry = await this.#lookup(detailKey(model), this.#cache.details.get(model), options, store, (stale, readSignal) =>
      this.#documentsOrFallback(
        (signal) =>
          this.#fromDocument(`/doc-bearer/${encodeURIComponent(model)}.json`, stale, signal, (document) => {
            const record = document as { fields?: unknown; methods?: unknown };
            return {
              fields: fieldsOfFieldsGet(record.fields ?? {}),
              methods: methodsOfModelDocument(record.methods),
              origin: 'documents' as const,
            };
          }),
        async (signal) => {
          const result = await this.#backend.call(model, 'fields_get', { attributes: [...FIELD_ATTRIBUTES] }, { signal });
          return {
            value: { fields: fieldsOfFieldsGet(result), methods: methodsOfTable(model), origin: 'metaModels' as const },
            origin: 'metaModels' as const,
          };
        },
        readSignal,
      ),
    );
    return entry.value;
  }

  /**
   * The document's answer when the key may read documents, else the meta-model fallback's. While that is unknown (the
   * first lookup of this connection and database) both are asked at once, so a key that may not read the documents
   * still pays one round trip; the fallback is cancelled when the document answers. After a full invalidation, a key
   * that could read the documents before asks for them alone (one request); one that could not asks both again, so a
   * right granted since is noticed.
   */
  async #documentsOrFallback<T>(
    fromDocuments: (signal: AbortSignal | undefined) => Promise<Fetched<T> | undefined>,
    fallback: (signal: AbortSignal | undefined) => Promise<Fetched<T>>,
    signal: AbortSignal | undefined,
  ): Promise<Fetched<T>> {
    const known = this.#cache.documentsAvailable;
    if (known === false) return fallback(signal);
    if (known === true || this.#cache.documentsHint === true) return (await fromDocuments(signal)) ?? fallback(signal);
    const spare = new AbortController();
    const fallbackTask = fallback(signal ? AbortSignal.any([signal, spare.signal]) : spare.signal);
    fallbackTask.catch(() => undefined);
    let documented: Fetched<T> | undefined;
    try {
      documented = await fromDocuments(signal);
    } catch (error) {
      spare.abort();
      throw error;
    }
    if (documented === undefined) return fallbackTask;
    spare.abort();
    return documented;
  }

  /**
   * Fresh entries are used as they are; stale ones are fetched again (the fetcher revalidates with the ETag), once for
   * all the lookups that ask meanwhile. The answer is cached only when no invalidation came after the read started.
   */
  async #lookup<T>(
    key: string,
    cached: CacheEntry<T> | undefined,
    options: LookupOptions,
    store: (entry: CacheEntry<T>) => void,
    fetch: (stale: CacheEntry<T> | undefined, signal: AbortSignal) => Promise<Fetched<T>>,
  ): Promise<CacheEntry<T>> {
    if (cached && !options.refresh && this.#now() - cached.fetchedAt < this.#freshForMs) return cached;
    return this.#reads.join(
      key,
      async (signal) => {
        const started = this.#generation;
        const fetched = await fetch(cached, signal);
        const entry: CacheEntry<T> = {
          value: fetched.value,
          origin: fetched.origin,
          fetchedAt: this.#now(),
          ...(fetched.etag ? { etag: fetched.etag } : {}),
        };
        if (this.#unchangedSince(key, started)) {
          store(entry);
          await this.#cache.saveQuietly();
        }
        return entry;
      },
      options.signal,
    );
  }

  /**
   * Reads a schema document with `If-None-Match`; undefined when documents are not readable with this key (403, or
   * 404 because the server has none), which is remembered until `invalidate()`.
   */
  async #fromDocument<T>(
    path: string,
    stale: CacheEntry<T> | undefined,
    signal: AbortSignal | undefined,
    parse: (body: unknown) => T,
  ): Promise<{ value: T; origin: 'documents'; etag?: string } | undefined> {
    const started = this.#generation;
    // What a read started before a full invalidation learnt about the documents is forgotten with the rest.
    const remember = (available: boolean): void => {
      if (this.#clearedAt <= started) this.#cache.documentsAvailable = available;
    };
    try {
      const etag = stale?.origin === 'documents' ? stale.etag : undefined;
      const answer = await this.#backend.getDocument(path, { etag, signal });
      remember(true);
      if (answer.notModified && stale) return { value: stale.value, origin: 'documents', etag: answer.etag ?? etag };
      if (answer.notModified) return await this.#fromDocument(path, undefined, signal, parse);
      return { value: parse(answer.body), origin: 'documents', ...(answer.etag ? { etag: answer.etag } : {}) };
    } catch (error) {
      // 403: this key may not read documents at all. 404 on the index: the server has none. 404 on a model's
      // document: only that model has none. A malformed document counts as none. Anything else is a real failure.
      const kind = error instanceof ClientError ? error.kind : undefined;
      if (error instanceof SchemaFormatError || kind === 'access' || kind === 'notFound') {
        if (kind === 'access' || path === DOCUMENT_INDEX) remember(false);
        return undefined;
      }
      throw error;
    }
  }
}
