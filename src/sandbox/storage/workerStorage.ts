// Storage backed by a PGlite database running in its own worker thread.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sharedPgliteModule } from './pgliteModule';
import { DatabaseError, SqlState, UnsendableValueError, type QueryResult, type SqlClient, type Storage } from './sqlClient';
import type { SerializedDatabaseError, WorkerReply, WorkerRequest, WorkerStartData, WorkerStatus } from './workerProtocol';

/** Bundled (dist/sandboxWorker.js next to dist/sandbox.js) or transpiled (out/.../pgliteWorkerEntry.js). */
export function workerScriptPath(): string {
  const candidates = [path.join(__dirname, 'sandboxWorker.js'), path.join(__dirname, 'pgliteWorkerEntry.js')];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`the sandbox's database worker is missing (looked for ${candidates.join(', ')})`);
  return found;
}

export interface WorkerStorageOptions {
  dataDir: string;
  /** Run initdb when the directory holds no database (only for building a template). */
  initialize?: boolean;
  sharedBuffers?: string;
}

/** A request as the caller writes it; `send` adds the id. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type RequestBody = WithoutId<WorkerRequest>;

/** How long `abort` lets PostgreSQL inside the worker exit before it terminates the thread (a statement running). */
const ABORT_GRACE_MS = 1_000;
/** A statement returning this many rows or more is one batch of a large read (orm/recordRead.ts reads 1,000 ids a time). */
export const LARGE_STATEMENT_ROWS = 1_000;

/**
 * How long `close` (and a failed start) lets the worker end by itself before terminating the thread. A worker whose
 * database is closed ends on its own in well under a second; terminating it meanwhile raced its own teardown.
 */
const CLOSE_GRACE_MS = 30_000;

type StartStatus = Exclude<WorkerStatus, { kind: 'exited' }>;

type Pending = { resolve: (reply: WorkerReply & { ok: true }) => void; reject: (error: Error) => void };

function toDatabaseError(error: SerializedDatabaseError): Error {
  if (error.unsendable) return new UnsendableValueError(error.message);
  return new DatabaseError(error.message, error.code, error.detail, error.constraint, error.table, error.column);
}

/** The error of the calls that were running when the worker stopped (a lost connection, in PostgreSQL's terms). */
function stoppedError(reason: string): DatabaseError {
  return new DatabaseError(reason, SqlState.connectionFailure, undefined, undefined, undefined, undefined);
}

export class WorkerStorage implements Storage {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited: Error | null = null;
  /** Why PostgreSQL inside the worker stopped, when it said so before the thread ended. */
  private stopped: string | null = null;
  private closing: Promise<void> | null = null;
  /** Milliseconds the worker took to open the database. */
  openMs = 0;
  /** PGlite's WebAssembly heap as the last reply gave it (it never shrinks: only closing gives it back). */
  memoryBytes = 0;
  /**
   * Rows returned by large statements (LARGE_STATEMENT_ROWS or more each) since the database opened: what a burst of
   * large reads leaves grown in the worker. Small statements do not count, so browsing never makes a database "burst".
   */
  largeReadRows = 0;
  /** The thread's exit code once it has ended: 0 when it ended by itself after closing, 1 when terminated or stopped. */
  exitCode: number | null = null;
  private readonly ended: Promise<void>;

  private constructor(private readonly worker: Worker) {
    this.ended = new Promise((resolve) =>
      worker.once('exit', (code) => {
        this.exitCode = code;
        resolve();
      }),
    );
  }

  /** Starts a worker on `dataDir` and resolves once the database is open. */
  static async open(options: WorkerStorageOptions): Promise<WorkerStorage> {
    const data: WorkerStartData = {
      dataDir: options.dataDir,
      initialize: options.initialize ?? false,
      sharedBuffers: options.sharedBuffers ?? '16MB',
      wasmModule: await sharedPgliteModule(),
    };
    const worker = new Worker(workerScriptPath(), { workerData: data });
    const storage = new WorkerStorage(worker);
    const status = await new Promise<StartStatus>((resolve, reject) => {
      storage.onStatus = resolve;
      storage.onStartFailure = reject;
      storage.listen();
    });
    if (status.kind === 'failed') {
      await storage.endThread();
      throw toDatabaseError(status.error);
    }
    storage.openMs = status.openMs;
    return storage;
  }

  private onStatus: ((status: StartStatus) => void) | null = null;
  private onStartFailure: ((error: Error) => void) | null = null;

  private listen(): void {
    this.worker.on('message', (reply: WorkerReply | WorkerStatus) => {
      if (!('id' in reply) && reply.kind === 'exited') {
        this.stopped = reply.error.message;
        return;
      }
      if (!('id' in reply)) {
        this.onStatus?.(reply);
        this.onStatus = null;
        return;
      }
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok && reply.heapBytes) this.memoryBytes = reply.heapBytes;
      if (reply.ok) pending.resolve(reply);
      else pending.reject(toDatabaseError(reply.error));
    });
    const fail = (error: Error) => {
      this.exited = error;
      this.onStartFailure?.(error);
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', (error) =>
      fail(
        stoppedError(
          `the database worker failed (${error.message}); the call's uncommitted changes are lost and the database opens again on the next call`,
        ),
      ),
    );
    this.worker.on('exit', (code) =>
      fail(
        stoppedError(
          this.stopped ??
            `the database worker has stopped (exit code ${code}); the call's uncommitted changes are lost and the database opens again on the next call`,
        ),
      ),
    );
  }

  private send(request: RequestBody): Promise<WorkerReply & { ok: true }> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private async runStatement<Row>(sql: string, params: readonly unknown[], tx: number | null): Promise<QueryResult<Row>> {
    const reply = await this.send({ kind: 'query', sql, params: [...params], tx });
    const result = reply.result as QueryResult<Row>;
    if (result.rows.length >= LARGE_STATEMENT_ROWS) this.largeReadRows += result.rows.length;
    return result;
  }

  query<Row = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    return this.runStatement<Row>(sql, params, null);
  }

  async transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    const begun = await this.send({ kind: 'begin' });
    const txId = begun.tx as number;
    let finished = false;
    const client: SqlClient = {
      query: <Row = Record<string, unknown>>(sql: string, params: readonly unknown[] = []) => {
        if (finished) return Promise.reject(new Error('this transaction has already ended'));
        return this.runStatement<Row>(sql, params, txId);
      },
    };
    let result: T;
    try {
      result = await work(client);
    } catch (error) {
      finished = true;
      await this.send({ kind: 'rollback', tx: txId }).catch(() => undefined);
      throw error;
    }
    finished = true;
    await this.send({ kind: 'commit', tx: txId });
    return result;
  }

  /** False once the worker has stopped (crashed or closed): the pool then opens the database again. */
  get alive(): boolean {
    return this.exited === null && this.closing === null;
  }

  /**
   * Stops the database at once, as a crash would: PostgreSQL inside the worker exits (the worker then ends); when a
   * statement keeps the worker busy, the thread is terminated after ABORT_GRACE_MS. Running calls fail and their
   * transaction is lost, committed data stays in the folder, and the pool opens the database again on the next call.
   */
  async abort(): Promise<void> {
    if (this.exited) return;
    this.send({ kind: 'exit' }).catch(() => undefined);
    const exited = await this.endedWithin(ABORT_GRACE_MS);
    if (!exited) {
      this.stopped ??= `the database worker was stopped while a statement ran (abort); the call's uncommitted changes are lost and the database opens again on the next call`;
      await this.worker.terminate();
    }
  }

  /** Closes the database cleanly and lets the worker end; safe to call more than once. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.exited) await this.send({ kind: 'close' }).catch(() => undefined);
      await this.endThread();
    })();
    return this.closing;
  }

  /**
   * Waits for the worker to end by itself (it closes its port once its database is closed, or after a failed start),
   * and terminates it only when it has not ended within CLOSE_GRACE_MS. Terminating a thread while it tears itself
   * down, with other workers starting, is the pattern of Node's worker crashes (nodejs/node#56312).
   */
  private async endThread(): Promise<void> {
    if (!(await this.endedWithin(CLOSE_GRACE_MS))) await this.worker.terminate();
  }

  /** Whether the worker's thread ends within `ms` (true at once when it already has). */
  private async endedWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const ended = await Promise.race([this.ended.then(() => true as const), late]);
    clearTimeout(timer);
    return ended;
  }
}
