// Wires database management: the commands on server and database nodes and in the palette, and the master passwords.
import * as vscode from 'vscode';
import { extensionUserAgent } from '../extensionUserAgent';
import type { ConnectionsFeature } from '../connections/registerConnections';
import { QuickInputPort } from '../connections/quickInputPort';
import { registerDatabaseCommands } from './databaseCommands';
import { type DatabasePrompts, vscodeDatabasePrompts } from './databasePrompts';
import { MasterPasswordStore } from './masterPasswordStore';

/** What extension tests reach (test mode only): the dialogs' answers, and whether a master password is remembered. */
export interface DatabasesTestApi {
  /** Answers the file dialogs and the offer to remember instead of a person; undefined restores the real ones. */
  setPrompts(prompts: DatabasePrompts | undefined): void;
  hasMasterPassword(baseUrl: string): Promise<boolean>;
}

export interface DatabasesFeature extends vscode.Disposable {
  readonly testApi: DatabasesTestApi | undefined;
}

export function registerDatabases(
  context: vscode.ExtensionContext,
  connections: ConnectionsFeature,
  log: vscode.LogOutputChannel,
): DatabasesFeature {
  let prompts: DatabasePrompts = vscodeDatabasePrompts;
  const masters = new MasterPasswordStore(context.secrets);
  const automation = connections.testApi?.inputs;
  const disposable = registerDatabaseCommands({
    service: connections.service,
    masters,
    port: () => new QuickInputPort(automation),
    prompts: () => prompts,
    log,
    userAgent: extensionUserAgent(context),
  });
  const testApi: DatabasesTestApi | undefined =
    context.extensionMode === vscode.ExtensionMode.Test
      ? {
          setPrompts: (replacement) => {
            prompts = replacement ?? vscodeDatabasePrompts;
          },
          hasMasterPassword: async (baseUrl) => (await masters.get(baseUrl)) !== undefined,
        }
      : undefined;
  return { testApi, dispose: () => disposable.dispose() };
}
