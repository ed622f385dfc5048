// The extension's single log: a LogOutputChannel named "JSON-2".
import * as vscode from 'vscode';

export function createLogChannel(): vscode.LogOutputChannel {
  return vscode.window.createOutputChannel('JSON-2', { log: true });
}
