// Wraps a storage backend (PGlite or PostgreSQL) so that every way of changing a database moves its write
// generation: each statement that is not a plain read, before it is sent and again once it is done; the end of a
// transaction that wrote; and the whole-database operations (create, copy, rename, drop).
import type { QueryResult, SqlClient, Storage } from './sqlClient';
import type { OpenStorage, StorageBackend, StorageTemplate } from './storageBackend';
import { isPlainRead, type WriteGenerations } from './writeGenerations';

class WriteTrackingStorage implements OpenStorage {
  constructor(
    private readonly inner: OpenStorage,
    private readonly wrote: () => void,
  ) {}

  get alive(): boolean {
    return this.inner.alive;
  }

  get memoryBytes(): number | undefined {
    return this.inner.memoryBytes;
  }

  get largeReadRows(): number | undefined {
    return this.inner.largeReadRows;
  }

  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
    return tracked(this.inner, sql, params, this.wrote);
  }

  async transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    let wrote = false;
    const noteWrite = () => {
      wrote = true;
      this.wrote();
    };
    try {
      return await this.inner.transaction((tx) => work({ query: (sql, params) => tracked(tx, sql, params, noteWrite) }));
    } finally {
      if (wrote) this.wrote();
    }
  }

  abort(): Promise<void> {
    return this.inner.abort();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Runs one statement; a statement that may write moves the generation before it is sent and after it ends. */
function tracked<Row>(
  client: SqlClient,
  sql: string,
  params: readonly unknown[] | undefined,
  wrote: () => void,
): Promise<QueryResult<Row>> {
  if (isPlainRead(sql)) return client.query<Row>(sql, params);
  wrote();
  return client.query<Row>(sql, params).finally(wrote);
}

/** `backend`, with every change to one of its databases reported to `generations`. */
export function writeTrackingBackend(backend: StorageBackend, generations: WriteGenerations): StorageBackend {
  const around = async <T>(names: readonly string[], operation: () => Promise<T>): Promise<T> => {
    for (const name of names) generations.bump(name);
    try {
      return await operation();
    } finally {
      for (const name of names) generations.bump(name);
    }
  };
  return {
    kind: backend.kind,
    start: () => backend.start(),
    list: () => backend.list(),
    exists: (name) => backend.exists(name),
    checkName: (name) => backend.checkName(name),
    open: async (name) => new WriteTrackingStorage(await backend.open(name), () => generations.bump(name)),
    // Templates are never served: their own storage is not tracked.
    ensureTemplate: (version: string, populate: (storage: Storage) => Promise<void>, base?: StorageTemplate): Promise<StorageTemplate> =>
      backend.ensureTemplate(version, populate, base),
    createFromTemplate: (template, name) => around([name], () => backend.createFromTemplate(template, name)),
    copy: (from, to) => around([to], () => backend.copy(from, to)),
    rename: (from, to) => around([from, to], () => backend.rename(from, to)),
    drop: (name) => around([name], () => backend.drop(name)),
    release: () => backend.release(),
  };
}
