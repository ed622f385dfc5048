// Refresh of the explorer: forgets the cached schema under a node (shared by the tree and the language features) and
// shows the node again. Without a node it does so for the whole tree.
import type { ConnectionService } from '../connections/connectionService';
import type { LanguageFeature } from '../language/registerLanguage';
import type { ExplorerNode } from './explorerNodes';
import type { ExplorerSchemas } from './explorerSchemas';
import type { ExplorerTreeProvider } from './explorerTreeProvider';

export interface ExplorerRefreshDeps {
  readonly connections: ConnectionService;
  readonly schemas: ExplorerSchemas;
  readonly provider: ExplorerTreeProvider;
  readonly language: Pick<LanguageFeature, 'recheck'> | undefined;
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
  // The schema services are shared with the language features: invalidated once here, the open files checked again
  // when the configured database (the one they read) was among those refreshed.
  if (!target) {
    await schemas.invalidate();
    language?.recheck();
  } else if (target.kind === 'connection') {
    await schemas.invalidate(target.connectionName);
    language?.recheck();
  } else if (target.kind === 'database' || target.kind === 'model') {
    await schemas.invalidate(target.connectionName, target.database, target.kind === 'model' ? target.model : undefined);
    const configured = deps.connections.find(target.connectionName)?.profile.database ?? '';
    if (configured === target.database) language?.recheck();
  }
  deps.provider.refresh(target);
}
