// The JSON-2 explorer view: connections → databases → models → fields. Until connections exist it is empty,
// which lets VS Code show the view's welcome content.
import * as vscode from 'vscode';

export type ExplorerNode = vscode.TreeItem;

export class ExplorerTreeProvider implements vscode.TreeDataProvider<ExplorerNode> {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    return node;
  }

  getChildren(): ExplorerNode[] {
    return [];
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerExplorerView(): vscode.Disposable {
  const provider = new ExplorerTreeProvider();
  const view = vscode.window.createTreeView('json2.explorer', { treeDataProvider: provider, showCollapseAll: true });
  return vscode.Disposable.from(view, provider);
}
