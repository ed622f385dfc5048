// Password login for the web pages: login plus password only (an API key is never accepted as a password).
import { verifySecret, hashSecret } from './secretHashing';
import type { SqlClient } from '../storage/sqlClient';

let decoyHash: Promise<string> | null = null;

/** The id of the active user `login` whose password is `password`, or null. A user without password never matches. */
export async function checkPassword(cr: SqlClient, login: string, password: string): Promise<number | null> {
  const result = await cr.query<{ id: number; password_hash: string | null }>(
    'SELECT id, password_hash FROM res_users WHERE login = $1 AND active',
    [login],
  );
  const row = result.rows[0];
  if (!row || !row.password_hash || password === '') {
    // Spend the same time as a real check, so that timing does not tell which logins exist.
    decoyHash ??= hashSecret('decoy password');
    await verifySecret(password, await decoyHash);
    return null;
  }
  return (await verifySecret(password, row.password_hash)) ? row.id : null;
}
