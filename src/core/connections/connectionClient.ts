// One way to call a saved connection whatever its protocol, with its safe modes applied before anything is sent.
import type { CallRecord } from '../client/callTimings';
import type { TransportOptions } from '../client/httpTransport';
import { Json2Client } from '../client/json2Client';
import type { LegacyRpcClient } from '../client/legacyRpcClient';
import { SecretRedactor } from '../redaction/secretRedactor';
import { type CallDecision, decideCall, type ProductionQuestion } from './callGuard';
import type { ConnectionProfile } from './connectionProfile';

/** A model method call, JSON-2 shaped (the deprecated interfaces get it through the core mapping). */
export interface MethodCall {
  readonly model: string;
  readonly method: string;
  readonly args?: Readonly<Record<string, unknown>>;
  readonly ids?: readonly number[];
  readonly context?: Readonly<Record<string, unknown>>;
}

export interface ConnectionClientOptions {
  readonly userAgent?: string;
  readonly transport?: TransportOptions;
  /** Told about every JSON-2 call once it is over (no headers, bodies or secrets), for the log. */
  readonly onCall?: (record: CallRecord) => void;
  /** Asked before a production connection sends a call outside the read-only list; false means do not send. */
  readonly confirm?: (question: ProductionQuestion) => Promise<boolean>;
}

/** A call was not sent: the connection is read-only, or the person declined the production confirmation. */
export class CallRefusedError extends Error {
  readonly kind = 'refused';
  readonly declined: boolean;

  constructor(message: string, declined: boolean) {
    super(message);
    this.name = 'CallRefusedError';
    this.declined = declined;
  }
}

/** Calls one connection; the secret stays inside the client it wraps. */
export class ConnectionClient {
  readonly profile: ConnectionProfile;
  readonly redactor: SecretRedactor;
  readonly #json2: Json2Client | undefined;
  readonly #legacy: LegacyRpcClient | undefined;
  readonly #options: ConnectionClientOptions;

  constructor(profile: ConnectionProfile, secret: string, options: ConnectionClientOptions = {}) {
    this.profile = profile;
    this.#options = options;
    this.redactor = new SecretRedactor([secret]);
    if (profile.protocol === 'json2') {
      this.#json2 = new Json2Client({
        baseUrl: profile.baseUrl,
        apiKey: secret,
        database: profile.database,
        databaseHeader: profile.databaseHeader,
        allowInsecureHttp: profile.allowInsecureHttp,
        userAgent: options.userAgent,
        transport: options.transport,
        onCall: options.onCall,
      });
    } else {
      // Required here: the XML-RPC codec and its parser load only for a connection of the deprecated interfaces (the CLI's start-up).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { LegacyRpcClient } = require('../client/legacyRpcClient') as typeof import('../client/legacyRpcClient');
      this.#legacy = new LegacyRpcClient({
        baseUrl: profile.baseUrl,
        protocol: profile.protocol,
        database: profile.database,
        login: profile.login,
        password: secret,
        allowInsecureHttp: profile.allowInsecureHttp,
        userAgent: options.userAgent,
        transport: options.transport,
      });
    }
  }

  /** The JSON-2 client, for callers that need more than calls (raw requests, documents); undefined on deprecated RPC. */
  get json2(): Json2Client | undefined {
    return this.#json2;
  }

  /** What the safe modes say about a call, without sending it. */
  decide(call: MethodCall): CallDecision {
    return decideCall(this.profile, { kind: 'call', model: call.model, method: call.method, ids: call.ids, args: call.args });
  }

  /**
   * Calls a method after the safe modes: a read-only connection throws `CallRefusedError` for any method outside the
   * read-only list, a production one asks `confirm` first (and throws when declined or when nobody can be asked).
   */
  async call<T = unknown>(call: MethodCall, signal?: AbortSignal): Promise<T> {
    const decision = this.decide(call);
    if (decision.action === 'refuse') throw new CallRefusedError(decision.reason, false);
    if (decision.action === 'confirm') {
      const confirmed = this.#options.confirm ? await this.#options.confirm(decision.question) : false;
      if (!confirmed) throw new CallRefusedError(`Not sent: "${decision.question.message.replace(/\?$/, '')}" was not confirmed.`, true);
    }
    return this.callDecided<T>(call, signal);
  }

  /**
   * Calls a method over the connection's interface without applying the safe modes: for callers that decided and
   * asked already (the request pipeline asks its own questions, once).
   */
  async callDecided<T = unknown>(call: MethodCall, signal?: AbortSignal): Promise<T> {
    if (this.#json2) return this.#json2.call<T>(call.model, call.method, call.args ?? {}, { ids: call.ids, context: call.context, signal });
    const legacy = this.#legacy as LegacyRpcClient;
    return (await legacy.callAsJson2(
      { model: call.model, method: call.method, args: call.args ?? {}, ids: call.ids, context: call.context },
      { signal },
    )) as T;
  }

  /** The server's release (`GET /web/version`, or the common service's `version` on the deprecated interfaces). */
  async serverVersion(signal?: AbortSignal): Promise<string> {
    if (this.#json2) return (await this.#json2.version(signal)).version;
    return (await (this.#legacy as LegacyRpcClient).version(signal)).server_version;
  }

  async close(): Promise<void> {
    await (this.#json2 ?? this.#legacy)?.close();
  }
}
