// Walks the explorer tree for the explorer suites: children through the real tree provider, tree items as VS Code
// gets them. No tests here.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { ExplorerNode } from '../../../src/extension/explorer/explorerNodes';

export async function explorerApi(): Promise<Json2TestApi & { explorer: NonNullable<Json2TestApi['explorer']> }> {
  const api = await vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer')?.activate();
  assert.ok(api?.explorer, 'the extension hands out the explorer in test mode');
  return api as Json2TestApi & { explorer: NonNullable<Json2TestApi['explorer']> };
}

export class TreeWalker {
  constructor(private readonly api: Json2TestApi & { explorer: NonNullable<Json2TestApi['explorer']> }) {}

  children(node?: ExplorerNode): Promise<ExplorerNode[]> {
    return this.api.explorer.provider.getChildren(node);
  }

  item(node: ExplorerNode): vscode.TreeItem {
    return this.api.explorer.provider.getTreeItem(node);
  }

  /** The child whose tree item has this label; fails listing the labels there are. */
  async child(parent: ExplorerNode | undefined, label: string): Promise<ExplorerNode> {
    const children = await this.children(parent);
    const found = children.find((node) => this.item(node).label === label);
    assert.ok(
      found,
      `"${label}" under ${parent ? String(this.item(parent).label) : 'the root'}; there are: ${children
        .map((node) => String(this.item(node).label))
        .slice(0, 40)
        .join(', ')}`,
    );
    return found;
  }

  /** Follows labels from the root. */
  async path(...labels: string[]): Promise<ExplorerNode> {
    let node: ExplorerNode | undefined;
    for (const label of labels) node = await this.child(node, label);
    assert.ok(node);
    return node;
  }

  /** The fields of a model node, by name. */
  async fields(model: ExplorerNode): Promise<Map<string, vscode.TreeItem>> {
    const children = await this.children(model);
    return new Map(children.map((node) => [String(this.item(node).label), this.item(node)]));
  }
}
