// "Explain this answer" for a request of a .json2 file: the call it sent and its answer, handed to core/access.
import type { Json2Client } from '../client/json2Client';
import { explainWithClient } from '../access/explainConnection';
import { explainAnswer } from '../access/lazyExplain';
import type { ExplainedAnswer, ExplainedRequest, Explanation } from '../access/explainTypes';
import { readIdentity } from '../access/identity';
import { situationOf } from '../access/requestShape';
import type { ResolvedRequest, StoredResponse } from '../requestFile';
import type { RunClient } from './runPorts';

/** The model call a resolved request sent, or undefined for a route. */
export function explainedRequestOf(request: ResolvedRequest, connectionDatabase: string | undefined): ExplainedRequest | undefined {
  if (request.target.kind !== 'call') return undefined;
  const database = request.database !== undefined && request.database !== '' ? request.database : connectionDatabase;
  return {
    model: request.target.model,
    method: request.target.method,
    ...(request.args ? { args: request.args } : {}),
    ...(request.ids ? { ids: request.ids } : {}),
    ...(request.context ? { context: request.context } : {}),
    ...(database !== undefined ? { database } : {}),
  };
}

/** The answer as the explanation reads it: the service's error object with its status, else the result. */
export function explainedAnswerOf(status: number, body: unknown): ExplainedAnswer {
  if (status >= 200 && status < 300) return { kind: 'result', value: body };
  const error = body as { name?: unknown; message?: unknown } | null;
  return {
    kind: 'error',
    status,
    ...(typeof error?.name === 'string' ? { name: error.name } : {}),
    message: typeof error?.message === 'string' ? error.message : '',
  };
}

/** True for an answer worth explaining: a 401 or 403, an empty list, records lacking a requested field. */
export function needsExplanation(request: ExplainedRequest, answer: ExplainedAnswer): boolean {
  if (answer.kind === 'error') return answer.status === 401 || answer.status === 403;
  return situationOf(request, answer) !== 'answered';
}

type FullJson2 = Pick<Json2Client, 'send' | 'call' | 'withDatabase' | 'listDatabases' | 'database'>;

function fullJson2(client: RunClient): Json2Client | undefined {
  const json2 = client.json2 as Partial<FullJson2> | undefined;
  return json2 && typeof json2.call === 'function' && typeof json2.withDatabase === 'function' ? (json2 as Json2Client) : undefined;
}

/**
 * Explains a request's answer over the client that sent it; undefined when there is nothing to explain (a route, an
 * answer with records and every field asked for, another error).
 */
export async function explainRunAnswer(
  client: RunClient,
  request: ExplainedRequest | undefined,
  stored: Pick<StoredResponse, 'status' | 'body'>,
): Promise<Explanation | undefined> {
  if (!request) return undefined;
  const answer = explainedAnswerOf(stored.status, stored.body);
  if (!needsExplanation(request, answer)) return undefined;
  const json2 = fullJson2(client);
  if (json2) return explainWithClient(json2, request, answer);
  const call = <T>(methodCall: Parameters<RunClient['callDecided']>[0]) => client.callDecided(methodCall) as Promise<T>;
  return explainAnswer(request, answer, { call, identity: () => readIdentity(call, { database: request.database ?? null }) });
}

/** Like explainRunAnswer, but a failure of the explanation's own reads becomes its summary instead of failing the run. */
export async function explainRunAnswerSafely(
  client: RunClient,
  request: ExplainedRequest | undefined,
  stored: Pick<StoredResponse, 'status' | 'body'>,
): Promise<Explanation | undefined> {
  try {
    return await explainRunAnswer(client, request, stored);
  } catch (error) {
    return {
      situation: request ? situationOf(request, explainedAnswerOf(stored.status, stored.body)) : 'answered',
      causes: [],
      summary: `The answer could not be explained: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
