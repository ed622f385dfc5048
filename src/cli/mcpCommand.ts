// `json2 mcp`: the agent tools served over MCP on stdio (its own bundle, dist/mcp.js, loaded only for this command).
import path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AgentSession, type AgentConnectionSource } from '../core/agentTools/agentSession';
import { AgentTools } from '../core/agentTools/agentTools';
import { chooseHttpPool } from '../core/http/httpPoolChoice';
import { createNodeHttpPool } from '../core/http/nodeHttpPool';
import { userAgentOf } from '../core/client/userAgent';
import { resolveCliConnection, type CliConnectionOptions } from '../core/connections/cliConnectionResolver';
import { ConnectionLookupError } from '../core/connections/connectionFile';
import { ConnectionPins } from '../core/connections/connectionPins';
import { looksSecret } from '../core/requestFile';
import { cliVersion } from './cliVersion';
import { MCP_USAGE, McpUsageError, parseMcpOptions, type McpOptions } from './mcpOptions';

const err = (text: string) => {
  process.stderr.write(text);
};

/**
 * The connections exactly as `json2 run` finds them: the settings or --connections file, or --url; keys from the
 * environment or --key-file. The file's connections are pinned now, at the start (`ConnectionPins`): a connection
 * moved to another address, given other safe modes or added since is refused, and the refusal logged.
 */
function cliConnectionSource(options: McpOptions, env: Readonly<Record<string, string | undefined>>): AgentConnectionSource {
  const lookup = (name: string | undefined): CliConnectionOptions => ({
    cwd: options.root,
    env,
    ...(options.connectionsFile !== undefined ? { connectionsFile: options.connectionsFile } : {}),
    ...(options.url !== undefined ? { url: options.url } : name !== undefined ? { connectionName: name } : {}),
    ...(options.database !== undefined ? { database: options.database } : {}),
    ...(options.databaseHeader !== undefined ? { databaseHeader: options.databaseHeader } : {}),
    ...(options.keyFile !== undefined ? { keyFile: options.keyFile } : {}),
  });
  const pins =
    options.url === undefined
      ? new ConnectionPins(
          { cwd: options.root, ...(options.connectionsFile !== undefined ? { connectionsFile: options.connectionsFile } : {}) },
          'json2 mcp',
        )
      : undefined;
  const logged = new Set<string>();
  return {
    list: () => {
      if (pins === undefined) return Promise.resolve([resolveCliConnection(lookup(undefined)).profile]);
      return Promise.resolve((pins.pinned()?.connections ?? []).map((connection) => connection.profile));
    },
    open: (name) => {
      try {
        const found = resolveCliConnection({ ...lookup(name), ...(pins ? { pinned: { source: pins.verified(name) } } : {}) });
        for (const warning of found.secret.warnings) err(`json2 mcp: warning: ${warning}\n`);
        return Promise.resolve({ profile: found.profile, secret: found.secret.secret });
      } catch (error) {
        if (error instanceof ConnectionLookupError && error.reason === 'changed' && !logged.has(error.message)) {
          logged.add(error.message);
          err(`json2 mcp: refused the connection ${name === undefined ? '(the only one)' : `"${name}"`}: ${error.message}\n`);
        }
        return Promise.reject(error as Error);
      }
    },
  };
}

/** Serves until the client closes stdin; resolves with the exit code. */
export async function runMcpCommand(argv: readonly string[]): Promise<number> {
  // dist/mcp.js is its own bundle: it chooses its HTTP pool as dist/cli.js does (node:http, see src/cli/main.ts).
  chooseHttpPool('node:http', createNodeHttpPool);
  let options: McpOptions | 'help';
  try {
    options = parseMcpOptions(argv, process.cwd());
  } catch (error) {
    if (!(error instanceof McpUsageError)) throw error;
    err(`json2 mcp: ${error.message}\n(json2 mcp --help shows the options)\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${MCP_USAGE}\n`);
    return 0;
  }
  const session = new AgentSession({
    source: cliConnectionSource(options, process.env),
    allowWrites: options.allowWrites,
    allowWritesHint: 'Whoever configured this MCP server can allow writes by starting it with json2 mcp --allow-writes.',
    userAgent: userAgentOf('json2-mcp', cliVersion()),
  });
  // The environment's secrets are redacted from the start, before any connection is opened.
  for (const [name, value] of Object.entries(process.env)) if (name.startsWith('JSON2_') && looksSecret(name)) session.redactor.add(value);
  const tools = new AgentTools({ session, workspaceRoot: path.resolve(options.root), log: (line) => err(`json2 mcp: ${line}\n`) });

  // The low-level server: the tools' input schemas are plain JSON schemas shared with the editor, not zod schemas.
  const server = new Server(
    { name: 'json2-explorer', version: cliVersion() },
    {
      capabilities: { tools: {} },
      instructions:
        'Tools to explore and query a business-application server through its JSON-2 API: list connections, find and describe models, read records. ' +
        (options.allowWrites
          ? 'Writes are allowed on connections that are not read-only.'
          : 'Writes are off: every connection is read-only.'),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.definitions.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as { type: 'object' },
      annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: !tool.readOnly, openWorldHint: true },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const result = await tools.invoke(request.params.name, request.params.arguments, extra.signal);
    return { content: [{ type: 'text' as const, text: result.text }], isError: result.isError };
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  err(
    `json2 mcp: serving ${tools.definitions.length} tools on stdio (writes ${options.allowWrites ? 'allowed' : 'off'}; workspace ${path.resolve(options.root)})\n`,
  );
  const stop = () => {
    void server.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop);
  await closed;
  await session.close();
  return 0;
}

// Run directly (`node dist/mcp.js [options]`, as the extension offers it to the editor) as well as through dist/cli.js.
if (require.main === module) {
  runMcpCommand(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      err(`json2 mcp: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
