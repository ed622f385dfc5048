// Where the sandbox keeps its files: the data folder (one sub-folder per database) and the template cache.
import os from 'node:os';
import path from 'node:path';

/** The user's cache folder for this project, following each platform's convention. */
export function userCacheDir(): string {
  if (process.env.JSON2_SANDBOX_CACHE) return path.resolve(process.env.JSON2_SANDBOX_CACHE);
  const home = os.homedir();
  if (process.platform === 'win32')
    return path.join(process.env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'json2-explorer', 'Cache');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'json2-explorer');
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(home, '.cache'), 'json2-explorer');
}

/** Default data folder of `json2 sandbox`. */
export function defaultDataDir(): string {
  return path.join(userCacheDir(), 'sandbox');
}

/** Where template databases are cached, shared by every data folder and by the tests. */
export function templateCacheDir(): string {
  return path.join(userCacheDir(), 'sandbox-templates');
}

/** The folder of a data folder that holds the databases. */
export function databasesDir(dataDir: string): string {
  return path.join(dataDir, 'databases');
}

/** The folder of a data folder where uploaded backups wait while they are restored. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The file a running server writes in its data folder (pid, address, control token). */
export function serverInfoFile(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

/** The sandbox's configuration file (the master password's hash). */
export function configFile(dataDir: string): string {
  return path.join(dataDir, 'config.json');
}

/** What the sandbox writes in a data folder (the folder itself may be the person's own: it is left as it is). */
export function sandboxEntries(dataDir: string): string[] {
  return [databasesDir(dataDir), uploadsDir(dataDir), serverInfoFile(dataDir), configFile(dataDir)];
}
