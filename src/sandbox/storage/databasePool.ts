// The databases of one data folder: opens each on demand in its own worker, caps how many are open at once and
// closes the ones left idle.
import fs from 'node:fs';
import path from 'node:path';
import { claimDirectory, type DirectoryClaim } from './directoryClaim';
import type { Storage } from './sqlClient';
import { WorkerStorage } from './workerStorage';

export interface DatabasePoolOptions {
  /** Folder holding one sub-folder per database (`<name>/pgdata`). */
  databasesDir: string;
  /** Databases open at once (each holds about 200–300 MB). */
  maxOpen?: number;
  /** A database unused this long is closed. */
  idleCloseMs?: number;
  sharedBuffers?: string;
}

interface OpenDatabase {
  storage: Promise<WorkerStorage>;
  users: number;
  lastUsed: number;
}

const DATABASE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;

/** True for a name usable as a database (and folder) name. */
export function isValidDatabaseName(name: string): boolean {
  return DATABASE_NAME.test(name);
}

export class DatabasePool {
  private readonly open = new Map<string, OpenDatabase>();
  private readonly waiters: Array<() => void> = [];
  private readonly claim: DirectoryClaim;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  readonly maxOpen: number;
  readonly idleCloseMs: number;

  constructor(private readonly options: DatabasePoolOptions) {
    this.maxOpen = options.maxOpen ?? 3;
    this.idleCloseMs = options.idleCloseMs ?? 5 * 60_000;
    this.claim = claimDirectory(options.databasesDir);
    this.sweeper = setInterval(() => void this.closeIdle(this.idleCloseMs), Math.min(30_000, this.idleCloseMs)).unref();
  }

  /** The folder of database `name` (it holds `pgdata/`). */
  databaseDir(name: string): string {
    if (!isValidDatabaseName(name)) throw new Error(`invalid database name '${name}'`);
    return path.join(this.options.databasesDir, name);
  }

  dataDir(name: string): string {
    return path.join(this.databaseDir(name), 'pgdata');
  }

  /** Names of the databases in the folder, sorted. */
  list(): string[] {
    if (!fs.existsSync(this.options.databasesDir)) return [];
    return fs.readdirSync(this.options.databasesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && isValidDatabaseName(entry.name) && fs.existsSync(path.join(this.options.databasesDir, entry.name, 'pgdata', 'PG_VERSION')))
      .map((entry) => entry.name)
      .sort();
  }

  exists(name: string): boolean {
    return isValidDatabaseName(name) && fs.existsSync(path.join(this.dataDir(name), 'PG_VERSION'));
  }

  /** How many databases are open right now. */
  get openCount(): number {
    return this.open.size;
  }

  /** Runs `work` with database `name` open; the database stays open (for reuse) until idle or evicted. */
  async use<T>(name: string, work: (storage: Storage) => Promise<T>): Promise<T> {
    const entry = await this.lease(name);
    try {
      return await work(await entry.storage);
    } finally {
      entry.users -= 1;
      entry.lastUsed = Date.now();
      this.waiters.shift()?.();
    }
  }

  private async lease(name: string): Promise<OpenDatabase> {
    for (;;) {
      if (this.closed) throw new Error('the database pool is closed');
      const existing = this.open.get(name);
      if (existing) {
        existing.users += 1;
        let storage: WorkerStorage;
        try {
          storage = await existing.storage;
        } catch (error) {
          existing.users -= 1;
          if (this.open.get(name) === existing) this.open.delete(name);
          throw error;
        }
        if (storage.alive) return existing;
        // The worker stopped under us (a crash): forget it and open the database again.
        existing.users -= 1;
        if (this.open.get(name) === existing) this.open.delete(name);
        await storage.close();
        continue;
      }
      if (this.open.size >= this.maxOpen) {
        if (!(await this.evictOne())) await new Promise<void>((resolve) => this.waiters.push(resolve));
        continue;
      }
      if (!this.exists(name)) throw new Error(`the database '${name}' does not exist`);
      const storage = WorkerStorage.open({ dataDir: this.dataDir(name), sharedBuffers: this.options.sharedBuffers });
      this.open.set(name, { storage, users: 0, lastUsed: Date.now() });
    }
  }

  /** Closes the least recently used idle database; false when every open database is in use. */
  private async evictOne(): Promise<boolean> {
    const idle = [...this.open.entries()].filter(([, entry]) => entry.users === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    if (idle.length === 0) return false;
    await this.closeDatabase(idle[0][0]);
    return true;
  }

  /** Closes database `name` if it is open (waiting for nobody: callers make sure it is unused, e.g. before a drop). */
  async closeDatabase(name: string): Promise<void> {
    const entry = this.open.get(name);
    if (!entry) return;
    this.open.delete(name);
    const storage = await entry.storage.catch(() => null);
    await storage?.close();
    this.waiters.shift()?.();
  }

  /** Closes the databases unused for `idleMs` or more. */
  async closeIdle(idleMs: number): Promise<void> {
    const now = Date.now();
    const idle = [...this.open.entries()].filter(([, entry]) => entry.users === 0 && now - entry.lastUsed >= idleMs);
    for (const [name] of idle) await this.closeDatabase(name);
  }

  /** Closes every database and releases the folder. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.open.keys()].map((name) => this.closeDatabase(name)));
    for (const wake of this.waiters.splice(0)) wake();
    this.claim.release();
  }
}
