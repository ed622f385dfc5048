// The key commands: Generate API Key…, Rotate API Key and Revoke API Key…, on a connection node or from the palette,
// wired to the core's key flows (`src/core/keys/keyFlows.ts`, `rotateKeyFlow.ts`) with the editor's ports.
import * as vscode from 'vscode';
import type { InputPort } from '../../core/connections/inputPort';
import type { KeyFlowPorts, KeyTarget } from '../../core/keys/keyFlowPorts';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import { chooseConnection, type NodeArgument } from '../connections/connectionChoice';
import { notificationProgress } from '../notificationProgress';
import type { KeyChoices } from './keyChoices';
import type { KeyPrompts } from './keyPrompts';
import type { KeyStorage } from './keyStorage';

type KeyFlowsBundle = typeof import('./keyFlowsBundle');
let flows: KeyFlowsBundle | undefined;

/** The flows, from their own bundle (scripts/build.mjs keeps './keyFlows.js' external), loaded on the first key command. */
function keyFlows(): KeyFlowsBundle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  flows ??= require('./keyFlows.js') as KeyFlowsBundle;
  return flows;
}

export interface KeyCommandDeps {
  readonly service: ConnectionService;
  readonly storage: KeyStorage;
  readonly choices: KeyChoices;
  readonly port: () => InputPort;
  readonly prompts: () => KeyPrompts;
  readonly log: vscode.LogOutputChannel;
}

export function registerKeyCommands(deps: KeyCommandDeps): vscode.Disposable {
  const ports: KeyFlowPorts = {
    input: deps.port,
    connections: deps.service,
    storage: deps.storage,
    choices: deps.choices,
    dialogs: deps.prompts,
    progress: notificationProgress,
    log: deps.log,
    // The Update API Key command (ConnectionActions.updateKey): the key asked, checked and stored there.
    updateKey: async (saved, reason) =>
      (await vscode.commands.executeCommand<boolean | undefined>(CommandIds.updateApiKey, saved.profile.name, reason)) === true,
  };
  // Keys are managed through JSON-2: the connections of the deprecated interfaces are not offered.
  const target = (argument: NodeArgument): KeyTarget => ({
    choose: (title) => chooseConnection(deps.service, deps.port(), argument, title, true),
  });
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.generateApiKey, (argument: NodeArgument) =>
      keyFlows().generateKeyFlow(ports, target(argument)),
    ),
    vscode.commands.registerCommand(CommandIds.rotateApiKey, (argument: NodeArgument) => keyFlows().rotateKeyFlow(ports, target(argument))),
    vscode.commands.registerCommand(CommandIds.revokeApiKey, (argument: NodeArgument) => keyFlows().revokeKeyFlow(ports, target(argument))),
  );
}
