// Sends a resolved request: what the connection's guards and `# @confirm` say first, then the call and its stored answer.
import type { Json2Client, RawAnswer } from '../client/json2Client';
import { decideCall } from '../connections/callGuard';
import type { ConnectionProfile } from '../connections/connectionProfile';
import type { ResolvedRequest, StoredResponse } from '../requestFile';
import { answerBody, describeRequest, guardedRequestOf, headersToSend } from './requestCall';

/** Whether a request may go: at once, never (read-only connection), or after a person confirms. */
export type SendDecision =
  | { readonly action: 'send' }
  | { readonly action: 'refuse'; readonly reason: string }
  | { readonly action: 'confirm'; readonly question: string; readonly production: boolean };

/** The production guard's question wins over the request's own `# @confirm` message; read-only refuses first. */
export function decideSend(profile: Pick<ConnectionProfile, 'name' | 'readOnly' | 'production'>, request: ResolvedRequest): SendDecision {
  const decision = decideCall(profile, guardedRequestOf(request));
  if (decision.action === 'refuse') return decision;
  if (decision.action === 'confirm') return { action: 'confirm', question: decision.question.message, production: true };
  if (request.confirm) return { action: 'confirm', question: request.confirm.message ?? `Send ${describeRequest(request)}?`, production: false };
  return { action: 'send' };
}

/** Sends the request on the client (which adds the key and database header) and keeps the answer for later requests. */
export async function sendResolved(client: Pick<Json2Client, 'send'>, request: ResolvedRequest, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<{ answer: RawAnswer; stored: StoredResponse }> {
  const answer = await client.send({
    method: request.httpMethod, target: request.path, headers: headersToSend(request),
    ...(request.bodyText !== undefined ? { body: request.bodyText } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const stored: StoredResponse = { status: answer.status, headers: answer.headers, body: answerBody(answer.text, answer.headers['content-type']), durationMs: answer.timings.totalMs };
  return { answer, stored };
}
