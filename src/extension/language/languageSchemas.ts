// Finds the schema source of a json2 document: its connection's schema service (shared with the explorer), else the notes' table.
import * as vscode from 'vscode';
import type { SchemaSource } from '../../core/language';
import type { RequestFile } from '../../core/requestFile';
import type { SchemaService } from '../../core/schema/schemaService';
import type { ConnectionService } from '../connections/connectionService';
import type { SchemaServices } from '../schema/schemaServices';

/** The language logic and the schema service, loaded on first use so that activation stays cheap. */
export const loadLanguage = () => import('../../core/language/index.js');

interface Entry {
  readonly profileKey: string;
  readonly service: Promise<SchemaService | undefined>;
  source?: SchemaSource;
}

/** The schema source of each connection's configured database, kept until the connection (or its key) changes. */
export class LanguageSchemas implements vscode.Disposable {
  readonly #entries = new Map<string, Entry>();
  readonly #subscription: vscode.Disposable;
  #table: SchemaSource | undefined;

  constructor(
    private readonly connections: ConnectionService,
    private readonly services: SchemaServices,
  ) {
    this.#subscription = connections.onDidChange(() => this.#entries.clear());
  }

  /** The connection name a request of the file uses: its own `# @connection`, the file's, else the active one. */
  connectionName(file: RequestFile, requestIndex?: number): string | undefined {
    return this.connections.forRequest(file, requestIndex)?.profile.name;
  }

  /**
   * The source for a connection; the notes' table when there is none, it has no key yet, or the workspace is not
   * trusted (opening a workspace's file must not make the editor call a server).
   */
  async source(name: string | undefined): Promise<SchemaSource> {
    const language = await loadLanguage();
    const saved = name === undefined || !vscode.workspace.isTrusted ? undefined : this.connections.find(name);
    if (!saved) return (this.#table ??= new language.TableSchemaSource());
    const profileKey = JSON.stringify(saved.profile);
    let entry = this.#entries.get(saved.profile.name);
    // The secret storage is asked only when no service exists yet: entries are dropped whenever a key changes.
    if (!entry || entry.profileKey !== profileKey) {
      if (!(await this.connections.hasSecret(saved.profile.name))) return (this.#table ??= new language.TableSchemaSource());
      entry = { profileKey, service: this.#createService(saved.profile.name) };
      this.#entries.set(saved.profile.name, entry);
    }
    const service = await entry.service;
    if (!service) return (this.#table ??= new language.TableSchemaSource());
    entry.source ??= new language.ServiceSchemaSource(service, {
      call: (model, method, args, options) => this.#backendCall(saved.profile.name, model, method, args, options?.signal),
    });
    return entry.source;
  }

  /** Forgets the cached schema of a connection (or of all), e.g. after the tree's refresh or a schema change. */
  async invalidate(name?: string, model?: string): Promise<void> {
    for (const [key, entry] of this.#entries) {
      if (name !== undefined && key !== name) continue;
      await (await entry.service)?.invalidate(model);
    }
    const database = name === undefined ? undefined : (this.connections.find(name)?.profile.database ?? '');
    this.services.announceInvalidated({ connectionName: name, database });
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#entries.clear();
  }

  async #backendCall<T>(
    name: string,
    model: string,
    method: string,
    args: Readonly<Record<string, unknown>> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const client = await this.connections.client(name);
    return client.call<T>({ model, method, args }, signal);
  }

  async #createService(name: string): Promise<SchemaService | undefined> {
    try {
      return await this.services.service(name);
    } catch {
      return undefined;
    }
  }
}
