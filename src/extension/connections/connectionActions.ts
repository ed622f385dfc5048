// What the connection commands do once the core's flows have answered: store the secret and the settings, make a
// connection active, log, and tell the person. The commands themselves are wired in connectionCommands.ts.
import * as vscode from 'vscode';
import { runAddConnectionFlow } from '../../core/connections/addConnectionFlow';
import { runEditConnectionFlow, runRenameFlow, runUpdateKeyFlow } from '../../core/connections/connectionEditFlows';
import { describeConnection, type SavedConnection } from '../../core/connections/connectionProfile';
import { inertLinks } from '../../core/untrustedText/linkedText';
import type { ConnectionCommandDeps } from './connectionCommands';
import { chooseConnection, type NodeArgument } from './connectionChoice';
import type { SettingsLevel } from './connectionSettingsStore';

const levelOf = (saved: SavedConnection): SettingsLevel => (saved.level === 'workspace' ? 'workspace' : 'user');

export class ConnectionActions {
  readonly #deps: ConnectionCommandDeps;

  constructor(deps: ConnectionCommandDeps) {
    this.#deps = deps;
  }

  #choose(argument: NodeArgument, title: string): Promise<SavedConnection | undefined> {
    return chooseConnection(this.#deps.service, this.#deps.port(), argument, title);
  }

  async addConnection(): Promise<string | undefined> {
    const added = await runAddConnectionFlow(this.#deps.port(), this.#deps.probe, {
      existingNames: this.#deps.service.list().map((saved) => saved.profile.name),
      canSaveInWorkspace: this.#deps.settings.canSaveInWorkspace(),
    });
    if (!added) return undefined;
    // The key first: when the settings change is seen, the connection is complete.
    await this.#deps.secrets.store(added.profile, added.secret);
    await this.#deps.settings.save(added.profile, added.level);
    await this.#deps.service.setActive(added.profile.name);
    this.#deps.log.info(`[${added.profile.name}] added in ${added.level} settings (${added.profile.protocol}, ${added.profile.baseUrl})`);
    void vscode.window.showInformationMessage(
      inertLinks(vscode.l10n.t('Connection "{0}" added and made active.', describeConnection(added.profile))),
    );
    return added.profile.name;
  }

  async updateKey(argument: NodeArgument, reason?: string): Promise<boolean> {
    const saved = await this.#choose(argument, vscode.l10n.t('Update API Key'));
    if (!saved) return false;
    const updated = await runUpdateKeyFlow(this.#deps.port(), this.#deps.probe, saved.profile, reason);
    if (!updated) return false;
    const previous = await this.#deps.secrets.get(saved.profile);
    await this.#deps.secrets.store(saved.profile, updated.secret);
    // The recorded scope and expiration describe the old key: kept only when the same key was given again.
    const { keyScope: _scope, keyExpiration: _expiration, ...withoutFacts } = saved.profile;
    const profile = { ...(previous === updated.secret ? saved.profile : withoutFacts), user: updated.user };
    if (JSON.stringify(profile) !== JSON.stringify(saved.profile))
      await this.#deps.settings.save(profile, levelOf(saved), saved.profile.name);
    this.#deps.log.info(`[${saved.profile.name}] key updated`);
    const before = saved.profile.user;
    if (before !== undefined && before.id !== updated.user.id) {
      void vscode.window.showWarningMessage(
        inertLinks(
          vscode.l10n.t(
            'The new key of "{0}" belongs to {1}, not to {2} as the old one did.',
            saved.profile.name,
            updated.user.name ?? updated.user.login ?? String(updated.user.id),
            before.name ?? before.login ?? String(before.id),
          ),
        ),
      );
    } else {
      void vscode.window.showInformationMessage(vscode.l10n.t('The key of "{0}" was checked and stored.', saved.profile.name));
    }
    return true;
  }

  async editConnection(argument: NodeArgument): Promise<void> {
    const saved = await this.#choose(argument, vscode.l10n.t('Edit Connection'));
    if (!saved) return;
    const edit = await runEditConnectionFlow(this.#deps.port(), this.#deps.probe, saved);
    if (!edit) return;
    if (edit.secret === 'move') await this.#deps.secrets.move(saved.profile, edit.profile);
    if (edit.secret === 'forget') await this.#deps.secrets.delete(saved.profile);
    await this.#deps.settings.save(edit.profile, levelOf(saved), saved.profile.name);
    this.#deps.log.info(`[${saved.profile.name}] edited`);
    if (edit.secret === 'forget')
      await this.updateKey(edit.profile.name, vscode.l10n.t('The connection changed, so its key must be given again.'));
  }

  async renameConnection(argument: NodeArgument): Promise<void> {
    const saved = await this.#choose(argument, vscode.l10n.t('Rename Connection'));
    if (!saved) return;
    const name = await runRenameFlow(
      this.#deps.port(),
      saved,
      this.#deps.service.list().map((other) => other.profile.name),
    );
    if (name === undefined || name === saved.profile.name) return;
    const wasActive = this.#deps.service.active()?.profile.name === saved.profile.name;
    const renamed = { ...saved.profile, name };
    await this.#deps.secrets.move(saved.profile, renamed);
    await this.#deps.settings.save(renamed, levelOf(saved), saved.profile.name);
    if (wasActive) await this.#deps.service.setActive(name);
    this.#deps.log.info(`[${name}] renamed from ${saved.profile.name}`);
  }

  async removeConnection(argument: NodeArgument): Promise<void> {
    const saved = await this.#choose(argument, vscode.l10n.t('Remove Connection'));
    if (!saved || !(await this.#deps.prompts().confirmRemoval(saved.profile))) return;
    await this.#deps.settings.remove(saved.profile.name, levelOf(saved));
    await this.#deps.secrets.delete(saved.profile);
    this.#deps.log.info(`[${saved.profile.name}] removed with its key`);
  }

  async switchConnection(): Promise<void> {
    const ADD = '\u0000add';
    const connections = this.#deps.service.list();
    const picked = await this.#deps.port().pick({
      id: 'connection',
      title: vscode.l10n.t('Switch Connection'),
      step: 1,
      totalSteps: 1,
      placeholder: vscode.l10n.t('The connection for request files without # @connection'),
      active: this.#deps.service.active()?.profile.name,
      items: [
        ...connections.map(({ profile }) => ({
          label: profile.name,
          description: [profile.database, profile.user?.name ?? profile.login].filter(Boolean).join(' · '),
          detail: profile.baseUrl,
          value: profile.name,
        })),
        { label: `$(add) ${vscode.l10n.t('Add Connection…')}`, value: ADD },
      ],
    });
    if (picked === ADD) await this.addConnection();
    else if (typeof picked === 'string') await this.#deps.service.setActive(picked);
  }
}
