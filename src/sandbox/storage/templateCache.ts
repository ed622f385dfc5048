// Closed template databases cached on disk by version: built once (about 2 s and 0.8 GB of memory), then copied
// for every new database (about 600 files: the cost of a copy is mostly creating them).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder } from './ownerOnlyFiles';
import { unpackPreparedTemplate } from './preparedTemplate';
import type { Storage } from './sqlClient';
import { WorkerStorage } from './workerStorage';

const STALE_BUILD_MS = 60 * 60_000;
/** Templates of other versions are removed only once no process has used them for this long. */
const UNUSED_TEMPLATE_MS = 60 * 60 * 1000;

export interface TemplateRequest {
  /** Folder holding the templates (`<cacheDir>/<version>/pgdata`). */
  cacheDir: string;
  /** Changes whenever the schema or the demo data change; names the cached template. */
  version: string;
  /** Fills a brand-new database (schema and demo data). */
  populate: (storage: Storage) => Promise<void>;
  /** The build's prepared template (preparedTemplate.ts): unpacked instead of built when it is of `version`. */
  prepared?: string;
  /**
   * A closed template (its data folder) that `populate` starts from instead of a new database: a copy costs a small
   * part of initdb's 2.5 s of CPU time.
   */
  base?: string;
}

export interface TemplateInfo {
  dataDir: string;
  /** True when this call built the template (false: it was already cached). */
  built: boolean;
  buildMs: number;
}

function removeOldTemplates(cacheDir: string, keep: string): void {
  for (const entry of fs.readdirSync(cacheDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === keep) continue;
    const full = path.join(cacheDir, entry.name);
    const building = entry.name.startsWith('.build-');
    const age = Date.now() - fs.statSync(full).mtimeMs;
    // Another process (a test run of another version of the code) may still be copying an older template.
    if (age < (building ? STALE_BUILD_MS : UNUSED_TEMPLATE_MS)) continue;
    fs.rmSync(full, { recursive: true, force: true });
  }
}

function markUsed(dir: string): void {
  const now = new Date();
  try {
    fs.utimesSync(dir, now, now);
  } catch {
    // Removed meanwhile by a process of another version: the caller's copy fails with a clear error.
  }
}

/**
 * Drops initdb's `template0` and `template1`: the sandbox works in PGlite's `postgres` database only and never creates a
 * database inside a data folder (new databases are copies of the folder), so they are half the folder's 1,200 files,
 * and every copy created them again.
 */
async function dropUnusedDatabases(storage: Storage): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await storage.query(`UPDATE pg_database SET datistemplate = false WHERE datname = '${name}'`);
    await storage.query(`DROP DATABASE ${name}`);
  }
  await storage.query('CHECKPOINT');
}

async function buildTemplate(dataDir: string, populate: (storage: Storage) => Promise<void>): Promise<void> {
  const storage = await WorkerStorage.open({ dataDir, initialize: true });
  try {
    await populate(storage);
    await dropUnusedDatabases(storage);
  } finally {
    await storage.close();
  }
}

/** Builds a template as a copy of the closed template `base` (which has no unused databases left) changed by `populate`. */
async function deriveTemplate(base: string, dataDir: string, populate: (storage: Storage) => Promise<void>): Promise<void> {
  await copyTemplate(base, dataDir);
  const storage = await WorkerStorage.open({ dataDir });
  try {
    await populate(storage);
    await storage.query('CHECKPOINT');
  } finally {
    await storage.close();
  }
}

/** Returns the template of `version`, building it first when it is not cached. Safe when processes race. */
export async function ensureTemplate(request: TemplateRequest): Promise<TemplateInfo> {
  const finalDir = path.join(request.cacheDir, request.version);
  const finalData = path.join(finalDir, 'pgdata');
  if (fs.existsSync(path.join(finalData, 'PG_VERSION'))) {
    markUsed(finalDir);
    return { dataDir: finalData, built: false, buildMs: 0 };
  }
  makePrivateFolder(request.cacheDir);
  const started = Date.now();
  const buildDir = path.join(request.cacheDir, `.build-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  const buildData = path.join(buildDir, 'pgdata');
  makePrivateFolder(request.base === undefined ? buildData : buildDir);
  try {
    if (request.base !== undefined) {
      await deriveTemplate(request.base, buildData, request.populate);
    } else {
      const unpacked = request.prepared !== undefined && (await unpackPreparedTemplate(request.prepared, request.version, buildData));
      if (!unpacked) await buildTemplate(buildData, request.populate);
    }
    try {
      fs.renameSync(buildDir, finalDir);
    } catch (error) {
      // Another process finished the same template first: use theirs.
      if (!fs.existsSync(path.join(finalData, 'PG_VERSION'))) throw error;
    }
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
  removeOldTemplates(request.cacheDir, request.version);
  return { dataDir: finalData, built: true, buildMs: Date.now() - started };
}

/** Files copied at once: enough to keep the thread pool's four threads busy, no more. */
const COPIES_AT_ONCE = 8;

/** Copies the files and folders of `from` into the new folder `to`, folders first, files several at a time. */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = await fs.promises.readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: fs.Dirent) => path.relative(from, path.join(entry.parentPath ?? entry.path, entry.name));
  await fs.promises.mkdir(to, { mode: 0o700 });
  const folders = entries.filter((entry) => entry.isDirectory()).map(relative);
  // Parents before children: readdir lists a folder before what is inside it.
  for (const folder of folders.sort()) await fs.promises.mkdir(path.join(to, folder), { mode: 0o700 });
  const files = entries.filter((entry) => entry.isFile()).map(relative);
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++];
      await fs.promises.copyFile(path.join(from, file), path.join(to, file), fs.constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copyNext));
}

/**
 * Copies a closed template's data directory to `targetDataDir`, which must not exist yet. File by file through the
 * thread pool: a copy of a thousand files made in one synchronous call held the server's event loop for seconds.
 * (`fs.promises.cp` took about twice the CPU time of this copy for the same folder.)
 */
export async function copyTemplate(templateDataDir: string, targetDataDir: string): Promise<void> {
  if (fs.existsSync(targetDataDir)) throw new Error(`${targetDataDir} already exists`);
  makePrivateFolder(path.dirname(targetDataDir));
  const partial = `${targetDataDir}.partial-${crypto.randomBytes(4).toString('hex')}`;
  try {
    await copyTree(templateDataDir, partial);
    await fs.promises.rename(partial, targetDataDir);
  } finally {
    await fs.promises.rm(partial, { recursive: true, force: true });
  }
}
