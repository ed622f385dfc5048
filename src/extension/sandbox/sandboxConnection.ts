// The connection "Local sandbox": added or updated (its address follows the sandbox's port) in the user's settings,
// with a working admin key in the secret storage, and the sandbox's first master password remembered for its origin.
import type * as vscode from 'vscode';
import { databaseHeaders } from '../../core/client/databaseSelection';
import type { ConnectionProfile } from '../../core/connections/connectionProfile';
import type { SandboxReady } from '../../core/localSandbox/sandboxProcess';
import type { ConnectionSecretStore } from '../connections/connectionSecretStore';
import type { ConnectionService } from '../connections/connectionService';
import type { ConnectionSettingsStore } from '../connections/connectionSettingsStore';
import { MasterPasswordStore } from '../databases/masterPasswordStore';

export const SANDBOX_CONNECTION = 'Local sandbox';
export const SANDBOX_DATABASE = 'demo';
export const SANDBOX_LOGIN = 'admin';

export interface SandboxConnectionDeps {
  readonly service: ConnectionService;
  readonly settings: ConnectionSettingsStore;
  readonly secrets: ConnectionSecretStore;
  readonly masters: MasterPasswordStore;
  /** A new admin key from the running sandbox (json2 sandbox key). */
  readonly newKey: () => Promise<string>;
  readonly log: vscode.LogOutputChannel;
}

/** The uid the key belongs to when the sandbox accepts it; undefined when it refuses it (expired, revoked, reset). */
async function uidOf(url: string, key: string): Promise<number | undefined> {
  const answer = await fetch(`${url}/json/2/res.users/context_get`, {
    method: 'POST',
    headers: { Authorization: `bearer ${key}`, 'Content-Type': 'application/json', ...databaseHeaders(SANDBOX_DATABASE) },
    body: '{}',
  });
  if (!answer.ok) {
    await answer.body?.cancel();
    return undefined;
  }
  return ((await answer.json()) as { uid?: number }).uid;
}

/**
 * Points the connection at the running sandbox and makes sure its key works: the first start's key, else the one
 * stored (moved along when the address changed), else a new one. Returns the connection's name.
 */
export async function connectSandbox(ready: SandboxReady, deps: SandboxConnectionDeps): Promise<string> {
  const existing = deps.service.find(SANDBOX_CONNECTION)?.profile;
  const previous = existing !== undefined && existing.baseUrl !== ready.url ? existing : undefined;
  const profile: ConnectionProfile = {
    name: SANDBOX_CONNECTION,
    baseUrl: ready.url,
    database: SANDBOX_DATABASE,
    protocol: 'json2',
    readOnly: false,
    production: false,
    allowInsecureHttp: false,
    ...(existing?.variables ? { variables: existing.variables } : {}),
  };
  if (previous !== undefined) {
    await deps.secrets.move(previous, profile);
    const master = await deps.masters.get(previous.baseUrl);
    if (master !== undefined) {
      await deps.masters.store(ready.url, master);
      await deps.masters.forget(previous.baseUrl);
    }
  }
  if (ready.masterPassword !== undefined) await deps.masters.store(ready.url, ready.masterPassword);
  let key = ready.apiKey?.key ?? (await deps.secrets.get(profile));
  let uid = key === undefined ? undefined : await uidOf(ready.url, key);
  if (key === undefined || uid === undefined) {
    deps.log.info(
      `[sandbox] ${key === undefined ? 'no key stored' : 'the stored key is refused'} for "${SANDBOX_CONNECTION}": making a new one`,
    );
    key = await deps.newKey();
    uid = await uidOf(ready.url, key);
  }
  await deps.settings.save({ ...profile, user: { id: uid ?? 0, login: SANDBOX_LOGIN } }, 'user', SANDBOX_CONNECTION);
  await deps.secrets.store(profile, key);
  return SANDBOX_CONNECTION;
}
