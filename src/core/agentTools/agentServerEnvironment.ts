// The environment of the `json2 mcp` server the editor offers: each connection's own key, bound to its origin, and no other.
import { type ConnectionProfile, secretKindOf } from '../connections/connectionProfile';
import {
  apiKeyVariableOf,
  GENERIC_API_KEY_VARIABLE,
  isSecretLookupVariable,
  originOf,
  originVariableOf,
  passwordVariableOf,
} from '../connections/connectionSecretNames';

export interface AgentServerEnvironmentOptions {
  /** The names of the variables the server would inherit (the extension host's environment). */
  readonly inherited: Iterable<string>;
  /** The connections whose keys may be given (the editor's connections in effect), as they are now. */
  readonly connections: readonly ConnectionProfile[];
  /** The editor's secret of a connection: the one stored for that name at that origin (`secretStorageKeyOf`), if any. */
  readonly secretOf: (profile: ConnectionProfile) => Promise<string | undefined>;
}

/**
 * The variables to set (a value) or remove (`null`) in the server's environment. Every inherited variable the server
 * would take a secret or a binding from is removed: the generic `JSON2_API_KEY` of a shell would otherwise go to any
 * connection the workspace defines. Each connection gets the key the editor stored for that name at that origin (none
 * when the workspace points the name elsewhere: the key was never stored there), as
 * `JSON2_API_KEY_<NAME>` (or `JSON2_PASSWORD_<NAME>` on the deprecated interfaces), with `JSON2_ORIGIN_<NAME>`
 * binding it to that origin, so that the server refuses it to the connection once the settings say another address.
 * Two names that share a variable suffix (`my-local`, `my local`) get neither key.
 */
export async function agentServerEnvironment(options: AgentServerEnvironmentOptions): Promise<Record<string, string | null>> {
  const environment: Record<string, string | null> = {};
  for (const name of options.inherited) if (isSecretLookupVariable(name)) environment[name] = null;
  environment[GENERIC_API_KEY_VARIABLE] = null;
  // Grouped by the variables' common suffix: `my-local` and `my local` would read each other's key.
  const bySuffix = new Map<string, ConnectionProfile[]>();
  for (const profile of options.connections) {
    const origin = originVariableOf(profile.name);
    bySuffix.set(origin, [...(bySuffix.get(origin) ?? []), profile]);
  }
  for (const [originVariable, profiles] of bySuffix) {
    if (profiles.length !== 1) continue;
    const [profile] = profiles;
    const secret = await options.secretOf(profile);
    if (secret === undefined || secret === '') continue;
    environment[secretKindOf(profile) === 'apiKey' ? apiKeyVariableOf(profile.name) : passwordVariableOf(profile.name)] = secret;
    environment[originVariable] = originOf(profile.baseUrl);
  }
  return environment;
}
