// The connection commands: add, edit, rename, remove, update the key, switch the active connection. The dialogues are
// the core's flows; what follows them (storing, logging, telling) is in connectionActions.ts.
import * as vscode from 'vscode';
import type { InputPort } from '../../core/connections/inputPort';
import type { ServerProbe } from '../../core/connections/serverProbe';
import { CommandIds } from '../commandIds';
import { ConnectionActions } from './connectionActions';
import type { NodeArgument } from './connectionChoice';
import type { ConnectionPrompts } from './connectionPrompts';
import type { ConnectionSecretStore } from './connectionSecretStore';
import type { ConnectionService } from './connectionService';
import type { ConnectionSettingsStore } from './connectionSettingsStore';

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

export function registerConnectionCommands(deps: ConnectionCommandDeps): vscode.Disposable {
  const actions = new ConnectionActions(deps);
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.addConnection, () => actions.addConnection()),
    vscode.commands.registerCommand(CommandIds.editConnection, (argument: NodeArgument) => actions.editConnection(argument)),
    vscode.commands.registerCommand(CommandIds.renameConnection, (argument: NodeArgument) => actions.renameConnection(argument)),
    vscode.commands.registerCommand(CommandIds.removeConnection, (argument: NodeArgument) => actions.removeConnection(argument)),
    // A second argument, a sentence, says why the key is asked (the key commands' browser path passes one).
    vscode.commands.registerCommand(CommandIds.updateApiKey, (argument: NodeArgument, reason?: unknown) =>
      actions.updateKey(argument, typeof reason === 'string' ? reason : undefined),
    ),
    vscode.commands.registerCommand(CommandIds.switchConnection, () => actions.switchConnection()),
  );
}
