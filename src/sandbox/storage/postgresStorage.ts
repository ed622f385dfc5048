// Storage on one database of a real PostgreSQL server, through one node-postgres connection. Statements and
// transactions take turns (a first-come lock), exactly as in the PGlite worker, so both backends behave alike:
// a statement from elsewhere waits until a transaction ends and never joins it.
import pg from 'pg';
import { ExclusiveLock } from './exclusiveLock';
import { DatabaseError, SqlState, type QueryResult, type SqlClient } from './sqlClient';
import { interpolate } from './sqlLiterals';
import type { OpenStorage } from './storageBackend';

const TYPE_INT8 = 20;
const TYPE_NUMERIC = 1700;
const TYPE_DATE = 1082;
const TYPE_TIMESTAMP = 1114;
const TYPE_TIMESTAMPTZ = 1184;
const TYPE_INT8_ARRAY = 1016;
const TYPE_NUMERIC_ARRAY = 1231;
const TYPE_DATE_ARRAY = 1182;
const TYPE_TIMESTAMP_ARRAY = 1115;
const TYPE_TIMESTAMPTZ_ARRAY = 1185;

const asText = (value: string) => value;
const TYPE_TEXT_ARRAY = 1009;
const builtinParser = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (value: string) => unknown;
const textArray = builtinParser(TYPE_TEXT_ARRAY);
const numberArray = (value: string) => (textArray(value) as Array<string | null>).map((item) => (item === null ? null : Number(item)));

/** The same conversions as the PGlite worker: dates and timestamps stay text, 64-bit counts and numerics are numbers. */
const OVERRIDES = new Map<number, (value: string) => unknown>([
  [TYPE_INT8, Number],
  [TYPE_NUMERIC, Number],
  [TYPE_DATE, asText],
  [TYPE_TIMESTAMP, asText],
  [TYPE_TIMESTAMPTZ, asText],
  [TYPE_INT8_ARRAY, numberArray],
  [TYPE_NUMERIC_ARRAY, numberArray],
  [TYPE_DATE_ARRAY, textArray],
  [TYPE_TIMESTAMP_ARRAY, textArray],
  [TYPE_TIMESTAMPTZ_ARRAY, textArray],
]);

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    OVERRIDES.get(oid) ?? builtinParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** The connection settings of `url` for the database `database` of the same server. */
export function connectionConfig(url: string, database: string): pg.ClientConfig {
  const target = new URL(url);
  target.pathname = `/${encodeURIComponent(database)}`;
  return { connectionString: target.toString(), types: typeParsers, application_name: 'json2-sandbox' };
}

function toDatabaseError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const e = error as Error & Partial<Record<'code' | 'detail' | 'constraint' | 'table' | 'column', string>>;
  if (!(error instanceof pg.DatabaseError)) return error;
  return new DatabaseError(e.message, e.code, e.detail, e.constraint, e.table, e.column);
}

/** The error of a call whose connection went away (psycopg2's OperationalError in the reference). */
function lostConnection(message: string): DatabaseError {
  return new DatabaseError(
    `${message}; the call's uncommitted changes are lost and the database opens again on the next call`,
    SqlState.connectionFailure,
    undefined,
    undefined,
    undefined,
    undefined,
  );
}

/** An error that ends the connection: the server shut the backend down (57P0x) or the connection failed (08xxx). */
function endsConnection(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError && typeof error.code === 'string' && (error.code.startsWith('57P0') || error.code.startsWith('08'))
  );
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

function toResult<Row>(answer: pg.QueryResult | pg.QueryResult[]): QueryResult<Row> {
  const last = Array.isArray(answer) ? answer[answer.length - 1] : answer;
  return {
    rows: (last.rows ?? []) as Row[],
    affectedRows: WRITES.has(last.command) ? (last.rowCount ?? 0) : 0,
    fields: (last.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
  };
}

export class PostgresStorage implements OpenStorage {
  private readonly lock = new ExclusiveLock();
  private broken: Error | null = null;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly client: pg.Client,
    private readonly config: pg.ClientConfig,
    private readonly backendPid: number,
  ) {
    // A connection lost (server stopped, database dropped with FORCE) makes the pool open the database again.
    client.on('error', (error) => {
      this.broken ??= lostConnection(`the connection to PostgreSQL was lost (${error.message})`);
    });
    client.on('end', () => {
      this.broken ??= lostConnection('the connection to PostgreSQL has ended');
    });
  }

  /** Connects to `database` on the server of `url`. */
  static async open(url: string, database: string): Promise<PostgresStorage> {
    const config = connectionConfig(url, database);
    const client = new pg.Client(config);
    let backendPid: number;
    try {
      await client.connect();
      // As in PGlite: UTC, ISO dates, and standard-conforming strings for the literals written by sqlLiterals.
      await client.query(
        "SET TIME ZONE 'UTC'; SET datestyle = 'ISO, YMD'; SET standard_conforming_strings = on; SET client_min_messages = warning",
      );
      backendPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw toDatabaseError(error);
    }
    return new PostgresStorage(client, config, backendPid);
  }

  private async run<Row>(sql: string, params: readonly unknown[]): Promise<QueryResult<Row>> {
    if (this.broken) throw this.broken;
    try {
      // The values become literals, as the PGlite worker does and as psycopg2 does for the reference server.
      return toResult<Row>(await this.client.query(params.length === 0 ? sql : interpolate(sql, [...params])));
    } catch (error) {
      if (this.broken || endsConnection(error))
        throw lostConnection(`the connection to PostgreSQL was lost (${error instanceof Error ? error.message : String(error)})`);
      throw toDatabaseError(error);
    }
  }

  query<Row = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    return this.lock.run(async () => {
      const result = await this.run<Row>(sql, params);
      if (this.client.getTransactionStatus() !== 'I') {
        await this.client.query('ROLLBACK').catch(() => undefined);
        throw new Error('a statement outside transaction() cannot open a transaction; use transaction() instead');
      }
      return result;
    });
  }

  async transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    const release = await this.lock.acquire();
    try {
      await this.run('BEGIN', []);
      let finished = false;
      const client: SqlClient = {
        query: <Row = Record<string, unknown>>(sql: string, params: readonly unknown[] = []) => {
          if (finished) return Promise.reject(new Error('this transaction has already ended'));
          return this.run<Row>(sql, params);
        },
      };
      let result: T;
      try {
        result = await work(client);
      } catch (error) {
        finished = true;
        await this.run('ROLLBACK', []).catch(() => undefined);
        throw error;
      }
      finished = true;
      try {
        await this.run('COMMIT', []);
      } finally {
        if (!this.broken && this.client.getTransactionStatus() !== 'I') await this.run('ROLLBACK', []).catch(() => undefined);
      }
      return result;
    } finally {
      release();
    }
  }

  get alive(): boolean {
    return this.broken === null && this.closing === null;
  }

  /**
   * Stops the database at once, as a crash would: the server ends this connection's backend process
   * (pg_terminate_backend, from a connection of its own); the running statement and transaction fail and are rolled
   * back, and the pool opens the database again on the next call.
   */
  async abort(): Promise<void> {
    if (!this.alive) return;
    const killer = new pg.Client(this.config);
    try {
      await killer.connect();
      await killer.query('SELECT pg_terminate_backend($1)', [this.backendPid]);
    } finally {
      await killer.end().catch(() => undefined);
    }
    // The connection learns of it when it next reads; until then no new call may use it.
    this.broken ??= lostConnection('the database server ended this connection (abort)');
  }

  /** Waits for the running statement or transaction, then closes the connection; safe to call more than once. */
  close(): Promise<void> {
    this.closing ??= this.lock.run(() => this.client.end()).catch(() => undefined);
    return this.closing;
  }
}
