// Sends one request of a parsed file on its connection: resolve, guard, confirm, send, check; the answer redacted.
import { errorKindOf } from '../../core/client/clientErrors';
import {
  evaluateAssertions, requestReferences, resolveRequest, type Diagnostic, type RequestFile, type ResolveContext, type ResolvedRequest, type StoredResponse,
} from '../../core/requestFile';
import { describeRequest } from '../../core/requestRun/requestCall';
import { decideSend, sendResolved } from '../../core/requestRun/sendResolved';
import type { ConnectionService } from '../connections/connectionService';
import { type EnvironmentConsent, recordingEnvironment } from './environmentConsent';
import type { RequestPrompts } from './requestPrompts';
import type { RequestResult } from './requestResult';

/** Answers larger than this are not kept twice (as text and as parsed JSON). */
const RAW_TEXT_LIMIT = 1_000_000;

export interface SendContext {
  readonly uri: string;
  readonly parsed: RequestFile;
  readonly service: ConnectionService;
  readonly prompts: RequestPrompts;
  /** Which environment variables each file may read into its requests. */
  readonly environmentConsent: EnvironmentConsent;
  /** Named answers of this file, kept between runs of the session. */
  readonly responses: Map<string, StoredResponse>;
  readonly promptAnswers: Map<string, string>;
  readonly dotenv: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
}

/** Sends the request at `index`; `offset` replaces the body's offset (pagination). Never throws for a failed request. */
export async function sendRequest(context: SendContext, index: number, offset?: number): Promise<RequestResult> {
  const { parsed } = context;
  const node = parsed.requests[index];
  const base = { uri: context.uri, index, label: node.name?.text ?? node.separator?.title?.text ?? parsed.text.slice(node.requestLine.range.startOffset, node.requestLine.range.endOffset), assertions: [] };
  const fail = (kind: string, message: string, extra: Partial<RequestResult> = {}): RequestResult => ({ ...base, ok: false, error: { kind, message }, ...extra });
  const missing = requestReferences(parsed, index).map((reference) => reference.requestName).filter((name) => !context.responses.has(name));
  if (missing.length > 0) return fail('notRun', `Not sent: it needs the answer of ${missing.join(', ')}, which did not come.`);

  const named = await requestedConnection(context, index);
  if (typeof named === 'object') return fail('unresolved', named.problem);
  let client;
  try {
    client = await context.service.client(named);
  } catch (error) {
    return fail('connection', (error as Error).message);
  }
  const connection = client.profile.name;
  const environmentReads = new Set<string>();
  const resolvedResult = await resolveRequest(parsed, index, resolveContext(context, client.profile.variables, environmentReads));
  if (!resolvedResult.ok) return fail('unresolved', problemsOf(resolvedResult.diagnostics), { connection });
  const unallowed = context.environmentConsent.missing(context.uri, environmentReads);
  if (unallowed.length > 0) {
    const file = context.uri.split('/').pop() ?? context.uri;
    if (!(await context.prompts.allowEnvironment(decodeURIComponent(file), unallowed, connection))) {
      return fail('declined', `Not sent: reading the environment variable(s) ${unallowed.join(', ')} was not allowed for this file.`, { connection });
    }
    await context.environmentConsent.allow(context.uri, unallowed);
  }
  const resolved = resolvedResult.request;
  const request = withOffset(resolved, offset);
  const redactor = client.redactor.with(...request.secrets.map((secret) => secret.value));
  const described = describeRequest(request);
  const page = pageOf(request);
  const json2 = client.json2;

  const decision = decideSend(client.profile, request);
  if (decision.action === 'refuse') return fail('refused', decision.reason, { request: described, connection });
  // On a deprecated interface the connection client asks the production question itself.
  if (decision.action === 'confirm' && (json2 || !decision.production)) {
    const detail = decision.production ? `"${connection}" is marked as a production connection. Nothing has been sent yet.` : 'The request is marked # @confirm. Nothing has been sent yet.';
    if (!(await context.prompts.confirmSend(decision.question, detail))) return fail('declined', `Not sent: "${decision.question}" was not confirmed.`, { request: described, connection });
  }

  if (!json2) {
    const { sendLegacy } = await import('./legacySender.js');
    const legacy = await sendLegacy(client, request, context.signal, redactor);
    if (legacy.error?.kind === 'auth') context.service.reportFailure(connection, Object.assign(new Error(legacy.error.message), { kind: 'auth' }));
    const stored: StoredResponse | undefined = legacy.ok ? { status: 200, headers: {}, body: legacy.result, durationMs: legacy.timings?.totalMs ?? 0 } : undefined;
    if (stored && request.name !== undefined) context.responses.set(request.name, stored);
    const assertions = stored ? evaluateAssertions(request.assertions, stored).map((outcome) => ({ text: outcome.assertion.text, passed: outcome.passed, message: redactor.redact(outcome.message) })) : [];
    const { result: _result, ...shown } = legacy;
    return { ...base, ...shown, request: described, connection, ok: legacy.ok && assertions.every((assertion) => assertion.passed), assertions, ...(page ? { page } : {}), ...(stored ? { stored } : {}) };
  }

  let sent;
  try {
    sent = await sendResolved(json2, request, { signal: context.signal, timeoutMs: context.timeoutMs });
  } catch (error) {
    context.service.reportFailure(connection, error);
    const kind = String((error as { kind?: unknown }).kind ?? 'network');
    return fail(kind, redactor.redact((error as Error).message), { request: described, connection, ...(page ? { page } : {}) });
  }
  const { answer, stored } = sent;
  const body = stored.body;
  if (request.name !== undefined) context.responses.set(request.name, stored);
  const assertions = evaluateAssertions(request.assertions, stored).map((outcome) => ({ text: outcome.assertion.text, passed: outcome.passed, message: redactor.redact(outcome.message) }));
  const statusOk = answer.status >= 200 && answer.status < 300;
  const error = statusOk ? undefined : serviceError(body, answer.status, redactor.redactValue.bind(redactor));
  if (error?.kind === 'auth') context.service.reportFailure(connection, Object.assign(new Error(error.message), { kind: 'auth' }));
  return {
    ...base,
    request: described,
    connection,
    status: answer.status,
    ok: statusOk && assertions.every((assertion) => assertion.passed),
    timings: answer.timings,
    sizeBytes: answer.sizes.responseBytes,
    body: redactor.redactValue(body),
    ...(answer.text.length <= RAW_TEXT_LIMIT ? { rawText: redactor.redact(answer.text) } : {}),
    ...(error ? { error } : {}),
    assertions,
    ...(page ? { page } : {}),
    stored,
  };
}

/** The connection the request (or its file) names; placeholders in that name are resolved first. Undefined: the active one. */
async function requestedConnection(context: SendContext, index: number): Promise<string | undefined | { problem: string }> {
  const line = context.parsed.requests[index].connection ?? context.parsed.fileMeta.connection;
  if (!line?.value) return undefined;
  if (line.placeholders.length === 0) return line.value.text;
  // Only the connection's name is used from this early resolution; nothing of it is sent.
  const early = await resolveRequest(context.parsed, index, resolveContext(context, undefined, new Set()));
  return early.ok ? early.request.connection : { problem: problemsOf(early.diagnostics) };
}

function problemsOf(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((diagnostic) => `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`).join('\n');
}

function resolveContext(context: SendContext, variables: Readonly<Record<string, string>> | undefined, environmentReads: Set<string>): ResolveContext {
  return {
    ...(variables ? { variables } : {}),
    dotenv: context.dotenv,
    processEnv: recordingEnvironment(environmentReads),
    responses: { get: (name) => context.responses.get(name) },
    promptAnswers: context.promptAnswers,
    prompt: (question) => context.prompts.ask(question),
  };
}

/** The request with its body's `offset` replaced, for the next or previous page. */
function withOffset(request: ResolvedRequest, offset: number | undefined): ResolvedRequest {
  if (offset === undefined || !request.body) return request;
  const body = { ...request.body, offset };
  return { ...request, body, bodyText: JSON.stringify(body), ...(request.args ? { args: { ...request.args, offset } } : {}) };
}

function pageOf(request: ResolvedRequest): { limit: number; offset: number } | undefined {
  const limit = request.body?.limit;
  const offset = request.body?.offset;
  if (typeof limit !== 'number' || limit <= 0) return undefined;
  return { limit, offset: typeof offset === 'number' ? offset : 0 };
}

/** The service's error object of an error answer, with its kind; a text answer becomes the message. */
function serviceError(body: unknown, status: number, redact: <T>(value: T) => T): NonNullable<RequestResult['error']> {
  if (body !== null && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const fields = redact(body as { name?: unknown; message: string; arguments?: unknown; debug?: unknown });
    const name = typeof fields.name === 'string' ? fields.name : undefined;
    return {
      kind: errorKindOf(name, status),
      ...(name !== undefined ? { name } : {}),
      message: fields.message,
      ...(Array.isArray(fields.arguments) ? { arguments: fields.arguments as unknown[] } : {}),
      ...(typeof fields.debug === 'string' && fields.debug !== '' ? { debug: fields.debug } : {}),
    };
  }
  return { kind: errorKindOf(undefined, status), message: redact(typeof body === 'string' ? body.slice(0, 2000) : `HTTP ${status}`) };
}
