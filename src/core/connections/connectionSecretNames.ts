// Names under which a connection's secret is found: the editor's secret storage key and the CLI's environment variables.
import type { ConnectionProfile, ConnectionSecretKind } from './connectionProfile';

/** The variable every connection falls back to in the CLI. */
export const GENERIC_API_KEY_VARIABLE = 'JSON2_API_KEY';

/** The prefix of the variables holding the password of a connection on the deprecated interfaces. */
export const PASSWORD_VARIABLE_PREFIX = 'JSON2_PASSWORD';

/** `MY_LOCAL` for the connection `my-local`: the name in capitals, other characters as `_`. */
function variableSuffixOf(connectionName: string): string {
  return connectionName
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** `JSON2_API_KEY_MY_LOCAL` for the connection `my-local`. */
export function apiKeyVariableOf(connectionName: string): string {
  return `${GENERIC_API_KEY_VARIABLE}_${variableSuffixOf(connectionName)}`;
}

/** The prefix of the variables binding a connection's secret to an origin. */
export const ORIGIN_VARIABLE_PREFIX = 'JSON2_ORIGIN';

/**
 * `JSON2_ORIGIN_MY_LOCAL`: the origin (`https://erp.example.com:8443`) the secret of the connection `my-local` is
 * given for; the CLI refuses to send it to that connection at any other origin.
 */
export function originVariableOf(connectionName: string): string {
  return `${ORIGIN_VARIABLE_PREFIX}_${variableSuffixOf(connectionName)}`;
}

/** `JSON2_PASSWORD_MY_LOCAL`: the password of the connection `my-local` on XML-RPC or JSON-RPC (a key works too). */
export function passwordVariableOf(connectionName: string): string {
  return `${PASSWORD_VARIABLE_PREFIX}_${variableSuffixOf(connectionName)}`;
}

/** Whether the CLI takes a secret, or the origin a secret is bound to, from this environment variable. */
export function isSecretLookupVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    upper === GENERIC_API_KEY_VARIABLE ||
    upper.startsWith(`${GENERIC_API_KEY_VARIABLE}_`) ||
    upper.startsWith(`${PASSWORD_VARIABLE_PREFIX}_`) ||
    upper.startsWith(`${ORIGIN_VARIABLE_PREFIX}_`)
  );
}

/**
 * The secret storage key of a connection's secret. It names the server's origin as well as the connection, so that a
 * connection redefined elsewhere (a workspace's settings naming another host under the same name) never receives a
 * key that was entered for another server: it finds no secret and asks.
 */
export function secretStorageKeyOf(profile: Pick<ConnectionProfile, 'name' | 'baseUrl'>, kind: ConnectionSecretKind): string {
  return `json2.connection/${kind}/${originOf(profile.baseUrl)}/${profile.name}`;
}

/** The origin (scheme, host, port) of a URL; the text itself when it is not a URL. */
export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}
