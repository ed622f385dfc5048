// The agent features: the language-model tools and the `json2 mcp` server definition offered to the editor.
import * as vscode from 'vscode';
import type { ConnectionSecretStore } from '../connections/connectionSecretStore';
import type { ConnectionService } from '../connections/connectionService';
import type { SchemaService } from '../../core/schema/schemaService';
import type { SchemaServices } from '../schema/schemaServices';
import { registerMcpServerProvider } from './mcpServerProvider';
import { registerAgentTools } from './registerAgentTools';

/** For the host tests: what the MCP provider offers now, and the schemas the tools share. */
export interface AgentsTestApi {
  mcpServerDefinitions(): Promise<readonly vscode.McpStdioServerDefinition[]>;
  /** The definition as the editor would start it (with each connection's own key); undefined when it is not offered. */
  resolveMcpServerDefinition(definition: vscode.McpStdioServerDefinition): Promise<vscode.McpStdioServerDefinition | undefined>;
  /** The shared schema service of a connection, the one the explorer and completion use. */
  sharedSchema(connection: string): Promise<SchemaService>;
}

export function registerAgents(
  context: vscode.ExtensionContext,
  connections: { readonly service: ConnectionService; readonly secrets: ConnectionSecretStore },
  schemaServices: SchemaServices,
  log: vscode.LogOutputChannel,
): { disposable: vscode.Disposable; testApi: AgentsTestApi } {
  const mcp = registerMcpServerProvider(context, {
    connections: () => connections.service.list().map((saved) => saved.profile),
    secrets: connections.secrets,
  });
  const disposable = vscode.Disposable.from(registerAgentTools(connections.service, schemaServices, log), mcp.disposable);
  const testApi: AgentsTestApi = {
    mcpServerDefinitions: async () => {
      const cancel = new vscode.CancellationTokenSource();
      try {
        return (await mcp.provider?.provideMcpServerDefinitions(cancel.token)) ?? [];
      } finally {
        cancel.dispose();
      }
    },
    resolveMcpServerDefinition: async (definition) => {
      const cancel = new vscode.CancellationTokenSource();
      try {
        return (await mcp.provider?.resolveMcpServerDefinition?.(definition, cancel.token)) ?? undefined;
      } finally {
        cancel.dispose();
      }
    },
    sharedSchema: (connection) => schemaServices.service(connection),
  };
  return { disposable, testApi };
}
