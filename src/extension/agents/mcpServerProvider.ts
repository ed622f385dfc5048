// Offers `json2 mcp` (the extension's own dist/mcp.js, read-only) to the editor's MCP support as a server definition.
import * as vscode from 'vscode';
import { agentServerEnvironment } from '../../core/agentTools/agentServerEnvironment';
import type { ConnectionProfile } from '../../core/connections/connectionProfile';
import { isSecretLookupVariable } from '../../core/connections/connectionSecretNames';
import type { ConnectionSecretStore } from '../connections/connectionSecretStore';
import { agentToolSettings } from './agentToolSettings';

export const MCP_PROVIDER_ID = 'json2.mcpServers';

/**
 * The definition: the bundled server run by the extension host's Node.js (an Electron binary in the desktop editor,
 * hence ELECTRON_RUN_AS_NODE), rooted at the first workspace folder, never with --allow-writes. The editor keeps the
 * definitions it is given, so nothing secret goes in here; the key variables the server would inherit from the
 * extension host are removed (`null`), and `resolveDefinition` adds each connection's own key just before a start.
 */
export function json2McpDefinition(extensionUri: vscode.Uri, version: string): vscode.McpStdioServerDefinition | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (folder?.scheme !== 'file') return undefined;
  const script = vscode.Uri.joinPath(extensionUri, 'dist', 'mcp.js').fsPath;
  const inherited = Object.keys(process.env).filter(isSecretLookupVariable);
  const definition = new vscode.McpStdioServerDefinition(
    vscode.l10n.t('JSON-2 Explorer (read-only)'),
    process.execPath,
    [script, '--root', folder.fsPath],
    { ELECTRON_RUN_AS_NODE: '1', ...Object.fromEntries(inherited.map((name) => [name, null])) },
    version,
  );
  definition.cwd = folder;
  return definition;
}

/** What the provider reads the keys from: the editor's connections in effect and its secret storage. */
export interface McpServerKeySource {
  readonly connections: () => readonly ConnectionProfile[];
  readonly secrets: Pick<ConnectionSecretStore, 'get'>;
}

/**
 * The definition as the editor starts it: a copy whose environment gives each of the editor's connections the key
 * stored in its secret storage for that name at that origin, bound to the origin (`JSON2_ORIGIN_<NAME>`), and no
 * generic key (`agentServerEnvironment`). The server uses a key only for a connection of its settings file with that
 * name at that origin: a workspace that points the name elsewhere is refused.
 */
async function resolveDefinition(
  server: vscode.McpStdioServerDefinition,
  keys: McpServerKeySource,
): Promise<vscode.McpStdioServerDefinition> {
  const environment = await agentServerEnvironment({
    inherited: Object.keys(process.env),
    connections: keys.connections(),
    secretOf: (profile) => keys.secrets.get(profile),
  });
  const resolved = new vscode.McpStdioServerDefinition(
    server.label,
    server.command,
    [...server.args],
    { ...server.env, ...environment },
    server.version,
  );
  resolved.cwd = server.cwd;
  return resolved;
}

/** Whether the definition is offered: a trusted workspace with the agent tools on (the same gate as the tools). */
function offered(): boolean {
  return vscode.workspace.isTrusted && agentToolSettings().enabled;
}

/**
 * Registers the provider where the editor has the API (and the manifest contributes `mcpServerDefinitionProviders`);
 * it offers nothing in an untrusted workspace or with `json2.agentTools.enabled` off, and tells the editor when that
 * changes. Returns the provider too, for the host tests.
 */
export function registerMcpServerProvider(
  context: vscode.ExtensionContext,
  keys: McpServerKeySource,
): {
  disposable: vscode.Disposable;
  provider?: vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>;
} {
  if (typeof vscode.lm?.registerMcpServerDefinitionProvider !== 'function') return { disposable: new vscode.Disposable(() => undefined) };
  const changed = new vscode.EventEmitter<void>();
  const version = String(context.extension.packageJSON.version);
  const provider: vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition> = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => {
      const definition = offered() ? json2McpDefinition(context.extensionUri, version) : undefined;
      return definition ? [definition] : [];
    },
    // Asked again just before the editor starts it: trust or the setting may have changed since it was listed.
    resolveMcpServerDefinition: (server) => (offered() ? resolveDefinition(server, keys) : undefined),
  };
  const disposable = vscode.Disposable.from(
    changed,
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider),
    vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('json2.agentTools.enabled')) changed.fire();
    }),
  );
  return { disposable, provider };
}
