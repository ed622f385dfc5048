// `json2 whoami`: who a connection's key acts as (user, groups by application, companies, language, time zone, the
// key's scope and expiry), as text or JSON. The server and key are chosen as for `json2 types` and `json2 mcp`.
import { parseArgs } from 'node:util';
import { readIdentity } from '../core/access/identity';
import { identityText } from '../core/access/identityText';
import { ClientError } from '../core/client/clientErrors';
import { userAgentOf } from '../core/client/userAgent';
import { resolveCliConnection } from '../core/connections/cliConnectionResolver';
import { ConnectionClient } from '../core/connections/connectionClient';
import { ConnectionLookupError } from '../core/connections/connectionFile';
import { SecretRedactor } from '../core/redaction/secretRedactor';
import { cliVersion } from './cliVersion';
import { SERVER_CHOICE_OPTIONS, type ServerChoice, serverChoiceOf } from './connectionOptionSpecs';

export const WHOAMI_USAGE = `Usage: json2 whoami [--connection NAME] [--output text|json] [connection options]

Shows who a connection's key acts as, read with the key's own rights: the user (name, login, id), the database, the
current company and the companies the user may use, language and time zone, the user's groups by application as the
server names them (for example "Sales / User: Own Documents Only"), and the key's name, scope and expiry when the
user may read their own keys (the server does not say which key a call used: with several valid keys, all are listed).

Options:
  --connection NAME     the saved connection (default: the only one)
  --output FORMAT       text (default) or json
  --connections FILE    read saved connections from FILE instead of .vscode/settings.json
  --url URL             a server not saved anywhere, with --db DB for its database
  --db DB               the database, with --url
  --db-header NAME      with --url: send the database in this header only
  --key-file FILE       read the API key (or the password) from FILE (first line)
  -h, --help            show this help

The API key comes from JSON2_API_KEY_<CONNECTION NAME>, JSON2_API_KEY or --key-file, never from an argument.

Exit codes: 0 shown, 2 bad usage or no such connection, 3 the server could not be read.`;

const OUTPUTS = ['text', 'json'] as const;

class WhoamiUsageError extends Error {}

interface WhoamiOptions extends ServerChoice {
  readonly output: (typeof OUTPUTS)[number];
  readonly connectionName?: string;
}

/** Parses `json2 whoami` arguments; 'help' for --help; throws WhoamiUsageError on anything wrong. */
export function parseWhoamiOptions(argv: readonly string[]): WhoamiOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        connection: { type: 'string' },
        output: { type: 'string' },
        ...SERVER_CHOICE_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new WhoamiUsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const output = values.output ?? 'text';
  if (!(OUTPUTS as readonly string[]).includes(output)) throw new WhoamiUsageError(`--output must be text or json, not '${output}'`);
  return {
    output: output as WhoamiOptions['output'],
    ...(values.connection !== undefined ? { connectionName: values.connection } : {}),
    ...serverChoiceOf(values),
  };
}

/** Runs the command; resolves with the exit code. */
export async function runWhoamiCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let options: WhoamiOptions | 'help';
  try {
    options = parseWhoamiOptions(argv);
  } catch (error) {
    if (!(error instanceof WhoamiUsageError)) throw error;
    process.stderr.write(`json2 whoami: ${error.message}\n\n${WHOAMI_USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${WHOAMI_USAGE}\n`);
    return 0;
  }
  const redactor = new SecretRedactor();
  let client: ConnectionClient | undefined;
  try {
    const { output, ...choice } = options;
    const found = resolveCliConnection({ cwd: process.cwd(), env, ...choice });
    redactor.add(found.secret.secret);
    for (const warning of found.secret.warnings) process.stderr.write(`json2 whoami: warning: ${warning}\n`);
    client = new ConnectionClient(found.profile, found.secret.secret, { userAgent: userAgentOf('json2-cli', cliVersion()) });
    const opened = client;
    const identity = await readIdentity((call) => opened.call(call), { database: found.profile.database ?? null });
    process.stdout.write(redactor.redact(output === 'json' ? `${JSON.stringify(identity, null, 2)}\n` : identityText(identity)));
    return 0;
  } catch (error) {
    if (error instanceof ConnectionLookupError) {
      process.stderr.write(`json2 whoami: ${redactor.redact(error.message)}\n`);
      return 2;
    }
    if (error instanceof ClientError) {
      process.stderr.write(`json2 whoami: the server could not be read: ${redactor.redact(error.message)}\n`);
      return 3;
    }
    throw redactor.redactError(error as Error);
  } finally {
    await client?.close();
  }
}
