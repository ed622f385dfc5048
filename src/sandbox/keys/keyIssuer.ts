// Creates API keys outside the programmatic `generate` method: at first start, for `json2 sandbox key`, on the web
// key page and for the test API. Every route keeps the three-calendar-month cap.
import { insertApiKey } from './apiKeyStore';
import { latestExpiry } from './keyLifetime';
import { formatDate } from '../orm/fieldValues';
import type { Clock } from '../orm/clock';
import type { SqlClient, Storage } from '../storage/sqlClient';

/** What issuing needs of the sandbox's databases (the catalog is one). */
export interface KeyDatabases {
  readonly clock: Clock;
  readonly hashCost: number;
  exists(name: string): boolean;
  use<T>(name: string, work: (storage: Storage) => Promise<T>): Promise<T>;
}

export interface KeyRequest {
  login: string;
  /** Description shown in the key list. */
  name: string;
  expiration: Date;
  scope?: string | null;
}

export interface IssuedKey {
  key: string;
  id: number;
  userId: number;
  expiration: Date;
}

export class KeyIssueError extends Error {}

/** The expiry `days` days after `now`, refused when it passes the three-month cap. */
export function expiryAfterDays(days: number, now: Date): Date {
  if (!Number.isInteger(days) || days < 1)
    throw new KeyIssueError(`the key's duration must be a whole number of days, at least 1 (got ${days})`);
  const expiration = new Date(now.getTime() + days * 86_400_000);
  const latest = latestExpiry(now);
  if (expiration > latest)
    throw new KeyIssueError(`an API key cannot live longer than three months: ${days} days from now passes ${formatDate(latest)}`);
  return expiration;
}

/** Creates a key for the active user `login` inside transaction `cr`. */
export async function issueApiKeyIn(cr: SqlClient, catalog: KeyDatabases, request: KeyRequest): Promise<IssuedKey> {
  const now = catalog.clock.now();
  if (request.expiration <= now) throw new KeyIssueError('the expiration date must be in the future');
  if (request.expiration > latestExpiry(now))
    throw new KeyIssueError(`an API key cannot live longer than three months (until ${formatDate(latestExpiry(now))})`);
  const found = await cr.query<{ id: number }>('SELECT id FROM res_users WHERE login = $1 AND active', [request.login]);
  const userId = found.rows[0]?.id;
  if (userId === undefined) throw new KeyIssueError(`no active user with login '${request.login}'`);
  const created = await insertApiKey(cr, {
    userId,
    name: request.name,
    scope: request.scope ?? null,
    expiration: request.expiration,
    creatorId: userId,
    now,
    hashCost: catalog.hashCost,
  });
  return { key: created.key, id: created.id, userId, expiration: request.expiration };
}

/** Creates a key for `login` in database `database`. */
export function issueApiKey(catalog: KeyDatabases, database: string, request: KeyRequest): Promise<IssuedKey> {
  if (!catalog.exists(database)) return Promise.reject(new KeyIssueError(`the database '${database}' does not exist`));
  return catalog.use(database, (storage) => storage.transaction((cr) => issueApiKeyIn(cr, catalog, request)));
}
