// The explorer's data: the databases of each connection and one schema service per connection and database, created
// on first use and kept until the connection (or its key) changes.
import type { ConnectionClient } from '../../core/connections/connectionClient';
import type { SchemaService } from '../../core/schema/schemaService';
import type { ConnectionService } from '../connections/connectionService';

/** The databases a connection shows: the server's list when it gives one, else the configured database. */
export interface DatabaseListing {
  readonly databases: readonly string[];
  /** The configured database ('' when none is configured and the server picks it). */
  readonly configured: string;
  /** Why the server's list was not used (listing disabled, deprecated protocol), for the tooltip. */
  readonly listRefused?: string;
}

export class ExplorerSchemas {
  readonly #services = new Map<string, { client: ConnectionClient; service: SchemaService }>();

  constructor(private readonly connections: ConnectionService) {}

  /** A client of the connection bound to `database`. */
  client(connectionName: string, database: string): Promise<ConnectionClient> {
    return this.connections.client(connectionName, database);
  }

  async databases(connectionName: string, signal?: AbortSignal): Promise<DatabaseListing> {
    const saved = this.connections.find(connectionName);
    if (!saved) throw new Error(`No connection named "${connectionName}".`);
    const configured = saved.profile.database ?? '';
    const { DatabaseManagerClient } = await import('../../core/client/databaseManagerClient.js');
    // The list needs no master password; the manager client redacts nothing when given none.
    const manager = new DatabaseManagerClient({ baseUrl: saved.profile.baseUrl, masterPassword: '', allowInsecureHttp: saved.profile.allowInsecureHttp });
    try {
      const listed = await manager.list(signal);
      const databases = [...new Set([...listed, ...(configured ? [configured] : [])])].sort((a, b) => a.localeCompare(b));
      return { databases: databases.length > 0 ? databases : [configured], configured };
    } catch (error) {
      if ((error as { kind?: string }).kind === 'cancelled' || signal?.aborted) throw error;
      return { databases: [configured], configured, listRefused: (error as Error).message };
    } finally {
      await manager.close().catch(() => undefined);
    }
  }

  /** The schema service of a connection's database (shared by every node under it). */
  async schema(connectionName: string, database: string): Promise<SchemaService> {
    const client = await this.client(connectionName, database);
    const key = `${client.profile.name}\u0000${database}`;
    const known = this.#services.get(key);
    // A new client means the connection or its key changed: the old one is closed.
    if (known && known.client === client) return known.service;
    const [{ SchemaService }, { ClientError }] = await Promise.all([import('../../core/schema/schemaService.js'), import('../../core/client/clientErrors.js')]);
    const json2 = client.json2;
    const service = new SchemaService({
      connectionId: `${client.profile.name}\u0000${client.profile.baseUrl}`,
      database: database === '' ? undefined : database,
      backend: {
        // The deprecated interfaces have no schema documents: the service then reads ir.model and fields_get.
        getDocument: json2 ? (path, options) => json2.getDocument(path, options) : () => Promise.reject(new ClientError('access', 'no schema documents over the deprecated interfaces')),
        call: (model, method, args, options) => client.call({ model, method, args }, options?.signal),
      },
    });
    this.#services.set(key, { client, service });
    return service;
  }

  /** Forgets cached schemas: of one model, one database, one connection, or all. */
  async invalidate(connectionName?: string, database?: string, model?: string): Promise<void> {
    for (const [key, entry] of this.#services) {
      const [name, db] = key.split('\u0000');
      if (connectionName !== undefined && name.toLowerCase() !== connectionName.toLowerCase()) continue;
      if (database !== undefined && db !== database) continue;
      await entry.service.invalidate(model);
    }
  }

  /** Drops every service (connections or keys changed). */
  clear(): void {
    this.#services.clear();
  }
}
