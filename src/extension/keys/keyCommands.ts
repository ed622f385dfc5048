// The key commands: Generate API Key…, Rotate API Key and Revoke API Key…, on a connection node or from the palette.
import * as vscode from 'vscode';
import type { KeyRotationError, RotationStep } from '../../core/client/keyRotation';
import type { SavedConnection } from '../../core/connections/connectionProfile';
import { BACK, type InputPort } from '../../core/connections/inputPort';
import { explainKeyFailure } from '../../core/keys/keyErrorExplanation';
import { DEFAULT_LIFETIME_ID, expirationDateFor, lifetimePreset } from '../../core/keys/keyExpiration';
import { askNewKeyQuestions } from '../../core/keys/newKeyQuestions';
import { type RotationAftermath, rotationReport } from '../../core/keys/rotationReport';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import { chooseConnection, type NodeArgument } from '../connections/connectionChoice';
import type { KeyChoices } from './keyChoices';
import type { KeyPrompts } from './keyPrompts';
import type { KeyStorage } from './keyStorage';

export interface KeyCommandDeps {
  readonly service: ConnectionService;
  readonly storage: KeyStorage;
  readonly choices: KeyChoices;
  readonly port: () => InputPort;
  readonly prompts: () => KeyPrompts;
  readonly log: vscode.LogOutputChannel;
}

const STEP_MESSAGES: Readonly<Record<RotationStep, string>> = {
  generate: '1/4 Generating a new key with the same scope…',
  store: '2/4 Storing the new key in the connection…',
  verify: '3/4 Checking that the new key works for the same user…',
  revoke: '4/4 Revoking the old key…',
};

/** What a failed call says, with the server's own message. */
function failureOf(error: unknown): { status?: number; message?: string } {
  const failure = error as { status?: unknown; message?: unknown };
  return { status: typeof failure?.status === 'number' ? failure.status : undefined, message: typeof failure?.message === 'string' ? failure.message : String(error) };
}

export function registerKeyCommands(deps: KeyCommandDeps): vscode.Disposable {
  const { service, storage, choices } = deps;

  async function connectionKey(saved: SavedConnection): Promise<string | undefined> {
    const key = await storage.keyOf(saved.profile);
    if (key === undefined) deps.prompts().showError(vscode.l10n.t('The connection "{0}" has no key in this editor\'s secret storage: set one with Update API Key first.', saved.profile.name));
    return key;
  }

  /** Offers the connections of the same server and database, the generating one first, to store a new key in. */
  async function storeNewKey(from: SavedConnection, key: string, facts: { scope: string | null; expiration: string }): Promise<void> {
    const sameDatabase = service.list().filter((saved) => saved.profile.protocol === 'json2' && saved.profile.baseUrl === from.profile.baseUrl
      && (saved.profile.database ?? '') === (from.profile.database ?? ''));
    const picked = await deps.port().pick({
      id: 'storeConnection', title: vscode.l10n.t('Store the New Key'), step: 1, totalSteps: 1, active: from.profile.name,
      placeholder: vscode.l10n.t('The connection that will use the new key (its current key is replaced, not revoked)'),
      items: sameDatabase.map((saved) => ({ label: saved.profile.name, description: saved.profile.user?.name ?? saved.profile.user?.login, value: saved.profile.name })),
    });
    const target = picked === undefined || picked === BACK ? undefined : service.find(picked);
    if (!target) return;
    await storage.store(target, key, facts);
    deps.log.info(`[${target.profile.name}] new key stored (scope ${facts.scope ?? 'none'}, expires ${facts.expiration})`);
    deps.prompts().showInfo(vscode.l10n.t('The new key is stored in "{0}"; it expires on {1}.', target.profile.name, facts.expiration));
  }

  async function generateKey(argument: NodeArgument): Promise<boolean> {
    const saved = await chooseConnection(service, deps.port(), argument, vscode.l10n.t('Generate API Key'), true);
    if (!saved) return false;
    const key = await connectionKey(saved);
    if (key === undefined) return false;
    const remembered = choices.get(saved.profile.name);
    const answers = await askNewKeyQuestions(deps.port(), {
      connection: saved.profile.name, now: new Date(), lifetime: remembered?.lifetime,
      scope: remembered !== undefined ? remembered.scope : saved.profile.keyScope,
    });
    if (!answers) return false;
    await choices.remember(saved.profile.name, { scope: answers.scope, lifetime: answers.lifetime });
    const client = await storage.client(saved.profile, key);
    let newKey: string;
    try {
      newKey = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Generating an API key on "{0}"…', saved.profile.name), cancellable: false },
        () => client.generateKey({ name: answers.name, scope: answers.scope, expirationDate: answers.expirationDate }));
    } catch (error) {
      const explained = explainKeyFailure('generate', failureOf(error));
      deps.log.warn(`[${saved.profile.name}] generate failed: ${explained.text}`);
      deps.prompts().showError(explained.text);
      return false;
    } finally {
      await client.close();
    }
    deps.log.info(`[${saved.profile.name}] key "${answers.name}" generated (scope ${answers.scope ?? 'none'}, expires ${answers.expirationDate})`);
    const facts = { scope: answers.scope, expiration: answers.expirationDate };
    if (await deps.prompts().showNewKey(newKey, { ...facts, name: answers.name, connection: saved.profile.name })) await storeNewKey(saved, newKey, facts);
    return true;
  }

  async function rotateKey(argument: NodeArgument): Promise<boolean> {
    const saved = await chooseConnection(service, deps.port(), argument, vscode.l10n.t('Rotate API Key'), true);
    if (!saved) return false;
    const oldKey = await connectionKey(saved);
    if (oldKey === undefined) return false;
    const name = saved.profile.name;
    const confirmed = await deps.prompts().confirmRotate(vscode.l10n.t('Rotate the key of "{0}"?', name),
      vscode.l10n.t('A new key with the same scope is made and stored in the connection, checked, and then the old key is revoked: other tools that still use the old key stop working.'));
    if (!confirmed) return false;
    const remembered = choices.get(name);
    const scope = saved.profile.keyScope !== undefined ? saved.profile.keyScope : remembered?.scope ?? null;
    const lifetime = lifetimePreset(remembered?.lifetime) ?? lifetimePreset(DEFAULT_LIFETIME_ID) ?? { days: 1 };
    const request = { scope, name: `${name} (rotated ${new Date().toISOString().slice(0, 10)})`, expirationDate: expirationDateFor(lifetime, new Date()) };
    const facts = { scope, expiration: request.expirationDate };
    const { rotateKeyWithSteps } = await import('../../core/keys/observedRotation.js');
    const client = await storage.client(saved.profile, oldKey);
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Rotating the key of "{0}"', name), cancellable: false },
        (progress) => rotateKeyWithSteps(client, oldKey, { ...request, store: (newKey) => storage.store(saved, newKey, facts) },
          (step) => { deps.log.info(`[${name}] rotation: ${step}`); progress.report({ message: vscode.l10n.t(STEP_MESSAGES[step]), increment: 25 }); }));
      deps.log.info(`[${name}] key rotated; the old key is revoked`);
      deps.prompts().showInfo(vscode.l10n.t('The key of "{0}" was rotated: the new key is stored and expires on {1}; the old key is revoked.', name, request.expirationDate));
      return true;
    } catch (error) {
      if ((error as Partial<KeyRotationError>).step === undefined) throw error;
      const report = rotationReport(await cleanUpRotation(saved, oldKey, error as KeyRotationError, request.name));
      deps.log.warn(`[${name}] ${report.summary}\n${report.detail}`);
      deps.prompts().showError(report.summary, report.detail);
      return false;
    } finally {
      await client.close();
    }
  }

  /**
   * After a stopped rotation: when the new key was stored but not proven, the old key (still valid) goes back into the
   * connection; a new key that is not in use is revoked again with the old key. Returns what is left.
   */
  async function cleanUpRotation(saved: SavedConnection, oldKey: string, error: KeyRotationError, newKeyName: string): Promise<RotationAftermath> {
    const reason = error.message.replace(/^Key rotation stopped at step "\w+": /, '').replace(/\. The old key was not revoked.*$/s, '');
    const base = { connection: saved.profile.name, step: error.step, reason, newKeyName };
    const newKey = error.takeNewKey();
    if (error.step === 'generate' || newKey === undefined) return { ...base, connectionHolds: 'old', newKey: 'none' };
    if (error.step === 'revoke') return { ...base, connectionHolds: 'new', newKey: 'valid' };
    if (error.step === 'verify') await storage.store(saved, oldKey, { scope: saved.profile.keyScope ?? null, expiration: saved.profile.keyExpiration });
    const client = await storage.client(saved.profile, oldKey);
    try {
      await client.revokeKey(newKey);
      return { ...base, connectionHolds: 'old', newKey: 'revoked' };
    } catch {
      return { ...base, connectionHolds: 'old', newKey: 'valid' };
    } finally {
      await client.close();
    }
  }

  async function revokeKey(argument: NodeArgument): Promise<boolean> {
    const saved = await chooseConnection(service, deps.port(), argument, vscode.l10n.t('Revoke API Key'), true);
    if (!saved) return false;
    const ownKey = await connectionKey(saved);
    if (ownKey === undefined) return false;
    const title = vscode.l10n.t('Revoke API Key ({0})', saved.profile.name);
    const which = await deps.port().pick({
      id: 'revokeWhich', title, step: 1, totalSteps: 2, placeholder: vscode.l10n.t('Which key?'),
      items: [
        { label: vscode.l10n.t('A key I paste'), description: vscode.l10n.t('another key of the same user, in a password box'), value: 'pasted' as const },
        { label: vscode.l10n.t('The connection\'s own key'), description: vscode.l10n.t('the connection stops working until it gets a new key'), value: 'own' as const },
      ],
    });
    if (which === undefined || which === BACK) return false;
    let target = ownKey;
    if (which === 'pasted') {
      const pasted = await deps.port().askText<string>({
        id: 'revokeKey', title, step: 2, totalSteps: 2, password: true, prompt: vscode.l10n.t('The API key to revoke (it is not stored or logged).'),
        validate: (value) => (value.trim() === '' ? vscode.l10n.t('Paste the key to revoke.') : /\s/.test(value.trim()) ? vscode.l10n.t('A key has no spaces.') : undefined),
        check: async (value) => ({ value: value.trim() }),
      });
      if (pasted === undefined || pasted === BACK) return false;
      target = pasted;
    }
    const own = target === ownKey;
    const question = own ? vscode.l10n.t('Revoke the key of the connection "{0}"?', saved.profile.name) : vscode.l10n.t('Revoke the pasted key on "{0}"?', saved.profile.name);
    const detail = own ? vscode.l10n.t('The server refuses it from the next request on, and it is removed from the secret storage. This cannot be undone.')
      : vscode.l10n.t('The server refuses it from the next request on, wherever it is used. This cannot be undone.');
    if (!(await deps.prompts().confirmRevoke(question, detail))) return false;
    const client = await storage.client(saved.profile, ownKey);
    try {
      await client.revokeKey(target);
    } catch (error) {
      const explained = explainKeyFailure('revoke', failureOf(error));
      deps.log.warn(`[${saved.profile.name}] revoke failed: ${client.redactor.with(target).redact(explained.text)}`);
      deps.prompts().showError(client.redactor.with(target).redact(explained.text));
      return false;
    } finally {
      await client.close();
    }
    if (own) await storage.forget(saved);
    deps.log.info(`[${saved.profile.name}] ${own ? 'own key revoked and removed from the secret storage' : 'a pasted key revoked'}`);
    deps.prompts().showInfo(own ? vscode.l10n.t('The key of "{0}" is revoked and removed from the secret storage.', saved.profile.name)
      : vscode.l10n.t('The key is revoked.'));
    return true;
  }

  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.generateApiKey, generateKey),
    vscode.commands.registerCommand(CommandIds.rotateApiKey, rotateKey),
    vscode.commands.registerCommand(CommandIds.revokeApiKey, revokeKey),
  );
}
