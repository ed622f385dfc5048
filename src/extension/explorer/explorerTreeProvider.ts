// The JSON-2 explorer view's data: connections → databases → (groups) → models → fields, loaded lazily through the
// schema service, each load cancellable and shown with progress; a failed load shows an error node to retry.
import * as vscode from 'vscode';
import { secretKindOf } from '../../core/connections/connectionProfile';
import { filterModels, groupModels, sortedFields } from '../../core/explorer/modelListing';
import type { ModelInfo } from '../../core/schema/schemaTypes';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import type { IdentityService } from '../identity/identityService';
import { connectionTooltip } from '../identity/identityTooltip';
import type { ExplorerSchemas } from './explorerSchemas';
import type { ConnectionNode, DatabaseNode, ExplorerNode, GroupNode, ModelNode } from './explorerNodes';
import { treeItemOf } from './explorerTreeItems';

/** After this long a load also shows a notification with a Cancel button. */
const SLOW_LOAD_MS = 1500;

export interface ExplorerTreeOptions {
  /** Whether models are grouped by the first segment of their name (the setting). */
  readonly grouped: () => boolean;
  /** Who each connection's key acts as: the connection node's tooltip. */
  readonly identities?: IdentityService;
}

export class ExplorerTreeProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  readonly #filterChanged = new vscode.EventEmitter<string>();
  /** Fires with the new filter whenever it changes (the view's message follows it). */
  readonly onDidChangeFilter = this.#filterChanged.event;
  /** The latest node object handed to VS Code for each id (refresh and reveal need the same object). */
  readonly #nodes = new Map<string, ExplorerNode>();
  readonly #loads = new Map<string, AbortController>();
  #filter = '';

  constructor(
    private readonly connections: ConnectionService,
    private readonly schemas: ExplorerSchemas,
    private readonly options: ExplorerTreeOptions,
  ) {}

  get filter(): string {
    return this.#filter;
  }

  setFilter(filter: string): void {
    if (filter === this.#filter) return;
    this.#filter = filter;
    this.#filterChanged.fire(filter);
    this.#changed.fire(undefined);
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    const item = treeItemOf(node, { filtering: this.#filter.trim() !== '' });
    const identity = node.kind === 'connection' ? this.options.identities?.known(node.connectionName) : undefined;
    if (identity) item.tooltip = connectionTooltip(node.connectionName, { identity, saved: this.connections.find(node.connectionName) });
    return item;
  }

  /** A connection node's tooltip on hover: who its key acts as, read then (left without one while nothing is read). */
  async resolveTreeItem(item: vscode.TreeItem, node: ExplorerNode): Promise<vscode.TreeItem> {
    if (node.kind !== 'connection' || item.tooltip !== undefined || !this.options.identities) return item;
    const name = node.connectionName;
    if (!(await this.connections.hasSecret(name))) {
      item.tooltip = connectionTooltip(name, { problem: vscode.l10n.t('No key for this connection yet.') });
      return item;
    }
    try {
      const identity = await this.options.identities.load(name);
      item.tooltip = connectionTooltip(name, { identity, saved: this.connections.find(name) });
    } catch (error) {
      item.tooltip = connectionTooltip(name, { problem: vscode.l10n.t('Who the key acts as could not be read: {0}', messageOf(error)) });
    }
    return item;
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }

  /** The node shown with this id, if VS Code has it. */
  nodeById(id: string): ExplorerNode | undefined {
    return this.#nodes.get(id);
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    const children = await this.#childrenOf(node);
    for (const child of children) this.#nodes.set(child.id, child);
    return children;
  }

  /** Shows a node's children again (all when no node), after cancelling its loads still running. */
  refresh(node?: ExplorerNode): void {
    const target = node?.kind === 'error' ? node.retry : node;
    for (const [id, controller] of this.#loads) {
      if (!target || id === target.id || id.startsWith(`${target.id}/`)) controller.abort();
    }
    this.#changed.fire(target && this.#nodes.get(target.id));
  }

  /**
   * The node of `model` in the database of `from`, with its parents as the tree shows them (for reveal); clears a
   * filter that hides it. Undefined when the database has no such model.
   */
  async modelNodeFor(from: ExplorerNode, model: string): Promise<ModelNode | undefined> {
    let database: ExplorerNode | undefined = from;
    while (database && database.kind !== 'database') database = database.parent;
    if (!database) return undefined;
    const models = await (await this.schemas.schema(database.connectionName, database.database)).models();
    const info = models.find((candidate) => candidate.model === model);
    if (!info) return undefined;
    if (filterModels([info], this.#filter).length === 0) this.setFilter('');
    const children = this.#modelChildren(database, models);
    for (const child of children) this.#nodes.set(child.id, child);
    const group = children.find((child) => child.kind === 'group' && child.models.includes(info));
    return group
      ? this.#modelNode(group as GroupNode, info)
      : children.find((child): child is ModelNode => child.kind === 'model' && child.model === model);
  }

  dispose(): void {
    for (const controller of this.#loads.values()) controller.abort();
    this.#filterChanged.dispose();
    this.#changed.dispose();
  }

  async #childrenOf(node: ExplorerNode | undefined): Promise<ExplorerNode[]> {
    if (!node) {
      return this.connections.list().map(
        (saved): ConnectionNode => ({
          kind: 'connection',
          id: `c/${saved.profile.name}`,
          connectionName: saved.profile.name,
          parent: undefined,
        }),
      );
    }
    switch (node.kind) {
      case 'connection':
        return this.#databaseChildren(node);
      case 'database': {
        if (!(await this.connections.hasSecret(node.connectionName))) return [this.#noKey(node)];
        return this.#load(node, vscode.l10n.t('Reading the models of {0}…', node.database || node.connectionName), async (signal) => {
          const models = await (await this.schemas.schema(node.connectionName, node.database)).models({ signal });
          return this.#modelChildren(node, models);
        });
      }
      case 'group':
        return node.models.map((info) => this.#modelNode(node, info));
      case 'model':
        return this.#fieldChildren(node);
      default:
        return [];
    }
  }

  #databaseChildren(node: ConnectionNode): Promise<ExplorerNode[]> {
    return this.#load(node, vscode.l10n.t('Listing the databases of {0}…', node.connectionName), async (signal) => {
      const listing = await this.schemas.databases(node.connectionName, signal);
      return listing.databases.map(
        (database): DatabaseNode => ({
          kind: 'database',
          id: `${node.id}/d/${database}`,
          connectionName: node.connectionName,
          parent: node,
          database,
          configured: database === listing.configured,
          ...(listing.listRefused ? { listRefused: listing.listRefused } : {}),
        }),
      );
    });
  }

  #fieldChildren(node: ModelNode): Promise<ExplorerNode[]> {
    return this.#load(node, vscode.l10n.t('Reading the fields of {0}…', node.model), async (signal) => {
      const fields = await (await this.schemas.schema(node.connectionName, node.database)).fields(node.model, { signal });
      return sortedFields(fields).map((info) => ({
        kind: 'field' as const,
        id: `${node.id}/f/${info.name}`,
        connectionName: node.connectionName,
        parent: node,
        database: node.database,
        model: node.model,
        field: info.name,
        info,
      }));
    });
  }

  #modelChildren(node: DatabaseNode, models: readonly ModelInfo[]): ExplorerNode[] {
    const shown = filterModels(models, this.#filter);
    if (shown.length === 0) {
      const message = this.#filter.trim() ? vscode.l10n.t('No model matches "{0}".', this.#filter) : vscode.l10n.t('No models.');
      return [{ kind: 'info', id: `${node.id}/empty`, connectionName: node.connectionName, parent: node, message }];
    }
    if (!this.options.grouped()) return shown.map((info) => this.#modelNode(node, info));
    // The filter is in the group's id so that groups open when a filter is typed and keep the person's state otherwise.
    const suffix = this.#filter.trim() ? `?${this.#filter.trim()}` : '';
    return groupModels(shown).map((group) => ({
      kind: 'group' as const,
      id: `${node.id}/g/${group.name}${suffix}`,
      connectionName: node.connectionName,
      parent: node,
      database: node.database,
      group: group.name,
      models: group.models,
    }));
  }

  #modelNode(parent: ExplorerNode & { database: string }, info: ModelInfo): ModelNode {
    const databaseId = parent.kind === 'database' ? parent.id : (parent.parent as ExplorerNode).id;
    return {
      kind: 'model',
      id: `${databaseId}/m/${info.model}`,
      connectionName: parent.connectionName,
      parent,
      database: parent.database,
      model: info.model,
      info,
    };
  }

  #noKey(node: DatabaseNode): ExplorerNode {
    return {
      kind: 'info',
      id: `${node.id}/nokey`,
      connectionName: node.connectionName,
      parent: node,
      message: this.#needsPassword(node.connectionName)
        ? vscode.l10n.t('No password or key for this connection yet: click to set it.')
        : vscode.l10n.t('No key for this connection yet: click to set it.'),
      command: { id: CommandIds.updateApiKey, args: [node.connectionName] },
    };
  }

  #needsPassword(connectionName: string): boolean {
    const saved = this.connections.find(connectionName);
    return saved !== undefined && secretKindOf(saved.profile) === 'password';
  }

  /** Runs a load with the view's progress bar, a cancellable notification when slow, and an error node on failure. */
  async #load(node: ExplorerNode, title: string, load: (signal: AbortSignal) => Promise<ExplorerNode[]>): Promise<ExplorerNode[]> {
    this.#loads.get(node.id)?.abort();
    const controller = new AbortController();
    this.#loads.set(node.id, controller);
    const slowNotice = setTimeout(() => {
      if (controller.signal.aborted) return;
      void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        return new Promise<void>((resolve) => {
          if (this.#loads.get(node.id) !== controller) return resolve();
          controller.signal.addEventListener('abort', () => resolve());
          void running.finally(resolve);
        });
      });
    }, SLOW_LOAD_MS);
    const running = Promise.resolve(vscode.window.withProgress({ location: { viewId: 'json2.explorer' } }, () => load(controller.signal)));
    try {
      return await running;
    } catch (error) {
      const cancelled = controller.signal.aborted || (error as { kind?: string }).kind === 'cancelled';
      const message = cancelled ? vscode.l10n.t('Loading was cancelled: click to try again.') : messageOf(error);
      return [
        {
          kind: 'error',
          id: `${node.id}/error`,
          connectionName: node.connectionName,
          parent: node,
          message,
          retry: node,
          ...('database' in node ? { database: node.database } : {}),
          ...('model' in node ? { model: node.model } : {}),
        },
      ];
    } finally {
      clearTimeout(slowNotice);
      if (this.#loads.get(node.id) === controller) this.#loads.delete(node.id);
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
