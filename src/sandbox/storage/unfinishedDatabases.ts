// Databases being built (a restore replaying its backup, a PGlite copy on its way) or removed (a PGlite drop) live
// under names that no database can have: never listed, never reached by a call, renamed into place only when complete;
// whatever of them a killed sandbox left behind is removed at the next start, with the names earlier versions used for
// the same purpose.
import crypto from 'node:crypto';

const UNFINISHED = /^~(restore|copy|drop)-[0-9a-f]{12}$/;
/** A restore's temporary database of earlier versions (`<name>.restoring-<hex>`), listed like any other. */
const EARLIER_RESTORE = /\.restoring-[0-9a-f]{6}$/;
/** A PGlite copy's partial data folder of earlier versions, inside the target's folder (`pgdata.partial-<hex>`). */
export const EARLIER_PARTIAL_COPY = /^pgdata\.partial-[0-9a-f]{8}$/;

/** A new name for a database being built or removed; `~` starts no valid database name. */
export function unfinishedName(purpose: 'restore' | 'copy' | 'drop'): string {
  return `~${purpose}-${crypto.randomBytes(6).toString('hex')}`;
}

/** True for the name of a database being built or removed (or left half-done by a sandbox that stopped meanwhile). */
export function isUnfinishedName(name: string): boolean {
  return UNFINISHED.test(name);
}

/** True for a name that an earlier version gave to a restore in progress: never a database's own name. */
export function isEarlierUnfinishedName(name: string): boolean {
  return EARLIER_RESTORE.test(name);
}
