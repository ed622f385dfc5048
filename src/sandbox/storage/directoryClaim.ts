// Makes sure one database directory is opened by one worker only: a set of claims inside this process and a lock
// file (holding the owner's process id) against other processes.
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder, PRIVATE_FILE_MODE } from './ownerOnlyFiles';

const claimedHere = new Set<string>();

export class DirectoryBusyError extends Error {
  constructor(
    readonly directory: string,
    readonly ownerPid: number | null,
  ) {
    super(
      ownerPid === null || ownerPid === process.pid
        ? `the database directory ${directory} is already open in this process`
        : `the database directory ${directory} is in use by another process (pid ${ownerPid})`,
    );
    this.name = 'DirectoryBusyError';
  }
}

/** True while a process with this id runs (also when it belongs to another user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** A held claim; `release` removes the lock file and the in-process claim. */
export interface DirectoryClaim {
  readonly directory: string;
  release(): void;
}

/**
 * Claims `directory` (a database folder) for this process. Throws DirectoryBusyError when this process or a live
 * other process holds it; a lock file left by a process that no longer runs is taken over.
 */
export function claimDirectory(directory: string): DirectoryClaim {
  const resolved = path.resolve(directory);
  if (claimedHere.has(resolved)) throw new DirectoryBusyError(resolved, process.pid);
  makePrivateFolder(resolved);
  const lockFile = path.join(resolved, 'owner.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      claimedHere.add(resolved);
      let released = false;
      return {
        directory: resolved,
        release() {
          if (released) return;
          released = true;
          claimedHere.delete(resolved);
          if (readOwner(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockFile);
      if (owner !== null && owner !== process.pid && processIsAlive(owner)) throw new DirectoryBusyError(resolved, owner);
      // Our own pid without an in-process claim: a lock left by an earlier process that had the same pid.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DirectoryBusyError(resolved, readOwner(lockFile));
}

/** The process holding `directory`, or null when it is free (or held by a process that has ended). */
export function directoryOwner(directory: string): number | null {
  const owner = readOwner(path.join(path.resolve(directory), 'owner.lock'));
  return owner !== null && processIsAlive(owner) ? owner : null;
}
