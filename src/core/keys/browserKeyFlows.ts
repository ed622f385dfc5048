// Generate, Revoke and Rotate API Key on a server without programmatic key management (no `res.users.apikeys`
// `generate`/`revoke`: 19.0 builds before it): said before anything is asked, then done in the server's web client
// (the user's preferences, Account Security) with the editor pasting and checking the keys.
import { userPreferencesUrl } from '../client/webClientUrl';
import type { ConnectionProfile, SavedConnection } from '../connections/connectionProfile';
import type { KeyFlowPorts } from './keyFlowPorts';
import { keyMethodsOf } from './keyMethodsSupport';
import { type RotationAftermath, rotationReport } from './rotationReport';

/** How the editor learnt that the methods are missing: the server's documentation, or its answer to a call. */
export type MissingFrom = 'documents' | 'answer';

function why(from: MissingFrom): string {
  const told = from === 'documents' ? 'its documentation says so' : 'it answered that the method does not exist';
  return `Its res.users.apikeys has no generate or revoke (${told}): programmatic key management came in a later 19.0 build.`;
}

function preferences(profile: ConnectionProfile): string {
  return userPreferencesUrl({
    baseUrl: profile.baseUrl,
    ...(profile.database !== undefined ? { database: profile.database } : {}),
    ...(profile.serverVersion !== undefined ? { serverVersion: profile.serverVersion } : {}),
  });
}

/** True when the connection's server is known to lack `generate`/`revoke` (its documentation says so). */
export async function keyMethodsAbsent(ports: KeyFlowPorts, saved: SavedConnection, key: string): Promise<boolean> {
  const client = await ports.storage.client(saved.profile, key);
  try {
    const answer = await keyMethodsOf(client);
    ports.log.info(`[${saved.profile.name}] programmatic key management: ${answer.methods} (from ${answer.from})`);
    return answer.methods === 'absent';
  } finally {
    await client.close();
  }
}

/** Whether the server takes `key` now: false on 401, undefined when it cannot be told (the server did not answer). */
export async function keyAccepted(ports: KeyFlowPorts, profile: ConnectionProfile, key: string): Promise<boolean | undefined> {
  return (await userOf(ports, profile, key)).accepted;
}

async function userOf(ports: KeyFlowPorts, profile: ConnectionProfile, key: string): Promise<{ accepted?: boolean; uid?: number }> {
  const client = await ports.storage.client(profile, key);
  try {
    return { accepted: true, uid: (await client.whoami()).uid };
  } catch (error) {
    return (error as { status?: unknown }).status === 401 ? { accepted: false } : {};
  } finally {
    await client.close();
  }
}

/** Generate API Key: the key is made in the browser, then pasted into the connection through Update API Key. */
export async function browserGenerateFlow(ports: KeyFlowPorts, saved: SavedConnection, from: MissingFrom): Promise<boolean> {
  const name = saved.profile.name;
  const go = await ports
    .dialogs()
    .offerBrowserPath(
      `"${name}": this server cannot make API keys through its API.`,
      `${why(from)} Make the key in your preferences in the browser (Account Security → New API Key), then paste it here: it is checked before it is stored in the connection.`,
      preferences(saved.profile),
    );
  if (!go) return false;
  ports.log.info(`[${name}] no programmatic key management: a key made in the browser is pasted`);
  return ports.updateKey(saved, `Paste the key you made in the browser for "${name}".`);
}

/** Revoke API Key: the key is deleted in the browser; the connection's own key, once refused, is forgotten here. */
export async function browserRevokeFlow(ports: KeyFlowPorts, saved: SavedConnection, ownKey: string, from: MissingFrom): Promise<boolean> {
  const name = saved.profile.name;
  const url = preferences(saved.profile);
  const go = await ports
    .dialogs()
    .offerBrowserPath(
      `"${name}": this server cannot revoke API keys through its API.`,
      `${why(from)} Delete the key in your preferences in the browser (Account Security → API Keys). When it is the connection's own key, it is then removed from this editor's secret storage.`,
      url,
    );
  if (!go) return false;
  const done = await ports
    .dialogs()
    .confirmBrowserStep(
      `Did you delete the key in Account Security?`,
      `The connection's own key is checked: if the server refuses it now, it is removed from the secret storage.`,
      url,
    );
  if (!done) return false;
  if ((await keyAccepted(ports, saved.profile, ownKey)) === false) {
    await ports.storage.forget(saved);
    ports.log.info(`[${name}] own key deleted in the browser and removed from the secret storage`);
    ports.dialogs().showInfo(`The key of "${name}" is deleted on the server and removed from the secret storage.`);
  } else {
    ports.log.info(`[${name}] a key deleted in the browser; the connection's own key still works`);
    ports.dialogs().showInfo(`The key of "${name}" still works: the key deleted in the browser was another one.`);
  }
  return true;
}

/**
 * Rotate API Key in the browser: the new key made there, pasted here (checked, stored), the old key deleted there and
 * checked here. Ends with the report of a rotation: done, or stopped at a step with the keys valid now.
 */
export async function browserRotateFlow(ports: KeyFlowPorts, saved: SavedConnection, oldKey: string, from: MissingFrom): Promise<boolean> {
  const name = saved.profile.name;
  const url = preferences(saved.profile);
  const go = await ports
    .dialogs()
    .offerBrowserPath(
      `"${name}": this server cannot rotate API keys through its API.`,
      `${why(from)} Rotate in the browser instead: 1. make the new key in your preferences (Account Security → New API Key), with the same scope; 2. paste it here: it is checked, then stored in the connection; 3. delete the old key there; 4. the old key is checked here: the rotation is done when the server refuses it.`,
      url,
    );
  if (!go) return false;
  const stop = (aftermath: Omit<RotationAftermath, 'connection' | 'newKeyName'>): false => {
    const report = rotationReport({ ...aftermath, connection: name, newKeyName: '' });
    ports.log.warn(`[${name}] ${report.summary}\n${report.detail}`);
    ports.dialogs().showError(report.summary, report.detail);
    return false;
  };
  ports.log.info(`[${name}] rotation in the browser: 1/4 the new key is made in the browser`);
  const pasted = await ports.updateKey(saved, `Rotation of "${name}", step 2 of 4: paste the new key you made in the browser.`);
  const current = ports.connections.find(name) ?? saved;
  const newKey = pasted ? await ports.storage.keyOf(current.profile) : undefined;
  if (newKey === undefined || newKey === oldKey)
    return stop({
      step: 'store',
      reason: newKey === oldKey ? 'the key pasted is the old one' : 'no new key was pasted',
      connectionHolds: 'old',
      newKey: 'notPasted',
    });
  ports.log.info(`[${name}] rotation in the browser: 2/4 the new key is checked and stored`);
  const [oldUser, newUser] = await Promise.all([userOf(ports, current.profile, oldKey), userOf(ports, current.profile, newKey)]);
  if (oldUser.uid !== undefined && newUser.uid !== oldUser.uid) {
    await ports.storage.store(current, oldKey, { scope: saved.profile.keyScope ?? null, expiration: saved.profile.keyExpiration });
    return stop({
      step: 'verify',
      reason: `the new key belongs to user ${String(newUser.uid)}, the old one to user ${oldUser.uid}; the old key is back in the connection`,
      connectionHolds: 'old',
      newKey: 'valid',
    });
  }
  ports.log.info(`[${name}] rotation in the browser: 3/4 the old key is to be deleted in the browser`);
  const deleted = await ports
    .dialogs()
    .confirmBrowserStep(
      `Now delete the old key of "${name}" in Account Security.`,
      'The new key is stored in the connection and works. Delete the old key in your preferences (Account Security → API Keys), then go on: the old key is checked.',
      url,
    );
  const refused = deleted && (await keyAccepted(ports, current.profile, oldKey)) === false;
  if (!refused)
    return stop({
      step: 'revoke',
      reason: deleted ? 'the server still takes the old key: it was not deleted in Account Security' : 'the old key was not deleted',
      connectionHolds: 'new',
      newKey: 'valid',
    });
  ports.log.info(`[${name}] rotation in the browser: 4/4 the old key is refused; rotated`);
  ports.dialogs().showInfo(`The key of "${name}" was rotated: the new key is stored; the old key is revoked.`);
  return true;
}
