// LegacyRpcClient: the deprecated XML-RPC (`/xmlrpc/2/<service>`) and JSON-RPC (`/jsonrpc`) interfaces.
import { inspect } from 'node:util';
import { SecretRedactor } from '../redaction/secretRedactor';
import { ClientError, ClientUsageError, TransportError } from './clientErrors';
import { type ConnectionTarget, parseConnectionTarget, resolveRequestPath } from './connectionTarget';
import { HttpTransport, type TransportOptions } from './httpTransport';
import { type RpcService, JsonRpcFormatError, decodeJsonRpcAnswer, encodeJsonRpcCall } from './jsonRpcCodec';
import { JsonRpcError, XmlRpcFault } from './legacyRpcErrors';
import { type Json2Call, fromExecuteKw, normaliseCreateResult, toExecuteKw } from './rpcMapping';
import { XmlRpcFormatError, decodeMethodResponse, encodeMethodCall } from './xmlRpcCodec';

export type LegacyProtocol = 'xmlrpc' | 'jsonrpc';

export interface LegacyConnectionSettings {
  readonly baseUrl: string;
  readonly protocol: LegacyProtocol;
  readonly database?: string;
  readonly login?: string;
  /** The user's password, or an API key used in its place (never for interface login). */
  readonly password?: string;
  readonly userAgent?: string;
  readonly allowInsecureHttp?: boolean;
  readonly transport?: TransportOptions;
}

/** The common service's `version()` answer. */
export interface CommonVersion {
  readonly server_version: string;
  readonly server_version_info: readonly unknown[];
  readonly server_serie: string;
  readonly protocol_version: number;
}

// db service functions that need no master password; every other one takes it first.
const DB_WITHOUT_MASTER_PASSWORD = new Set(['db_exist', 'list', 'list_lang', 'server_version']);

/**
 * A client of the deprecated interfaces, for servers that have nothing else. Passwords and master passwords given to
 * it are redacted from every error. `callAsJson2` runs a JSON-2 shaped call through `execute_kw` with the mapping.
 */
export class LegacyRpcClient {
  readonly protocol: LegacyProtocol;
  readonly target: ConnectionTarget;
  readonly database: string | undefined;
  readonly login: string | undefined;
  readonly #password: string | undefined;
  readonly #settings: LegacyConnectionSettings;
  readonly #transport: HttpTransport;
  readonly #redactor: SecretRedactor;
  #uid: number | undefined;
  #nextId = 1;

  /** Checks the base URL (and the plain-http opt-in when a password is given); nothing is sent yet. */
  constructor(settings: LegacyConnectionSettings) {
    this.#redactor = new SecretRedactor([settings.password]);
    try {
      // Meta-calls without credentials may go over plain http; a password may not, without the opt-in.
      this.target = parseConnectionTarget(settings.baseUrl, settings.allowInsecureHttp === true || settings.password === undefined);
    } catch (error) {
      throw this.#redactor.redactError(error as Error);
    }
    this.protocol = settings.protocol;
    this.database = settings.database;
    this.login = settings.login;
    this.#password = settings.password;
    this.#settings = settings;
    this.#transport = new HttpTransport(this.target.origin, settings.transport);
  }

  /** The common service's `version()`; needs no credentials. */
  async version(signal?: AbortSignal): Promise<CommonVersion> {
    return (await this.callService('common', 'version', [], signal)) as CommonVersion;
  }

  /** `common.login(db, login, password)`: the user id, or throws when the credentials are refused. */
  async loginUser(signal?: AbortSignal): Promise<number> {
    const { db, login, password } = this.#credentials();
    return this.#rememberUid(await this.callService('common', 'login', [db, login, password], signal));
  }

  /** `common.authenticate(db, login, password, user_agent_env)`: the user id (not the login). */
  async authenticate(userAgentEnv: Readonly<Record<string, unknown>> = {}, signal?: AbortSignal): Promise<number> {
    const { db, login, password } = this.#credentials();
    return this.#rememberUid(await this.callService('common', 'authenticate', [db, login, password, userAgentEnv], signal));
  }

  /** `object.execute_kw(db, uid, password, model, method, args, kw)`; authenticates first when needed. */
  async executeKw(
    model: string,
    method: string,
    args: readonly unknown[],
    kw: Readonly<Record<string, unknown>> = {},
    signal?: AbortSignal,
  ): Promise<unknown> {
    const { db, password } = this.#credentials();
    const uid = this.#uid ?? (await this.authenticate({}, signal));
    return this.callService('object', 'execute_kw', [db, uid, password, model, method, args, kw], signal);
  }

  /** `object.execute(db, uid, password, model, method, *args)`: positional arguments only, no context. */
  async execute(model: string, method: string, ...args: unknown[]): Promise<unknown> {
    const { db, password } = this.#credentials();
    const uid = this.#uid ?? (await this.authenticate());
    return this.callService('object', 'execute', [db, uid, password, model, method, ...args]);
  }

  /**
   * A db service function (`list`, `db_exist`, `create_database`, `dump`...). Functions other than `db_exist`, `list`,
   * `list_lang` and `server_version` take the master password first; it is redacted from errors.
   */
  async db(method: string, args: readonly unknown[] = [], signal?: AbortSignal): Promise<unknown> {
    const masterPassword = !DB_WITHOUT_MASTER_PASSWORD.has(method) && typeof args[0] === 'string' ? args[0] : undefined;
    return this.callService('db', method, args, signal, masterPassword);
  }

  /**
   * Runs a JSON-2 call through `execute_kw` with the mapping, so a request written for JSON-2 runs on a server that
   * only has the deprecated interfaces. `createResult: 'json2'` (default) turns `create`'s id into a list as JSON-2 does.
   */
  async callAsJson2(
    call: Omit<Json2Call, 'database'>,
    options: { signal?: AbortSignal; createResult?: 'json2' | 'legacy' } = {},
  ): Promise<unknown> {
    const { db, password } = this.#credentials();
    const uid = this.#uid ?? (await this.authenticate({}, options.signal));
    const legacy = toExecuteKw({ ...call, database: db }, { uid, password });
    const result = await this.executeKw(legacy.model, legacy.method, legacy.args, legacy.kw, options.signal);
    if (call.method !== 'create') return result;
    const sentOne = fromExecuteKw(legacy).legacyResult === 'singleId';
    return normaliseCreateResult(result, options.createResult ?? 'json2', sentOne);
  }

  /** One call of a service function over the client's protocol; faults and errors become typed errors. */
  async callService(
    service: RpcService,
    method: string,
    args: readonly unknown[],
    signal?: AbortSignal,
    extraSecret?: string,
  ): Promise<unknown> {
    const redactor = this.#redactor.with(extraSecret);
    const target = `${service}.${method}`;
    try {
      return this.protocol === 'xmlrpc'
        ? await this.#callXmlRpc(service, method, args, target, signal)
        : await this.#callJsonRpc(service, method, args, target, signal);
    } catch (error) {
      throw redactor.redactError(error as Error);
    }
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.#transport.close();
  }

  [inspect.custom](): string {
    return `LegacyRpcClient { baseUrl: '${this.#settings.baseUrl}', protocol: '${this.protocol}', database: ${String(this.database)}, login: ${String(this.login)} }`;
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#settings.baseUrl, protocol: this.protocol, database: this.database, login: this.login };
  }

  async #callXmlRpc(service: RpcService, method: string, args: readonly unknown[], target: string, signal?: AbortSignal): Promise<unknown> {
    const text = await this.#post(`/xmlrpc/2/${service}`, 'text/xml; charset=utf-8', encodeMethodCall(method, args), target, signal);
    let answer;
    try {
      answer = decodeMethodResponse(text);
    } catch (error) {
      if (error instanceof XmlRpcFormatError)
        throw new TransportError('invalidResponse', `${target}: ${error.message}`, { rawBody: text.slice(0, 4096) });
      throw error;
    }
    if (answer.kind === 'fault') throw new XmlRpcFault(answer.code, answer.message, target);
    return answer.value;
  }

  async #callJsonRpc(
    service: RpcService,
    method: string,
    args: readonly unknown[],
    target: string,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const id = this.#nextId++;
    const text = await this.#post('/jsonrpc', 'application/json', encodeJsonRpcCall(service, method, args, id), target, signal);
    let answer;
    try {
      answer = decodeJsonRpcAnswer(text);
    } catch (error) {
      if (error instanceof JsonRpcFormatError)
        throw new TransportError('invalidResponse', `${target}: ${error.message}`, { rawBody: text.slice(0, 4096) });
      throw error;
    }
    if (answer.kind === 'error') throw new JsonRpcError(answer.code, answer.message, answer.data, target);
    return answer.value;
  }

  async #post(path: string, contentType: string, body: string, target: string, signal?: AbortSignal): Promise<string> {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (this.#settings.userAgent !== undefined) headers['user-agent'] = this.#settings.userAgent;
    const answer = await this.#transport.send({ method: 'POST', path: resolveRequestPath(this.target, path), headers, body, signal });
    const text = answer.body.toString('utf8');
    if (answer.status !== 200) {
      const kind = answer.status === 404 ? 'notFound' : 'invalidResponse';
      throw new TransportError(
        kind,
        `${target}: ${path} answered ${answer.status}; the deprecated interfaces always answer 200` +
          (answer.status === 404 ? ' (this server may not offer them any more).' : '.'),
        { status: answer.status, rawBody: text.slice(0, 4096) },
      );
    }
    return text;
  }

  #credentials(): { db: string; login: string; password: string } {
    const { database, login } = this;
    const password = this.#password;
    if (database === undefined || login === undefined || password === undefined) {
      throw new ClientUsageError("This call needs the connection's database, login and password (or API key).");
    }
    return { db: database, login, password };
  }

  #rememberUid(uid: unknown): number {
    if (typeof uid !== 'number' || !Number.isInteger(uid) || uid <= 0) {
      throw new ClientError('auth', 'common.authenticate: the login, the password (or API key) or the database was refused.');
    }
    this.#uid = uid;
    return uid;
  }
}
