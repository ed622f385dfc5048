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

/** `JSON2_PASSWORD_MY_LOCAL`: the password of the connection `my-local` on XML-RPC or JSON-RPC (a key works too). */
export function passwordVariableOf(connectionName: string): string {
  return `${PASSWORD_VARIABLE_PREFIX}_${variableSuffixOf(connectionName)}`;
}

/**
 * The secret storage key of a connection's secret. It names the server's origin as well as the connection, so that a
 * connection redefined elsewhere (a workspace's settings naming another host under the same name) never receives a
 * key that was entered for another server: it finds no secret and asks.
 */
export function secretStorageKeyOf(profile: Pick<ConnectionProfile, 'name' | 'baseUrl'>, kind: ConnectionSecretKind): string {
  return `json2.connection/${kind}/${originOf(profile.baseUrl)}/${profile.name}`;
}

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}
