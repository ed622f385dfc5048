// Rotate API Key: a new key with the same scope, stored, checked, and the old key revoked, each step shown; a stopped
// rotation is cleaned up (the old key back in the connection, an unused new key revoked) and reported.
import type { KeyRotationError, RotationStep } from '../client/keyRotation';
import type { SavedConnection } from '../connections/connectionProfile';
import { DEFAULT_LIFETIME_ID, expirationDateFor, lifetimePreset } from './keyExpiration';
import { browserRotateFlow, keyMethodsAbsent } from './browserKeyFlows';
import { connectionKey, failureOf, type KeyFlowPorts, type KeyTarget } from './keyFlowPorts';
import { isMissingKeyMethod } from './keyMethodsSupport';
import { rotateKeyWithSteps } from './observedRotation';
import { type RotationAftermath, rotationReport } from './rotationReport';

const STEP_MESSAGES: Readonly<Record<RotationStep, string>> = {
  generate: '1/4 Generating a new key with the same scope…',
  store: '2/4 Storing the new key in the connection…',
  verify: '3/4 Checking that the new key works for the same user…',
  revoke: '4/4 Revoking the old key…',
};

/**
 * After a stopped rotation: when the new key was stored but not proven, the old key (still valid) goes back into the
 * connection; a new key that is not in use is revoked again with the old key. Returns what is left.
 */
async function cleanUpRotation(
  ports: KeyFlowPorts,
  saved: SavedConnection,
  oldKey: string,
  error: KeyRotationError,
  newKeyName: string,
): Promise<RotationAftermath> {
  const reason = error.message.replace(/^Key rotation stopped at step "\w+": /, '').replace(/\. The old key was not revoked.*$/s, '');
  const base = { connection: saved.profile.name, step: error.step, reason, newKeyName };
  const newKey = error.takeNewKey();
  if (error.step === 'generate' || newKey === undefined) return { ...base, connectionHolds: 'old', newKey: 'none' };
  if (error.step === 'revoke') return { ...base, connectionHolds: 'new', newKey: 'valid' };
  if (error.step === 'verify')
    await ports.storage.store(saved, oldKey, { scope: saved.profile.keyScope ?? null, expiration: saved.profile.keyExpiration });
  const client = await ports.storage.client(saved.profile, oldKey);
  try {
    await client.revokeKey(newKey);
    return { ...base, connectionHolds: 'old', newKey: 'revoked' };
  } catch {
    return { ...base, connectionHolds: 'old', newKey: 'valid' };
  } finally {
    await client.close();
  }
}

export async function rotateKeyFlow(ports: KeyFlowPorts, target: KeyTarget, now = new Date()): Promise<boolean> {
  const saved = await target.choose('Rotate API Key');
  if (!saved) return false;
  const oldKey = await connectionKey(ports, saved);
  if (oldKey === undefined) return false;
  if (await keyMethodsAbsent(ports, saved, oldKey)) return browserRotateFlow(ports, saved, oldKey, 'documents');
  const name = saved.profile.name;
  const confirmed = await ports
    .dialogs()
    .confirmRotate(
      `Rotate the key of "${name}"?`,
      'A new key with the same scope is made and stored in the connection, checked, and then the old key is revoked: other tools that still use the old key stop working.',
    );
  if (!confirmed) return false;
  const remembered = ports.choices.get(name);
  const scope = saved.profile.keyScope !== undefined ? saved.profile.keyScope : (remembered?.scope ?? null);
  const lifetime = lifetimePreset(remembered?.lifetime) ?? lifetimePreset(DEFAULT_LIFETIME_ID) ?? { days: 1 };
  const request = { scope, name: `${name} (rotated ${now.toISOString().slice(0, 10)})`, expirationDate: expirationDateFor(lifetime, now) };
  const facts = { scope, expiration: request.expirationDate };
  const client = await ports.storage.client(saved.profile, oldKey);
  try {
    await ports.progress.run(`Rotating the key of "${name}"`, false, (report) =>
      rotateKeyWithSteps(client, oldKey, { ...request, store: (newKey) => ports.storage.store(saved, newKey, facts) }, (step) => {
        ports.log.info(`[${name}] rotation: ${step}`);
        report({ message: STEP_MESSAGES[step], increment: 25 });
      }),
    );
    ports.log.info(`[${name}] key rotated; the old key is revoked`);
    ports
      .dialogs()
      .showInfo(
        `The key of "${name}" was rotated: the new key is stored and expires on ${request.expirationDate}; the old key is revoked.`,
      );
    return true;
  } catch (error) {
    if ((error as Partial<KeyRotationError>).step === undefined) throw error;
    // A server without generate (its documentation unreadable, so not known before): the rotation goes to the browser.
    const stopped = error as KeyRotationError;
    if (
      stopped.step === 'generate' &&
      isMissingKeyMethod({ ...failureOf(error), status: stopped.causeKind === 'notFound' ? 404 : undefined })
    )
      return browserRotateFlow(ports, saved, oldKey, 'answer');
    const report = rotationReport(await cleanUpRotation(ports, saved, oldKey, error as KeyRotationError, request.name));
    ports.log.warn(`[${name}] ${report.summary}\n${report.detail}`);
    ports.dialogs().showError(report.summary, report.detail);
    return false;
  } finally {
    await client.close();
  }
}
