// The explorer's nodes as plain data. Commands receive these objects: `connectionName`, and where it applies
// `database`, `model` and `field`, are plain properties (the database-management commands rely on them).
import type { FieldInfo, ModelInfo } from '../../core/schema/schemaTypes';

interface NodeBase {
  /** Stable over refreshes: VS Code keeps expansion and selection by it. */
  readonly id: string;
  readonly connectionName: string;
  readonly parent: ExplorerNode | undefined;
}

export interface ConnectionNode extends NodeBase {
  readonly kind: 'connection';
}

export interface DatabaseNode extends NodeBase {
  readonly kind: 'database';
  /** '' when no database is configured and the server's list is not available: the server picks it. */
  readonly database: string;
  readonly configured: boolean;
  readonly listRefused?: string;
}

export interface GroupNode extends NodeBase {
  readonly kind: 'group';
  readonly database: string;
  readonly group: string;
  models: readonly ModelInfo[];
}

export interface ModelNode extends NodeBase {
  readonly kind: 'model';
  readonly database: string;
  readonly model: string;
  info: ModelInfo;
}

export interface FieldNode extends NodeBase {
  readonly kind: 'field';
  readonly database: string;
  readonly model: string;
  readonly field: string;
  info: FieldInfo;
}

/** A failed or cancelled load, shown in place of the children of `retry`. */
export interface ErrorNode extends NodeBase {
  readonly kind: 'error';
  readonly database?: string;
  readonly model?: string;
  readonly message: string;
  readonly retry: ExplorerNode;
}

/** A line of explanation (no key yet, nothing matches the filter), with an optional command. */
export interface InfoNode extends NodeBase {
  readonly kind: 'info';
  readonly message: string;
  readonly command?: { readonly id: string; readonly args: readonly unknown[] };
}

export type ExplorerNode = ConnectionNode | DatabaseNode | GroupNode | ModelNode | FieldNode | ErrorNode | InfoNode;

/** The node's database, when it is under one. */
export function databaseOf(node: ExplorerNode): string | undefined {
  return 'database' in node ? node.database : undefined;
}
