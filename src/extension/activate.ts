// The extension's composition root: builds the shared services and wires each feature; nothing else.
import * as vscode from 'vscode';
import { registerExplorerView } from './explorerTreeProvider';
import { createLogChannel } from './logChannel';
import { registerLogCommands } from './logCommands';

export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const log = createLogChannel();
  context.subscriptions.push(log, registerLogCommands(log), registerExplorerView());
  log.info(vscode.l10n.t('JSON-2 Explorer {0} activated in {1} ms', String(context.extension.packageJSON.version), (performance.now() - started).toFixed(1)));
}

export function deactivate(): void {}
