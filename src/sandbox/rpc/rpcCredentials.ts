// Who calls a deprecated RPC function: login plus password, or login plus API key in place of the password. The
// system parameter `sandbox.rpc_api_keys_only` makes these interfaces refuse passwords, so that only keys work.
import { accessDenied, ServiceError } from '../errors/serviceErrors';
import { getParameter, parameterIsTrue } from '../models/systemParameters';
import { checkPassword } from '../security/passwordLogin';
import type { CurrentUser } from '../security/currentUser';
import { loadUser } from '../security/userLookup';
import type { DatabaseCatalog } from '../service/databaseCatalog';
import type { SqlClient } from '../storage/sqlClient';

/** The parameter that makes the deprecated interfaces accept API keys only (a documented sandbox choice). */
export const KEYS_ONLY_PARAMETER = 'sandbox.rpc_api_keys_only';

/** The error of a database name that does not exist, as the reference server's driver reports it. */
export function unknownDatabase(database: string): ServiceError {
  return new ServiceError('psycopg2.OperationalError', 500, `connection to server failed: FATAL:  database "${database}" does not exist`, 'business');
}

/** The uid of `login` when `secret` is their password or one of their API keys (scope null or `rpc`), else null. */
export async function loginWithSecret(cr: SqlClient, catalog: DatabaseCatalog, database: string, login: unknown, secret: unknown): Promise<number | null> {
  if (typeof login !== 'string' || typeof secret !== 'string' || login === '' || secret === '') return null;
  const byKey = await catalog.authenticator(database).authenticate(cr, secret, catalog.clock.now());
  if (byKey) return byKey.user.login === login ? byKey.user.id : null;
  if (parameterIsTrue(await getParameter(cr, KEYS_ONLY_PARAMETER))) return null;
  return checkPassword(cr, login, secret);
}

/** The user of an object-service call (db, uid, password); access denied when they do not match. */
export async function checkCredentials(cr: SqlClient, catalog: DatabaseCatalog, database: string, uid: unknown, secret: unknown): Promise<CurrentUser> {
  if (typeof uid !== 'number' || !Number.isInteger(uid)) throw accessDenied('Access Denied');
  const user = await loadUser(cr, uid);
  if (!user) throw accessDenied('Access Denied');
  const found = await loginWithSecret(cr, catalog, database, user.login, secret);
  if (found !== uid) throw accessDenied('Access Denied');
  return user;
}
