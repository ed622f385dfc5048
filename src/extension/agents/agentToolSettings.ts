// The agent tools' settings: `json2.agentTools.enabled` (any level) and `allowWrites` (the user's own settings only).
import * as vscode from 'vscode';

/** Writes only from the user's own settings, never a workspace's. */
export function agentToolSettings(): { enabled: boolean; allowWrites: boolean } {
  const section = vscode.workspace.getConfiguration('json2.agentTools');
  return { enabled: section.get<boolean>('enabled', true), allowWrites: section.inspect<boolean>('allowWrites')?.globalValue === true };
}
