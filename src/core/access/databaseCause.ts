// Cause "wrong database or user": a key the server did not accept (401) on the database the call named, tried on the others.
import { Json2Error } from '../client/clientErrors';
import type { AccessCall, ExplainedCause } from './explainTypes';

const MOST_DATABASES_TRIED = 10;

/** The server's other databases, and a way to call one of them with the same key. */
export interface OtherDatabases {
  list(): Promise<readonly string[] | undefined>;
  callOn(database: string): AccessCall;
}

/** Whose key it is on `database`: the user's name and login, or undefined when the key is not accepted there. */
async function userOn(call: AccessCall): Promise<{ name: string; login: string } | undefined> {
  try {
    const context = await call<{ uid?: number }>({ model: 'res.users', method: 'context_get' });
    if (typeof context.uid !== 'number') return undefined;
    const [user] = await call<{ name: string; login: string }[]>({
      model: 'res.users',
      method: 'read',
      ids: [context.uid],
      args: { fields: ['name', 'login'] },
    });
    return user ?? { name: `user #${context.uid}`, login: '?' };
  } catch (error) {
    if (error instanceof Json2Error && (error.status === 401 || error.status === 403 || error.status === 404)) return undefined;
    throw error;
  }
}

/** Explains a refused key: which database the call named, and on which of the server's databases the key works. */
export async function databaseCause(database: string | undefined, others: OtherDatabases | undefined): Promise<ExplainedCause> {
  const named = database === undefined ? "the server's default database" : `database '${database}'`;
  const names = (await others?.list()) ?? [];
  // The same key on the server's other databases (its own origin only), a few at most.
  for (const candidate of names.filter((name) => name !== database).slice(0, MOST_DATABASES_TRIED)) {
    const user = await userOn((others as OtherDatabases).callOn(candidate));
    if (user)
      return {
        kind: 'databaseOrUser',
        certain: true,
        sentence: `The key is not accepted on ${named}; it belongs to user '${user.name}' (${user.login}) of database '${candidate}': send the call to database '${candidate}', or make a key on ${named}.`,
        names: [candidate, user.name],
        change: { database: candidate },
      };
  }
  return {
    kind: 'databaseOrUser',
    certain: true,
    sentence:
      `The key is not accepted on ${named}${names.length > 1 ? ` nor on the server's other databases (${names.filter((name) => name !== database).join(', ')})` : ''}: ` +
      'it was revoked or has expired, or it belongs to another server; the user makes a new one (Preferences > Account Security > API Keys).',
    names: database === undefined ? [] : [database],
  };
}
