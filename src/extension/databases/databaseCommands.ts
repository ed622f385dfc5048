// Database management on a server or database node, or from the palette: the commands wired to the core's database
// flows (`src/core/databases/databaseFlows.ts`), with the editor's dialogs, secret storage and progress as their ports.
import os from 'node:os';
import * as vscode from 'vscode';
import type { SavedConnection } from '../../core/connections/connectionProfile';
import type { InputPort } from '../../core/connections/inputPort';
import { type ChosenFile, type DatabaseFlowPorts, DatabaseFlows, type DatabaseTarget } from '../../core/databases/databaseFlows';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import { chooseConnection, databaseOf, type NodeArgument, refreshExplorer } from '../connections/connectionChoice';
import { notificationProgress } from '../notificationProgress';
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

const chosenFile = (uri: vscode.Uri | undefined): ChosenFile | undefined =>
  uri === undefined ? undefined : uri.scheme === 'file' ? { path: uri.fsPath } : { elsewhere: uri.toString() };

/** The flows' ports on the editor: the prompts are read at each use, so that tests can answer in their place. */
function editorPorts(deps: DatabaseCommandDeps): DatabaseFlowPorts {
  return {
    input: deps.port,
    masters: deps.masters,
    log: deps.log,
    progress: notificationProgress,
    refresh: refreshExplorer,
    openManager: async (saved: SavedConnection, masterPassword: string) => {
      const { DatabaseManagerClient } = await import('../../core/client/databaseManagerClient.js');
      return new DatabaseManagerClient({
        baseUrl: saved.profile.baseUrl,
        masterPassword,
        allowInsecureHttp: saved.profile.allowInsecureHttp,
        userAgent: deps.userAgent,
      });
    },
    offerToRemember: (origin) => deps.prompts().offerToRemember(origin),
    showError: (message) => deps.prompts().showError(message),
    showInfo: (message) => deps.prompts().showInfo(message),
    backupDestination: async (fileName) => {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
      return chosenFile(await deps.prompts().backupDestination(vscode.Uri.joinPath(folder, fileName)));
    },
    restoreSource: async () => chosenFile(await deps.prompts().restoreSource()),
  };
}

export function registerDatabaseCommands(deps: DatabaseCommandDeps): vscode.Disposable {
  const flows = new DatabaseFlows(editorPorts(deps));
  const target = (argument: NodeArgument): DatabaseTarget => ({
    choose: (title) => chooseConnection(deps.service, deps.port(), argument, title),
    database: databaseOf(argument),
  });
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.createDatabase, (argument: NodeArgument) => flows.create(target(argument))),
    vscode.commands.registerCommand(CommandIds.duplicateDatabase, (argument: NodeArgument) => flows.duplicate(target(argument))),
    vscode.commands.registerCommand(CommandIds.dropDatabase, (argument: NodeArgument) => flows.drop(target(argument))),
    vscode.commands.registerCommand(CommandIds.backupDatabase, (argument: NodeArgument) => flows.backup(target(argument))),
    vscode.commands.registerCommand(CommandIds.restoreDatabase, (argument: NodeArgument) => flows.restore(target(argument))),
    vscode.commands.registerCommand(CommandIds.changeMasterPassword, (argument: NodeArgument) =>
      flows.changeMasterPassword(target(argument)),
    ),
    vscode.commands.registerCommand(CommandIds.forgetMasterPassword, (argument: NodeArgument) =>
      flows.forgetMasterPassword(target(argument)),
    ),
  );
}
