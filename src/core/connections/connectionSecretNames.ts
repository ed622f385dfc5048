// Names under which a connection's secret is found: the editor's secret storage key and the CLI's environment variables.
import type { ConnectionProfile, ConnectionSecretKind } from './connectionProfile';

/** The variable every connection falls back to in the CLI. */
export const GENERIC_API_KEY_VARIABLE = 'JSON2_API_KEY';

/** `JSON2_API_KEY_MY_LOCAL` for the connection `my-local`: the name in capitals, other characters as `_`. */
export function apiKeyVariableOf(connectionName: string): string {
  const suffix = connectionName.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `${GENERIC_API_KEY_VARIABLE}_${suffix}`;
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
