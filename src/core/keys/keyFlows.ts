// The dialogues of Generate API Key (and storing the new key in a connection) and Revoke API Key. Rotation is in
// rotateKeyFlow.ts.
import type { SavedConnection } from '../connections/connectionProfile';
import { BACK } from '../connections/inputPort';
import { browserGenerateFlow, browserRevokeFlow, keyMethodsAbsent } from './browserKeyFlows';
import { explainKeyFailure } from './keyErrorExplanation';
import { connectionKey, failureOf, type KeyFlowPorts, type KeyTarget } from './keyFlowPorts';
import { isMissingKeyMethod } from './keyMethodsSupport';
import { askNewKeyQuestions } from './newKeyQuestions';

/** Offers the connections of the same server and database, the generating one first, to store a new key in. */
async function storeNewKey(
  ports: KeyFlowPorts,
  from: SavedConnection,
  key: string,
  facts: { scope: string | null; expiration: string },
): Promise<void> {
  const sameDatabase = ports.connections
    .list()
    .filter(
      (saved) =>
        saved.profile.protocol === 'json2' &&
        saved.profile.baseUrl === from.profile.baseUrl &&
        (saved.profile.database ?? '') === (from.profile.database ?? ''),
    );
  const picked = await ports.input().pick({
    id: 'storeConnection',
    title: 'Store the New Key',
    step: 1,
    totalSteps: 1,
    active: from.profile.name,
    placeholder: 'The connection that will use the new key (its current key is replaced, not revoked)',
    items: sameDatabase.map((saved) => ({
      label: saved.profile.name,
      description: saved.profile.user?.name ?? saved.profile.user?.login,
      value: saved.profile.name,
    })),
  });
  const target = picked === undefined || picked === BACK ? undefined : ports.connections.find(picked);
  if (!target) return;
  await ports.storage.store(target, key, facts);
  ports.log.info(`[${target.profile.name}] new key stored (scope ${facts.scope ?? 'none'}, expires ${facts.expiration})`);
  ports.dialogs().showInfo(`The new key is stored in "${target.profile.name}"; it expires on ${facts.expiration}.`);
}

/** Generate API Key: the questions, the key made with the connection's key, shown once, and stored where wanted. */
export async function generateKeyFlow(ports: KeyFlowPorts, target: KeyTarget, now = new Date()): Promise<boolean> {
  const saved = await target.choose('Generate API Key');
  if (!saved) return false;
  const key = await connectionKey(ports, saved);
  if (key === undefined) return false;
  if (await keyMethodsAbsent(ports, saved, key)) return browserGenerateFlow(ports, saved, 'documents');
  const remembered = ports.choices.get(saved.profile.name);
  const answers = await askNewKeyQuestions(ports.input(), {
    connection: saved.profile.name,
    now,
    lifetime: remembered?.lifetime,
    scope: remembered !== undefined ? remembered.scope : saved.profile.keyScope,
  });
  if (!answers) return false;
  await ports.choices.remember(saved.profile.name, { scope: answers.scope, lifetime: answers.lifetime });
  const client = await ports.storage.client(saved.profile, key);
  let newKey: string;
  try {
    newKey = await ports.progress.run(`Generating an API key on "${saved.profile.name}"…`, false, () =>
      client.generateKey({ name: answers.name, scope: answers.scope, expirationDate: answers.expirationDate }),
    );
  } catch (error) {
    if (isMissingKeyMethod(failureOf(error))) return browserGenerateFlow(ports, saved, 'answer');
    const explained = explainKeyFailure('generate', failureOf(error));
    ports.log.warn(`[${saved.profile.name}] generate failed: ${explained.text}`);
    ports.dialogs().showError(explained.text);
    return false;
  } finally {
    await client.close();
  }
  ports.log.info(
    `[${saved.profile.name}] key "${answers.name}" generated (scope ${answers.scope ?? 'none'}, expires ${answers.expirationDate})`,
  );
  const facts = { scope: answers.scope, expiration: answers.expirationDate };
  if (await ports.dialogs().showNewKey(newKey, { ...facts, name: answers.name, connection: saved.profile.name }))
    await storeNewKey(ports, saved, newKey, facts);
  return true;
}

/** The key to revoke: the connection's own, or one pasted in a password box; undefined when the person gives up. */
async function keyToRevoke(ports: KeyFlowPorts, title: string, ownKey: string): Promise<string | undefined> {
  const which = await ports.input().pick({
    id: 'revokeWhich',
    title,
    step: 1,
    totalSteps: 2,
    placeholder: 'Which key?',
    items: [
      { label: 'A key I paste', description: 'another key of the same user, in a password box', value: 'pasted' as const },
      { label: "The connection's own key", description: 'the connection stops working until it gets a new key', value: 'own' as const },
    ],
  });
  if (which === undefined || which === BACK) return undefined;
  if (which === 'own') return ownKey;
  const pasted = await ports.input().askText<string>({
    id: 'revokeKey',
    title,
    step: 2,
    totalSteps: 2,
    password: true,
    prompt: 'The API key to revoke (it is not stored or logged).',
    validate: (value) => (value.trim() === '' ? 'Paste the key to revoke.' : /\s/.test(value.trim()) ? 'A key has no spaces.' : undefined),
    check: async (value) => ({ value: value.trim() }),
  });
  return pasted === BACK ? undefined : pasted;
}

/** Revoke API Key: the connection's own key (then forgotten) or a pasted one, after a confirmation. */
export async function revokeKeyFlow(ports: KeyFlowPorts, target: KeyTarget): Promise<boolean> {
  const saved = await target.choose('Revoke API Key');
  if (!saved) return false;
  const name = saved.profile.name;
  const ownKey = await connectionKey(ports, saved);
  if (ownKey === undefined) return false;
  if (await keyMethodsAbsent(ports, saved, ownKey)) return browserRevokeFlow(ports, saved, ownKey, 'documents');
  const revoked = await keyToRevoke(ports, `Revoke API Key (${name})`, ownKey);
  if (revoked === undefined) return false;
  const own = revoked === ownKey;
  const question = own ? `Revoke the key of the connection "${name}"?` : `Revoke the pasted key on "${name}"?`;
  const detail = own
    ? 'The server refuses it from the next request on, and it is removed from the secret storage. This cannot be undone.'
    : 'The server refuses it from the next request on, wherever it is used. This cannot be undone.';
  if (!(await ports.dialogs().confirmRevoke(question, detail))) return false;
  const client = await ports.storage.client(saved.profile, ownKey);
  try {
    await client.revokeKey(revoked);
  } catch (error) {
    if (isMissingKeyMethod(failureOf(error))) return browserRevokeFlow(ports, saved, ownKey, 'answer');
    const explained = client.redactor.with(revoked).redact(explainKeyFailure('revoke', failureOf(error)).text);
    ports.log.warn(`[${name}] revoke failed: ${explained}`);
    ports.dialogs().showError(explained);
    return false;
  } finally {
    await client.close();
  }
  if (own) await ports.storage.forget(saved);
  ports.log.info(`[${name}] ${own ? 'own key revoked and removed from the secret storage' : 'a pasted key revoked'}`);
  ports.dialogs().showInfo(own ? `The key of "${name}" is revoked and removed from the secret storage.` : 'The key is revoked.');
  return true;
}
