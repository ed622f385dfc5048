// Offers `json2 mcp` (the extension's own dist/mcp.js, read-only) to the editor's MCP support as a server definition.
import * as vscode from 'vscode';
import { agentToolSettings } from './agentToolSettings';

export const MCP_PROVIDER_ID = 'json2.mcpServers';

/**
 * The definition: the bundled server run by the extension host's Node.js (an Electron binary in the desktop editor,
 * hence ELECTRON_RUN_AS_NODE), rooted at the first workspace folder, never with --allow-writes. Nothing secret goes
 * into its arguments or environment: the server finds keys as `json2 run` does, in the environment it inherits.
 */
export function json2McpDefinition(extensionUri: vscode.Uri, version: string): vscode.McpStdioServerDefinition | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (folder?.scheme !== 'file') return undefined;
  const script = vscode.Uri.joinPath(extensionUri, 'dist', 'mcp.js').fsPath;
  const definition = new vscode.McpStdioServerDefinition(
    vscode.l10n.t('JSON-2 Explorer (read-only)'),
    process.execPath,
    [script, '--root', folder.fsPath],
    { ELECTRON_RUN_AS_NODE: '1' },
    version,
  );
  definition.cwd = folder;
  return definition;
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
export function registerMcpServerProvider(context: vscode.ExtensionContext): {
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
    resolveMcpServerDefinition: (server) => (offered() ? server : undefined),
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
