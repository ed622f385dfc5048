// The one request pipeline of the editor and `json2 run`: missing answers → connection → resolve → default context → ask → decide →
// confirm → send → store the named answer → assertions → verdict, every output redacted with the run's secrets.
import { ClientError } from '../client/clientErrors';
import { isJsonContentType } from '../client/nonJsonAnswer';
import {
  evaluateAssertions,
  looksSecret,
  requestLabel,
  requestReferences,
  resolveRequest,
  type Diagnostic,
  type RequestFile,
  type ResolveContext,
  type ResolvedRequest,
  type StoredResponse,
} from '../requestFile';
import type { DefaultContext } from '../connections/defaultContext';
import { recordingEnvironment } from './environmentReads';
import { describeRequest } from './requestCall';
import { chooseRequestConnection } from './requestConnection';
import { contextLayers, withDefaultContext } from './requestContext';
import type { RequestSession } from './requestSession';
import { noDatabaseRunError, requestDatabaseProblem } from './requestDatabase';
import { answerErrorOf, type RunError, RunFailure, runErrorOf } from './runErrors';
import { runPlan } from './runPlan';
import type { OpenedConnection, RequestRunPorts, RunClient, SendQuestion } from './runPorts';
import type { AssertionResult, RequestRunResult } from './runResult';
import { decideSend, interfaceProblem, type SentRequest, sendOverConnection } from './sendResolved';
import { AnswerBytes, isJsonAnswer } from './answerBytes';
import type { SecretRedactor } from '../redaction/secretRedactor';
import { explainedRequestOf, explainRunAnswerSafely } from './runExplanation';

/** Answers larger than this (in characters) are not kept twice, as text and as parsed JSON. */
const RAW_TEXT_LIMIT = 1_000_000;

export interface RequestRunInput {
  readonly parsed: RequestFile;
  /** What earlier runs of the file left: named answers, prompt answers, secrets. */
  readonly session: RequestSession;
  readonly ports: RequestRunPorts;
  /** Values of the `.env` file given to the run. */
  readonly dotenv?: Readonly<Record<string, string>>;
  /** The environment `{{$processEnv NAME}}` reads (each read is allowed through `asking.allowEnvironment`). */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** Time limit of each request, in milliseconds. */
  readonly timeoutMs?: number;
  /** False: results carry no body or text (nothing shows them, and redacting them costs time). Default true. */
  readonly keepAnswers?: boolean;
  /**
   * True (the editor's panel): a JSON answer of JSON-2 with a 2xx status comes as `answerBytes`, neither parsed nor
   * redacted as a value here (assertions and later requests still parse it when they read it).
   */
  readonly answerBytes?: boolean;
  /** `--connection NAME`: wins over the file's `# @connection`. */
  readonly connectionOverride?: string;
  /** `--context JSON`: context keys that win over the connection's default context (a request's own keys win over both). */
  readonly contextOverride?: DefaultContext;
  /** True (`--explain`): a 401, a 403, an empty list or records lacking a field get an explanation (core/access). */
  readonly explainAnswers?: boolean;
}

/** How a selection runs. */
export interface RunOptions {
  /** After a failed request: stop (the editor's Send all) or go on (the default). */
  readonly afterFailure?: 'stop' | 'continue';
  /** Asked before each request; a reason reports the request as skipped instead of running it (`--bail`). */
  readonly skipReason?: () => string | undefined;
  /** Replaces the body's `offset` of the last request of the plan (the panel's pages). */
  readonly offset?: number;
}

type Base = Pick<RequestRunResult, 'index' | 'label' | 'name' | 'range' | 'assertions' | 'problems'>;

/** Runs requests of one parsed file through the ports given; never throws for a failed request. */
export class RequestRun {
  readonly #input: RequestRunInput;
  /** Prompts that got no answer, for the hint of the problem they cause. */
  readonly #unanswered = new Set<string>();

  constructor(input: RequestRunInput) {
    this.#input = input;
    const dotenv = input.dotenv ?? {};
    input.session.addSecrets(
      Object.entries(dotenv)
        .filter(([name, value]) => looksSecret(name) && value !== '')
        .map(([name, value]) => ({ name, value })),
    );
  }

  /** The requests a selection runs, in order: named dependencies first, each once. */
  plan(selected: readonly number[]): number[] {
    return runPlan(this.#input.parsed, selected);
  }

  /**
   * Runs the selected requests (dependencies first) and reports each through the reporter as it ends. Errors of the
   * host that are not a request's failure (a `--connection` that names nothing) end the run: they are thrown.
   */
  async run(selected: readonly number[], options: RunOptions = {}): Promise<RequestRunResult[]> {
    const plan = this.plan(selected);
    const results: RequestRunResult[] = [];
    const { reporter } = this.#input.ports;
    /** Named requests of this run that did not pass: what needs their answer is not sent. */
    const failed = new Set<string>();
    for (const index of plan) {
      const skip = options.skipReason?.();
      const failedNeeds = [...new Set(requestReferences(this.#input.parsed, index).map((reference) => reference.requestName))].filter(
        (name) => failed.has(name),
      );
      let result: RequestRunResult;
      if (skip !== undefined) result = this.#skipped(index, { kind: 'notRun', message: skip });
      else if (failedNeeds.length > 0)
        result = this.#skipped(index, {
          kind: 'notRun',
          message: `Not sent: it needs the answer of ${failedNeeds.join(', ')}, which failed.`,
        });
      else {
        const signal = reporter.started?.(index, this.#base(index).label);
        result = await this.runRequest(index, { signal, offset: index === plan.at(-1) ? options.offset : undefined });
      }
      results.push(result);
      if (!result.ok && result.name !== undefined) failed.add(result.name);
      await reporter.finished?.(result);
      if (!result.ok && options.afterFailure === 'stop') break;
    }
    return results;
  }

  /** Runs one request whose dependencies have run; `offset` replaces its body's offset. */
  async runRequest(index: number, options: { signal?: AbortSignal; offset?: number } = {}): Promise<RequestRunResult> {
    const { parsed, session } = this.#input;
    const missing = requestReferences(parsed, index)
      .map((reference) => reference.requestName)
      .filter((name) => !session.responses.has(name));
    if (missing.length > 0)
      return this.#skipped(index, {
        kind: 'notRun',
        message: `Not sent: it needs the answer of ${missing.join(', ')}, which did not come.`,
      });

    const named = await this.#connectionName(index);
    if (typeof named === 'object') return this.#unresolved(index, named.diagnostics);
    let connection: OpenedConnection;
    let client: RunClient;
    try {
      connection = await this.#input.ports.secrets.connection(named);
      session.redactor.add(connection.secret);
      client = await this.#input.ports.transport.client(connection);
    } catch (error) {
      if (!(error instanceof RunFailure || error instanceof ClientError)) throw error;
      return this.#notSent(index, runErrorOf(error, session.redactor, 'connection'));
    }
    const name = connection.profile.name;

    const reads = new Set<string>();
    const resolved = await this.#resolve(index, connection.profile.variables, reads);
    if (!resolved.ok) return this.#unresolved(index, resolved.diagnostics, { connection: name });
    const { request: withContext, sources: contextSources } = withDefaultContext(
      resolved.request,
      contextLayers(connection.profile.defaultContext, this.#input.contextOverride),
    );
    const request = withOffset(withContext, options.offset);
    const described = session.redactor.redact(describeRequest(request));
    const sent = {
      request: described,
      connection: name,
      ...(contextSources.length > 0
        ? { context: contextSources.map((entry) => ({ ...entry, value: session.redactor.redactValue(entry.value) })) }
        : {}),
    };
    if (reads.size > 0 && !(await this.#input.ports.asking.allowEnvironment([...reads].sort(), name))) {
      return this.#notSent(
        index,
        {
          kind: 'declined',
          message: `Not sent: reading the environment variable(s) ${[...reads].sort().join(', ')} was not allowed for this file.`,
        },
        sent,
      );
    }
    const unsupported = interfaceProblem(connection.profile, request) ?? requestDatabaseProblem(connection.profile, request);
    if (unsupported !== undefined) return this.#notSent(index, { kind: 'unsupported', message: unsupported }, sent);

    const decision = decideSend(connection.profile, request);
    if (decision.action === 'refuse') return this.#notSent(index, { kind: 'refused', message: decision.reason }, sent);
    if (decision.action === 'confirm') {
      const question: SendQuestion = { message: decision.question, production: decision.production, connection: name };
      if (!(await this.#input.ports.asking.confirm(question))) {
        const message = this.#input.ports.asking.notConfirmed?.(question) ?? `Not sent: "${decision.question}" was not confirmed.`;
        return this.#notSent(index, { kind: 'declined', message }, sent);
      }
    }

    const page = pageOf(request);
    let answer;
    try {
      answer = await sendOverConnection(client, request, {
        signal: options.signal,
        timeoutMs: this.#input.timeoutMs,
        clock: this.#input.ports.clock,
      });
    } catch (error) {
      return this.#notSent(index, runErrorOf(error, session.redactor), { ...sent, ...(page ? { page } : {}) });
    }
    const { stored } = answer;
    if (request.name !== undefined) session.storeAnswer(parsed, request.name, stored);

    const redactor = session.redactor;
    const assertions: AssertionResult[] = evaluateAssertions(request.assertions, stored).map((outcome) => ({
      text: outcome.assertion.text,
      range: outcome.assertion.range,
      passed: outcome.passed,
      message: redactor.redact(outcome.message),
      operator: outcome.assertion.operator,
      ...(outcome.assertion.expected !== undefined ? { expected: redactor.redactValue(outcome.assertion.expected) } : {}),
      ...(!outcome.passed && 'actual' in outcome ? { actual: redactor.redactValue(outcome.actual) } : {}),
    }));
    const statusOk = stored.status >= 200 && stored.status < 300;
    // A model call answered with a page (a proxy's or a login page with 200) did not run: it is said, not passed.
    const answered = statusOk && (request.target.kind !== 'call' || isJsonContentType(contentTypeOf(stored)));
    const passed = assertions.length > 0 ? assertions.every((assertion) => assertion.passed) : answered;
    const call = explainedRequestOf(request, connection.profile.database);
    const explanation = this.#input.explainAnswers ? await explainRunAnswerSafely(client, call, stored) : undefined;
    const keep = this.#input.keepAnswers !== false;
    const bytes = keep && this.#input.answerBytes && statusOk ? bytesOf(answer, stored, redactor) : undefined;
    return {
      ...this.#base(index),
      ...sent,
      verdict: passed ? 'passed' : 'failed',
      ok: passed,
      status: stored.status,
      timings: answer.timings,
      ...(answer.sizeBytes !== undefined ? { sizeBytes: answer.sizeBytes } : {}),
      ...(bytes ? { answerBytes: bytes } : keep ? { body: redactor.redactValue(stored.body) } : {}),
      ...(!bytes && keep && answer.text !== undefined && answer.text.length <= RAW_TEXT_LIMIT
        ? { rawText: redactor.redact(answer.text) }
        : {}),
      ...(answered
        ? {}
        : {
            error: noDatabaseRunError({ ...stored, text: answer.text }, connection.profile, request) ?? answerErrorOf(stored, redactor),
          }),
      assertions,
      ...(page ? { page } : {}),
      ...(call ? { call: redactor.redactValue(call) } : {}),
      ...(explanation ? { explanation: redactor.redactValue(explanation) } : {}),
      stored,
    };
  }

  /** The name of the connection the request uses; one written with placeholders is resolved first (nothing is sent). */
  async #connectionName(index: number): Promise<string | undefined | { diagnostics: readonly Diagnostic[] }> {
    const choice = chooseRequestConnection(this.#input.parsed, index, this.#input.connectionOverride);
    if (choice.kind === 'default') return undefined;
    if (choice.kind === 'named') return choice.name;
    const early = await this.#resolve(index, undefined, new Set());
    return early.ok ? early.request.connection : { diagnostics: early.diagnostics };
  }

  async #resolve(
    index: number,
    variables: Readonly<Record<string, string>> | undefined,
    reads: Set<string>,
  ): ReturnType<typeof resolveRequest> {
    const { parsed, session, ports } = this.#input;
    const context: ResolveContext = {
      ...(variables ? { variables } : {}),
      dotenv: this.#input.dotenv ?? {},
      processEnv: recordingEnvironment(this.#input.environment ?? {}, reads),
      responses: { get: (name) => session.responses.get(name) },
      promptAnswers: session.promptAnswers,
      prompt: async (question) => {
        const answer = await ports.asking.prompt(question);
        if (answer === undefined) this.#unanswered.add(question.name);
        return answer;
      },
      now: () => ports.clock.now(),
    };
    const resolved = await resolveRequest(parsed, index, context);
    // Secret answers count from the moment they are given, even when the request then fails to resolve.
    const node = parsed.requests[index];
    for (const prompt of [...parsed.fileMeta.prompts, ...node.prompts]) {
      const answer = session.promptAnswers.get(prompt.name.text);
      if (prompt.secret && answer !== undefined) session.addSecrets([{ name: prompt.name.text, value: answer }]);
    }
    if (resolved.ok) session.addSecrets(resolved.request.secrets);
    return resolved;
  }

  #base(index: number): Base {
    const { parsed } = this.#input;
    const node = parsed.requests[index];
    return {
      index,
      label: requestLabel(parsed, node),
      ...(node.name ? { name: node.name.text } : {}),
      range: node.requestLine.range,
      assertions: [],
      problems: [],
    };
  }

  #notSent(index: number, error: RunError, extra: Partial<RequestRunResult> = {}): RequestRunResult {
    return { ...this.#base(index), ...extra, verdict: 'error', ok: false, error };
  }

  #skipped(index: number, error: RunError): RequestRunResult {
    return { ...this.#base(index), verdict: 'skipped', ok: false, error };
  }

  #unresolved(index: number, diagnostics: readonly Diagnostic[], extra: Partial<RequestRunResult> = {}): RequestRunResult {
    const redactor = this.#input.session.redactor;
    const hint = this.#unanswered.size > 0 ? (this.#input.ports.asking.unansweredHint?.([...this.#unanswered]) ?? '') : '';
    const problems = diagnostics.map((diagnostic) => ({
      ...diagnostic,
      message: redactor.redact(diagnostic.message + (diagnostic.code === 'prompt-cancelled' ? hint : '')),
    }));
    const message = problems.map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`).join('\n');
    return { ...this.#notSent(index, { kind: 'unresolved', message }, extra), problems };
  }
}

function contentTypeOf(stored: StoredResponse): string | undefined {
  const header = stored.headers['content-type'];
  return typeof header === 'string' ? header : header?.[0];
}

/** The answer as its bytes, when it is JSON-2's (the deprecated interfaces give a value) and JSON. */
function bytesOf(answer: SentRequest, stored: StoredResponse, redactor: SecretRedactor): AnswerBytes | undefined {
  const type = contentTypeOf(stored);
  return answer.bytes !== undefined && isJsonAnswer(type) ? new AnswerBytes(answer.bytes, type, redactor) : undefined;
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
