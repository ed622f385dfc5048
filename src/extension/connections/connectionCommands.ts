// The connection commands: add, edit, rename, remove, update the key, switch the active connection.
import * as vscode from 'vscode';
import { runAddConnectionFlow } from '../../core/connections/addConnectionFlow';
import { runEditConnectionFlow, runRenameFlow, runUpdateKeyFlow } from '../../core/connections/connectionEditFlows';
import { describeConnection, type SavedConnection } from '../../core/connections/connectionProfile';
import type { InputPort } from '../../core/connections/inputPort';
import { chooseConnection, type NodeArgument } from './connectionChoice';
import type { ServerProbe } from '../../core/connections/serverProbe';
import { inertLinks } from '../../core/untrustedText/linkedText';
import { CommandIds } from '../commandIds';
import type { ConnectionPrompts } from './connectionPrompts';
import type { ConnectionSecretStore } from './connectionSecretStore';
import type { ConnectionService } from './connectionService';
import type { ConnectionSettingsStore, SettingsLevel } from './connectionSettingsStore';

export interface ConnectionCommandDeps {
  readonly service: ConnectionService;
  readonly settings: ConnectionSettingsStore;
  readonly secrets: ConnectionSecretStore;
  readonly probe: ServerProbe;
  /** A fresh port per flow. */
  readonly port: () => InputPort;
  readonly prompts: () => ConnectionPrompts;
  readonly log: vscode.LogOutputChannel;
}

const levelOf = (saved: SavedConnection): SettingsLevel => (saved.level === 'workspace' ? 'workspace' : 'user');

export function registerConnectionCommands(deps: ConnectionCommandDeps): vscode.Disposable {
  const { service, settings, secrets, probe } = deps;

  const choose = (argument: NodeArgument, title: string) => chooseConnection(service, deps.port(), argument, title);

  async function addConnection(): Promise<string | undefined> {
    const added = await runAddConnectionFlow(deps.port(), probe, {
      existingNames: service.list().map((saved) => saved.profile.name), canSaveInWorkspace: settings.canSaveInWorkspace(),
    });
    if (!added) return undefined;
    // The key first: when the settings change is seen, the connection is complete.
    await secrets.store(added.profile, added.secret);
    await settings.save(added.profile, added.level);
    await service.setActive(added.profile.name);
    deps.log.info(`[${added.profile.name}] added in ${added.level} settings (${added.profile.protocol}, ${added.profile.baseUrl})`);
    void vscode.window.showInformationMessage(inertLinks(vscode.l10n.t('Connection "{0}" added and made active.', describeConnection(added.profile))));
    return added.profile.name;
  }

  async function updateKey(argument: NodeArgument, reason?: string): Promise<boolean> {
    const saved = await choose(argument, vscode.l10n.t('Update API Key'));
    if (!saved) return false;
    const updated = await runUpdateKeyFlow(deps.port(), probe, saved.profile, reason);
    if (!updated) return false;
    const previous = await secrets.get(saved.profile);
    await secrets.store(saved.profile, updated.secret);
    // The recorded scope and expiration describe the old key: kept only when the same key was given again.
    const { keyScope: _scope, keyExpiration: _expiration, ...withoutFacts } = saved.profile;
    const profile = { ...(previous === updated.secret ? saved.profile : withoutFacts), user: updated.user };
    if (JSON.stringify(profile) !== JSON.stringify(saved.profile)) await settings.save(profile, levelOf(saved), saved.profile.name);
    deps.log.info(`[${saved.profile.name}] key updated`);
    const before = saved.profile.user;
    if (before !== undefined && before.id !== updated.user.id) {
      void vscode.window.showWarningMessage(inertLinks(vscode.l10n.t('The new key of "{0}" belongs to {1}, not to {2} as the old one did.',
        saved.profile.name, updated.user.name ?? updated.user.login ?? String(updated.user.id), before.name ?? before.login ?? String(before.id))));
    } else {
      void vscode.window.showInformationMessage(vscode.l10n.t('The key of "{0}" was checked and stored.', saved.profile.name));
    }
    return true;
  }

  async function editConnection(argument: NodeArgument): Promise<void> {
    const saved = await choose(argument, vscode.l10n.t('Edit Connection'));
    if (!saved) return;
    const edit = await runEditConnectionFlow(deps.port(), probe, saved);
    if (!edit) return;
    if (edit.secret === 'move') await secrets.move(saved.profile, edit.profile);
    if (edit.secret === 'forget') await secrets.delete(saved.profile);
    await settings.save(edit.profile, levelOf(saved), saved.profile.name);
    deps.log.info(`[${saved.profile.name}] edited`);
    if (edit.secret === 'forget') await updateKey(edit.profile.name, vscode.l10n.t('The connection changed, so its key must be given again.'));
  }

  async function renameConnection(argument: NodeArgument): Promise<void> {
    const saved = await choose(argument, vscode.l10n.t('Rename Connection'));
    if (!saved) return;
    const name = await runRenameFlow(deps.port(), saved, service.list().map((other) => other.profile.name));
    if (name === undefined || name === saved.profile.name) return;
    const wasActive = service.active()?.profile.name === saved.profile.name;
    const renamed = { ...saved.profile, name };
    await secrets.move(saved.profile, renamed);
    await settings.save(renamed, levelOf(saved), saved.profile.name);
    if (wasActive) await service.setActive(name);
    deps.log.info(`[${name}] renamed from ${saved.profile.name}`);
  }

  async function removeConnection(argument: NodeArgument): Promise<void> {
    const saved = await choose(argument, vscode.l10n.t('Remove Connection'));
    if (!saved || !(await deps.prompts().confirmRemoval(saved.profile))) return;
    await settings.remove(saved.profile.name, levelOf(saved));
    await secrets.delete(saved.profile);
    deps.log.info(`[${saved.profile.name}] removed with its key`);
  }

  async function switchConnection(): Promise<void> {
    const ADD = '\u0000add';
    const connections = service.list();
    const picked = await deps.port().pick({
      id: 'connection', title: vscode.l10n.t('Switch Connection'), step: 1, totalSteps: 1, placeholder: vscode.l10n.t('The connection for request files without # @connection'),
      active: service.active()?.profile.name,
      items: [
        ...connections.map(({ profile }) => ({
          label: profile.name, description: [profile.database, profile.user?.name ?? profile.login].filter(Boolean).join(' · '), detail: profile.baseUrl, value: profile.name,
        })),
        { label: `$(add) ${vscode.l10n.t('Add Connection…')}`, value: ADD },
      ],
    });
    if (picked === ADD) await addConnection();
    else if (typeof picked === 'string') await service.setActive(picked);
  }

  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.addConnection, addConnection),
    vscode.commands.registerCommand(CommandIds.editConnection, editConnection),
    vscode.commands.registerCommand(CommandIds.renameConnection, renameConnection),
    vscode.commands.registerCommand(CommandIds.removeConnection, removeConnection),
    vscode.commands.registerCommand(CommandIds.updateApiKey, (argument: NodeArgument) => updateKey(argument)),
    vscode.commands.registerCommand(CommandIds.switchConnection, switchConnection),
  );
}
