// Bearer authentication: finds the user of an API key. A key proven once against its slow hash is remembered (by a
// digest) with its user, scope and expiry, so later requests cost no statement at all. The memory is exact because
// every change that matters goes through this process: revoking or deleting a key forgets it, any change to users,
// groups or keys clears it, and the expiry is compared with the clock on every request. Which stored key a digest
// proved is kept through those clears (it stays true while that row keeps its hash), and slow checks that fail are
// throttled per key index, so that a known key prefix cannot make everyone wait behind forced slow hashes.
import crypto from 'node:crypto';
import type { CurrentUser } from '../orm/access/currentUser';
import { USER_COLUMNS, userFromRow, type UserRow } from '../security/userLookup';
import type { SqlClient } from '../storage/sqlClient';
import { formatDatetime } from '../orm/fieldValues';
import { tooManyRequests } from '../errors/serviceErrors';
import { DEFAULT_COOLDOWN, FailureCounter } from '../security/loginCooldown';
import { apiKeyById, lookUpApiKey, type StoredKey } from './apiKeyStore';
import { KEY_PATTERN, keyIndex } from './keyLifetime';
import { ProvenLogins } from './provenLogins';

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
  /** The stored key (id and hash) each digest proved to be, kept through `clear`. */
  private readonly proven = new Map<string, { keyId: number; keyHash: string }>();
  /** Slow checks of unknown keys that failed, per key index. */
  private readonly indexFailures = new FailureCounter();
  /** Bumped by every forget and clear, so that a verification that raced with one is not remembered. */
  private generation = 0;
  /** Slow-hash verifications done (for tests and benchmarks). */
  hashChecks = 0;
  /** Credentials the deprecated object service proved, forgotten with the keys. */
  readonly logins = new ProvenLogins();

  /** The stored key of `key`: by the proof kept for its digest (no slow hash), else by its index and slow hashes. */
  private async storedKey(cr: SqlClient, key: string, digest: string, now: Date): Promise<StoredKey | null> {
    const proof = this.proven.get(digest);
    if (proof) {
      const row = await apiKeyById(cr, proof.keyId);
      if (row && row.keyHash === proof.keyHash) return row;
      this.proven.delete(digest);
    }
    const index = keyIndex(key);
    const wait = this.indexFailures.cooldownLeft(index, DEFAULT_COOLDOWN, now.getTime());
    if (wait > 0) {
      throw tooManyRequests(
        `Too many failed attempts with API keys starting like this one: wait ${Math.ceil(wait / 1000)} s before trying again.`,
        { 'Retry-After': String(Math.ceil(wait / 1000)) },
      );
    }
    const { found, hashChecks } = await lookUpApiKey(cr, key);
    this.hashChecks += hashChecks;
    if (found) {
      this.indexFailures.succeeded(index);
      this.proven.set(digest, { keyId: found.id, keyHash: found.keyHash });
    } else if (hashChecks > 0) {
      this.indexFailures.failed(index, now.getTime());
    }
    return found;
  }

  private async verify(cr: SqlClient, key: string, digest: string, now: Date): Promise<VerifiedKey | null> {
    const found = await this.storedKey(cr, key, digest, now);
    if (!found) return null;
    const result = await cr.query<UserRow & { active: boolean }>(`SELECT u.active, ${USER_COLUMNS} FROM res_users u WHERE u.id = $1`, [
      found.userId,
    ]);
    const row = result.rows[0];
    if (!row || !row.active) return null;
    return { keyId: found.id, user: userFromRow(row), scope: found.scope, expiration: found.expiration };
  }

  /** The user of `key` for bearer use at `now`, or null (unknown, expired, revoked, wrong scope, inactive user). */
  async authenticate(cr: SqlClient, key: string, now: Date): Promise<{ user: CurrentUser; keyId: number; expiration: string } | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const digest = crypto.createHash('sha256').update(key).digest('hex');
    let entry = this.verified.get(digest);
    if (!entry) {
      let running = this.pending.get(digest);
      if (!running) {
        const generation = this.generation;
        running = this.verify(cr, key, digest, now)
          .then((verified) => {
            if (verified && generation === this.generation) this.verified.set(digest, verified);
            return verified;
          })
          .finally(() => this.pending.delete(digest));
        this.pending.set(digest, running);
      }
      const verified = await running;
      if (!verified) return null;
      entry = verified;
    }
    if (!BEARER_SCOPES.has(entry.scope) || entry.expiration < formatDatetime(now)) return null;
    return { user: entry.user, keyId: entry.keyId, expiration: entry.expiration };
  }

  /** Forgets the keys `ids` (revoked or deleted). */
  forget(ids: readonly number[]): void {
    this.generation += 1;
    const gone = new Set(ids);
    for (const [digest, entry] of this.verified) if (gone.has(entry.keyId)) this.verified.delete(digest);
    for (const [digest, proof] of this.proven) if (gone.has(proof.keyId)) this.proven.delete(digest);
    this.logins.clear();
  }

  /** Forgets every key (users, groups or keys changed). */
  clear(): void {
    this.generation += 1;
    this.verified.clear();
    this.logins.clear();
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.verified.size;
  }
}
