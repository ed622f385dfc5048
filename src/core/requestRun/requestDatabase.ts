// The database of a request run: the "No database is selected" page as a run error that says what was sent and what
// to set (client/databaseSelection.ts's sentence, as for calls in the editor and the agents' tools), and a request's
// own database on an interface that cannot carry it.
import { effectiveDatabase, isNoDatabasePage, noDatabaseMessage } from '../client/databaseSelection';
import type { ConnectionProfile } from '../connections/connectionProfile';
import type { ResolvedRequest } from '../requestFile';
import type { RunError } from './runErrors';

/** The run error of the page, or undefined when the answer is something else. */
export function noDatabaseRunError(
  answer: { readonly status: number; readonly headers: Readonly<Record<string, string | readonly string[]>>; readonly text?: string },
  profile: Pick<ConnectionProfile, 'database' | 'databaseHeader'>,
  request: Pick<ResolvedRequest, 'database'>,
): RunError | undefined {
  const contentType = answer.headers['content-type'];
  if (
    answer.text === undefined ||
    !isNoDatabasePage(answer.status, contentType === undefined ? undefined : String(contentType), answer.text)
  )
    return undefined;
  return { kind: 'noDatabase', message: noDatabaseMessage(effectiveDatabase(profile.database, request.database), profile.databaseHeader) };
}

/**
 * Why a request naming its own database cannot go over the connection's deprecated interface (its calls log in to the
 * connection's database), or undefined: it is refused before sending rather than run on the connection's database.
 */
export function requestDatabaseProblem(
  profile: Pick<ConnectionProfile, 'name' | 'protocol' | 'database'>,
  request: Pick<ResolvedRequest, 'database'>,
): string | undefined {
  const database = effectiveDatabase(profile.database, request.database);
  if (profile.protocol === 'json2' || request.database === undefined || database === profile.database) return undefined;
  const via = profile.protocol === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC';
  return `The connection "${profile.name}" uses ${via}, which logs in to its own database${profile.database ? ` (${profile.database})` : ''}: the request's database header (${database ?? 'none'}) needs a JSON-2 connection or a connection to that database. Nothing was sent.`;
}
