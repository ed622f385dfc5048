// What the connection flows need to learn from a server before saving a connection, as a port, and how its failures
// read to a person.
import { UnknownDatabaseError } from '../client/knownDatabases';
import type { ConnectionProtocol, ConnectionUser } from './connectionProfile';

/** Where to reach a server, without credentials. */
export interface ServerTarget {
  readonly baseUrl: string;
  readonly database?: string;
  /** The one header naming the database; undefined: both standard names (client/databaseSelection.ts). */
  readonly databaseHeader?: string;
  readonly allowInsecureHttp: boolean;
}

/** What a server says about itself before any credentials are given. */
export interface ServerRelease {
  /** `19.0`, or undefined when the server does not say. */
  readonly version: string | undefined;
  /** JSON-2 when the server has it, else the deprecated interface that answers. */
  readonly protocol: ConnectionProtocol;
  /** Every interface that answered, the preferred one first. */
  readonly available: readonly ConnectionProtocol[];
  /**
   * The server answered "No database is selected" to the JSON-2 probe: it hosts several databases, so ask again
   * naming the database before trusting `protocol`.
   */
  readonly needsDatabase?: boolean;
}

/** The checks a new or edited connection goes through; each rejects with the clients' typed errors. */
export interface ServerProbe {
  /**
   * The release and the interface to use (`GET /web/version`, a keyless JSON-2 call naming the target's database, the
   * deprecated common service).
   */
  release(target: ServerTarget, signal: AbortSignal): Promise<ServerRelease>;
  /** The server's databases, or undefined when it does not list them (listing disabled, not allowed). */
  databases(target: ServerTarget, signal: AbortSignal): Promise<readonly string[] | undefined>;
  /** Whose key this is (`res.users/context_get`, then the user's name); rejects when the key is refused. */
  checkApiKey(target: ServerTarget, apiKey: string, signal: AbortSignal): Promise<ConnectionUser>;
  /** Logs in through a deprecated RPC interface (`authenticate`) and says who that is. */
  checkLogin(
    target: ServerTarget,
    protocol: Exclude<ConnectionProtocol, 'json2'>,
    login: string,
    secret: string,
    signal: AbortSignal,
  ): Promise<ConnectionUser>;
}

/**
 * A probe that loads its implementation on first use, so that the HTTP stack is not loaded while the editor starts.
 */
export function lazyServerProbe(load: () => Promise<ServerProbe>): ServerProbe {
  let loaded: Promise<ServerProbe> | undefined;
  const probe = (): Promise<ServerProbe> => (loaded ??= load());
  return {
    release: async (target, signal) => (await probe()).release(target, signal),
    databases: async (target, signal) => (await probe()).databases(target, signal),
    checkApiKey: async (target, apiKey, signal) => (await probe()).checkApiKey(target, apiKey, signal),
    checkLogin: async (target, protocol, login, secret, signal) => (await probe()).checkLogin(target, protocol, login, secret, signal),
  };
}

/**
 * One sentence saying why a check failed, for the input the person is in. Uses the clients' error kinds; the error
 * messages are already free of secrets (the clients redact them).
 */
export function describeProbeFailure(error: unknown, what: 'release' | 'key' | 'login'): string {
  const kind = typeof error === 'object' && error !== null && 'kind' in error ? String((error as { kind: unknown }).kind) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  switch (kind) {
    case 'auth':
      return what === 'login'
        ? 'The server refused this login and password (or key). Check both, and the database.'
        : 'The server refused this key (Invalid apikey): it may be mistyped, expired or revoked, or belong to another database.';
    case 'noDatabase':
      return error instanceof UnknownDatabaseError
        ? `${message} Go back and choose one of them.`
        : 'The server answered "No database is selected": it hosts several databases. Go back and choose the database (or check its name).';
    case 'access':
      return `The server refused access: ${message}`;
    case 'network':
      return `Cannot reach the server: ${message}`;
    case 'timeout':
      return 'The server did not answer in time.';
    case 'unsafe':
      return message;
    case 'notFound':
      return what === 'release'
        ? 'No JSON-2 server answers at this address (no /web/version). Check the URL and its path prefix.'
        : `Not found on the server: ${message}`;
    case 'invalidResponse':
      return `The answer is not what a server of this kind sends: ${message}`;
    case 'cancelled':
      return 'Cancelled.';
    default:
      return message;
  }
}
