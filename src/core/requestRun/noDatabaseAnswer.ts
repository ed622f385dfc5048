// A request answered with the "No database is selected" page, as a run error that says what the request sent and
// what to set (the sentence is client/databaseSelection.ts's, as for calls in the editor and the agents' tools).
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
