// The explorer's data: the databases of each connection, and the schema service of each database (from the services
// shared with the language features).
import type { ConnectionClient } from '../../core/connections/connectionClient';
import type { SchemaService } from '../../core/schema/schemaService';
import type { ConnectionService } from '../connections/connectionService';
import type { InvalidatedSchemas, SchemaServices } from '../schema/schemaServices';
import type * as vscode from 'vscode';

/** The databases a connection shows: the server's list when it gives one, else the configured database. */
export interface DatabaseListing {
  readonly databases: readonly string[];
  /** The configured database ('' when none is configured and the server picks it). */
  readonly configured: string;
  /** Why the server's list was not used (listing disabled, deprecated protocol), for the tooltip. */
  readonly listRefused?: string;
}

export class ExplorerSchemas {
  constructor(
    private readonly connections: ConnectionService,
    private readonly services: SchemaServices,
  ) {}

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
    const manager = new DatabaseManagerClient({
      baseUrl: saved.profile.baseUrl,
      masterPassword: '',
      allowInsecureHttp: saved.profile.allowInsecureHttp,
    });
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

  /** The schema service of a connection's database (shared by every node under it, and with the language features). */
  schema(connectionName: string, database: string): Promise<SchemaService> {
    return this.services.service(connectionName, database);
  }

  /** Fires after a refresh forgot cached schemas. */
  get onDidInvalidate(): vscode.Event<InvalidatedSchemas> {
    return this.services.onDidInvalidate;
  }

  /** Forgets cached schemas: of one model, one database, one connection, or all. */
  invalidate(connectionName?: string, database?: string, model?: string): Promise<void> {
    return this.services.invalidate(connectionName, database, model);
  }
}
