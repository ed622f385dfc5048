// API key rows: only a slow salted hash and the 8-character index are stored; keys are found by index, then hash.
import type { SqlClient } from '../storage/sqlClient';
import { formatDatetime } from '../orm/fieldValues';
import { hashSecret, verifySecret } from '../security/secretHashing';
import { KEY_PATTERN, keyIndex, newApiKey } from './keyLifetime';

export interface StoredKey {
  id: number;
  userId: number;
  scope: string | null;
  /** `YYYY-MM-DD HH:MM:SS` UTC. */
  expiration: string;
}

export interface NewKeyRequest {
  userId: number;
  name: string;
  scope: string | null;
  expiration: Date;
  /** Who creates it and when (the built-in fields). */
  creatorId: number;
  now: Date;
  hashCost: number;
}

/** Stores a new key and returns its value (the only time it exists in clear) and id. */
export async function insertApiKey(cr: SqlClient, request: NewKeyRequest): Promise<{ id: number; key: string }> {
  const key = newApiKey();
  const hash = await hashSecret(key, request.hashCost);
  const now = formatDatetime(request.now);
  const result = await cr.query<{ id: number }>(
    `INSERT INTO res_users_apikeys (name, user_id, scope, expiration_date, key_hash, key_index, create_uid, create_date, write_uid, write_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8) RETURNING id`,
    [request.name, request.userId, request.scope, formatDatetime(request.expiration), hash, keyIndex(key), request.creatorId, now],
  );
  return { id: result.rows[0].id, key };
}

interface KeyRow {
  id: number;
  user_id: number;
  scope: string | null;
  expiration_date: string;
  key_hash: string;
}

const KEY_COLUMNS = 'id, user_id, scope, expiration_date, key_hash';
const storedKey = (row: KeyRow): StoredKey & { keyHash: string } => ({
  id: row.id,
  userId: row.user_id,
  scope: row.scope,
  expiration: row.expiration_date.slice(0, 19),
  keyHash: row.key_hash,
});

/**
 * The stored key matching `key` (any user, any scope, expired or not), or null, and how many slow hashes that took:
 * every candidate with the same index is checked against its hash in constant time.
 */
export async function lookUpApiKey(
  cr: SqlClient,
  key: string,
): Promise<{ found: (StoredKey & { keyHash: string }) | null; hashChecks: number }> {
  if (!KEY_PATTERN.test(key)) return { found: null, hashChecks: 0 };
  const candidates = await cr.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM res_users_apikeys WHERE key_index = $1 ORDER BY id`, [
    keyIndex(key),
  ]);
  let hashChecks = 0;
  for (const row of candidates.rows) {
    hashChecks += 1;
    if (await verifySecret(key, row.key_hash)) return { found: storedKey(row), hashChecks };
  }
  return { found: null, hashChecks };
}

/** The stored key matching `key` (any user, any scope, expired or not), or null. */
export async function findApiKey(cr: SqlClient, key: string): Promise<StoredKey | null> {
  return (await lookUpApiKey(cr, key)).found;
}

/** The stored key `id` with its hash, or null when it is gone. */
export async function apiKeyById(cr: SqlClient, id: number): Promise<(StoredKey & { keyHash: string }) | null> {
  const result = await cr.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM res_users_apikeys WHERE id = $1`, [id]);
  return result.rows[0] ? storedKey(result.rows[0]) : null;
}

/** Unexpired keys of `userId` at `now`. */
export async function countLiveKeys(cr: SqlClient, userId: number, now: Date): Promise<number> {
  const result = await cr.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM res_users_apikeys WHERE user_id = $1 AND expiration_date >= $2::timestamp',
    [userId, formatDatetime(now)],
  );
  return result.rows[0].count;
}

export async function deleteApiKey(cr: SqlClient, id: number): Promise<void> {
  await cr.query('DELETE FROM res_users_apikeys WHERE id = $1', [id]);
}

/** True when the key has not expired at `now`. */
export function isLive(key: StoredKey, now: Date): boolean {
  return key.expiration >= formatDatetime(now);
}
