// Json2Client: calls `POST /json/2/<model>/<method>` with a connection's key and returns results or typed errors.
import { inspect } from 'node:util';
import { SecretRedactor } from '../redaction/secretRedactor';
import { ClientUsageError, UnsafeRequestError } from './clientErrors';
import type { CallRecord, CallSizes, CallTimings } from './callTimings';
import { type ConnectionTarget, json2Path, parseConnectionTarget, resolveRequestPath } from './connectionTarget';
import { databaseHeaderProblem, databaseHeaders, effectiveDatabase, splitDatabaseOverrideOf } from './databaseSelection';
import { HttpTransport, type HttpAnswer, type TransportOptions } from './httpTransport';
import { json2ResultOf } from './json2Answer';
import { KnownDatabases, webDatabaseLister } from './knownDatabases';
import { type NewKeyRequest, type RotateKeyOptions, type RotationOutcome, rotateApiKey } from './keyRotation';
import { userAgentOf } from './userAgent';

/** Everything a client needs to reach one database of one server; the key is handed over by the caller. */
export interface Json2ConnectionSettings {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly database?: string;
  /**
   * The one header that names the database, for a server that must see only one; by default the name goes in both
   * `X-Odoo-Database` and `X-Service-Database` (databaseSelection.ts).
   */
  readonly databaseHeader?: string;
  /**
   * Refuse, before sending, a database name the server's list (`/web/database/list`, asked once) does not have;
   * on by default. A server that does not list its databases lets every name through.
   */
  readonly checkDatabase?: boolean;
  /** `User-Agent`, normally from `userAgentOf(name, version)`. */
  readonly userAgent?: string;
  readonly extraHeaders?: Readonly<Record<string, string>>;
  /** Send credentials over plain http:// to a non-loopback host; off by default. */
  readonly allowInsecureHttp?: boolean;
  readonly transport?: TransportOptions;
  /** Told about every call once it is over (no headers, no bodies, no secrets). */
  readonly onCall?: (record: CallRecord) => void;
}

export interface CallOptions {
  /** Records the method runs on; omitted or empty for model-level methods. */
  readonly ids?: readonly number[];
  readonly context?: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/** A call's result with what it cost. */
export interface CallOutcome<T> {
  readonly result: T;
  readonly status: number;
  readonly timings: CallTimings;
  readonly sizes: CallSizes;
}

/** A raw request's answer, whatever its status, for request files and their assertions. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body decoded as UTF-8 (on first read: an answer handed on as bytes is never decoded in the client). */
  readonly text: string;
  /** The body as received (decompressed). */
  readonly bytes?: Uint8Array;
  readonly timings: CallTimings;
  readonly sizes: CallSizes;
}

export interface RawRequest {
  readonly method: 'GET' | 'POST';
  /** A path (`/web/version`, `res.partner/search_read` is not one) or a full URL on the connection's origin. */
  readonly target: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

// Kept here for callers that imported it from this module; `./userAgent` has it without loading undici.
export { userAgentOf };

/**
 * A JSON-2 client for one connection. The key is held privately and never appears in errors, logs or `inspect`;
 * requests only ever go to the base URL's origin.
 */
export class Json2Client {
  readonly baseUrl: string;
  readonly database: string | undefined;
  /** The one header naming the database, when the connection chose one; undefined: both standard names. */
  readonly databaseHeader: string | undefined;
  readonly target: ConnectionTarget;
  readonly #apiKey: string;
  readonly #settings: Json2ConnectionSettings;
  readonly #transport: HttpTransport;
  readonly #ownsTransport: boolean;
  readonly #redactor: SecretRedactor;
  readonly #knownDatabases: KnownDatabases | undefined;

  /**
   * Checks the settings (URL, http opt-in, header names) and prepares the keep-alive pool; nothing is sent yet.
   * `sharedTransport` lets clients of the same origin (another key, another database) share one pool.
   */
  constructor(settings: Json2ConnectionSettings, sharedTransport?: HttpTransport, knownDatabases?: KnownDatabases) {
    this.#redactor = new SecretRedactor([settings.apiKey]);
    try {
      if (settings.apiKey.trim() === '') throw new ClientUsageError('The API key is empty.');
      this.target = parseConnectionTarget(settings.baseUrl, settings.allowInsecureHttp);
      this.databaseHeader = settings.databaseHeader === '' ? undefined : settings.databaseHeader;
      const headerProblem = this.databaseHeader === undefined ? undefined : databaseHeaderProblem(this.databaseHeader);
      if (headerProblem) throw new ClientUsageError(headerProblem);
      if (sharedTransport && sharedTransport.origin !== this.target.origin) {
        throw new UnsafeRequestError(`A transport for ${sharedTransport.origin} cannot carry requests for ${this.target.origin}.`);
      }
    } catch (error) {
      throw this.#redactor.redactError(error as Error);
    }
    this.baseUrl = settings.baseUrl;
    this.database = settings.database === '' ? undefined : settings.database;
    this.#apiKey = settings.apiKey;
    this.#settings = settings;
    this.#ownsTransport = sharedTransport === undefined;
    this.#transport = sharedTransport ?? new HttpTransport(this.target.origin, settings.transport);
    const userAgent = settings.userAgent ?? userAgentOf('json2-explorer', 'development');
    this.#knownDatabases =
      settings.checkDatabase === false
        ? undefined
        : (knownDatabases ?? new KnownDatabases(webDatabaseLister(this.#transport, this.target, userAgent)));
  }

  /** A client for the same connection with another key, sharing this one's connection pool and database list. */
  withApiKey(apiKey: string): Json2Client {
    return new Json2Client({ ...this.#settings, apiKey }, this.#transport, this.#knownDatabases);
  }

  /** A client for the same key on another database of the same server, sharing the pool and the database list. */
  withDatabase(database: string): Json2Client {
    return new Json2Client({ ...this.#settings, database }, this.#transport, this.#knownDatabases);
  }

  /** The server's databases (`/web/database/list`), or undefined when it does not list them. */
  async listDatabases(signal?: AbortSignal): Promise<readonly string[] | undefined> {
    const userAgent = this.#settings.userAgent ?? userAgentOf('json2-explorer', 'development');
    try {
      return await webDatabaseLister(this.#transport, this.target, userAgent)(signal);
    } catch {
      return undefined;
    }
  }

  /** The redactor that knows this client's key, for callers that log around it. */
  get redactor(): SecretRedactor {
    return this.#redactor;
  }

  /** Calls a model method and resolves with its result; rejects with `Json2Error`, `TransportError` or `UnsafeRequestError`. */
  async call<T = unknown>(
    model: string,
    method: string,
    args: Readonly<Record<string, unknown>> = {},
    options: CallOptions = {},
  ): Promise<T> {
    return (await this.callWithDetails<T>(model, method, args, options)).result;
  }

  /** Like `call`, with the status, timings and sizes of the exchange. */
  async callWithDetails<T = unknown>(
    model: string,
    method: string,
    args: Readonly<Record<string, unknown>> = {},
    options: CallOptions = {},
  ): Promise<CallOutcome<T>> {
    const target = `${model}.${method}`;
    let answer: HttpAnswer | undefined;
    try {
      const path = resolveRequestPath(this.target, json2Path(model, method));
      const body = JSON.stringify(json2Body(args, options));
      await this.#knownDatabases?.check(this.database, options.signal);
      answer = await this.#transport.send({
        method: 'POST',
        path,
        headers: this.#headers(this.database),
        body,
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      });
      const result = json2ResultOf(answer, target, this.database, this.databaseHeader) as T;
      this.#record(target, answer, undefined);
      return { result, status: answer.status, timings: answer.timings, sizes: answer.sizes };
    } catch (error) {
      const safe = this.#redactor.with(...secretArgumentsOf(args)).redactError(error as Error);
      this.#record(target, answer, safe);
      throw safe;
    }
  }

  /**
   * Sends a request as written in a request file and returns the answer whatever its status. The target must be a
   * path or a URL on the connection's origin; the connection's key and database headers are added. A database header
   * of the request (either name) replaces the connection's database in every database header sent.
   */
  async send(request: RawRequest): Promise<RawAnswer> {
    let answer: HttpAnswer | undefined;
    try {
      const path = resolveRequestPath(this.target, request.target);
      const override = splitDatabaseOverrideOf(request.headers ?? {}, this.databaseHeader);
      if (override.conflict) throw new ClientUsageError(override.conflict);
      const database = effectiveDatabase(this.database, override.database);
      await this.#knownDatabases?.check(database, request.signal);
      const headers = {
        ...this.#headers(database),
        ...lowerCaseKeys(Object.fromEntries(override.others)),
        authorization: `bearer ${this.#apiKey}`,
      };
      answer = await this.#transport.send({
        method: request.method,
        path,
        headers,
        body: request.body,
        signal: request.signal,
        timeoutMs: request.timeoutMs,
      });
      this.#record(request.target, answer, undefined);
      return rawAnswerOf(answer);
    } catch (error) {
      const safe = this.#redactor.redactError(error as Error);
      this.#record(request.target, answer, safe);
      throw safe;
    }
  }

  /** `GET` of a JSON document with ETag revalidation: `notModified` when the server answers 304 to `etag`. */
  async getDocument(
    path: string,
    options: { etag?: string; signal?: AbortSignal } = {},
  ): Promise<{ notModified: true; etag: string | undefined } | { notModified: false; etag: string | undefined; body: unknown }> {
    let answer: HttpAnswer | undefined;
    try {
      await this.#knownDatabases?.check(this.database, options.signal);
      const headers: Record<string, string> = { ...this.#headers(this.database) };
      delete headers['content-type'];
      if (options.etag !== undefined) headers['if-none-match'] = options.etag;
      answer = await this.#transport.send({ method: 'GET', path: resolveRequestPath(this.target, path), headers, signal: options.signal });
      this.#record(path, answer, undefined);
      const etag = answer.headers.etag;
      if (answer.status === 304) return { notModified: true, etag: etag ?? options.etag };
      return { notModified: false, etag, body: json2ResultOf(answer, path, this.database, this.databaseHeader) };
    } catch (error) {
      const safe = this.#redactor.redactError(error as Error);
      this.#record(path, answer, safe);
      throw safe;
    }
  }

  /** The server's version (`GET /web/version`): `{ version: "19.0", version_info: [...] }`. */
  async version(signal?: AbortSignal): Promise<{ version: string; version_info: unknown[] }> {
    const answer = await this.getDocument('/web/version', { signal });
    if (answer.notModified) throw new ClientUsageError('Unexpected 304 answer to /web/version.');
    return answer.body as { version: string; version_info: unknown[] };
  }

  /** Whose key this is: the user's context (`res.users/context_get`), which carries `uid`, `lang` and `tz`. */
  async whoami(signal?: AbortSignal): Promise<{ uid: number; lang?: string; tz?: string } & Record<string, unknown>> {
    return this.call('res.users', 'context_get', {}, { signal });
  }

  /**
   * Creates a new key for this key's user (`res.users.apikeys/generate`, authenticated and confirmed with this
   * client's key) and returns it.
   */
  async generateKey(request: NewKeyRequest, signal?: AbortSignal): Promise<string> {
    const key = await this.call<unknown>(
      'res.users.apikeys',
      'generate',
      {
        key: this.#apiKey,
        scope: request.scope,
        name: request.name,
        expiration_date: request.expirationDate,
      },
      { signal },
    );
    if (typeof key !== 'string') throw this.#redactor.redactError(new ClientUsageError('generate did not return a key string.'));
    return key;
  }

  /** Revokes a key (this client's or another of the same user); any 200 answer is success. */
  async revokeKey(key: string, signal?: AbortSignal): Promise<void> {
    await this.call('res.users.apikeys', 'revoke', { key }, { signal });
  }

  /**
   * Rotates this client's key as the spec says: generate a key with `scope`, hand it to `store`, verify a call with
   * it (same user), then revoke this client's key. On failure nothing is revoked and a `KeyRotationError` names the
   * step. On success, use `withApiKey(outcome.newKey)`: this client's key no longer works.
   */
  async rotateKey(options: RotateKeyOptions): Promise<RotationOutcome> {
    let issued: string | undefined;
    try {
      return await rotateApiKey(
        {
          generate: async (request, signal) => (issued = await this.generateKey(request, signal)),
          verify: async (newKey, signal) => {
            const [mine, theirs] = await Promise.all([this.whoami(signal), this.withApiKey(newKey).whoami(signal)]);
            if (mine.uid !== theirs.uid) throw new ClientUsageError(`the new key belongs to user ${theirs.uid}, not ${mine.uid}`);
            return theirs.uid;
          },
          revokeCurrent: async (newKey, signal) => this.withApiKey(newKey).revokeKey(this.#apiKey, signal),
        },
        options,
      );
    } catch (error) {
      throw this.#redactor.with(issued).redactError(error as Error);
    }
  }

  /** Closes the connection pool when this client created it. */
  async close(): Promise<void> {
    if (this.#ownsTransport) await this.#transport.close();
  }

  /** What `console.log` and the debugger show: never the key. */
  [inspect.custom](): string {
    return `Json2Client { baseUrl: '${this.baseUrl}', database: ${this.database === undefined ? 'undefined' : `'${this.database}'`} }`;
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, database: this.database, databaseHeader: this.databaseHeader };
  }

  #headers(database: string | undefined): Record<string, string> {
    return {
      ...lowerCaseKeys(this.#settings.extraHeaders ?? {}),
      'content-type': 'application/json; charset=utf-8',
      accept: 'application/json',
      'user-agent': this.#settings.userAgent ?? userAgentOf('json2-explorer', 'development'),
      authorization: `bearer ${this.#apiKey}`,
      ...lowerCaseKeys(databaseHeaders(database, this.databaseHeader)),
    };
  }

  #record(target: string, answer: HttpAnswer | undefined, error: Error | undefined): void {
    const onCall = this.#settings.onCall;
    if (!onCall) return;
    const kind = error && 'kind' in error ? String((error as { kind: unknown }).kind) : undefined;
    onCall({
      target: this.#redactor.redact(target),
      status: answer?.status,
      ok: error === undefined,
      timings: answer?.timings,
      sizes: answer?.sizes,
      ...(error ? { errorKind: kind ?? 'client' } : {}),
    });
  }
}

/** The JSON body of a call: named arguments plus `ids` (when non-empty) and `context` (when given). */
export function json2Body(args: Readonly<Record<string, unknown>>, options: Pick<CallOptions, 'ids' | 'context'>): Record<string, unknown> {
  if (options.ids !== undefined && 'ids' in args) throw new ClientUsageError('ids given both as an argument and as an option.');
  if (options.context !== undefined && 'context' in args) throw new ClientUsageError('context given both as an argument and as an option.');
  const body: Record<string, unknown> = { ...args };
  if (options.ids !== undefined && options.ids.length > 0) body.ids = options.ids;
  if (options.context !== undefined) body.context = options.context;
  return body;
}

function secretArgumentsOf(args: Readonly<Record<string, unknown>>): string[] {
  return ['key', 'password', 'master_pwd'].map((name) => args[name]).filter((v): v is string => typeof v === 'string');
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The answer of `send`, its text decoded once, when first read. */
function rawAnswerOf(answer: HttpAnswer): RawAnswer {
  let text: string | undefined;
  return {
    status: answer.status,
    headers: answer.headers,
    get text() {
      text ??= answer.body.toString('utf8');
      return text;
    },
    bytes: answer.body,
    timings: answer.timings,
    sizes: answer.sizes,
  };
}
