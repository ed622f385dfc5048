// Commands about the extension's own log.
import * as vscode from 'vscode';
import { CommandIds } from './commandIds';

export function registerLogCommands(log: vscode.LogOutputChannel): vscode.Disposable {
  return vscode.commands.registerCommand(CommandIds.showLog, () => log.show(true));
}
