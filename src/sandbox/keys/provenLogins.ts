// Credentials of the deprecated object service that were proven, remembered per user id and secret (by digest) as
// the reference caches `_check_uid_passwd`: a caller who already proved a secret is not checked (nor slowed, nor
// throttled) again until users, groups or keys change, which forgets them all. A key used as the password is
// remembered with its expiry, compared with the clock at each use.
import crypto from 'node:crypto';
import { formatDatetime } from '../orm/fieldValues';

const MAX_REMEMBERED = 10_000;

export class ProvenLogins {
  /** Digest of uid and secret → the expiry of the key it was (`YYYY-MM-DD HH:MM:SS`), or null for a password. */
  private readonly entries = new Map<string, string | null>();
  /** Bumped by `clear`, so that a check that raced with a change is not remembered. */
  generation = 0;

  private static digest(uid: number, secret: string): string {
    return crypto.createHash('sha256').update(`${uid}\u0000${secret}`).digest('hex');
  }

  /** True when `uid` proved `secret` before and, for a key, it has not expired at `now`. */
  has(uid: number, secret: string, now: Date): boolean {
    const digest = ProvenLogins.digest(uid, secret);
    if (!this.entries.has(digest)) return false;
    const expiration = this.entries.get(digest);
    return expiration === null || expiration === undefined || expiration >= formatDatetime(now);
  }

  /** Remembers a proof made while the generation was `generation` (dropped if a change happened meanwhile). */
  remember(uid: number, secret: string, expiration: string | null, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.set(ProvenLogins.digest(uid, secret), expiration);
    if (this.entries.size > MAX_REMEMBERED) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
