// The databases of one sandbox: opens each on demand through its backend, caps how many are open at once, closes
// the ones left idle, and runs whole-database operations (copy, rename, drop) only once the calls running on those
// databases have finished, holding new calls back until the operation is over.
import type { Storage } from './sqlClient';
import type { OpenStorage, StorageBackend } from './storageBackend';

export { isValidDatabaseName } from './pgliteBackend';

/** The database asked for does not exist (any more: a call that waited for a drop or rename finds this). */
export class UnknownDatabaseError extends Error {
  constructor(readonly database: string) {
    super(`the database '${database}' does not exist`);
    this.name = 'UnknownDatabaseError';
  }
}

export interface DatabasePoolOptions {
  /** Databases open at once (a PGlite database holds about 100–250 MB). */
  maxOpen?: number;
  /** A database unused this long is closed. */
  idleCloseMs?: number;
}

interface OpenDatabase {
  storage: Promise<OpenStorage>;
  users: number;
  lastUsed: number;
  /** Called when `users` falls to 0. */
  drained: Array<() => void>;
}

export class DatabasePool {
  private readonly open = new Map<string, OpenDatabase>();
  private readonly waiters: Array<() => void> = [];
  /** Databases under a whole-database operation: calls wait for the promise, then look again. */
  private readonly blocked = new Map<string, Promise<void>>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  readonly maxOpen: number;
  readonly idleCloseMs: number;

  constructor(
    readonly backend: StorageBackend,
    options: DatabasePoolOptions = {},
  ) {
    this.maxOpen = options.maxOpen ?? 3;
    this.idleCloseMs = options.idleCloseMs ?? 5 * 60_000;
    this.sweeper = setInterval(() => void this.closeIdle(this.idleCloseMs), Math.min(30_000, this.idleCloseMs)).unref();
  }

  /** Names of the databases, sorted. */
  list(): string[] {
    return this.backend.list();
  }

  exists(name: string): boolean {
    return this.backend.exists(name);
  }

  /** How many databases are open right now. */
  get openCount(): number {
    return this.open.size;
  }

  /** How many calls are running on database `name` right now. */
  usersOf(name: string): number {
    return this.open.get(name)?.users ?? 0;
  }

  /** True while a whole-database operation on `name` runs or waits for the calls on it to finish. */
  isBlocked(name: string): boolean {
    return this.blocked.has(name);
  }

  /** Runs `work` with database `name` open; the database stays open (for reuse) until idle or evicted. */
  async use<T>(name: string, work: (storage: Storage) => Promise<T>): Promise<T> {
    const entry = await this.lease(name);
    try {
      return await work(await entry.storage);
    } finally {
      this.unlease(entry);
    }
  }

  private unlease(entry: OpenDatabase): void {
    entry.users -= 1;
    entry.lastUsed = Date.now();
    if (entry.users === 0) for (const wake of entry.drained.splice(0)) wake();
    this.waiters.shift()?.();
  }

  private async lease(name: string): Promise<OpenDatabase> {
    for (;;) {
      if (this.closed) throw new Error('the database pool is closed');
      const block = this.blocked.get(name);
      if (block) {
        await block;
        continue;
      }
      const existing = this.open.get(name);
      if (existing) {
        existing.users += 1;
        let storage: OpenStorage;
        try {
          storage = await existing.storage;
        } catch (error) {
          this.unlease(existing);
          if (this.open.get(name) === existing) this.open.delete(name);
          throw error;
        }
        if (storage.alive) return existing;
        // The worker or connection stopped under us (a crash): forget it and open the database again.
        this.unlease(existing);
        if (this.open.get(name) === existing) this.open.delete(name);
        await storage.close();
        continue;
      }
      if (this.open.size >= this.maxOpen) {
        if (!(await this.evictOne())) await new Promise<void>((resolve) => this.waiters.push(resolve));
        continue;
      }
      if (!this.backend.exists(name)) throw new UnknownDatabaseError(name);
      this.open.set(name, { storage: this.backend.open(name), users: 0, lastUsed: Date.now(), drained: [] });
    }
  }

  /**
   * Runs a whole-database operation on `names`: calls arriving meanwhile wait (and then find the databases as the
   * operation left them), calls already running finish first, and the databases are closed while `operation` runs.
   * Must not be called from inside `use` of one of `names` (it would wait for itself).
   */
  async exclusive<T>(names: readonly string[], operation: () => Promise<T>): Promise<T> {
    for (;;) {
      const pending = names.map((name) => this.blocked.get(name)).filter((block) => block !== undefined);
      if (pending.length === 0) break;
      await Promise.all(pending);
    }
    let unblock!: () => void;
    const block = new Promise<void>((resolve) => {
      unblock = resolve;
    });
    for (const name of names) this.blocked.set(name, block);
    try {
      for (const name of names) await this.drainAndClose(name);
      return await operation();
    } finally {
      for (const name of names) if (this.blocked.get(name) === block) this.blocked.delete(name);
      unblock();
    }
  }

  private async drainAndClose(name: string): Promise<void> {
    const entry = this.open.get(name);
    if (!entry) return;
    if (entry.users > 0) await new Promise<void>((resolve) => entry.drained.push(resolve));
    await this.closeDatabase(name);
  }

  /** Closes the least recently used idle database; false when every open database is in use. */
  private async evictOne(): Promise<boolean> {
    const idle = [...this.open.entries()].filter(([, entry]) => entry.users === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    if (idle.length === 0) return false;
    await this.closeDatabase(idle[0][0]);
    return true;
  }

  private async closeDatabase(name: string): Promise<void> {
    const entry = this.open.get(name);
    if (!entry) return;
    this.open.delete(name);
    const storage = await entry.storage.catch(() => null);
    await storage?.close();
    this.waiters.shift()?.();
  }

  /**
   * Stops the open database `name` at once, as a crash would (OpenStorage.abort): the calls running on it fail, and
   * the next call opens it again. False when it is not open.
   */
  async abort(name: string): Promise<boolean> {
    const storage = await this.open.get(name)?.storage.catch(() => null);
    if (!storage) return false;
    await storage.abort();
    return true;
  }

  /** Closes the databases unused for `idleMs` or more. */
  async closeIdle(idleMs: number): Promise<void> {
    const now = Date.now();
    const idle = [...this.open.entries()].filter(([, entry]) => entry.users === 0 && now - entry.lastUsed >= idleMs);
    for (const [name] of idle) await this.closeDatabase(name);
  }

  /** Closes every database and releases the backend's namespace. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.open.keys()].map((name) => this.closeDatabase(name)));
    for (const wake of this.waiters.splice(0)) wake();
    await this.backend.release();
  }
}
