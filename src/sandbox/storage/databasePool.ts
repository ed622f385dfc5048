// The databases of one sandbox: opens each on demand through its backend, caps how many are open at once, closes
// the ones left idle (sooner after a burst of reads; at once when their memory grew past a bound), and runs
// whole-database operations (copy, rename, drop) only once the calls running on those databases have finished,
// holding new calls back until the operation is over.
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
  /** Databases open at once (a PGlite database holds about 60–150 MB). */
  maxOpen?: number;
  /** A database unused this long is closed (0: never); the next call opens it again. */
  idleCloseMs?: number;
  /**
   * A database whose memory (OpenStorage.memoryBytes: PGlite's WebAssembly heap, which never shrinks) passed this many
   * bytes is closed as soon as no call uses it, giving that memory back; the next call opens it again.
   */
  maxIdleMemoryBytes?: number;
  /**
   * A database whose large statements read at least `burstRows` rows since it opened (OpenStorage.largeReadRows:
   * PGlite only; statements of fewer than 1,000 rows do not count, so browsing never counts) is closed once
   * idle for `burstIdleMs`, sooner than `idleCloseMs`: after a burst of large reads its worker holds their memory.
   * Only while idle databases close at all (`idleCloseMs` > 0).
   */
  burstRows?: number;
  burstIdleMs?: number;
  /** The pool's clock in milliseconds (tests set it; default Date.now). */
  now?: () => number;
}

/** Default of `idleCloseMs`: two minutes. */
export const DEFAULT_IDLE_CLOSE_MS = 2 * 60_000;
/** Default of `maxIdleMemoryBytes`: a PGlite heap starts at 128 MiB and grows for large statements. */
export const DEFAULT_MAX_IDLE_MEMORY_BYTES = 192 * 1024 * 1024;
/** Default of `burstRows`: ten batches of a large read (orm/recordRead.ts reads 1,000 ids per statement). */
export const DEFAULT_BURST_ROWS = 10_000;
/** Default of `burstIdleMs`. */
export const DEFAULT_BURST_IDLE_MS = 20_000;

interface OpenDatabase {
  storage: Promise<OpenStorage>;
  /** The storage once open (for the sweeper, which does not wait). */
  opened?: OpenStorage;
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
  /** Databases being closed: a call for one waits until it is closed, then opens it again (never two at once). */
  private readonly closing = new Map<string, Promise<void>>();
  private readonly sweeper: NodeJS.Timeout | undefined;
  private closed = false;
  readonly maxOpen: number;
  readonly idleCloseMs: number;
  readonly maxIdleMemoryBytes: number;
  readonly burstRows: number;
  readonly burstIdleMs: number;
  private readonly now: () => number;
  /** Databases closed because they were idle, idle after a burst, or idle with too much memory (tests, benchmarks). */
  readonly closedCounts = { idle: 0, burst: 0, memory: 0 };

  constructor(
    readonly backend: StorageBackend,
    options: DatabasePoolOptions = {},
  ) {
    this.maxOpen = options.maxOpen ?? 3;
    this.idleCloseMs = options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
    this.maxIdleMemoryBytes = options.maxIdleMemoryBytes ?? DEFAULT_MAX_IDLE_MEMORY_BYTES;
    this.burstRows = options.burstRows ?? DEFAULT_BURST_ROWS;
    this.burstIdleMs = Math.min(options.burstIdleMs ?? DEFAULT_BURST_IDLE_MS, this.idleCloseMs);
    this.now = options.now ?? Date.now;
    if (this.idleCloseMs > 0)
      this.sweeper = setInterval(
        () => void this.sweep(),
        Math.max(1_000, Math.min(30_000, this.burstIdleMs / 4, this.idleCloseMs / 4)),
      ).unref();
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
      this.unlease(entry, name);
    }
  }

  private unlease(entry: OpenDatabase, name?: string): void {
    entry.users -= 1;
    entry.lastUsed = this.now();
    if (entry.users === 0) for (const wake of entry.drained.splice(0)) wake();
    this.waiters.shift()?.();
    if (entry.users === 0 && name !== undefined) void this.closeIfGrown(name, entry);
  }

  /** Closes an idle database whose memory passed `maxIdleMemoryBytes` (a large statement grew PGlite's heap). */
  private async closeIfGrown(name: string, entry: OpenDatabase): Promise<void> {
    const storage = await entry.storage.catch(() => null);
    if (!storage || (storage.memoryBytes ?? 0) <= this.maxIdleMemoryBytes) return;
    if (this.open.get(name) !== entry || entry.users > 0) return;
    this.closedCounts.memory += 1;
    await this.closeDatabase(name);
  }

  private async lease(name: string): Promise<OpenDatabase> {
    for (;;) {
      if (this.closed) throw new Error('the database pool is closed');
      const block = this.blocked.get(name) ?? this.closing.get(name);
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
      const storage = this.backend.open(name);
      const entry: OpenDatabase = { storage, users: 0, lastUsed: this.now(), drained: [] };
      storage.then((opened) => (entry.opened = opened)).catch(() => undefined);
      this.open.set(name, entry);
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

  /** Closes database `name`; calls for it meanwhile wait, then open it again. */
  private async closeDatabase(name: string): Promise<void> {
    const entry = this.open.get(name);
    if (!entry) return this.closing.get(name);
    this.open.delete(name);
    const closed = (async () => {
      const storage = await entry.storage.catch(() => null);
      await storage?.close();
    })();
    this.closing.set(name, closed);
    try {
      await closed;
    } finally {
      if (this.closing.get(name) === closed) this.closing.delete(name);
      this.waiters.shift()?.();
    }
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

  /** Closes the databases unused for `idleMs` or more (one that a call took meanwhile stays open). */
  async closeIdle(idleMs: number): Promise<void> {
    await this.closeWhere('idle', (entry) => this.now() - entry.lastUsed >= idleMs);
  }

  private async sweep(): Promise<void> {
    await this.closeIdle(this.idleCloseMs);
    await this.closeAfterBurst();
  }

  /** Closes the databases that read `burstRows` rows or more since they opened and have been idle for `burstIdleMs`. */
  async closeAfterBurst(): Promise<void> {
    await this.closeWhere(
      'burst',
      (entry) => (entry.opened?.largeReadRows ?? 0) >= this.burstRows && this.now() - entry.lastUsed >= this.burstIdleMs,
    );
  }

  /** Closes, one by one, the unused databases `shouldClose` picks (checked again just before each close), counted as `reason`. */
  private async closeWhere(reason: 'idle' | 'burst', shouldClose: (entry: OpenDatabase) => boolean): Promise<void> {
    for (const [name, entry] of [...this.open.entries()]) {
      if (this.open.get(name) !== entry || entry.users !== 0 || !shouldClose(entry)) continue;
      this.closedCounts[reason] += 1;
      await this.closeDatabase(name);
    }
  }

  /** True while database `name` is open (a worker or connection held for it). */
  isOpen(name: string): boolean {
    return this.open.has(name);
  }

  /** Closes every database and releases the backend's namespace. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.open.keys()].map((name) => this.closeDatabase(name)));
    await Promise.all([...this.closing.values()]);
    for (const wake of this.waiters.splice(0)) wake();
    await this.backend.release();
  }
}
