// The in-memory schema cache of one connection and database, saved to and loaded from the storage port.
import type { SchemaStoragePort } from './schemaStorage';
import type { ModelDetail, ModelInfo, SchemaOrigin } from './schemaTypes';

export interface CacheEntry<T> {
  readonly value: T;
  readonly origin: SchemaOrigin;
  /** When the server last confirmed it (ms since the epoch). */
  readonly fetchedAt: number;
  readonly etag?: string;
}

interface Snapshot {
  readonly format: 1;
  readonly models?: CacheEntry<ModelInfo[]>;
  readonly details: Record<string, CacheEntry<ModelDetail>>;
  readonly documentsAvailable?: boolean;
}

/** Holds the entries; saves are serialised so that two quick updates never write out of order. */
export class SchemaCache {
  models: CacheEntry<ModelInfo[]> | undefined;
  readonly details = new Map<string, CacheEntry<ModelDetail>>();
  /** Whether this key may read the schema documents: unknown until asked. */
  documentsAvailable: boolean | undefined;
  /** What `documentsAvailable` was before the last `clear()`: a hint for the next first lookup, never persisted. */
  documentsHint: boolean | undefined;
  readonly #key: string;
  readonly #storage: SchemaStoragePort | undefined;
  #saving: Promise<void> = Promise.resolve();
  /** The save queued behind the running one, not started yet. */
  #waiting: Promise<void> | undefined;

  constructor(key: string, storage: SchemaStoragePort | undefined) {
    this.#key = key;
    this.#storage = storage;
  }

  /** Replaces the entries with the stored ones; a missing or unreadable snapshot leaves the cache empty. */
  async load(): Promise<void> {
    const text = await this.#storage?.load(this.#key);
    if (text === undefined) return;
    let snapshot: Snapshot;
    try {
      snapshot = JSON.parse(text) as Snapshot;
    } catch {
      return;
    }
    if (snapshot.format !== 1) return;
    this.models = snapshot.models;
    this.details.clear();
    for (const [model, entry] of Object.entries(snapshot.details ?? {})) this.details.set(model, entry);
    this.documentsAvailable = snapshot.documentsAvailable;
  }

  clear(): void {
    this.models = undefined;
    this.details.clear();
    this.documentsHint = this.documentsAvailable ?? this.documentsHint;
    this.documentsAvailable = undefined;
  }

  /**
   * Writes the snapshot after any save already running. A save still waiting for its turn writes the entries as they
   * are when it starts, so calls made meanwhile join it: many lookups that finish together (a whole model list loaded
   * at once) write once or twice, not once each with an ever larger snapshot.
   */
  save(): Promise<void> {
    const storage = this.#storage;
    if (!storage) return Promise.resolve();
    if (this.#waiting) return this.#waiting;
    const waiting = this.#saving
      .catch(() => undefined)
      .then(() => {
        this.#waiting = undefined;
        return this.#write(storage);
      });
    this.#waiting = waiting;
    this.#saving = waiting;
    return waiting;
  }

  #write(storage: SchemaStoragePort): Promise<void> {
    const empty = !this.models && this.details.size === 0 && this.documentsAvailable === undefined;
    if (empty) return storage.delete(this.#key);
    const snapshot: Snapshot = {
      format: 1,
      details: Object.fromEntries(this.details),
      ...(this.models ? { models: this.models } : {}),
      ...(this.documentsAvailable !== undefined ? { documentsAvailable: this.documentsAvailable } : {}),
    };
    return storage.save(this.#key, JSON.stringify(snapshot));
  }

  /** Saves, ignoring storage failures: failing to persist never fails a lookup. */
  async saveQuietly(): Promise<void> {
    await this.save().catch(() => undefined);
  }
}
