// Wires the key feature: Generate, Rotate and Revoke API Key, and the expiry reminders.
import * as vscode from 'vscode';
import { extensionUserAgent } from '../extensionUserAgent';
import type { ConnectionsFeature } from '../connections/registerConnections';
import { ConnectionSecretStore } from '../connections/connectionSecretStore';
import { ConnectionSettingsStore } from '../connections/connectionSettingsStore';
import { QuickInputPort } from '../connections/quickInputPort';
import type { KeyReminder } from '../../core/keys/keyReminders';
import { KeyChoices } from './keyChoices';
import { registerKeyCommands } from './keyCommands';
import { type KeyPrompts, vscodeKeyPrompts } from './keyPrompts';
import { KeyReminderService } from './keyReminderService';
import { KeyStorage } from './keyStorage';

/** What extension tests reach (test mode only): the dialogs' answers and the reminder check. */
export interface KeysTestApi {
  /** Answers the key dialogs instead of a person; undefined restores the real dialogs. */
  setPrompts(prompts: KeyPrompts | undefined): void;
  /** Runs the reminder check as at start-up, at `now`, and returns the reminders shown. */
  checkReminders(now?: Date): Promise<KeyReminder[]>;
}

export interface KeysFeature extends vscode.Disposable {
  readonly testApi: KeysTestApi | undefined;
}

export function registerKeys(context: vscode.ExtensionContext, connections: ConnectionsFeature, log: vscode.LogOutputChannel): KeysFeature {
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  let prompts: KeyPrompts = vscodeKeyPrompts;
  const userAgent = extensionUserAgent(context);
  const settings = new ConnectionSettingsStore();
  const storage = new KeyStorage(new ConnectionSecretStore(context.secrets), settings, userAgent);
  const automation = connections.testApi?.inputs;
  // In test mode the start-up check waits for the test to ask, so that no notification comes between its steps.
  const reminders = new KeyReminderService(connections.service, context.globalState, () => prompts, testMode ? undefined : 5_000);
  const disposables = vscode.Disposable.from(
    settings,
    reminders,
    registerKeyCommands({
      service: connections.service,
      storage,
      choices: new KeyChoices(context.globalState),
      port: () => new QuickInputPort(automation),
      prompts: () => prompts,
      log,
    }),
  );
  const testApi: KeysTestApi | undefined = testMode
    ? {
        setPrompts: (replacement) => {
          prompts = replacement ?? vscodeKeyPrompts;
        },
        checkReminders: (now) => reminders.check(now),
      }
    : undefined;
  return { testApi, dispose: () => disposables.dispose() };
}
