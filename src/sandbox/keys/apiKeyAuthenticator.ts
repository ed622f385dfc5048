// Bearer authentication: finds the user of an API key. A key proven once against its slow hash is remembered (by a
// digest), so later requests cost one indexed query; that query still sees a revoked, deleted or expired key at once.
import crypto from 'node:crypto';
import { formatDatetime } from '../orm/fieldValues';
import type { CurrentUser } from '../security/currentUser';
import { USER_COLUMNS, userFromRow, type UserRow } from '../security/userLookup';
import type { SqlClient } from '../storage/sqlClient';
import { findApiKey } from './apiKeyStore';
import { KEY_PATTERN } from './keyLifetime';

/** Scopes accepted by bearer authentication. */
const BEARER_SCOPES = new Set([null, 'rpc']);

interface KeyUserRow extends UserRow {
  scope: string | null;
  expiration_date: string;
  user_active: boolean;
}

export class ApiKeyAuthenticator {
  /** Digest of a key proven against its hash → the key's id. */
  private readonly verified = new Map<string, number>();
  private readonly pending = new Map<string, Promise<number | null>>();
  /** Slow-hash verifications done (for tests and benchmarks). */
  hashChecks = 0;

  private digest(key: string): string {
    return crypto.createHash('sha256').update(key).digest('hex');
  }

  private prove(cr: SqlClient, key: string, digest: string): Promise<number | null> {
    let running = this.pending.get(digest);
    if (!running) {
      this.hashChecks += 1;
      running = findApiKey(cr, key).then((found) => found?.id ?? null).finally(() => this.pending.delete(digest));
      this.pending.set(digest, running);
    }
    return running;
  }

  /** The user of `key` for bearer use at `now`, or null (unknown, expired, revoked, wrong scope, inactive user). */
  async authenticate(cr: SqlClient, key: string, now: Date): Promise<{ user: CurrentUser; keyId: number } | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const digest = this.digest(key);
    let keyId = this.verified.get(digest);
    if (keyId === undefined) {
      const proven = await this.prove(cr, key, digest);
      if (proven === null) return null;
      keyId = proven;
      this.verified.set(digest, keyId);
    }
    const result = await cr.query<KeyUserRow>(
      `SELECT k.scope, k.expiration_date, u.active AS user_active, ${USER_COLUMNS}
       FROM res_users_apikeys k JOIN res_users u ON u.id = k.user_id WHERE k.id = $1`, [keyId]);
    const row = result.rows[0];
    if (!row) {
      this.verified.delete(digest);
      return null;
    }
    if (!row.user_active || !BEARER_SCOPES.has(row.scope) || row.expiration_date.slice(0, 19) < formatDatetime(now)) return null;
    return { user: userFromRow(row), keyId };
  }

  /** Drops the remembered keys `ids` (revoked or deleted). */
  forget(ids: readonly number[]): void {
    const gone = new Set(ids);
    for (const [digest, id] of this.verified) if (gone.has(id)) this.verified.delete(digest);
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.verified.size;
  }
}
