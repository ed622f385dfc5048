// Who calls a deprecated RPC function: login plus password, or login plus API key in place of the password. The
// system parameter `sandbox.rpc_api_keys_only` makes these interfaces refuse passwords, so that only keys work.
import { accessDenied, ServiceError } from '../errors/serviceErrors';
import { getParameter, parameterIsTrue } from '../security/systemParameters';
import { checkPassword } from '../security/passwordLogin';
import type { CurrentUser } from '../orm/access/currentUser';
import { loadUser } from '../security/userLookup';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import type { SqlClient } from '../storage/sqlClient';

/** The parameter that makes the deprecated interfaces accept API keys only (a documented sandbox choice). */
export const KEYS_ONLY_PARAMETER = 'sandbox.rpc_api_keys_only';

/**
 * The error of a database name that does not exist, as the reference server's driver reports it (the sandbox has no
 * database server: the text names the one of a reference server on its own machine, PostgreSQL's default port).
 */
export function unknownDatabase(database: string): ServiceError {
  return new ServiceError(
    'psycopg2.OperationalError',
    500,
    `connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "${database}" does not exist`,
    'business',
  );
}

/** Who `secret` proves `login` to be: the uid, and the expiry of the key when it is a key (null for a password). */
async function proveSecret(
  cr: SqlClient,
  catalog: DatabaseCatalog,
  database: string,
  login: unknown,
  secret: unknown,
): Promise<{ uid: number; expiration: string | null } | null> {
  if (typeof login !== 'string' || typeof secret !== 'string' || login === '' || secret === '') return null;
  // A key in cooldown (too many wrong keys of its index) is not checked as a key; the login's own throttle still counts.
  const byKey = await catalog
    .authenticator(database)
    .authenticate(cr, secret, catalog.clock.now())
    .catch((error: unknown) => {
      if (error instanceof ServiceError && error.status === 429) return null;
      throw error;
    });
  if (byKey) return byKey.user.login === login ? { uid: byKey.user.id, expiration: byKey.expiration } : null;
  if (parameterIsTrue(await getParameter(cr, KEYS_ONLY_PARAMETER))) return null;
  const uid = await checkPassword(cr, login, secret);
  return uid === null ? null : { uid, expiration: null };
}

/** The uid of `login` when `secret` is their password or one of their API keys (scope null or `rpc`), else null. */
export async function loginWithSecret(
  cr: SqlClient,
  catalog: DatabaseCatalog,
  database: string,
  login: unknown,
  secret: unknown,
): Promise<number | null> {
  return (await proveSecret(cr, catalog, database, login, secret))?.uid ?? null;
}

/** Runs a credential check under the login throttle (null: the check failed). */
export type ThrottledCheck = <T>(check: () => Promise<T | null>) => Promise<T | null>;

/**
 * The user of an object-service call (db, uid, password); access denied when they do not match. A pair proven
 * before is not checked again (as the reference caches it); other checks run under `throttled`.
 */
export async function checkCredentials(
  cr: SqlClient,
  catalog: DatabaseCatalog,
  database: string,
  uid: unknown,
  secret: unknown,
  throttled: ThrottledCheck,
): Promise<CurrentUser> {
  if (typeof uid !== 'number' || !Number.isInteger(uid) || typeof secret !== 'string' || secret === '') throw accessDenied('Access Denied');
  const proven = catalog.authenticator(database).logins;
  if (proven.has(uid, secret, catalog.clock.now())) {
    const user = await loadUser(cr, uid);
    if (user) return user;
  }
  const generation = proven.generation;
  const checked = await throttled(async () => {
    const user = await loadUser(cr, uid);
    const proof = user && (await proveSecret(cr, catalog, database, user.login, secret));
    return user && proof?.uid === uid ? { user, expiration: proof.expiration } : null;
  });
  if (!checked) throw accessDenied('Access Denied');
  proven.remember(uid, secret, checked.expiration, generation);
  return checked.user;
}
