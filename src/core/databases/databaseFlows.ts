// The database commands' dialogues: create, duplicate, drop, back up, restore, change and forget the master password.
// Each asks through the input port, runs on the server's manager (`managerSession.ts`) and says what happened.
import path from 'node:path';
import type { SavedConnection } from '../connections/connectionProfile';
import type { ProgressPort } from '../connections/flowPorts';
import { BACK } from '../connections/inputPort';
import { askLine, askNewName, askYesNo, chooseDatabase } from './databaseQuestions';
import { backupFileName, type BackupFormat, databaseNameFromBackup } from './databaseNames';
import { listDatabases, type ManagerPorts, originOf, withManager } from './managerSession';
import { formatBytes, TransferProgress } from './transferProgress';

/** A file the person chose: a path on this machine, or (refused) a location elsewhere, as text. */
export type ChosenFile = { readonly path: string } | { readonly elsewhere: string };

export interface DatabaseFlowPorts extends ManagerPorts {
  /** The save dialog of a backup, suggesting `fileName`; undefined when cancelled. */
  readonly backupDestination: (fileName: string) => Promise<ChosenFile | undefined>;
  /** The open dialog of a restore; undefined when cancelled. */
  readonly restoreSource: () => Promise<ChosenFile | undefined>;
  readonly progress: ProgressPort;
  /** Shows the servers' databases again (the explorer). */
  readonly refresh: () => Promise<void>;
}

/** What a command works on: its connection (from its node or argument, else picked) and the node's database. */
export interface DatabaseTarget {
  readonly choose: (title: string) => Promise<SavedConnection | undefined>;
  readonly database?: string;
}

export class DatabaseFlows {
  readonly #ports: DatabaseFlowPorts;

  constructor(ports: DatabaseFlowPorts) {
    this.#ports = ports;
  }

  async create(target: DatabaseTarget): Promise<boolean> {
    const ports = this.#ports;
    const title = 'Create Database';
    const saved = await target.choose(title);
    if (!saved) return false;
    const name = await askNewName(ports.input(), title, await this.#existing(saved), '', "The new database's name.");
    if (name === undefined) return false;
    const login = await askLine(ports.input(), {
      id: 'adminLogin',
      title,
      value: 'admin',
      prompt: "The login of the new database's administrator.",
      problem: (value) => (value.trim() === '' ? 'Type a login.' : undefined),
      trim: true,
    });
    if (login === undefined) return false;
    const password = await askLine(ports.input(), {
      id: 'adminPassword',
      title,
      password: true,
      prompt: "The administrator's password (sent to the server only).",
      problem: (value) => (value === '' ? 'Type a password.' : undefined),
      trim: false,
    });
    if (password === undefined) return false;
    const demo = await askYesNo(ports.input(), title, {
      id: 'demoData',
      placeholder: 'Load demonstration data?',
      yes: 'With demonstration data',
      no: 'Empty',
      active: false,
    });
    if (demo === undefined) return false;
    const outcome = await withManager(ports, saved, title, (client) =>
      this.#serverWork(`Creating the database "${name}" on ${saved.profile.name}…`, () => client.create({ name, login, password, demo })),
    );
    if (outcome.ok) await this.#done(saved, `database ${name} created`, `The database "${name}" was created on ${saved.profile.name}.`);
    return outcome.ok;
  }

  async duplicate(target: DatabaseTarget): Promise<boolean> {
    const ports = this.#ports;
    const title = 'Duplicate Database';
    const saved = await target.choose(title);
    if (!saved) return false;
    const source = await this.#database(saved, target, title);
    if (source === undefined) return false;
    const name = await askNewName(
      ports.input(),
      title,
      await this.#existing(saved),
      `${source}_copy`,
      `The name of the copy of "${source}".`,
    );
    if (name === undefined) return false;
    const neutralize = await askYesNo(ports.input(), title, {
      id: 'neutralize',
      placeholder: 'Neutralise the copy (outgoing mail, scheduled actions and the like turned off)?',
      yes: 'Neutralise the copy',
      no: 'Copy as it is',
      active: true,
    });
    if (neutralize === undefined) return false;
    const outcome = await withManager(ports, saved, title, (client) =>
      this.#serverWork(`Copying "${source}" to "${name}"…`, () => client.duplicate(source, name, { neutralize })),
    );
    if (outcome.ok)
      await this.#done(
        saved,
        `database ${source} duplicated as ${name}${neutralize ? ' (neutralised)' : ''}`,
        `"${source}" was copied to "${name}".`,
      );
    return outcome.ok;
  }

  async drop(target: DatabaseTarget): Promise<boolean> {
    const title = 'Drop Database';
    const saved = await target.choose(title);
    if (!saved) return false;
    const name = await this.#database(saved, target, title);
    if (name === undefined) return false;
    const confirmed = await askLine(this.#ports.input(), {
      id: 'confirmDrop',
      title,
      prompt: `Type "${name}" to delete this database and all its data for good.`,
      problem: (value) => (value === name ? undefined : 'Type the database name exactly to confirm.'),
      trim: false,
    });
    if (confirmed === undefined) return false;
    const outcome = await withManager(this.#ports, saved, title, (client) =>
      this.#serverWork(`Dropping the database "${name}"…`, () => client.drop(name)),
    );
    if (outcome.ok) await this.#done(saved, `database ${name} dropped`, `The database "${name}" was dropped.`);
    return outcome.ok;
  }

  /** The backup's path, or undefined when it was not made. */
  async backup(target: DatabaseTarget, now = new Date()): Promise<string | undefined> {
    const ports = this.#ports;
    const title = 'Back Up Database';
    const saved = await target.choose(title);
    if (!saved) return undefined;
    const name = await this.#database(saved, target, title);
    if (name === undefined) return undefined;
    const format = await ports.input().pick<BackupFormat>({
      id: 'backupFormat',
      title,
      step: 1,
      totalSteps: 1,
      placeholder: "The backup's format",
      active: 'zip',
      items: [
        { label: 'zip', description: 'the SQL dump with the file store, for a full restore', value: 'zip' },
        { label: 'dump', description: 'the plain SQL dump only', value: 'dump' },
      ],
    });
    if (format === undefined || format === BACK) return undefined;
    const destination = this.#local(await ports.backupDestination(backupFileName(name, format, now)), 'saved to');
    if (destination === undefined) return undefined;
    const outcome = await withManager(ports, saved, title, (client) =>
      this.#transfer(`Backing up "${name}" to ${path.basename(destination)}`, (onProgress, signal) =>
        client.backup(name, destination, { format, onProgress, signal }),
      ),
    );
    if (!outcome.ok) return undefined;
    await this.#done(
      saved,
      `database ${name} backed up (${format}, ${outcome.value.bytes} bytes)`,
      `The backup of "${name}" was saved to ${destination} (${formatBytes(outcome.value.bytes)}).`,
    );
    return destination;
  }

  async restore(target: DatabaseTarget): Promise<boolean> {
    const ports = this.#ports;
    const title = 'Restore Database';
    const saved = await target.choose(title);
    if (!saved) return false;
    const file = this.#local(await ports.restoreSource(), 'restored from');
    if (file === undefined) return false;
    const name = await askNewName(
      ports.input(),
      title,
      await this.#existing(saved),
      databaseNameFromBackup(file),
      'The name of the restored database.',
    );
    if (name === undefined) return false;
    const copy = await askYesNo(ports.input(), title, {
      id: 'restoreCopy',
      placeholder: 'Is the restored database a copy of the original?',
      yes: 'It is a copy',
      no: 'It was moved',
      active: true,
    });
    if (copy === undefined) return false;
    const neutralize = await askYesNo(ports.input(), title, {
      id: 'neutralize',
      placeholder: 'Neutralise the restored database?',
      yes: 'Neutralise it',
      no: 'Restore it as it is',
      active: true,
    });
    if (neutralize === undefined) return false;
    const outcome = await withManager(ports, saved, title, (client) =>
      this.#transfer(`Restoring ${path.basename(file)} as "${name}"`, (onProgress, signal) =>
        client.restore(name, file, { copy, neutralize, onProgress, signal }),
      ),
    );
    if (outcome.ok) await this.#done(saved, `${path.basename(file)} restored as ${name}`, `The backup was restored as "${name}".`);
    return outcome.ok;
  }

  async changeMasterPassword(target: DatabaseTarget): Promise<boolean> {
    const ports = this.#ports;
    const title = 'Change Master Password';
    const saved = await target.choose(title);
    if (!saved) return false;
    const origin = originOf(saved);
    const newPassword = await askLine(ports.input(), {
      id: 'newMasterPassword',
      title,
      step: 1,
      totalSteps: 2,
      password: true,
      prompt: `The new master password of ${origin}.`,
      problem: (value) => (value.length < 8 ? 'Use at least 8 characters.' : undefined),
      trim: false,
    });
    if (newPassword === undefined) return false;
    const again = await askLine(ports.input(), {
      id: 'newMasterPasswordAgain',
      title,
      step: 2,
      totalSteps: 2,
      password: true,
      prompt: 'The new master password again.',
      problem: (value) => (value === newPassword ? undefined : 'The two passwords differ.'),
      trim: false,
    });
    if (again === undefined) return false;
    const wasRemembered = (await ports.masters.get(saved.profile.baseUrl)) !== undefined;
    const outcome = await withManager(ports, saved, title, (client) =>
      this.#serverWork(`Changing the master password of ${origin}…`, () => client.changePassword(newPassword)),
    );
    if (!outcome.ok) return false;
    if (wasRemembered) await ports.masters.store(saved.profile.baseUrl, newPassword);
    ports.log.info(`[${saved.profile.name}] master password changed`);
    ports.showInfo(
      wasRemembered
        ? `The master password of ${origin} was changed, and the remembered one updated.`
        : `The master password of ${origin} was changed.`,
    );
    return true;
  }

  async forgetMasterPassword(target: DatabaseTarget): Promise<void> {
    const saved = await target.choose('Forget Master Password');
    if (!saved) return;
    await this.#ports.masters.forget(saved.profile.baseUrl);
    this.#ports.showInfo(`The master password of ${originOf(saved)} is no longer remembered.`);
  }

  async #existing(saved: SavedConnection): Promise<string[]> {
    return (await listDatabases(this.#ports, saved)) ?? [];
  }

  #database(saved: SavedConnection, target: DatabaseTarget, title: string): Promise<string | undefined> {
    return chooseDatabase(this.#ports.input, saved, title, target.database, () => listDatabases(this.#ports, saved));
  }

  /** The path of a chosen file on this machine; a location elsewhere is refused with a message. */
  #local(chosen: ChosenFile | undefined, how: 'saved to' | 'restored from'): string | undefined {
    if (chosen === undefined) return undefined;
    if ('path' in chosen) return chosen.path;
    this.#ports.showError(`A backup can only be ${how} a file on this machine (${chosen.elsewhere} is not one).`);
    return undefined;
  }

  /** A notification with progress for a server-side action that cannot be stopped half-way. */
  #serverWork<T>(message: string, work: () => Promise<T>): Promise<T> {
    return this.#ports.progress.run(message, false, () => work());
  }

  /** A notification with byte progress and a Cancel button for a transfer. */
  #transfer<T>(
    message: string,
    work: (onProgress: (done: number, total: number | undefined) => void, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return this.#ports.progress.run(message, true, (report, signal) => {
      const steps = new TransferProgress();
      return work((done, total) => {
        const step = steps.update(done, total);
        if (step) report({ message: step.message, increment: step.increment });
      }, signal);
    });
  }

  async #done(saved: SavedConnection, logLine: string, message: string): Promise<void> {
    this.#ports.log.info(`[${saved.profile.name}] ${logLine}`);
    this.#ports.showInfo(message);
    await this.#ports.refresh();
  }
}
