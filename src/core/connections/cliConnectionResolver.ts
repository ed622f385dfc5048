// The CLI's connection: by name from the workspace settings or a --connections file, or given by URL, with its key.
import { databaseHeaderProblem } from '../client/databaseSelection';
import type { ConnectionProfile } from './connectionProfile';
import { ConnectionLookupError, type ConnectionSource, findWorkspaceSettings, readConnectionsFile } from './connectionFile';
import { databaseNameProblem, normaliseBaseUrl } from './connectionValidation';
import { findConnectionSecret, type FoundSecret } from './cliSecretLookup';

export interface CliConnectionOptions {
  /** Where the workspace's `.vscode/settings.json` is looked for (the request file's folder, or the current one). */
  readonly cwd: string;
  /** `--connections FILE`: used instead of the workspace settings. */
  readonly connectionsFile?: string;
  /** `--connection NAME`, or the file's `# @connection`. */
  readonly connectionName?: string;
  /** `--url URL [--db DB]`: a connection that is not saved anywhere. */
  readonly url?: string;
  readonly database?: string;
  /** `--db-header NAME` with `--url` (else `JSON2_DATABASE_HEADER`): send the database in this header only. */
  readonly databaseHeader?: string;
  readonly keyFile?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The connections to pick from, as pinned when the command started (`ConnectionPins`): the file is not read again. */
  readonly pinned?: { readonly source: ConnectionSource | undefined };
}

export interface CliConnection {
  readonly profile: ConnectionProfile;
  readonly secret: FoundSecret;
  /** The file the connection came from; undefined for `--url`. */
  readonly file?: string;
}

/**
 * The connections the CLI can use: those of the `--connections` file, else those of the nearest workspace settings
 * (none when there is no such file). Entries with problems are reported in `problems`, never used.
 */
export function loadCliConnections(options: Pick<CliConnectionOptions, 'cwd' | 'connectionsFile'>): ConnectionSource | undefined {
  if (options.connectionsFile !== undefined) return readConnectionsFile(options.connectionsFile, 'file');
  const settings = findWorkspaceSettings(options.cwd);
  return settings === undefined ? undefined : readConnectionsFile(settings, 'workspace');
}

/** The environment variable that gives `--db-header` when the option is left out. */
export const DATABASE_HEADER_VARIABLE = 'JSON2_DATABASE_HEADER';

/** Picks the connection and finds its key; throws a `ConnectionLookupError` that says what to do. */
export function resolveCliConnection(options: CliConnectionOptions): CliConnection {
  if (options.url !== undefined) {
    if (options.connectionName !== undefined) throw new ConnectionLookupError('usage', 'Give either --connection or --url, not both.');
    const header = options.databaseHeader ?? nonEmpty(options.env[DATABASE_HEADER_VARIABLE]);
    const profile = adHocProfile(options.url, options.database, header);
    return { profile, secret: findConnectionSecret({ env: options.env, keyFile: options.keyFile }) };
  }
  if (options.database !== undefined)
    throw new ConnectionLookupError('usage', '--db goes with --url; a saved connection names its own database.');
  if (options.databaseHeader !== undefined)
    throw new ConnectionLookupError('usage', '--db-header goes with --url; a saved connection names its own (databaseHeader).');
  const source = options.pinned ? options.pinned.source : loadCliConnections(options);
  const profile = pickConnection(source, options.connectionName);
  const secret = findConnectionSecret({
    connectionName: profile.name,
    protocol: profile.protocol,
    baseUrl: profile.baseUrl,
    env: options.env,
    keyFile: options.keyFile,
  });
  return { profile, secret, file: source?.file };
}

function pickConnection(source: ConnectionSource | undefined, name: string | undefined): ConnectionProfile {
  const where = source?.file ?? 'no .vscode/settings.json here or above, and no --connections file';
  const connections = source?.connections ?? [];
  if (name === undefined) {
    if (connections.length === 1) return connections[0].profile;
    if (connections.length === 0) {
      throw new ConnectionLookupError('missing', `No connection found (${where}). Give --url URL [--db DB], or --connections FILE.`);
    }
    throw new ConnectionLookupError(
      'usage',
      `Several connections in ${where} (${connections.map((c) => c.profile.name).join(', ')}): choose one with --connection NAME.`,
    );
  }
  const found = connections.find((c) => c.profile.name.toLowerCase() === name.toLowerCase());
  if (found) return found.profile;
  const problems = source?.problems.filter((p) => p.name?.toLowerCase() === name.toLowerCase()) ?? [];
  if (problems.length > 0) {
    throw new ConnectionLookupError(
      'file',
      `The connection "${name}" in ${where} cannot be used: ${problems.map((p) => p.message).join(' ')}`,
    );
  }
  const known = connections.map((c) => c.profile.name);
  throw new ConnectionLookupError(
    'missing',
    `No connection named "${name}" in ${where}${known.length ? ` (known: ${known.join(', ')})` : ''}.`,
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function adHocProfile(url: string, database: string | undefined, databaseHeader: string | undefined): ConnectionProfile {
  const base = normaliseBaseUrl(url);
  if ('problem' in base) throw new ConnectionLookupError('usage', base.problem);
  const problem = database === undefined ? undefined : databaseNameProblem(database);
  if (problem) throw new ConnectionLookupError('usage', problem);
  const headerProblem = databaseHeader === undefined ? undefined : databaseHeaderProblem(databaseHeader);
  if (headerProblem) throw new ConnectionLookupError('usage', `--db-header (or ${DATABASE_HEADER_VARIABLE}): ${headerProblem}`);
  return {
    name: 'command line',
    baseUrl: base.url,
    ...(databaseHeader !== undefined ? { databaseHeader } : {}),
    protocol: 'json2',
    readOnly: false,
    production: false,
    allowInsecureHttp: false,
    ...(database !== undefined ? { database } : {}),
  };
}
