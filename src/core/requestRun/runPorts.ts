// What the request pipeline asks of its host (the editor or `json2 run`): questions, secrets, transport, clock, reports.
import type { Json2Client } from '../client/json2Client';
import type { MethodCall } from '../connections/connectionClient';
import type { ConnectionProfile } from '../connections/connectionProfile';
import type { PromptQuestion } from '../requestFile';
import type { RequestRunResult } from './runResult';

/** A question before sending: a `# @confirm` request, or a production connection's own question. */
export interface SendQuestion {
  readonly message: string;
  /** True when the production connection asks (it names the model, method and records). */
  readonly production: boolean;
  readonly connection: string;
}

/** Asking: a person in the editor (input boxes, modals); the environment, the terminal or `--yes` in the CLI. */
export interface RunAsking {
  /** The value of a `# @prompt`; undefined when not answered (cancelled, or nobody to ask). */
  prompt(question: PromptQuestion): Promise<string | undefined>;
  /** Whether to send a request that needs confirmation. */
  confirm(question: SendQuestion): Promise<boolean>;
  /** Whether the request may read these environment variables into what it sends to `connection`. */
  allowEnvironment(names: readonly string[], connection: string): Promise<boolean>;
  /** The message of a request not sent for want of confirmation (the CLI says how to give it). */
  notConfirmed?(question: SendQuestion): string;
  /** Added to the problem of prompts that got no answer (the CLI names the environment variables that answer them). */
  unansweredHint?(names: readonly string[]): string;
}

/** A saved connection with its secret (an API key, or the password or key of the deprecated interfaces). */
export interface OpenedConnection {
  readonly profile: ConnectionProfile;
  readonly secret: string;
}

/** Secrets: where a connection and its secret come from (the editor's settings and SecretStorage; files, environment, key file). */
export interface RunSecrets {
  /**
   * The connection `name` names (undefined: the default one) with its secret. Throws, with a message that says what to
   * do and never a secret, when there is no such connection or no secret for it.
   */
  connection(name: string | undefined): Promise<OpenedConnection>;
}

/** What carries a request over a connection's interface. */
export interface RunClient {
  /** A JSON-2 connection's client (raw requests: calls and routes); absent on the deprecated interfaces. */
  readonly json2?: Pick<Json2Client, 'send'>;
  /** A model call over the connection's interface; the pipeline has applied the safe modes already. */
  callDecided(call: MethodCall, signal?: AbortSignal): Promise<unknown>;
}

/** Transport: the client of a connection (kept by the host: the editor shares it with its other features). */
export interface RunTransport {
  client(connection: OpenedConnection): Promise<RunClient>;
}

/** Clock: the date for `{{$timestamp}}` and friends, and a monotonic time for durations. */
export interface RunClock {
  now(): Date;
  monotonicMs(): number;
}

/** Reporter: progress and results, in run order. */
export interface RunReporter {
  /** A request starts (it is resolved, asked about, sent); the signal it returns cancels it. */
  started?(index: number, label: string): AbortSignal | undefined;
  /** A request is over: answered, failed, not sent or skipped. The run waits for it before the next request. */
  finished?(result: RequestRunResult): void | Promise<void>;
}

export interface RequestRunPorts {
  readonly asking: RunAsking;
  readonly secrets: RunSecrets;
  readonly transport: RunTransport;
  readonly clock: RunClock;
  readonly reporter: RunReporter;
}

/** The system clock. */
export const systemClock: RunClock = { now: () => new Date(), monotonicMs: () => performance.now() };
