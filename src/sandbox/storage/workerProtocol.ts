// The messages between a database's worker thread and the main thread.
import type { CompiledWasm } from './pgliteModule';
import type { QueryResult } from './sqlClient';

/** What the worker receives when it starts (as `workerData`). */
export interface WorkerStartData {
  /** The PostgreSQL data directory. */
  dataDir: string;
  /** Create the database cluster when the directory is empty (only the template builder does this). */
  initialize: boolean;
  /** PostgreSQL's `shared_buffers`, for example `16MB`. */
  sharedBuffers: string;
  /** PGlite's compiled WebAssembly, shared by the process's workers (undefined: PGlite loads its own). */
  wasmModule?: CompiledWasm;
}

export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[]; tx: number | null }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'commit' | 'rollback'; tx: number }
  | { id: number; kind: 'close' }
  /** Makes PostgreSQL inside the worker exit at once, as it does on a fatal error (the worker then ends). */
  | { id: number; kind: 'exit' };

/** A database error flattened so it crosses the thread boundary. */
export interface SerializedDatabaseError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The error was an UnsendableValueError (a value refused before it was sent). */
  unsendable?: boolean;
}

export type WorkerReply =
  /** `heapBytes`: the size of PGlite's WebAssembly heap after the request (it grows, never shrinks). */
  | { id: number; ok: true; result?: QueryResult; tx?: number; heapBytes?: number }
  | { id: number; ok: false; error: SerializedDatabaseError };

/**
 * The first message a worker sends: ready (with how long opening took) or failed; later, `exited` when PostgreSQL
 * inside it has stopped (the worker then ends).
 */
export type WorkerStatus =
  | { kind: 'ready'; openMs: number }
  | { kind: 'failed'; error: SerializedDatabaseError }
  | { kind: 'exited'; error: SerializedDatabaseError };
