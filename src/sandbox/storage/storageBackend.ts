// What the pool needs from a kind of database server: PGlite data folders (one worker thread each) or the databases
// of a real PostgreSQL server. Names are the sandbox's database names; each backend maps them to its own objects.
import type { Storage } from './sqlClient';

/** An open database; `alive` turns false when its worker or connection stopped (the pool then opens it again). */
export interface OpenStorage extends Storage {
  readonly alive: boolean;
  /** Memory this database holds that only closing it gives back (PGlite's WebAssembly heap); undefined when none. */
  readonly memoryBytes?: number;
  /**
   * Rows its large statements (1,000 rows or more each) returned since it opened, where closing it gives memory back
   * (PGlite); undefined otherwise.
   */
  readonly largeReadRows?: number;
  /**
   * Stops the database at once, as a crash would (the PGlite worker thread is terminated, the PostgreSQL connection
   * dropped): running calls fail, uncommitted changes are lost, committed ones stay; `alive` turns false.
   */
  abort(): Promise<void>;
}

/** A closed database from which new ones are copied (schema and, for the demo template, the demo data). */
export interface StorageTemplate {
  /** The backend's reference to it: a data folder, or a PostgreSQL database name. */
  readonly location: string;
  /** True when this call built the template (false: it was already there). */
  readonly built: boolean;
  readonly buildMs: number;
}

export interface StorageBackend {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Loads the list of databases (and takes ownership of the namespace), and removes the unfinished databases that a
   * sandbox stopped while building them left; returns their names. Called once before anything else.
   */
  start(): Promise<string[]>;
  /** The sandbox's databases, sorted. */
  list(): string[];
  exists(name: string): boolean;
  /** Throws a clear error when `name` cannot name a database on this backend. */
  checkName(name: string): void;
  open(name: string): Promise<OpenStorage>;
  /**
   * The template of `version`, built with `populate` when it does not exist yet (safe when processes race): `populate`
   * runs on a new database, or on a copy of `base` when given and the backend copies cheaper than it creates (PGlite:
   * a copy instead of initdb), so it must give the same result from either.
   */
  ensureTemplate(version: string, populate: (storage: Storage) => Promise<void>, base?: StorageTemplate): Promise<StorageTemplate>;
  /** Creates database `name` as a copy of the template. */
  createFromTemplate(template: StorageTemplate, name: string): Promise<void>;
  /** Copies the closed database `from` into the new database `to`. */
  copy(from: string, to: string): Promise<void>;
  /** Renames the closed database `from`. */
  rename(from: string, to: string): Promise<void>;
  /** Deletes the closed database `name` (nothing when it does not exist). */
  drop(name: string): Promise<void>;
  /** Releases the namespace (the databases stay). */
  release(): Promise<void>;
}
