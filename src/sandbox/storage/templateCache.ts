// Closed template databases cached on disk by version: built once (about 2 s and 0.8 GB of memory), then copied
// (about 0.1 s) for every new database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder } from './ownerOnlyFiles';
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
  makePrivateFolder(buildData);
  try {
    const storage = await WorkerStorage.open({ dataDir: buildData, initialize: true });
    try {
      await request.populate(storage);
    } finally {
      await storage.close();
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

/**
 * Copies a closed template's data directory to `targetDataDir`, which must not exist yet. File by file through the
 * thread pool: a copy of a thousand files made in one synchronous call held the server's event loop for seconds.
 */
export async function copyTemplate(templateDataDir: string, targetDataDir: string): Promise<void> {
  if (fs.existsSync(targetDataDir)) throw new Error(`${targetDataDir} already exists`);
  makePrivateFolder(path.dirname(targetDataDir));
  const partial = `${targetDataDir}.partial-${crypto.randomBytes(4).toString('hex')}`;
  try {
    await fs.promises.cp(templateDataDir, partial, { recursive: true });
    await fs.promises.rename(partial, targetDataDir);
  } finally {
    await fs.promises.rm(partial, { recursive: true, force: true });
  }
}
