// The PGlite backend: one data folder per database (`<databasesDir>/<name>/pgdata`), each opened in its own worker
// thread; templates are closed data folders in the template cache, copied file by file.
import fs from 'node:fs';
import path from 'node:path';
import { claimDirectory, type DirectoryClaim } from './directoryClaim';
import type { Storage } from './sqlClient';
import type { OpenStorage, StorageBackend, StorageTemplate } from './storageBackend';
import { copyTemplate, ensureTemplate } from './templateCache';
import { WorkerStorage } from './workerStorage';

const DATABASE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;

/** True for a name usable as a database name (and folder name). */
export function isValidDatabaseName(name: string): boolean {
  return DATABASE_NAME.test(name);
}

export interface PgliteBackendOptions {
  /** Folder holding one sub-folder per database. */
  databasesDir: string;
  /** Folder of the cached templates (`<templateCacheDir>/<version>/pgdata`). */
  templateCacheDir: string;
  sharedBuffers?: string;
}

export class PgliteBackend implements StorageBackend {
  readonly kind = 'pglite';
  private readonly claim: DirectoryClaim;

  /** Claims the folder at once (DirectoryBusyError when another pool holds it). */
  constructor(private readonly options: PgliteBackendOptions) {
    this.claim = claimDirectory(options.databasesDir);
  }

  async start(): Promise<void> {}

  /** The folder of database `name` (it holds `pgdata/`). */
  databaseDir(name: string): string {
    this.checkName(name);
    return path.join(this.options.databasesDir, name);
  }

  dataDir(name: string): string {
    return path.join(this.databaseDir(name), 'pgdata');
  }

  checkName(name: string): void {
    if (!isValidDatabaseName(name)) throw new Error(`invalid database name '${name}'`);
  }

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

  open(name: string): Promise<OpenStorage> {
    if (!this.exists(name)) return Promise.reject(new Error(`the database '${name}' does not exist`));
    return WorkerStorage.open({ dataDir: this.dataDir(name), sharedBuffers: this.options.sharedBuffers });
  }

  async ensureTemplate(version: string, populate: (storage: Storage) => Promise<void>): Promise<StorageTemplate> {
    const template = await ensureTemplate({ cacheDir: this.options.templateCacheDir, version, populate });
    return { location: template.dataDir, built: template.built, buildMs: template.buildMs };
  }

  async createFromTemplate(template: StorageTemplate, name: string): Promise<void> {
    fs.rmSync(this.databaseDir(name), { recursive: true, force: true });
    copyTemplate(template.location, this.dataDir(name));
  }

  async copy(from: string, to: string): Promise<void> {
    fs.rmSync(this.databaseDir(to), { recursive: true, force: true });
    copyTemplate(this.dataDir(from), this.dataDir(to));
  }

  async rename(from: string, to: string): Promise<void> {
    fs.renameSync(this.databaseDir(from), this.databaseDir(to));
  }

  async drop(name: string): Promise<void> {
    fs.rmSync(this.databaseDir(name), { recursive: true, force: true });
  }

  async release(): Promise<void> {
    this.claim.release();
  }
}
