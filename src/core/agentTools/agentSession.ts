// The connections agent tools use: saved profiles, their clients (writes off unless allowed) and schema services.
import type { ProductionQuestion } from '../connections/callGuard';
import { ConnectionClient } from '../connections/connectionClient';
import { connectionSchemaBackend } from '../connections/connectionSchemaBackend';
import type { ConnectionProfile } from '../connections/connectionProfile';
import { SecretRedactor } from '../redaction/secretRedactor';
import type { OpenedConnection, RunSecrets, RunTransport } from '../requestRun/runPorts';
import { SchemaService } from '../schema/schemaService';

/**
 * The largest answer (in bytes, on the wire and decoded) the tools read from a server: far more than a model is ever
 * shown, small enough that parsing and cutting it stays in bounded memory. Larger answers are refused unread.
 */
export const AGENT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Where the connections come from: the editor's settings and secret storage, or what `json2 run` reads. */
export interface AgentConnectionSource {
  /** The saved connections, without secrets. */
  list(): Promise<readonly ConnectionProfile[]>;
  /**
   * A connection with its secret (undefined: the only one), asked at every use; throws, with a message that names no
   * secret, when there is none or when the connection may no longer be used (changed since it was pinned).
   */
  open(name: string | undefined): Promise<OpenedConnection>;
}

export interface AgentSessionOptions {
  readonly source: AgentConnectionSource;
  /** Whether tools may send methods outside the read-only list at all (the connection's own modes still apply). */
  readonly allowWrites: boolean;
  /** How a person allows writes, for the refusal's message (`start json2 mcp with --allow-writes`). */
  readonly allowWritesHint: string;
  /** Asks a person before a write on a production connection; absent: such writes are refused. */
  readonly confirm?: (question: Pick<ProductionQuestion, 'connection' | 'message'>) => Promise<boolean>;
  readonly userAgent?: string;
  /**
   * The schema service of a saved connection's configured database, where one is shared with other features (the
   * editor's explorer and completion, with their cache); absent: the session makes its own over its client.
   */
  readonly schemas?: (connectionName: string) => Promise<SchemaService>;
}

interface OpenClient {
  readonly opened: OpenedConnection;
  readonly client: ConnectionClient;
  /** The profile and secret the source gave, to tell whether a later answer of the source is the same connection. */
  readonly found: string;
  readonly secret: string;
  schema?: SchemaService;
}

/**
 * Opens each connection once, as the tools must see it: when writes are off every connection is treated as read-only,
 * so the core's own guard (the one requests and the tree use) refuses anything outside the read-only list before
 * sending. Knows every secret opened, for redacting what the tools return and log.
 */
export class AgentSession {
  /** Every secret opened so far: applied to every answer and log line. */
  readonly redactor = new SecretRedactor();
  readonly #options: AgentSessionOptions;
  readonly #clients = new Map<string, OpenClient>();
  /** Clients replaced because their connection changed: closed with the session (a call may still be using one). */
  readonly #retired: ConnectionClient[] = [];
  readonly #saved = new Map<string, ConnectionProfile>();

  constructor(options: AgentSessionOptions) {
    this.#options = options;
  }

  get allowWrites(): boolean {
    return this.#options.allowWrites;
  }

  get allowWritesHint(): string {
    return this.#options.allowWritesHint;
  }

  async profiles(): Promise<readonly ConnectionProfile[]> {
    return this.#options.source.list();
  }

  /** The connection's profile as the tools apply it (read-only when writes are off). */
  effectiveProfile(profile: ConnectionProfile): ConnectionProfile {
    return this.#options.allowWrites ? profile : { ...profile, readOnly: true };
  }

  /** Asks a person about a write on a production connection; false when nobody can be asked. */
  async confirm(question: Pick<ProductionQuestion, 'connection' | 'message'>): Promise<boolean> {
    return this.#options.confirm ? this.#options.confirm(question) : false;
  }

  /**
   * A guard's refusal as the agent should read it: on a connection that is read-only only because writes are off for
   * agents, the hint says how writes are allowed instead of how to edit the connection.
   */
  explainRefusal(message: string): string {
    if (this.#options.allowWrites) return message;
    const match = /^The connection "([^"]+)" is read-only: (.*? so it was not sent\.)/s.exec(message);
    if (!match || this.#saved.get(match[1].toLowerCase())?.readOnly) return message;
    return `Writes are off for agents: on the connection "${match[1]}", ${match[2]} ${this.#options.allowWritesHint}`;
  }

  /** The client of a connection (undefined: the only one). */
  async client(name: string | undefined): Promise<ConnectionClient> {
    return (await this.#open(name)).client;
  }

  /** The schema service of a connection's database. */
  async schema(name: string | undefined): Promise<SchemaService> {
    const open = await this.#open(name);
    // Opened first all the same: the name is resolved and the key's secret known to the redactor.
    if (this.#options.schemas) return this.#options.schemas(open.opened.profile.name);
    if (!open.schema) {
      const { client } = open;
      open.schema = new SchemaService({
        backend: connectionSchemaBackend(client),
        connectionId: `${client.profile.name}\u0000${client.profile.baseUrl}`,
        database: client.profile.database,
      });
    }
    return open.schema;
  }

  /** The request pipeline's secrets and transport, with the tools' profiles and clients. */
  runPorts(): { secrets: RunSecrets; transport: RunTransport } {
    const byOpened = new Map<OpenedConnection, ConnectionClient>();
    return {
      secrets: {
        connection: async (name) => {
          const open = await this.#open(name);
          byOpened.set(open.opened, open.client);
          return open.opened;
        },
      },
      transport: {
        client: (opened) => {
          const client = byOpened.get(opened);
          return client ? Promise.resolve(client) : Promise.reject(new Error(`no client for the connection "${opened.profile.name}"`));
        },
      },
    };
  }

  async close(): Promise<void> {
    const clients = [...[...this.#clients.values()].map((open) => open.client), ...this.#retired.splice(0)];
    this.#clients.clear();
    await Promise.all(clients.map((client) => client.close()));
  }

  /**
   * The connection's client. The source is asked at every use, not only the first: a source may refuse a connection
   * that changed since (`json2 mcp` pins each connection's address and safe modes when it starts), and a client is
   * only kept while the source gives the same profile and secret.
   */
  async #open(name: string | undefined): Promise<OpenClient> {
    const found = await this.#options.source.open(name);
    this.redactor.add(found.secret);
    const key = found.profile.name.toLowerCase();
    const profileText = JSON.stringify(found.profile);
    const known = this.#clients.get(key);
    if (known && known.found === profileText && known.secret === found.secret) return known;
    if (known) this.#retired.push(known.client);
    const opened: OpenedConnection = { profile: this.effectiveProfile(found.profile), secret: found.secret };
    const client = new ConnectionClient(opened.profile, found.secret, {
      transport: { maxResponseBytes: AGENT_MAX_ANSWER_BYTES },
      ...(this.#options.userAgent !== undefined ? { userAgent: this.#options.userAgent } : {}),
      ...(this.#options.confirm ? { confirm: this.#options.confirm } : {}),
    });
    this.#saved.set(key, found.profile);
    const open: OpenClient = { opened, client, found: profileText, secret: found.secret };
    this.#clients.set(key, open);
    return open;
  }
}
