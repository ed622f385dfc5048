// Wires "explain this answer" to a connection: its calls (reads only, sent without the safe modes' questions), the
// identity module for who the key acts as, and the server's other databases for a refused key.
import type { Json2Client } from '../client/json2Client';
import type { ConnectionClient } from '../connections/connectionClient';
import type { OtherDatabases } from './databaseCause';
import { explainAnswer } from './lazyExplain';
import type { AccessCall, ExplainedAnswer, ExplainedRequest, Explanation } from './explainTypes';
import { readIdentity } from './identity';

/** The reads of an explanation over a JSON-2 client. */
export function json2AccessCall(client: Json2Client): AccessCall {
  return (call) => client.call(call.model, call.method, call.args ?? {}, { ids: call.ids, context: call.context });
}

function otherDatabases(client: Json2Client): OtherDatabases {
  return {
    list: () => client.listDatabases(),
    callOn: (database) => json2AccessCall(client.withDatabase(database)),
  };
}

/**
 * Explains `answer` with a JSON-2 client of the connection that made the call; `database` is the one the call named
 * (a request's own database header may differ from the connection's).
 */
export function explainWithClient(client: Json2Client, request: ExplainedRequest, answer: ExplainedAnswer): Promise<Explanation> {
  const onDatabase =
    request.database !== undefined && request.database !== client.database ? client.withDatabase(request.database) : client;
  const call = json2AccessCall(onDatabase);
  return explainAnswer({ ...request, database: request.database ?? client.database }, answer, {
    call,
    identity: () => readIdentity(call, { database: onDatabase.database ?? null }),
    databases: otherDatabases(client),
  });
}

/** Explains with a saved connection's client (JSON-2 connections only: the access model is read over JSON-2). */
export function explainWithConnection(client: ConnectionClient, request: ExplainedRequest, answer: ExplainedAnswer): Promise<Explanation> {
  if (!client.json2) throw new Error('Explaining an answer needs a JSON-2 connection (the deprecated RPC interfaces are not supported).');
  return explainWithClient(client.json2, request, answer);
}

/** The answer of a call that threw (a server error object) or returned. */
export function answerOfError(error: unknown): ExplainedAnswer | undefined {
  const candidate = error as { status?: unknown; message?: unknown; name?: unknown };
  if (typeof candidate?.status !== 'number' || typeof candidate.message !== 'string') return undefined;
  return {
    kind: 'error',
    status: candidate.status,
    name: typeof candidate.name === 'string' ? candidate.name : undefined,
    message: candidate.message,
  };
}
