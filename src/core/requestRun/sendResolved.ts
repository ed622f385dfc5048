// Sends a resolved request: what the connection's guards and `# @confirm` say first, then the call over its interface.
import type { CallTimings } from '../client/callTimings';
import type { Json2Client, RawAnswer } from '../client/json2Client';
import { decideCall } from '../connections/callGuard';
import type { ConnectionProfile } from '../connections/connectionProfile';
import type { ResolvedRequest, StoredResponse } from '../requestFile';
import { faultAnswerOf } from '../client/legacyFaultAnswer';
import { describeNonJsonAnswer } from '../client/nonJsonAnswer';
import { describeRequest, guardedRequestOf, headersToSend, readAnswerBody } from './requestCall';
import { RunFailure } from './runErrors';
import type { RunClient, RunClock } from './runPorts';

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
  if (request.confirm)
    return { action: 'confirm', question: request.confirm.message ?? `Send ${describeRequest(request)}?`, production: false };
  return { action: 'send' };
}

/**
 * Why the connection's interface cannot carry the request, or undefined when it can: the deprecated interfaces
 * (XML-RPC, JSON-RPC) carry model calls only, never a route such as `GET /web/version`.
 */
export function interfaceProblem(profile: Pick<ConnectionProfile, 'name' | 'protocol'>, request: ResolvedRequest): string | undefined {
  if (profile.protocol === 'json2' || request.target.kind === 'call') return undefined;
  return `The connection "${profile.name}" uses ${profile.protocol === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC'}: routes such as ${request.target.path} need a JSON-2 connection. Nothing was sent.`;
}

/** Sends the request on the client (which adds the key and database header) and keeps the answer for later requests. */
export async function sendResolved(
  client: Pick<Json2Client, 'send'>,
  request: ResolvedRequest,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ answer: RawAnswer; stored: StoredResponse }> {
  const answer = await client.send({
    method: request.httpMethod,
    target: request.path,
    headers: headersToSend(request),
    ...(request.bodyText !== undefined ? { body: request.bodyText } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  // Parsed when first read (assertions, a later request's reference): an answer only shown is never parsed here.
  let read: { value: unknown; json: boolean } | undefined;
  const readBody = () => (read ??= readAnswerBody(answer.text, answer.headers['content-type']));
  const stored: StoredResponse = {
    status: answer.status,
    headers: answer.headers,
    get body() {
      return readBody().value;
    },
    get notJson() {
      if (readBody().json) return undefined;
      const { status, text, headers } = answer;
      return describeNonJsonAnswer({ status, text, contentType: headers['content-type'], location: headers.location });
    },
    durationMs: answer.timings.totalMs,
  };
  return { answer, stored };
}

/** An answer from either interface: what later requests and assertions read, and what it cost. */
export interface SentRequest {
  readonly stored: StoredResponse;
  readonly timings: CallTimings;
  /** The answer's text, bytes and size on the wire (JSON-2 only: the deprecated interfaces give a decoded result). */
  readonly text?: string;
  readonly bytes?: Uint8Array;
  readonly sizeBytes?: number;
}

/**
 * Sends a resolved request over its connection's interface: JSON-2 as written; on XML-RPC or JSON-RPC a model call
 * through `execute_kw` (the core mapping), its result as a 200 answer and a fault as JSON-2's error answer. A route on those interfaces throws `unsupported`
 * before anything is sent. The caller has applied the safe modes and confirmations.
 */
export async function sendOverConnection(
  client: RunClient,
  request: ResolvedRequest,
  options: { signal?: AbortSignal; timeoutMs?: number; clock: RunClock },
): Promise<SentRequest> {
  if (client.json2) {
    const { answer, stored } = await sendResolved(client.json2, request, options);
    return {
      stored,
      timings: answer.timings,
      get text() {
        return answer.text;
      },
      bytes: answer.bytes,
      sizeBytes: answer.sizes.responseBytes,
    };
  }
  if (request.target.kind !== 'call')
    throw new RunFailure('unsupported', `Routes such as ${request.target.path} need a JSON-2 connection. Nothing was sent.`);
  const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const signals = [options.signal, timeout].filter((signal): signal is AbortSignal => signal !== undefined);
  const started = options.clock.monotonicMs();
  let result: unknown;
  try {
    result = await client.callDecided(
      {
        model: request.target.model,
        method: request.target.method,
        ...(request.args ? { args: request.args } : {}),
        ...(request.ids ? { ids: request.ids } : {}),
        ...(request.context ? { context: request.context } : {}),
      },
      signals.length === 0 ? undefined : AbortSignal.any(signals),
    );
  } catch (error) {
    if (timeout?.aborted && !options.signal?.aborted)
      throw new RunFailure('timeout', `No complete answer within ${options.timeoutMs} ms; the request was stopped.`);
    // A fault is the server's answer: the status and error object JSON-2 would have given, for the same assertions.
    const fault = faultAnswerOf(error);
    if (fault === undefined) throw error;
    return legacyAnswer(fault.status, fault.body, options.clock.monotonicMs() - started);
  }
  return legacyAnswer(200, result, options.clock.monotonicMs() - started);
}

/** An answer of the deprecated interfaces: a decoded value (no text, no headers of its own). */
function legacyAnswer(status: number, body: unknown, totalMs: number): SentRequest {
  return {
    stored: { status, headers: {}, body, durationMs: totalMs },
    timings: { connectMs: 0, firstByteMs: totalMs, totalMs },
  };
}
