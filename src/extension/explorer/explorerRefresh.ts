// Refresh of the explorer: forgets the cached schema under a node (the tree's and the language features') and shows the
// node again. Without a node it does so for the whole tree.
import type { ConnectionService } from '../connections/connectionService';
import type { LanguageFeature } from '../language/registerLanguage';
import type { ExplorerNode } from './explorerNodes';
import type { ExplorerSchemas } from './explorerSchemas';
import type { ExplorerTreeProvider } from './explorerTreeProvider';

export interface ExplorerRefreshDeps {
  readonly connections: ConnectionService;
  readonly schemas: ExplorerSchemas;
  readonly provider: ExplorerTreeProvider;
  readonly language: Pick<LanguageFeature, 'invalidate'> | undefined;
}

/** The node whose children are read again: a group's list is its database's, a field is its model's. */
export function refreshTargetOf(node: ExplorerNode | undefined): ExplorerNode | undefined {
  if (!node) return undefined;
  if (node.kind === 'error') return node.retry;
  if (node.kind === 'info' || node.kind === 'group') return refreshTargetOf(node.parent);
  if (node.kind === 'field') return node.parent;
  return node;
}

export async function refreshExplorer(deps: ExplorerRefreshDeps, node?: ExplorerNode): Promise<void> {
  const target = refreshTargetOf(node);
  const { schemas, language } = deps;
  if (!target) {
    await schemas.invalidate();
    await language?.invalidate();
  } else if (target.kind === 'connection') {
    await schemas.invalidate(target.connectionName);
    await language?.invalidate(target.connectionName);
  } else if (target.kind === 'database' || target.kind === 'model') {
    const model = target.kind === 'model' ? target.model : undefined;
    await schemas.invalidate(target.connectionName, target.database, model);
    // The language features read the configured database only.
    const configured = deps.connections.find(target.connectionName)?.profile.database ?? '';
    if (configured === target.database) await language?.invalidate(target.connectionName, model);
  }
  deps.provider.refresh(target);
}
