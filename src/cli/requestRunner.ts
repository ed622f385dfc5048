// Runs the requests of one parsed .json2 file: named dependencies first, placeholders resolved, answers checked.
import {
  evaluateAssertions, requestLabel, requestReferences, resolveRequest, secretEnvironmentName,
  type Diagnostic, type RequestFile, type ResolveContext, type StoredResponse,
} from '../core/requestFile';
import { describeRequest } from '../core/requestRun/requestCall';
import { decideSend, sendResolved } from '../core/requestRun/sendResolved';
import { runPlan } from '../core/requestRun/runPlan';
import type { CliConnections, OpenConnection } from './cliConnections';
import { diagnosticText } from './diagnosticText';
import type { AssertionResult, FileOutcome, RequestOutcome } from './runResults';

/** What running one file needs from the command around it. */
export interface FileRunContext {
  /** The file as given on the command line (used in every message). */
  readonly file: string;
  readonly parsed: RequestFile;
  readonly connections: CliConnections;
  readonly dotenv: Readonly<Record<string, string>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs: number;
  /** Whether answers are kept in the outcomes (they are redacted first, which costs time when nothing prints them). */
  readonly keepBodies: boolean;
  /** Asks whether to send a request that needs confirmation; false when nobody can answer. */
  readonly confirm: (message: string) => Promise<boolean>;
  /** Told before each request is sent (for the progress line). */
  readonly onStart: (label: string) => void;
  /** Told after each request, in run order. */
  readonly onOutcome: (outcome: RequestOutcome) => void;
  /** True once the run must stop (--bail after a failure): the rest is reported as skipped. */
  readonly shouldStop: () => boolean;
}

export { runPlan };

/** Runs the selected requests of a file (in file order, dependencies first) and reports each outcome. */
export async function runRequestFile(context: FileRunContext, selected: readonly number[]): Promise<FileOutcome> {
  const started = performance.now();
  const runner = new FileRunner(context);
  const outcomes: RequestOutcome[] = [];
  for (const index of runPlan(context.parsed, selected)) {
    const outcome = context.shouldStop() ? runner.skipped(index, 'not run: --bail stopped the run after a failure') : await runner.run(index);
    outcomes.push(outcome);
    context.onOutcome(outcome);
  }
  return { file: context.file, requests: outcomes, durationMs: performance.now() - started };
}

class FileRunner {
  readonly #responses = new Map<string, StoredResponse>();
  readonly #promptAnswers = new Map<string, string>();
  readonly #unanswered = new Set<string>();

  constructor(private readonly context: FileRunContext) {}

  skipped(index: number, message: string): RequestOutcome {
    return { ...this.#base(index), verdict: 'skipped', message };
  }

  async run(index: number): Promise<RequestOutcome> {
    const { parsed } = this.context;
    const node = parsed.requests[index];
    const missing = requestReferences(parsed, index).map((reference) => reference.requestName).filter((name) => !this.#responses.has(name));
    if (missing.length > 0) return this.skipped(index, `not run: it needs the answer of ${missing.join(', ')}, which did not come`);
    this.context.onStart(requestLabel(parsed, node));

    const connection = this.context.connections.open(this.context.file, await this.#requestedConnection(index));
    const resolved = await resolveRequest(parsed, index, this.#resolveContext(connection));
    if (!resolved.ok) return this.#error(index, 'could not be resolved', resolved.diagnostics);
    const request = resolved.request;
    const redactor = this.context.connections.redactor.with(...request.secrets.map((secret) => secret.value));
    const described = describeRequest(request);

    const decision = decideSend(connection.profile, request);
    if (decision.action === 'refuse') return { ...this.#base(index), request: described, verdict: 'error', message: decision.reason };
    if (decision.action === 'confirm' && !(await this.context.confirm(decision.question))) {
      return { ...this.#base(index), request: described, verdict: 'error', message: `not sent: it needs confirmation ("${decision.question}"); answer on a terminal or run with --yes` };
    }

    let stored: StoredResponse;
    try {
      stored = (await sendResolved(connection.client, request, { timeoutMs: this.context.timeoutMs })).stored;
    } catch (error) {
      return { ...this.#base(index), request: described, verdict: 'error', message: redactor.redact((error as Error).message) };
    }
    if (request.name !== undefined) this.#responses.set(request.name, stored);

    const assertions: AssertionResult[] = evaluateAssertions(request.assertions, stored).map((outcome) => ({
      text: outcome.assertion.text,
      line: outcome.assertion.range.start.line + 1,
      column: outcome.assertion.range.start.character + 1,
      passed: outcome.passed,
      message: redactor.redact(outcome.message),
    }));
    const statusOk = stored.status >= 200 && stored.status < 300;
    const passed = assertions.length > 0 ? assertions.every((assertion) => assertion.passed) : statusOk;
    return {
      ...this.#base(index),
      request: described,
      verdict: passed ? 'passed' : 'failed',
      httpStatus: stored.status,
      ...(stored.durationMs !== undefined ? { durationMs: stored.durationMs } : {}),
      ...(this.context.keepBodies ? { body: redactor.redactValue(stored.body) } : {}),
      assertions,
      ...(passed ? {} : { message: redactor.redact(failureMessage(stored, assertions, statusOk)) }),
    };
  }

  /** The connection the request (or its file) names; placeholders in that name are resolved first. */
  async #requestedConnection(index: number): Promise<string | undefined> {
    const { parsed } = this.context;
    const line = parsed.requests[index].connection ?? parsed.fileMeta.connection;
    if (!line?.value) return undefined;
    if (line.placeholders.length === 0) return line.value.text;
    const early = await resolveRequest(parsed, index, this.#resolveContext(undefined));
    return early.ok ? early.request.connection : undefined;
  }

  #resolveContext(connection: OpenConnection | undefined): ResolveContext {
    return {
      ...(connection?.profile.variables ? { variables: connection.profile.variables } : {}),
      dotenv: this.context.dotenv,
      processEnv: this.context.env,
      responses: { get: (name) => this.#responses.get(name) },
      promptAnswers: this.#promptAnswers,
      // A run has nobody to ask: prompts are answered from the environment, the same names exports use.
      prompt: (question) => {
        const value = this.context.env[secretEnvironmentName(question.name)];
        if (value === undefined) this.#unanswered.add(question.name);
        return Promise.resolve(value);
      },
    };
  }

  #base(index: number): Omit<RequestOutcome, 'verdict'> {
    const node = this.context.parsed.requests[index];
    return {
      file: this.context.file,
      index,
      label: requestLabel(this.context.parsed, node),
      ...(node.name ? { name: node.name.text } : {}),
      line: node.requestLine.range.start.line + 1,
      column: node.requestLine.range.start.character + 1,
      assertions: [],
      problems: [],
    };
  }

  #error(index: number, message: string, diagnostics: readonly Diagnostic[]): RequestOutcome {
    const redactor = this.context.connections.redactor;
    const problems = diagnostics.map((diagnostic) => {
      const hint = diagnostic.code === 'prompt-cancelled' ? this.#promptHint() : '';
      return redactor.redact(diagnosticText(this.context.file, diagnostic) + hint);
    });
    return { ...this.#base(index), verdict: 'error', message, problems };
  }

  #promptHint(): string {
    const names = [...this.#unanswered].map((name) => secretEnvironmentName(name));
    return names.length > 0 ? `; set ${names.join(', ')} in the environment to answer it` : '';
  }
}

/** Why a request that got an answer failed: its error status (when it has one) and how many assertions failed. */
function failureMessage(stored: StoredResponse, assertions: readonly AssertionResult[], statusOk: boolean): string {
  const status = statusOk ? '' : `HTTP ${stored.status}${errorMessageOf(stored.body)}`;
  const failed = assertions.filter((assertion) => !assertion.passed).length;
  const counted = assertions.length > 0 ? `${failed} of ${assertions.length} assertions failed` : '';
  return [status, counted].filter((part) => part !== '').join('; ');
}

/** `: message` from a JSON-2 error answer (`{"name": ..., "message": ...}`), or nothing. */
function errorMessageOf(body: unknown): string {
  if (body !== null && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') return `: ${(body as { message: string }).message}`;
  return '';
}
