// One schema service per connection and database, shared by the explorer and the language features, so that a schema
// is fetched once for both and one refresh forgets it for both. Services are persisted in the extension's storage
// (a new session answers from the last one's cache, revalidated with ETags) and replaced when the connection or its
// key changes.
import * as vscode from 'vscode';
import type { ConnectionClient } from '../../core/connections/connectionClient';
import type { SchemaBackend, SchemaService } from '../../core/schema/schemaService';
import type { ConnectionService } from '../connections/connectionService';

interface Entry {
  readonly client: ConnectionClient;
  readonly service: Promise<SchemaService>;
}

/** What a refresh forgot: one connection's database, all of a connection's, or (both undefined) every schema. */
export interface InvalidatedSchemas {
  readonly connectionName: string | undefined;
  readonly database: string | undefined;
}

export class SchemaServices implements vscode.Disposable {
  readonly #entries = new Map<string, Entry>();
  readonly #subscription: vscode.Disposable;
  readonly #invalidated = new vscode.EventEmitter<InvalidatedSchemas>();
  /** Fires after a refresh forgot cached schemas (the next reads ask the server). */
  readonly onDidInvalidate = this.#invalidated.event;

  constructor(
    private readonly connections: ConnectionService,
    private readonly storageFolder: vscode.Uri | undefined,
  ) {
    this.#subscription = connections.onDidChange(() => this.#entries.clear());
  }

  /**
   * The service of a connection's database (`database` omitted: the configured one). Rejects as the connection's
   * client does (no such connection, no key stored yet).
   */
  async service(connectionName: string, database?: string): Promise<SchemaService> {
    const client = await this.connections.client(connectionName, database);
    const chosen = database ?? client.profile.database ?? '';
    const key = `${client.profile.name}\u0000${chosen}`;
    const known = this.#entries.get(key);
    // A new client means the connection or its key changed: the service of the old one is dropped.
    if (known && known.client === client) return known.service;
    const service = this.#create(client, chosen);
    this.#entries.set(key, { client, service });
    service.catch(() => {
      if (this.#entries.get(key)?.service === service) this.#entries.delete(key);
    });
    return service;
  }

  /** Forgets cached schemas: of one model, one database, one connection, or all. */
  async invalidate(connectionName?: string, database?: string, model?: string): Promise<void> {
    for (const [key, entry] of this.#entries) {
      const [name, db] = key.split('\u0000');
      if (connectionName !== undefined && name.toLowerCase() !== connectionName.toLowerCase()) continue;
      if (database !== undefined && db !== database) continue;
      const service = await entry.service.catch(() => undefined);
      await service?.invalidate(model);
    }
    this.announceInvalidated({ connectionName, database });
  }

  /** Tells the listeners that cached schemas were forgotten by a holder of the services (the language features). */
  announceInvalidated(invalidated: InvalidatedSchemas): void {
    this.#invalidated.fire(invalidated);
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#invalidated.dispose();
    this.#entries.clear();
  }

  async #create(client: ConnectionClient, database: string): Promise<SchemaService> {
    const [{ SchemaService }, { FileSchemaStorage }, { connectionSchemaBackend }] = await Promise.all([
      import('../../core/schema/schemaService.js'),
      import('../../core/schema/schemaStorage.js'),
      import('../../core/connections/connectionSchemaBackend.js'),
    ]);
    const backend: SchemaBackend = connectionSchemaBackend(client);
    const storage = this.storageFolder ? new FileSchemaStorage(vscode.Uri.joinPath(this.storageFolder, 'schemas').fsPath) : undefined;
    const service = new SchemaService({
      backend,
      connectionId: `${client.profile.name}\u0000${client.profile.baseUrl}`,
      database: database === '' ? undefined : database,
      ...(storage ? { storage } : {}),
    });
    await service.restore().catch(() => undefined);
    return service;
  }
}
