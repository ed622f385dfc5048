// The storage interface every part of the sandbox talks to: a small subset of the `pg` client (query, transaction).

/** One column of a result, as the PostgreSQL protocol describes it. */
export interface ResultField {
  name: string;
  dataTypeID: number;
}

/** The answer to one statement. */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows inserted, updated or deleted by the statement (0 for a SELECT). */
  affectedRows: number;
  fields: ResultField[];
}

/** Anything that can run one statement: the storage itself or an open transaction. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

/**
 * A database. `query` runs one statement in its own implicit transaction; `transaction` runs the callback with a
 * client bound to one transaction, committed when the callback resolves and rolled back when it throws. Inside the
 * callback only the given client may be used: a query on the storage itself waits until the transaction ends.
 */
export interface Storage extends SqlClient {
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A database error with the fields of the PostgreSQL error message that the sandbox maps to its own errors. */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly detail: string | undefined,
    readonly constraint: string | undefined,
    readonly table: string | undefined,
    readonly column: string | undefined,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

/**
 * A parameter value that cannot be written into SQL (a string with a NUL character, an infinite number): refused before
 * anything is sent, as psycopg2 refuses it with a ValueError in the reference server.
 */
export class UnsendableValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsendableValueError';
  }
}

/** SQLSTATE codes the sandbox gives a meaning to. */
export const SqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  restrictViolation: '23001',
  notNullViolation: '23502',
  checkViolation: '23514',
  numericOutOfRange: '22003',
  invalidTextRepresentation: '22P02',
  /** The database went away under a call (a PGlite worker that stopped, a PostgreSQL connection lost). */
  connectionFailure: '08006',
} as const;
