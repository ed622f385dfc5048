// The connection model shared by the extension and the CLI: what a saved connection is, without its secrets.

/** How the extension talks to a server: JSON-2 (19.0 and later) or one of the deprecated RPC interfaces. */
export type ConnectionProtocol = 'json2' | 'jsonrpc' | 'xmlrpc';

export const CONNECTION_PROTOCOLS: readonly ConnectionProtocol[] = ['json2', 'jsonrpc', 'xmlrpc'];

/**
 * A saved connection as it lives in settings (`json2.connections`). Secrets are never part of it: the API key (and,
 * for the deprecated RPC interfaces, the password or key used with the login) live in the editor's secret storage or,
 * for the CLI, in the environment or a key file.
 */
export interface ConnectionProfile {
  /** Unique among the connections in effect; `# @connection name` and `JSON2_API_KEY_<NAME>` refer to it. */
  readonly name: string;
  /** `https://erp.example.com`, optionally with a path prefix; no credentials, query or fragment. */
  readonly baseUrl: string;
  /** The database; absent when the server serves one database (or picks it from the host name). */
  readonly database?: string;
  /**
   * The one header that carries the database name, for a server that must see only one; absent (the default): the
   * name goes in both `X-Odoo-Database` and `X-Service-Database` (client/databaseSelection.ts).
   */
  readonly databaseHeader?: string;
  readonly protocol: ConnectionProtocol;
  /** For the deprecated RPC interfaces: the login that goes with the password or key. */
  readonly login?: string;
  /** Refuses, before sending, every method outside the read-only list. */
  readonly readOnly: boolean;
  /** Asks before every method outside the read-only list, naming the model, method and number of records. */
  readonly production: boolean;
  /** Lets the key travel over plain http:// to a host that is not loopback (off unless the user says so). */
  readonly allowInsecureHttp: boolean;
  /** The key's scope when known (`null` for an unscoped key). */
  readonly keyScope?: string | null;
  /** The key's expiration date (`YYYY-MM-DD`) when known. */
  readonly keyExpiration?: string;
  /** The server's release as seen when the connection was added or checked (`19.0`). */
  readonly serverVersion?: string;
  /** Whose key it is, as seen when the key was last checked: display text for the status bar. */
  readonly user?: ConnectionUser;
  /** Connection (environment) variables for request files: `{{name}}`. Never secrets. */
  readonly variables?: Readonly<Record<string, string>>;
  /** Context keys (`lang`, `tz`, `allowed_company_ids`) sent with every model call that does not set them itself. */
  readonly defaultContext?: Readonly<Record<string, unknown>>;
}

export interface ConnectionUser {
  readonly id: number;
  readonly name?: string;
  readonly login?: string;
}

/** Where a connection's settings came from. Workspace connections are ignored in untrusted workspaces. */
export type ConnectionLevel = 'user' | 'workspace' | 'file';

/** A connection together with the place it is saved, as the editor and the CLI list them. */
export interface SavedConnection {
  readonly profile: ConnectionProfile;
  readonly level: ConnectionLevel;
}

/** The secrets a connection may own. */
export type ConnectionSecretKind = 'apiKey' | 'password';

/** The secret a connection needs before it can send anything. */
export function secretKindOf(profile: Pick<ConnectionProfile, 'protocol'>): ConnectionSecretKind {
  return profile.protocol === 'json2' ? 'apiKey' : 'password';
}

/** True for the deprecated RPC interfaces (login plus password or key). */
export function isLegacyProtocol(protocol: ConnectionProtocol): boolean {
  return protocol !== 'json2';
}

/** `local · demo · Mitchell Admin`: how the status bar and pickers name a connection. */
export function describeConnection(profile: ConnectionProfile): string {
  const parts = [profile.name];
  if (profile.database) parts.push(profile.database);
  const user = profile.user?.name ?? profile.user?.login ?? profile.login;
  if (user) parts.push(user);
  return parts.join(' · ');
}
