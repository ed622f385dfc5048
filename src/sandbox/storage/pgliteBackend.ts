// The PGlite backend: one data folder per database (`<databasesDir>/<name>/pgdata`), each opened in its own worker
// thread; templates are closed data folders in the template cache (the demo one unpacked from the build's prepared
// template when there is one), copied file by file.
import fs from 'node:fs';
import path from 'node:path';
import { claimDirectory, type DirectoryClaim } from './directoryClaim';
import type { Storage } from './sqlClient';
import type { OpenStorage, StorageBackend, StorageTemplate } from './storageBackend';
import { preparedTemplateArchive } from './preparedTemplate';
import { copyTemplate, ensureTemplate } from './templateCache';
import { EARLIER_PARTIAL_COPY, isEarlierUnfinishedName, isUnfinishedName, unfinishedName } from './unfinishedDatabases';
import { WorkerStorage } from './workerStorage';

const DATABASE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;

/** True for a name usable as a database name (and folder name); the names of unfinished databases are not. */
export function isValidDatabaseName(name: string): boolean {
  return DATABASE_NAME.test(name) && !isEarlierUnfinishedName(name);
}

/** True for a name this backend stores: a database's, or an unfinished database's. */
const isStoredName = (name: string) => isValidDatabaseName(name) || isUnfinishedName(name);

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

  /** Removes what a sandbox killed while restoring or copying a database left (see unfinishedDatabases.ts). */
  async start(): Promise<string[]> {
    const root = this.options.databasesDir;
    const removed: string[] = [];
    const remove = (relative: string) => {
      fs.rmSync(path.join(root, relative), { recursive: true, force: true });
      removed.push(relative);
    };
    for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (isUnfinishedName(entry.name) || isEarlierUnfinishedName(entry.name)) {
        remove(entry.name);
        continue;
      }
      const folder = path.join(root, entry.name);
      const inside = fs.readdirSync(folder);
      for (const name of inside.filter((item) => EARLIER_PARTIAL_COPY.test(item))) remove(path.join(entry.name, name));
      if (fs.readdirSync(folder).length === 0 && inside.length > 0) fs.rmdirSync(folder);
    }
    return removed;
  }

  /** The folder of database `name` (it holds `pgdata/`). */
  databaseDir(name: string): string {
    this.checkName(name);
    return path.join(this.options.databasesDir, name);
  }

  dataDir(name: string): string {
    return path.join(this.databaseDir(name), 'pgdata');
  }

  checkName(name: string): void {
    if (!isStoredName(name)) throw new Error(`invalid database name '${name}'`);
  }

  list(): string[] {
    if (!fs.existsSync(this.options.databasesDir)) return [];
    return fs
      .readdirSync(this.options.databasesDir, { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() &&
          isValidDatabaseName(entry.name) &&
          fs.existsSync(path.join(this.options.databasesDir, entry.name, 'pgdata', 'PG_VERSION')),
      )
      .map((entry) => entry.name)
      .sort();
  }

  exists(name: string): boolean {
    return isStoredName(name) && fs.existsSync(path.join(this.dataDir(name), 'PG_VERSION'));
  }

  open(name: string): Promise<OpenStorage> {
    if (!this.exists(name)) return Promise.reject(new Error(`the database '${name}' does not exist`));
    return WorkerStorage.open({ dataDir: this.dataDir(name), sharedBuffers: this.options.sharedBuffers });
  }

  async ensureTemplate(version: string, populate: (storage: Storage) => Promise<void>, base?: StorageTemplate): Promise<StorageTemplate> {
    const template = await ensureTemplate({
      cacheDir: this.options.templateCacheDir,
      version,
      populate,
      ...(base ? { base: base.location } : { prepared: preparedTemplateArchive() }),
    });
    return { location: template.dataDir, built: template.built, buildMs: template.buildMs };
  }

  async createFromTemplate(template: StorageTemplate, name: string): Promise<void> {
    await this.copyInto(template.location, name);
  }

  async copy(from: string, to: string): Promise<void> {
    await this.copyInto(this.dataDir(from), to);
  }

  /** Copies a closed data folder into an unfinished database's folder, then renames it to `name` once complete. */
  private async copyInto(sourceDataDir: string, name: string): Promise<void> {
    const target = this.databaseDir(name);
    const unfinished = this.databaseDir(unfinishedName('copy'));
    await fs.promises.rm(target, { recursive: true, force: true });
    try {
      await copyTemplate(sourceDataDir, path.join(unfinished, 'pgdata'));
      await fs.promises.rename(unfinished, target);
    } finally {
      await fs.promises.rm(unfinished, { recursive: true, force: true });
    }
  }

  async rename(from: string, to: string): Promise<void> {
    await fs.promises.rename(this.databaseDir(from), this.databaseDir(to));
  }

  /**
   * Renames the database's folder out of sight at once (one step: a sandbox killed meanwhile leaves a `~drop-` folder
   * that the next start removes, never half a database), then removes it file by file without holding the event loop.
   */
  async drop(name: string): Promise<void> {
    const doomed = this.databaseDir(unfinishedName('drop'));
    try {
      await fs.promises.rename(this.databaseDir(name), doomed);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await fs.promises.rm(doomed, { recursive: true, force: true });
  }

  async release(): Promise<void> {
    this.claim.release();
  }
}
