// The server's database list, asked once per client, so that a database name it does not have is refused before a
// call is sent (a server hosting one database may otherwise answer from that one whatever the name).
import { ClientError } from './clientErrors';
import { type ConnectionTarget, resolveRequestPath } from './connectionTarget';
import { unknownDatabaseMessage } from './databaseSelection';
import type { HttpTransport } from './httpTransport';
import { decodeJsonRpcAnswer, encodeJsonRpcParams } from './jsonRpcCodec';

/** A database name the server's list does not have: refused before sending. */
export class UnknownDatabaseError extends ClientError {
  readonly database: string;
  readonly known: readonly string[];

  constructor(database: string, known: readonly string[]) {
    super('noDatabase', unknownDatabaseMessage(database, known));
    this.database = database;
    this.known = known;
  }
}

/** Fetches the list: the names, or undefined when the server does not list them (listing disabled, not allowed). */
export type DatabaseLister = (signal?: AbortSignal) => Promise<readonly string[] | undefined>;

/**
 * Checks names against the server's list, fetched on first need and again before refusing (a database may have been
 * created since). A server that does not list its databases lets every name through.
 */
export class KnownDatabases {
  readonly #lister: DatabaseLister;
  #list: readonly string[] | undefined | null = null;
  /** The fetch in flight, shared by the calls that need the list meanwhile. */
  #fetching: Promise<readonly string[] | undefined> | undefined;

  constructor(lister: DatabaseLister) {
    this.#lister = lister;
  }

  /** Resolves when `database` may be sent (no name, a listed name, or no list); rejects with `UnknownDatabaseError`. */
  async check(database: string | undefined, signal?: AbortSignal): Promise<void> {
    if (database === undefined || database === '') return;
    const cached = this.#list;
    if (cached === undefined || cached?.includes(database)) return;
    const list = await (this.#fetching ??= this.#fetch(signal).finally(() => (this.#fetching = undefined)));
    if (list !== undefined && !list.includes(database)) throw new UnknownDatabaseError(database, list);
  }

  async #fetch(signal?: AbortSignal): Promise<readonly string[] | undefined> {
    try {
      this.#list = await this.#lister(signal);
    } catch (error) {
      if (error instanceof ClientError && error.kind === 'cancelled') throw error;
      this.#list = undefined;
    }
    return this.#list;
  }
}

/** The names of a `/web/database/list` result, or undefined when the result is not a list of names. */
export function databaseNamesOf(value: unknown): readonly string[] | undefined {
  return Array.isArray(value) && value.every((name) => typeof name === 'string') ? (value as string[]) : undefined;
}

/** A lister asking `/web/database/list` (JSON-RPC, no credentials) over a client's own transport. */
export function webDatabaseLister(transport: HttpTransport, target: ConnectionTarget, userAgent: string): DatabaseLister {
  return async (signal) => {
    const answer = await transport.send({
      method: 'POST',
      path: resolveRequestPath(target, '/web/database/list'),
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': userAgent },
      body: encodeJsonRpcParams({}, 1),
      signal,
    });
    if (answer.status !== 200) return undefined;
    const decoded = decodeJsonRpcAnswer(answer.body.toString('utf8'));
    return decoded.kind === 'result' ? databaseNamesOf(decoded.value) : undefined;
  };
}
