// Bearer authentication: finds the user of an API key. A key proven once against its slow hash is remembered (by a
// digest) with its user, scope and expiry, so later requests cost no statement at all. The memory is exact because
// every change that matters goes through this process: revoking or deleting a key forgets it, any change to users,
// groups or keys clears it, and the expiry is compared with the clock on every request.
import crypto from 'node:crypto';
import type { CurrentUser } from '../security/currentUser';
import { USER_COLUMNS, userFromRow, type UserRow } from '../security/userLookup';
import type { SqlClient } from '../storage/sqlClient';
import { formatDatetime } from '../orm/fieldValues';
import { findApiKey } from './apiKeyStore';
import { KEY_PATTERN } from './keyLifetime';

/** Scopes accepted by bearer authentication. */
const BEARER_SCOPES = new Set([null, 'rpc']);

/** Models whose changes can change who a key belongs to or what that user may do. */
export const AUTHENTICATION_MODELS: ReadonlySet<string> = new Set(['res.users', 'res.users.apikeys', 'res.groups', 'ir.model.data']);

interface VerifiedKey {
  keyId: number;
  user: CurrentUser;
  scope: string | null;
  /** `YYYY-MM-DD HH:MM:SS` UTC. */
  expiration: string;
}

export class ApiKeyAuthenticator {
  private readonly verified = new Map<string, VerifiedKey>();
  private readonly pending = new Map<string, Promise<VerifiedKey | null>>();
  /** Bumped by every forget and clear, so that a verification that raced with one is not remembered. */
  private generation = 0;
  /** Slow-hash verifications done (for tests and benchmarks). */
  hashChecks = 0;

  private async verify(cr: SqlClient, key: string): Promise<VerifiedKey | null> {
    this.hashChecks += 1;
    const found = await findApiKey(cr, key);
    if (!found) return null;
    const result = await cr.query<UserRow & { active: boolean }>(`SELECT u.active, ${USER_COLUMNS} FROM res_users u WHERE u.id = $1`, [found.userId]);
    const row = result.rows[0];
    if (!row || !row.active) return null;
    return { keyId: found.id, user: userFromRow(row), scope: found.scope, expiration: found.expiration };
  }

  /** The user of `key` for bearer use at `now`, or null (unknown, expired, revoked, wrong scope, inactive user). */
  async authenticate(cr: SqlClient, key: string, now: Date): Promise<{ user: CurrentUser; keyId: number } | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const digest = crypto.createHash('sha256').update(key).digest('hex');
    let entry = this.verified.get(digest);
    if (!entry) {
      let running = this.pending.get(digest);
      if (!running) {
        const generation = this.generation;
        running = this.verify(cr, key).then((verified) => {
          if (verified && generation === this.generation) this.verified.set(digest, verified);
          return verified;
        }).finally(() => this.pending.delete(digest));
        this.pending.set(digest, running);
      }
      const verified = await running;
      if (!verified) return null;
      entry = verified;
    }
    if (!BEARER_SCOPES.has(entry.scope) || entry.expiration < formatDatetime(now)) return null;
    return { user: entry.user, keyId: entry.keyId };
  }

  /** Forgets the keys `ids` (revoked or deleted). */
  forget(ids: readonly number[]): void {
    this.generation += 1;
    const gone = new Set(ids);
    for (const [digest, entry] of this.verified) if (gone.has(entry.keyId)) this.verified.delete(digest);
  }

  /** Forgets every key (users, groups or keys changed). */
  clear(): void {
    this.generation += 1;
    this.verified.clear();
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.verified.size;
  }
}
