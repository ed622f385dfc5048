// The connections a run uses: found once per folder and name with their secret, each with its own keep-alive client.
import path from 'node:path';
import { userAgentOf } from '../core/client/userAgent';
import { resolveCliConnection } from '../core/connections/cliConnectionResolver';
import { ConnectionClient } from '../core/connections/connectionClient';
import { ConnectionPins } from '../core/connections/connectionPins';
import { SecretRedactor } from '../core/redaction/secretRedactor';
import type { OpenedConnection, RunSecrets, RunTransport } from '../core/requestRun/runPorts';
import { cliVersion } from './cliVersion';
import type { RunOptions } from './runOptions';

/**
 * The pipeline's secrets and transport for `json2 run`. A request's connection is the one `--url` gives, else the one
 * the pipeline chose (`--connection`, the request's or the file's `# @connection`), else the only saved one; its
 * secret comes from the environment or `--key-file`, and its client speaks the connection's interface. The saved
 * connections are pinned when a folder's files are checked, before anything is sent (`ConnectionPins`).
 */
export class CliConnections {
  readonly #open = new Map<string, OpenedConnection>();
  readonly #pins = new Map<string, ConnectionPins>();
  readonly #clients = new Map<OpenedConnection, ConnectionClient>();
  /** Knows every secret opened so far: the last filter on everything the run prints or writes. */
  readonly redactor = new SecretRedactor();
  /** Clients per connection, closed by `closeAll`. */
  readonly transport: RunTransport = { client: (connection) => Promise.resolve(this.#clientOf(connection)) };

  constructor(
    private readonly options: RunOptions,
    private readonly env: Readonly<Record<string, string | undefined>>,
    private readonly warn: (message: string) => void,
  ) {}

  /** The secrets port for the requests of `file` (its folder's `.vscode/settings.json` names its connections). */
  secretsFor(file: string): RunSecrets {
    return { connection: (name) => Promise.resolve(this.open(file, name)) };
  }

  /** The connection `name` (undefined: the only one) for a request of `file`, with its secret. Throws ConnectionLookupError. */
  open(file: string, name: string | undefined): OpenedConnection {
    const cwd = path.dirname(path.resolve(file));
    const cacheKey = this.options.url !== undefined ? 'url' : `${this.options.connectionsFile ?? cwd}\n${name ?? ''}`;
    const known = this.#open.get(cacheKey);
    if (known) return known;
    const pins = this.options.url === undefined ? this.#pinsOf(cwd) : undefined;
    const found = resolveCliConnection({
      cwd,
      ...(pins ? { pinned: { source: pins.verified(name) } } : {}),
      ...(this.options.connectionsFile !== undefined ? { connectionsFile: this.options.connectionsFile } : {}),
      ...(this.options.url === undefined && name !== undefined ? { connectionName: name } : {}),
      ...(this.options.url !== undefined ? { url: this.options.url } : {}),
      ...(this.options.database !== undefined ? { database: this.options.database } : {}),
      ...(this.options.databaseHeader !== undefined ? { databaseHeader: this.options.databaseHeader } : {}),
      ...(this.options.keyFile !== undefined ? { keyFile: this.options.keyFile } : {}),
      env: this.env,
    });
    this.redactor.add(found.secret.secret);
    for (const warning of found.secret.warnings) this.warn(warning);
    const opened = { profile: found.profile, secret: found.secret.secret };
    this.#open.set(cacheKey, opened);
    return opened;
  }

  /** Names of every variable the saved connections of a file's folder define (to check `{{names}}` before running). */
  variableNames(file: string): string[] {
    if (this.options.url !== undefined) return [];
    try {
      const source = this.#pinsOf(path.dirname(path.resolve(file))).pinned();
      return (source?.connections ?? []).flatMap((connection) => Object.keys(connection.profile.variables ?? {}));
    } catch {
      // An unreadable connections file is reported when a request needs it.
      return [];
    }
  }

  /** The connections of a folder (or of the --connections file) as read the first time the run looked at them. */
  #pinsOf(cwd: string): ConnectionPins {
    const place = this.options.connectionsFile ?? cwd;
    let pins = this.#pins.get(place);
    if (!pins) {
      pins = new ConnectionPins(
        { cwd, ...(this.options.connectionsFile !== undefined ? { connectionsFile: this.options.connectionsFile } : {}) },
        'json2 run',
      );
      this.#pins.set(place, pins);
    }
    return pins;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#clients.values()].map((client) => client.close()));
    this.#clients.clear();
    this.#open.clear();
  }

  #clientOf(connection: OpenedConnection): ConnectionClient {
    let client = this.#clients.get(connection);
    if (!client) {
      client = new ConnectionClient(connection.profile, connection.secret, { userAgent: userAgentOf('json2-cli', cliVersion()) });
      this.#clients.set(connection, client);
    }
    return client;
  }
}
