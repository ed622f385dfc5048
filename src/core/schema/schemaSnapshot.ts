// Reads one database's whole schema for a comparison: its models, then the fields of each model a few at a time,
// with progress and cancellation. Models whose fields this key may not read are listed apart, not compared.
import { ClientError } from '../client/clientErrors';
import type { SchemaSnapshot } from './schemaComparison';
import type { LookupOptions } from './schemaService';
import type { FieldInfo, ModelInfo } from './schemaTypes';

/** What the loader needs from a schema service (`SchemaService` has this shape). */
export interface SchemaSource {
  models(options?: LookupOptions): Promise<ModelInfo[]>;
  fields(model: string, options?: LookupOptions): Promise<Readonly<Record<string, FieldInfo>>>;
}

export interface SnapshotProgress {
  /** Models whose fields were read (or refused) so far. */
  readonly done: number;
  readonly total: number;
}

export interface LoadSnapshotOptions {
  readonly label: string;
  /** How many `fields` lookups run at once (default 4). */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  /** Ask the server again even where the cache is fresh (revalidated with ETags): a comparison wants today's schema. */
  readonly refresh?: boolean;
  readonly onProgress?: (progress: SnapshotProgress) => void;
}

export const DEFAULT_SNAPSHOT_CONCURRENCY = 4;

const refused = (error: unknown): boolean => error instanceof ClientError && (error.kind === 'access' || error.kind === 'notFound');

/**
 * The snapshot of one database. Rejects on the first failure other than a refused model (and then asks nothing more),
 * or with the signal's reason once it is aborted.
 */
export async function loadSchemaSnapshot(source: SchemaSource, options: LoadSnapshotOptions): Promise<SchemaSnapshot> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const lookup: LookupOptions = { signal, ...(options.refresh ? { refresh: true } : {}) };
  const models = await source.models(lookup);
  const fields: Record<string, Readonly<Record<string, FieldInfo>>> = {};
  const unreadable: string[] = [];
  let next = 0;
  let done = 0;
  options.onProgress?.({ done, total: models.length });
  const worker = async (): Promise<void> => {
    while (next < models.length) {
      signal.throwIfAborted();
      const model = models[next++].model;
      try {
        fields[model] = await source.fields(model, lookup);
      } catch (error) {
        if (signal.aborted || !refused(error)) throw error;
        unreadable.push(model);
      }
      done += 1;
      options.onProgress?.({ done, total: models.length });
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? DEFAULT_SNAPSHOT_CONCURRENCY, models.length));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } catch (error) {
    stop.abort();
    options.signal?.throwIfAborted();
    throw error;
  }
  return { label: options.label, models, fields, unreadable: unreadable.sort() };
}
