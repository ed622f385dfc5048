// Worker thread that owns one PGlite database (PGlite blocks the thread it runs on) and serves the main thread's
// statements and transactions one at a time.
import fs from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results } from '@electric-sql/pglite';
import { ExclusiveLock } from './exclusiveLock';
import { OwnerOnlyNodeFS } from './ownerOnlyNodeFs';
import { interpolate } from './sqlLiterals';
import { SqlState, UnsendableValueError, type QueryResult } from './sqlClient';
import type { SerializedDatabaseError, WorkerReply, WorkerRequest, WorkerStartData, WorkerStatus } from './workerProtocol';

const TYPE_INT8 = 20;
const TYPE_NUMERIC = 1700;
const TYPE_DATE = 1082;
const TYPE_TIMESTAMP = 1114;
const TYPE_TIMESTAMPTZ = 1184;

/** Dates and timestamps stay text (the sandbox formats them itself); 64-bit counts become numbers. */
const parsers = {
  [TYPE_INT8]: (value: string) => Number(value),
  [TYPE_NUMERIC]: (value: string) => Number(value),
  [TYPE_DATE]: (value: string) => value,
  [TYPE_TIMESTAMP]: (value: string) => value,
  [TYPE_TIMESTAMPTZ]: (value: string) => value,
};

function serializeError(error: unknown): SerializedDatabaseError {
  if (error instanceof UnsendableValueError) return { message: error.message, unsendable: true };
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    const text = (key: string) => (typeof e[key] === 'string' ? e[key] : undefined);
    return {
      message: text('message') ?? String(error),
      code: text('code'),
      detail: text('detail'),
      constraint: text('constraint'),
      table: text('table'),
      column: text('column'),
    };
  }
  return { message: String(error) };
}

/**
 * True for PGlite's ExitStatus: PostgreSQL inside it called exit() (for example out of memory while planning). The
 * instance is unusable from then on (each later statement fails) though its data folder is intact: the worker
 * stops, and the pool opens the database again from the folder, as after a crash.
 */
export function isDatabaseExit(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as { name?: unknown }).name === 'ExitStatus';
}

/**
 * What this worker holds that only ending it gives back: PGlite's WebAssembly memory (it never shrinks; its module is
 * not part of PGlite's typed API) and this thread's JavaScript heap (a large result grows it, and V8 keeps the pages).
 */
function heapBytes(db: PGlite): number {
  const wasm = (db as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0;
  return wasm + getHeapStatistics().total_heap_size;
}

class DatabaseHost {
  private readonly lock = new ExclusiveLock();
  private openTransaction: { id: number; release: () => void } | null = null;
  private nextTransactionId = 1;

  constructor(private readonly db: PGlite) {}

  async handle(request: WorkerRequest): Promise<Omit<WorkerReply & { ok: true }, 'id' | 'ok'>> {
    switch (request.kind) {
      case 'query':
        if (request.tx === null) return { result: await this.lock.run(() => this.runAlone(request.sql, request.params)) };
        this.requireTransaction(request.tx);
        return { result: await this.run(request.sql, request.params) };
      case 'begin': {
        const release = await this.lock.acquire();
        try {
          await this.db.exec('BEGIN');
        } catch (error) {
          release();
          throw error;
        }
        const id = this.nextTransactionId++;
        this.openTransaction = { id, release };
        return { tx: id };
      }
      case 'commit':
      case 'rollback': {
        const transaction = this.requireTransaction(request.tx);
        try {
          await this.db.exec(request.kind === 'commit' ? 'COMMIT' : 'ROLLBACK');
        } finally {
          if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => undefined);
          this.openTransaction = null;
          transaction.release();
        }
        return {};
      }
      case 'close':
        await this.lock.run(() => this.db.close());
        return {};
      case 'exit':
        // PGlite's own exit (its module's `_exit`, not part of its typed API): it throws the ExitStatus that a fatal
        // error inside PostgreSQL throws, and that ends this worker below. It does not wait for the running transaction.
        (this.db as unknown as { mod: { _exit(status: number): void } }).mod._exit(100);
        throw new Error('PGlite did not exit');
    }
  }

  private requireTransaction(id: number): { id: number; release: () => void } {
    if (!this.openTransaction || this.openTransaction.id !== id) throw new Error(`transaction ${id} is not open`);
    return this.openTransaction;
  }

  /** A statement outside any transaction: it must not leave one open (BEGIN goes through transaction() only). */
  private async runAlone(sql: string, params: unknown[]): Promise<QueryResult> {
    const result = await this.run(sql, params);
    if (this.db.isInTransaction()) {
      await this.db.exec('ROLLBACK');
      throw new Error('a statement outside transaction() cannot open a transaction; use transaction() instead');
    }
    return result;
  }

  private async run(sql: string, params: unknown[]): Promise<QueryResult> {
    // One simple-protocol query with the values as literals: far cheaper in PGlite than a parameterised query.
    const answers = await this.db.exec(interpolate(sql, params));
    const answer = answers[answers.length - 1] as Results<Record<string, unknown>>;
    return {
      rows: answer.rows,
      affectedRows: answer.affectedRows ?? 0,
      fields: answer.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    };
  }
}

async function start(port: NonNullable<typeof parentPort>, data: WorkerStartData): Promise<void> {
  const started = Date.now();
  let db: PGlite;
  try {
    if (!data.initialize && !fs.existsSync(path.join(data.dataDir, 'PG_VERSION'))) {
      throw new Error(`${data.dataDir} is not a database directory`);
    }
    db = new PGlite({
      fs: new OwnerOnlyNodeFS(data.dataDir),
      parsers,
      pgliteWasmModule: data.wasmModule,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${data.sharedBuffers}`],
    });
    await db.waitReady;
  } catch (error) {
    port.postMessage({ kind: 'failed', error: serializeError(error) } satisfies WorkerStatus);
    return;
  }
  const host = new DatabaseHost(db);
  let exited: SerializedDatabaseError | null = null;
  port.on('message', (request: WorkerRequest) => {
    if (exited) {
      port.postMessage({ id: request.id, ok: false, error: exited } satisfies WorkerReply);
      return;
    }
    void host
      .handle(request)
      .then(
        (answer) => port.postMessage({ id: request.id, ok: true, ...answer, heapBytes: heapBytes(db) } satisfies WorkerReply),
        (error: unknown) => {
          if (isDatabaseExit(error)) {
            exited = {
              message: `the database stopped (${serializeError(error).message}); the call's uncommitted changes are lost and the database opens again on the next call`,
              code: SqlState.connectionFailure,
            };
            port.postMessage({ kind: 'exited', error: exited } satisfies WorkerStatus);
            port.postMessage({ id: request.id, ok: false, error: exited } satisfies WorkerReply);
            // Ends this thread only; the data folder is left as a crash leaves it (PostgreSQL recovers it on opening).
            setImmediate(() => process.exit(1));
            return;
          }
          port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies WorkerReply);
        },
      )
      .finally(() => {
        if (request.kind === 'close') port.close();
      });
  });
  port.postMessage({ kind: 'ready', openMs: Date.now() - started } satisfies WorkerStatus);
}

if (parentPort) void start(parentPort, workerData as WorkerStartData);
