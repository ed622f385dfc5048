// What the db service needs from backups: a whole backup in memory for `dump`, and `restore` from one.
import type { DatabaseCatalog } from '../catalog/databaseCatalog';

export type BackupFormat = 'zip' | 'dump';

export interface BackupCodec {
  dumpToBuffer(catalog: DatabaseCatalog, name: string, format: BackupFormat): Promise<Buffer>;
  /** Stops (and leaves nothing) once `signal` is aborted: the client went away. */
  restoreFromBuffer(catalog: DatabaseCatalog, name: unknown, data: Buffer, copy: boolean, signal?: AbortSignal): Promise<void>;
}
