// Database names as the manager accepts them, and the default file name of a backup.

/** The characters the database manager accepts in a name: letters, digits, `_`, `-` and `.`, starting with a letter or digit. */
const DATABASE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Undefined when `name` can be a new database's name; else why not. */
export function newDatabaseNameProblem(name: string, existing: readonly string[]): string | undefined {
  const value = name.trim();
  if (value === '') return 'Type a name for the database.';
  if (value.length > 63) return 'A database name has at most 63 characters.';
  if (!DATABASE_NAME.test(value)) return 'Use letters, digits, "_", "-" and "." only, starting with a letter or a digit.';
  if (existing.some((other) => other.toLowerCase() === value.toLowerCase())) return `The server already has a database named "${value}".`;
  return undefined;
}

export type BackupFormat = 'zip' | 'dump';

/** `demo_2026-11-22_07-30-00.zip`: the database, the UTC time, and the format's extension, as the server names backups. */
export function backupFileName(database: string, format: BackupFormat, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
  return `${database}_${stamp}.${format}`;
}

/** The database name a restored file suggests: its name without the timestamp and extension of a backup. */
export function databaseNameFromBackup(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.(zip|dump|sql)$/i, '');
  const withoutStamp = base.replace(/_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}$/, '');
  const cleaned = withoutStamp.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return cleaned === '' ? 'restored' : cleaned;
}

/** Secret storage key of a server's master password: one per server origin, never per connection. */
export function masterPasswordSecretKey(baseUrl: string): string {
  let origin = baseUrl;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // Keep the text as given: a connection with an unusable URL cannot reach the manager anyway.
  }
  return `json2.masterPassword/${origin}`;
}
