// Owner-only files for everything the sandbox keeps (databases, templates, uploads, configuration): the modes it
// creates them with, and the start-up check that takes group and other users' access away from what an older
// version (or a copy, an archive) left readable, and refuses to start on files that belong to another user.
import fs from 'node:fs';
import path from 'node:path';

/** Mode bits that give the group or other users any access. */
export const GROUP_AND_OTHERS = 0o077;
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Files or folders the sandbox cannot make private: another user owns them. */
export class ForeignFilesError extends Error {
  constructor(readonly paths: readonly string[]) {
    super(
      `${paths.length === 1 ? `${paths[0]} belongs` : `${paths.length} files (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', ...' : ''}) belong`} to another user; ` +
        'the sandbox keeps password and key hashes there and only runs on files of its own: remove them or choose another folder',
    );
    this.name = 'ForeignFilesError';
  }
}

/** Creates `folder` (and its missing parents) for its owner only. */
export function makePrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Modes are Unix permissions; Windows keeps files in the user's profile, protected by its ACLs. */
export function modesApply(): boolean {
  return process.platform !== 'win32';
}

function entries(folder: string): fs.Dirent[] {
  try {
    return fs.readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    // Removed meanwhile (another process's finished template build, for example).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Walks `root` (symbolic links are not followed) and removes group and other users' access from every file and
 * folder that has some. Returns the paths it changed; throws ForeignFilesError, changing nothing, when something
 * there belongs to another user than `uid` (this process's). A missing root is fine (nothing written yet).
 */
export function makeTreePrivate(root: string, uid = process.getuid?.()): string[] {
  if (!modesApply() || !fs.existsSync(root)) return [];
  const open: Array<{ path: string; mode: number }> = [];
  const foreign: string[] = [];
  const visit = (target: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    if (uid !== undefined && stat.uid !== uid) foreign.push(target);
    else if ((stat.mode & GROUP_AND_OTHERS) !== 0) open.push({ path: target, mode: stat.mode & 0o7777 & ~GROUP_AND_OTHERS });
    if (stat.isDirectory()) for (const entry of entries(target)) visit(path.join(target, entry.name));
  };
  visit(path.resolve(root));
  if (foreign.length > 0) throw new ForeignFilesError(foreign);
  const changed: string[] = [];
  for (const entry of open) {
    try {
      fs.chmodSync(entry.path, entry.mode);
      changed.push(entry.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return changed;
}
