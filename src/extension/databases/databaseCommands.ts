// Database management on a server or database node, or from the palette: create, duplicate, drop, back up, restore,
// and the master password (asked in a password box; remembered per server only when the person says so).
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DatabaseManagerClient } from '../../core/client/databaseManagerClient';
import type { SavedConnection } from '../../core/connections/connectionProfile';
import { BACK, type InputPort } from '../../core/connections/inputPort';
import { backupFileName, type BackupFormat, databaseNameFromBackup, newDatabaseNameProblem } from '../../core/databases/databaseNames';
import { TransferProgress } from '../../core/databases/transferProgress';
import { escapeThemeIcons } from '../../core/untrustedText/linkedText';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import { chooseConnection, databaseOf, type NodeArgument, refreshExplorer } from '../connections/connectionChoice';
import type { DatabasePrompts } from './databasePrompts';
import type { MasterPasswordStore } from './masterPasswordStore';

export interface DatabaseCommandDeps {
  readonly service: ConnectionService;
  readonly masters: MasterPasswordStore;
  readonly port: () => InputPort;
  readonly prompts: () => DatabasePrompts;
  readonly log: vscode.LogOutputChannel;
  readonly userAgent: string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false };

const originOf = (saved: SavedConnection): string => new URL(saved.profile.baseUrl).origin;

export function registerDatabaseCommands(deps: DatabaseCommandDeps): vscode.Disposable {
  const { service, masters } = deps;

  async function managerClient(saved: SavedConnection, masterPassword: string): Promise<DatabaseManagerClient> {
    const { DatabaseManagerClient } = await import('../../core/client/databaseManagerClient.js');
    return new DatabaseManagerClient({ baseUrl: saved.profile.baseUrl, masterPassword, allowInsecureHttp: saved.profile.allowInsecureHttp, userAgent: deps.userAgent });
  }

  /** The server's databases, or undefined when it refuses to list them. */
  async function listDatabases(saved: SavedConnection): Promise<string[] | undefined> {
    const client = await managerClient(saved, '');
    try {
      return await client.list();
    } catch (error) {
      deps.log.info(`[${saved.profile.name}] the database list is not available: ${(error as Error).message}`);
      return undefined;
    } finally {
      await client.close();
    }
  }

  /** The node's database, else one picked from the server's list (or typed when the server does not list them). */
  async function chooseDatabase(saved: SavedConnection, argument: NodeArgument, title: string): Promise<string | undefined> {
    const fromNode = databaseOf(argument);
    if (fromNode !== undefined) return fromNode;
    const listed = await listDatabases(saved);
    if (listed !== undefined && listed.length > 0) {
      const picked = await deps.port().pick({
        id: 'database', title, step: 1, totalSteps: 1, placeholder: vscode.l10n.t('Which database of {0}?', saved.profile.name), active: saved.profile.database,
        items: listed.map((name) => ({ label: escapeThemeIcons(name), value: name })),
      });
      return picked === undefined || picked === BACK ? undefined : picked;
    }
    const typed = await deps.port().askText<string>({
      id: 'databaseName', title, step: 1, totalSteps: 1, value: saved.profile.database ?? '', prompt: vscode.l10n.t('The database name (the server does not list its databases).'),
      validate: (value) => (value.trim() === '' ? vscode.l10n.t('Type the database name.') : undefined), check: async (value) => ({ value: value.trim() }),
    });
    return typed === undefined || typed === BACK ? undefined : typed;
  }

  async function askNewName(title: string, existing: readonly string[], value: string, prompt: string): Promise<string | undefined> {
    const answer = await deps.port().askText<string>({
      id: 'newDatabase', title, step: 1, totalSteps: 1, value, prompt,
      validate: (text) => newDatabaseNameProblem(text, existing), check: async (text) => ({ value: text.trim() }),
    });
    return answer === undefined || answer === BACK ? undefined : answer;
  }

  async function askYesNo(id: string, title: string, placeholder: string, yes: string, no: string, active: boolean): Promise<boolean | undefined> {
    const answer = await deps.port().pick({
      id, title, step: 1, totalSteps: 1, placeholder, active,
      items: [{ label: yes, value: true }, { label: no, value: false }],
    });
    return answer === undefined || answer === BACK ? undefined : answer;
  }

  /**
   * Runs `action` with the server's manager and the master password (remembered, else asked). A refused remembered
   * password is forgotten; a typed one that worked may be remembered. Failures are shown; the outcome says which.
   */
  async function withManager<T>(saved: SavedConnection, title: string, action: (client: DatabaseManagerClient) => Promise<T>): Promise<Outcome<T>> {
    const remembered = await masters.get(saved.profile.baseUrl);
    let password = remembered;
    if (password === undefined) {
      const typed = await deps.port().askText<string>({
        id: 'masterPassword', title, step: 1, totalSteps: 1, password: true,
        prompt: vscode.l10n.t('The master password of {0} (the database manager\'s password, not a user\'s).', originOf(saved)),
        validate: (value) => (value === '' ? vscode.l10n.t('Type the master password.') : undefined), check: async (value) => ({ value }),
      });
      if (typed === undefined || typed === BACK) return { ok: false };
      password = typed;
    }
    const client = await managerClient(saved, password);
    let value: T;
    try {
      value = await action(client);
    } catch (error) {
      const kind = (error as { kind?: unknown }).kind;
      const message = (error as Error).message;
      deps.log.warn(`[${saved.profile.name}] ${title}: ${message}`);
      if (kind === 'cancelled') {
        deps.prompts().showInfo(vscode.l10n.t('{0}: cancelled.', title) + (/partial file was removed/.test(message) ? ` ${vscode.l10n.t('The partial file was removed.')}` : ''));
      } else if (kind === 'auth' && remembered !== undefined) {
        await masters.forget(saved.profile.baseUrl);
        deps.prompts().showError(vscode.l10n.t('{0} The remembered master password of {1} was refused, so it is forgotten: run the command again and type it.', message, originOf(saved)));
      } else {
        deps.prompts().showError(message);
      }
      return { ok: false };
    } finally {
      await client.close();
    }
    if (remembered === undefined) {
      const typed = password;
      void deps.prompts().offerToRemember(originOf(saved)).then(async (remember) => {
        if (remember) await masters.store(saved.profile.baseUrl, typed);
      });
    }
    return { ok: true, value };
  }

  /** A notification with progress for a server-side action that cannot be stopped half-way. */
  async function serverWork<T>(message: string, work: () => Promise<T>): Promise<T> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: message, cancellable: false }, work);
  }

  /** A notification with byte progress and a Cancel button for a transfer. */
  async function transfer<T>(message: string, work: (onProgress: (done: number, total: number | undefined) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: message, cancellable: true }, (progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      const steps = new TransferProgress();
      return work((done, total) => {
        const step = steps.update(done, total);
        if (step) progress.report({ message: step.message, increment: step.increment });
      }, abort.signal).finally(() => subscription.dispose());
    });
  }

  async function done(saved: SavedConnection, logLine: string, message: string): Promise<void> {
    deps.log.info(`[${saved.profile.name}] ${logLine}`);
    deps.prompts().showInfo(message);
    await refreshExplorer();
  }

  async function createDatabase(argument: NodeArgument): Promise<boolean> {
    const title = vscode.l10n.t('Create Database');
    const saved = await chooseConnection(service, deps.port(), argument, title);
    if (!saved) return false;
    const name = await askNewName(title, (await listDatabases(saved)) ?? [], '', vscode.l10n.t('The new database\'s name.'));
    if (name === undefined) return false;
    const login = await deps.port().askText<string>({
      id: 'adminLogin', title, step: 1, totalSteps: 1, value: 'admin', prompt: vscode.l10n.t('The login of the new database\'s administrator.'),
      validate: (value) => (value.trim() === '' ? vscode.l10n.t('Type a login.') : undefined), check: async (value) => ({ value: value.trim() }),
    });
    if (login === undefined || login === BACK) return false;
    const password = await deps.port().askText<string>({
      id: 'adminPassword', title, step: 1, totalSteps: 1, password: true, prompt: vscode.l10n.t('The administrator\'s password (sent to the server only).'),
      validate: (value) => (value === '' ? vscode.l10n.t('Type a password.') : undefined), check: async (value) => ({ value }),
    });
    if (password === undefined || password === BACK) return false;
    const demo = await askYesNo('demoData', title, vscode.l10n.t('Load demonstration data?'), vscode.l10n.t('With demonstration data'), vscode.l10n.t('Empty'), false);
    if (demo === undefined) return false;
    const outcome = await withManager(saved, title, (client) => serverWork(vscode.l10n.t('Creating the database "{0}" on {1}…', name, saved.profile.name),
      () => client.create({ name, login, password, demo })));
    if (outcome.ok) await done(saved, `database ${name} created`, vscode.l10n.t('The database "{0}" was created on {1}.', name, saved.profile.name));
    return outcome.ok;
  }

  async function duplicateDatabase(argument: NodeArgument): Promise<boolean> {
    const title = vscode.l10n.t('Duplicate Database');
    const saved = await chooseConnection(service, deps.port(), argument, title);
    if (!saved) return false;
    const source = await chooseDatabase(saved, argument, title);
    if (source === undefined) return false;
    const name = await askNewName(title, (await listDatabases(saved)) ?? [], `${source}_copy`, vscode.l10n.t('The name of the copy of "{0}".', source));
    if (name === undefined) return false;
    const neutralize = await askYesNo('neutralize', title, vscode.l10n.t('Neutralise the copy (outgoing mail, scheduled actions and the like turned off)?'),
      vscode.l10n.t('Neutralise the copy'), vscode.l10n.t('Copy as it is'), true);
    if (neutralize === undefined) return false;
    const outcome = await withManager(saved, title, (client) => serverWork(vscode.l10n.t('Copying "{0}" to "{1}"…', source, name),
      () => client.duplicate(source, name, { neutralize })));
    if (outcome.ok) await done(saved, `database ${source} duplicated as ${name}${neutralize ? ' (neutralised)' : ''}`, vscode.l10n.t('"{0}" was copied to "{1}".', source, name));
    return outcome.ok;
  }

  async function dropDatabase(argument: NodeArgument): Promise<boolean> {
    const title = vscode.l10n.t('Drop Database');
    const saved = await chooseConnection(service, deps.port(), argument, title);
    if (!saved) return false;
    const name = await chooseDatabase(saved, argument, title);
    if (name === undefined) return false;
    const confirmed = await deps.port().askText<string>({
      id: 'confirmDrop', title, step: 1, totalSteps: 1, prompt: vscode.l10n.t('Type "{0}" to delete this database and all its data for good.', name),
      validate: (value) => (value === name ? undefined : vscode.l10n.t('Type the database name exactly to confirm.')), check: async (value) => ({ value }),
    });
    if (confirmed === undefined || confirmed === BACK) return false;
    const outcome = await withManager(saved, title, (client) => serverWork(vscode.l10n.t('Dropping the database "{0}"…', name), () => client.drop(name)));
    if (outcome.ok) await done(saved, `database ${name} dropped`, vscode.l10n.t('The database "{0}" was dropped.', name));
    return outcome.ok;
  }

  async function backupDatabase(argument: NodeArgument): Promise<string | undefined> {
    const title = vscode.l10n.t('Back Up Database');
    const saved = await chooseConnection(service, deps.port(), argument, title);
    if (!saved) return undefined;
    const name = await chooseDatabase(saved, argument, title);
    if (name === undefined) return undefined;
    const format = await deps.port().pick<BackupFormat>({
      id: 'backupFormat', title, step: 1, totalSteps: 1, placeholder: vscode.l10n.t('The backup\'s format'), active: 'zip',
      items: [
        { label: 'zip', description: vscode.l10n.t('the SQL dump with the file store, for a full restore'), value: 'zip' },
        { label: 'dump', description: vscode.l10n.t('the plain SQL dump only'), value: 'dump' },
      ],
    });
    if (format === undefined || format === BACK) return undefined;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
    const destination = await deps.prompts().backupDestination(vscode.Uri.joinPath(folder, backupFileName(name, format, new Date())));
    if (!destination) return undefined;
    if (destination.scheme !== 'file') {
      deps.prompts().showError(vscode.l10n.t('A backup can only be saved to a file on this machine ({0} is not one).', destination.toString()));
      return undefined;
    }
    const outcome = await withManager(saved, title, (client) => transfer(vscode.l10n.t('Backing up "{0}" to {1}', name, path.basename(destination.fsPath)),
      (onProgress, signal) => client.backup(name, destination.fsPath, { format, onProgress, signal })));
    if (!outcome.ok) return undefined;
    const { formatBytes } = await import('../../core/databases/transferProgress.js');
    await done(saved, `database ${name} backed up (${format}, ${outcome.value.bytes} bytes)`,
      vscode.l10n.t('The backup of "{0}" was saved to {1} ({2}).', name, destination.fsPath, formatBytes(outcome.value.bytes)));
    return destination.fsPath;
  }

  async function restoreDatabase(argument: NodeArgument): Promise<boolean> {
    const title = vscode.l10n.t('Restore Database');
    const saved = await chooseConnection(service, deps.port(), argument, title);
    if (!saved) return false;
    const file = await deps.prompts().restoreSource();
    if (!file) return false;
    if (file.scheme !== 'file') {
      deps.prompts().showError(vscode.l10n.t('A backup can only be restored from a file on this machine ({0} is not one).', file.toString()));
      return false;
    }
    const name = await askNewName(title, (await listDatabases(saved)) ?? [], databaseNameFromBackup(file.fsPath), vscode.l10n.t('The name of the restored database.'));
    if (name === undefined) return false;
    const copy = await askYesNo('restoreCopy', title, vscode.l10n.t('Is the restored database a copy of the original?'),
      vscode.l10n.t('It is a copy'), vscode.l10n.t('It was moved'), true);
    if (copy === undefined) return false;
    const neutralize = await askYesNo('neutralize', title, vscode.l10n.t('Neutralise the restored database?'),
      vscode.l10n.t('Neutralise it'), vscode.l10n.t('Restore it as it is'), true);
    if (neutralize === undefined) return false;
    const outcome = await withManager(saved, title, (client) => transfer(vscode.l10n.t('Restoring {0} as "{1}"', path.basename(file.fsPath), name),
      (onProgress, signal) => client.restore(name, file.fsPath, { copy, neutralize, onProgress, signal })));
    if (outcome.ok) await done(saved, `${path.basename(file.fsPath)} restored as ${name}`, vscode.l10n.t('The backup was restored as "{0}".', name));
    return outcome.ok;
  }

  async function changeMasterPassword(argument: NodeArgument): Promise<boolean> {
    const title = vscode.l10n.t('Change Master Password');
    const saved = await chooseConnection(service, deps.port(), argument, title);
    if (!saved) return false;
    const newPassword = await deps.port().askText<string>({
      id: 'newMasterPassword', title, step: 1, totalSteps: 2, password: true, prompt: vscode.l10n.t('The new master password of {0}.', originOf(saved)),
      validate: (value) => (value.length < 8 ? vscode.l10n.t('Use at least 8 characters.') : undefined), check: async (value) => ({ value }),
    });
    if (newPassword === undefined || newPassword === BACK) return false;
    const again = await deps.port().askText<string>({
      id: 'newMasterPasswordAgain', title, step: 2, totalSteps: 2, password: true, prompt: vscode.l10n.t('The new master password again.'),
      validate: (value) => (value === newPassword ? undefined : vscode.l10n.t('The two passwords differ.')), check: async (value) => ({ value }),
    });
    if (again === undefined || again === BACK) return false;
    const wasRemembered = (await masters.get(saved.profile.baseUrl)) !== undefined;
    const outcome = await withManager(saved, title, (client) => serverWork(vscode.l10n.t('Changing the master password of {0}…', originOf(saved)),
      () => client.changePassword(newPassword)));
    if (!outcome.ok) return false;
    if (wasRemembered) await masters.store(saved.profile.baseUrl, newPassword);
    deps.log.info(`[${saved.profile.name}] master password changed`);
    deps.prompts().showInfo(wasRemembered ? vscode.l10n.t('The master password of {0} was changed, and the remembered one updated.', originOf(saved))
      : vscode.l10n.t('The master password of {0} was changed.', originOf(saved)));
    return true;
  }

  async function forgetMasterPassword(argument: NodeArgument): Promise<void> {
    const saved = await chooseConnection(service, deps.port(), argument, vscode.l10n.t('Forget Master Password'));
    if (!saved) return;
    await masters.forget(saved.profile.baseUrl);
    deps.prompts().showInfo(vscode.l10n.t('The master password of {0} is no longer remembered.', originOf(saved)));
  }

  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.createDatabase, createDatabase),
    vscode.commands.registerCommand(CommandIds.duplicateDatabase, duplicateDatabase),
    vscode.commands.registerCommand(CommandIds.dropDatabase, dropDatabase),
    vscode.commands.registerCommand(CommandIds.backupDatabase, backupDatabase),
    vscode.commands.registerCommand(CommandIds.restoreDatabase, restoreDatabase),
    vscode.commands.registerCommand(CommandIds.changeMasterPassword, changeMasterPassword),
    vscode.commands.registerCommand(CommandIds.forgetMasterPassword, forgetMasterPassword),
  );
}
