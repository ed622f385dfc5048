// Reminds of keys that expire soon (a configurable number of days before) and of keys already expired, from the
// expiration recorded with each connection's settings; at start-up and twice a day while the editor runs.
import * as vscode from 'vscode';
import { type KeyReminder, keyRemindersDue } from '../../core/keys/keyReminders';
import type { ConnectionService } from '../connections/connectionService';
import type { KeyPrompts } from './keyPrompts';

const REMINDED_KEY = 'json2.keys.remindedOn';
export const REMINDER_DAYS_SETTING = 'keys.expiryReminderDays';
const CHECK_EVERY_MS = 12 * 60 * 60_000;

export class KeyReminderService implements vscode.Disposable {
  readonly #service: ConnectionService;
  readonly #state: vscode.Memento;
  readonly #prompts: () => KeyPrompts;
  readonly #timer: NodeJS.Timeout;
  readonly #startup: NodeJS.Timeout | undefined;

  /** `firstCheckAfterMs` undefined: no check at start-up (extension tests call `check` themselves). */
  constructor(service: ConnectionService, state: vscode.Memento, prompts: () => KeyPrompts, firstCheckAfterMs: number | undefined) {
    this.#service = service;
    this.#state = state;
    this.#prompts = prompts;
    // Not during activation: the editor's start-up stays quick and the notifications come once it is up.
    this.#startup = firstCheckAfterMs === undefined ? undefined : setTimeout(() => void this.check(), firstCheckAfterMs);
    this.#timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
  }

  /** Shows the reminders due at `now` and returns them. */
  async check(now = new Date()): Promise<KeyReminder[]> {
    const daysBefore = vscode.workspace.getConfiguration('json2').get<number>(REMINDER_DAYS_SETTING, 7);
    const reminded = this.#state.get<Record<string, string>>(REMINDED_KEY) ?? {};
    const idOf = (connection: string, expiration: string): string => `${connection.toLowerCase()}@${expiration}`;
    const inputs = this.#service
      .list()
      .filter((saved) => saved.profile.protocol === 'json2')
      .map((saved) => ({ connection: saved.profile.name, expiration: saved.profile.keyExpiration }));
    const due = keyRemindersDue(
      inputs,
      now,
      Math.max(0, Math.floor(daysBefore)),
      (connection, expiration) => reminded[idOf(connection, expiration)],
    );
    if (due.length === 0) return due;
    const today = now.toISOString().slice(0, 10);
    await this.#state.update(REMINDED_KEY, {
      ...reminded,
      ...Object.fromEntries(due.map((reminder) => [idOf(reminder.connection, reminder.expiration), today])),
    });
    for (const reminder of due) {
      void this.#prompts()
        .remind(reminder)
        .then((command) => {
          if (command !== undefined) void vscode.commands.executeCommand(command, reminder.connection);
        });
    }
    return due;
  }

  dispose(): void {
    clearTimeout(this.#startup);
    clearInterval(this.#timer);
  }
}
