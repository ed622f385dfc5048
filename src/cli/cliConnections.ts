// The connections a run uses: found once per folder and name, each with its own keep-alive client; keys stay inside.
import path from 'node:path';
import { Json2Client, userAgentOf } from '../core/client/json2Client';
import { loadCliConnections, resolveCliConnection } from '../core/connections/cliConnectionResolver';
import type { ConnectionProfile } from '../core/connections/connectionProfile';
import { SecretRedactor } from '../core/redaction/secretRedactor';
import { cliVersion } from './cliVersion';
import type { RunOptions } from './runOptions';

/** A connection ready for requests: its profile (no secrets) and a client holding its key. */
export interface OpenConnection {
  readonly profile: ConnectionProfile;
  readonly client: Json2Client;
}

/**
 * Opens connections on demand for the files of a run. The command line's --url or --connection wins over a file's
 * `# @connection`; without either, the file's choice is used, else the only saved connection.
 */
export class CliConnections {
  readonly #open = new Map<string, OpenConnection>();
  /** Knows every key opened so far: the last filter on everything the run prints or writes. */
  readonly redactor = new SecretRedactor();

  constructor(
    private readonly options: RunOptions,
    private readonly env: Readonly<Record<string, string | undefined>>,
    private readonly warn: (message: string) => void,
  ) {}

  /** The connection for a request of `file` whose own choice (or the file's) is `requested`. Throws ConnectionLookupError. */
  open(file: string, requested: string | undefined): OpenConnection {
    const cwd = path.dirname(path.resolve(file));
    const name = this.options.url !== undefined ? undefined : this.options.connection ?? requested;
    const cacheKey = this.options.url !== undefined ? 'url' : `${this.options.connectionsFile ?? cwd}\n${name ?? ''}`;
    const known = this.#open.get(cacheKey);
    if (known) return known;
    const found = resolveCliConnection({
      cwd,
      ...(this.options.connectionsFile !== undefined ? { connectionsFile: this.options.connectionsFile } : {}),
      ...(name !== undefined ? { connectionName: name } : {}),
      ...(this.options.url !== undefined ? { url: this.options.url } : {}),
      ...(this.options.database !== undefined ? { database: this.options.database } : {}),
      ...(this.options.keyFile !== undefined ? { keyFile: this.options.keyFile } : {}),
      env: this.env,
    });
    this.redactor.add(found.secret.secret);
    for (const warning of found.secret.warnings) this.warn(warning);
    const { profile } = found;
    const client = new Json2Client({
      baseUrl: profile.baseUrl,
      apiKey: found.secret.secret,
      ...(profile.database !== undefined ? { database: profile.database } : {}),
      databaseHeader: profile.databaseHeader,
      allowInsecureHttp: profile.allowInsecureHttp,
      userAgent: userAgentOf('json2-cli', cliVersion()),
    });
    const opened = { profile, client };
    this.#open.set(cacheKey, opened);
    return opened;
  }

  /** Names of every variable the saved connections of a file's folder define (to check `{{names}}` before running). */
  variableNames(file: string): string[] {
    if (this.options.url !== undefined) return [];
    try {
      const source = loadCliConnections({ cwd: path.dirname(path.resolve(file)), ...(this.options.connectionsFile !== undefined ? { connectionsFile: this.options.connectionsFile } : {}) });
      return (source?.connections ?? []).flatMap((connection) => Object.keys(connection.profile.variables ?? {}));
    } catch {
      // An unreadable connections file is reported when a request needs it.
      return [];
    }
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#open.values()].map((connection) => connection.client.close()));
    this.#open.clear();
  }
}
