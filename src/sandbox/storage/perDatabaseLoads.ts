// Something read from each database on first use and again after `forget`: one read per change, shared by the
// calls that arrive while it runs; a read that raced with a change is handed to its callers but not kept.
import type { SqlClient } from './sqlClient';

export class PerDatabaseLoads<T> {
  private readonly loaded = new Map<string, T>();
  private readonly loading = new Map<string, { generation: number; value: Promise<T> }>();
  /** Bumped by `forget`. */
  private generation = 0;

  constructor(private readonly read: (cr: SqlClient) => Promise<T>) {}

  /** The value kept for `database`, if any. */
  peek(database: string): T | undefined {
    return this.loaded.get(database);
  }

  /** The value of `database`: the kept one, the read under way, or a new read through `cr`. */
  async ensure(database: string, cr: SqlClient): Promise<T> {
    const known = this.loaded.get(database);
    if (known !== undefined) return known;
    const under = this.loading.get(database);
    if (under && under.generation === this.generation) return under.value;
    const generation = this.generation;
    const value = this.read(cr)
      .then((read) => {
        if (generation === this.generation) this.loaded.set(database, read);
        return read;
      })
      .finally(() => {
        if (this.loading.get(database)?.value === value) this.loading.delete(database);
      });
    this.loading.set(database, { generation, value });
    return value;
  }

  /** Forgets the value of `database` (it changed, or the database was dropped). */
  forget(database: string): void {
    this.generation += 1;
    this.loaded.delete(database);
  }
}
