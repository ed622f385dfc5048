// Reads and writes the `json2.connections` setting at user and workspace level; ignores the workspace's when untrusted.
import * as vscode from 'vscode';
import type { ConnectionProfile } from '../../core/connections/connectionProfile';
import {
  type ConnectionList,
  hasConnectionEntry,
  mergeConnectionLevels,
  withConnectionRemoved,
  withConnectionSaved,
} from '../../core/connections/connectionSettings';

const SECTION = 'json2';
const KEY = 'connections';
export const CONNECTIONS_SETTING = `${SECTION}.${KEY}`;

export type SettingsLevel = 'user' | 'workspace';

export class ConnectionSettingsStore implements vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<void>();
  readonly #subscriptions: vscode.Disposable[];
  /** Fires when either level of the setting changes, or when the workspace becomes trusted. */
  readonly onDidChange = this.#changed.event;

  constructor() {
    this.#subscriptions = [
      this.#changed,
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(CONNECTIONS_SETTING)) this.#changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.#changed.fire()),
    ];
  }

  /** The connections in effect and the entries that cannot be used. */
  read(): ConnectionList {
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(KEY);
    return mergeConnectionLevels({
      user: inspected?.globalValue,
      workspace: inspected?.workspaceValue,
      workspaceTrusted: vscode.workspace.isTrusted,
    });
  }

  /** True when connections can be saved in the workspace's settings: a folder is open and trusted. */
  canSaveInWorkspace(): boolean {
    return vscode.workspace.isTrusted && (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  }

  /** Saves a profile at a level, in place of the entry named `previousName` when there is one. */
  async save(profile: ConnectionProfile, level: SettingsLevel, previousName?: string): Promise<void> {
    const current = this.#raw(level);
    const name = previousName !== undefined && hasConnectionEntry(current, previousName) ? previousName : profile.name;
    await this.#write(level, withConnectionSaved(current, hasConnectionEntry(current, name) ? name : undefined, profile));
  }

  async remove(name: string, level: SettingsLevel): Promise<void> {
    await this.#write(level, withConnectionRemoved(this.#raw(level), name));
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
  }

  #raw(level: SettingsLevel): unknown {
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(KEY);
    return level === 'user' ? inspected?.globalValue : inspected?.workspaceValue;
  }

  async #write(level: SettingsLevel, entries: unknown[]): Promise<void> {
    const target = level === 'user' ? vscode.ConfigurationTarget.Global : vscode.ConfigurationTarget.Workspace;
    await vscode.workspace.getConfiguration(SECTION).update(KEY, entries.length > 0 ? entries : undefined, target);
  }
}
