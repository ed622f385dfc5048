// Test-only fault injection: fail the Nth statement of the next call, or every call of a named method; and a watch on
// the statements calls run (tests that count the work a call does).
import { runtimeError } from '../errors/serviceErrors';
import type { QueryResult, SqlClient } from '../storage/sqlClient';

/** Told of each statement of a call's transaction, before it runs. */
export type StatementWatcher = (sql: string, params: readonly unknown[]) => void;

export class FaultInjector {
  private statementToFail: number | null = null;
  private readonly failingMethods = new Set<string>();
  /** Faults that fired (for tests that check the fault was really hit). */
  fired = 0;
  private readonly watchers = new Set<StatementWatcher>();

  /** The `n`-th SQL statement (1-based) of the next transactional call fails; armed once. */
  failStatement(n: number): void {
    if (!Number.isInteger(n) || n < 1) throw new Error('failStatement needs a positive integer');
    this.statementToFail = n;
  }

  /** Every call of `model`.`method` fails (after its body ran, so its changes must be rolled back) until cleared. */
  failMethod(model: string, method: string): void {
    this.failingMethods.add(`${model}/${method}`);
  }

  clear(): void {
    this.statementToFail = null;
    this.failingMethods.clear();
  }

  /** Tells `watcher` of every statement of every call until the returned function is called. */
  watchStatements(watcher: StatementWatcher): () => void {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  /** True when a fault is armed that a call of `model`.`method` would meet, or statements are watched (it must really run). */
  affects(model: string, method: string): boolean {
    return this.statementToFail !== null || this.watchers.size > 0 || this.failingMethods.has(`${model}/${method}`);
  }

  /** Wraps the transaction of a call; takes the armed statement fault, if any. */
  wrapTransaction(cr: SqlClient): SqlClient {
    const target = this.statementToFail;
    if (target === null && this.watchers.size === 0) return cr;
    this.statementToFail = null;
    let count = 0;
    return {
      query: <Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
        count += 1;
        for (const watcher of this.watchers) watcher(sql, params ?? []);
        if (count === target) {
          this.fired += 1;
          return Promise.reject(runtimeError(`Injected fault: statement ${target} of this call failed`));
        }
        return cr.query<Row>(sql, params);
      },
    };
  }

  /** Throws when `model`.`method` is set to fail. */
  afterMethod(model: string, method: string): void {
    if (!this.failingMethods.has(`${model}/${method}`)) return;
    this.fired += 1;
    throw runtimeError(`Injected fault: ${model}.${method} failed`);
  }
}
