// Reads the words after `json2 mcp` into checked options (node's util.parseArgs); keys are never among them.
import { parseArgs } from 'node:util';
import { SERVER_CHOICE_OPTIONS, type ServerChoice, serverChoiceOf } from './connectionOptionSpecs';

export const MCP_USAGE = `Usage: json2 mcp [options]

Serves the JSON-2 Explorer agent tools over MCP on stdin/stdout (for an MCP client that starts this command):
list connections and databases, find and describe models, read records, call methods, run named requests of
.json2 files. Every call is logged, with secrets redacted, on stderr.

Options:
  --allow-writes        let agents call methods that may change data (read-only connections still refuse;
                        production connections are refused, since nobody can confirm); off by default
  --root DIR            the workspace folder: its .vscode/settings.json names the connections, and
                        json2_run_request reads .json2 files only inside it (default: the current folder)
  --connections FILE    read saved connections from FILE instead of .vscode/settings.json
  --url URL             a server not saved anywhere, with --db DB for its database
  --db DB               the database, with --url
  --db-header NAME      with --url: send the database in this header only (default: both X-Odoo-Database and
                        X-Service-Database; JSON2_DATABASE_HEADER gives it too)
  --key-file FILE       read the API key (or the password) from FILE (first line)
  -h, --help            show this help

Keys are found as json2 run finds them: JSON2_API_KEY_<CONNECTION NAME>, JSON2_API_KEY or --key-file, never an
argument or a tool's input. A connection on XML-RPC or JSON-RPC takes its password from JSON2_PASSWORD_<NAME>.
Connections are pinned at the start: one whose address or safe modes change in the settings is refused until a
restart. JSON2_ORIGIN_<NAME> (https://erp.example.com) binds a connection's key to that origin.`;

export interface McpOptions extends ServerChoice {
  readonly allowWrites: boolean;
  readonly root: string;
}

/** Bad usage: printed with a pointer to --help; the command exits with 2. */
export class McpUsageError extends Error {}

/** Parses `json2 mcp` arguments; returns 'help' for --help; throws McpUsageError on anything wrong. */
export function parseMcpOptions(argv: readonly string[], cwd: string): McpOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        'allow-writes': { type: 'boolean' },
        root: { type: 'string' },
        ...SERVER_CHOICE_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new McpUsageError((error as Error).message);
  }
  if (values.help) return 'help';
  if (values.db !== undefined && values.url === undefined)
    throw new McpUsageError('--db goes with --url (a saved connection names its own database)');
  if (values['db-header'] !== undefined && values.url === undefined)
    throw new McpUsageError('--db-header goes with --url (a saved connection names its own in databaseHeader)');
  if (values.url !== undefined && values.connections !== undefined) throw new McpUsageError('give either --connections or --url, not both');
  return {
    allowWrites: values['allow-writes'] ?? false,
    root: values.root ?? cwd,
    ...serverChoiceOf(values),
  };
}
