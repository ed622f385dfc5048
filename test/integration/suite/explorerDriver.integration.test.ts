// Walks the explorer tree for the explorer suites: children through the real tree provider, tree items as VS Code
// gets them, and a connection with a sandbox key set through the real Update API Key flow. No tests here.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { ExplorerNode } from '../../../src/extension/explorer/explorerNodes';
import { connectionSetting, eventually, setConnectionSetting, start, StepRecorder } from './connectionsDriver.integration.test';

export async function explorerApi(): Promise<Json2TestApi & { explorer: NonNullable<Json2TestApi['explorer']> }> {
  const api = await vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer')?.activate();
  assert.ok(api?.explorer, 'the extension hands out the explorer in test mode');
  return api as Json2TestApi & { explorer: NonNullable<Json2TestApi['explorer']> };
}

/** Adds (or replaces) a user-level connection and stores its key through `Update API Key`. */
export async function addConnection(api: Json2TestApi, entry: { name: string; baseUrl: string; database?: string }, key: string): Promise<void> {
  const others = connectionSetting('user').filter((saved) => (saved as { name?: string }).name !== entry.name);
  await setConnectionSetting('user', [...others, entry]);
  await eventually(() => api.connections.service.find(entry.name) !== undefined, `the connection ${entry.name} in the list`);
  const recorder = new StepRecorder(api.connections);
  try {
    api.connections.inputs.preset({ apiKey: key });
    const done = start(recorder, 'json2.updateApiKey', entry.name);
    await recorder.accept('apiKey');
    await done;
  } finally {
    recorder.dispose();
  }
  await eventually(() => api.connections.service.hasSecret(entry.name), `the key of ${entry.name} in the secret storage`);
}

export async function removeConnections(names: readonly string[]): Promise<void> {
  const others = connectionSetting('user').filter((saved) => !names.includes((saved as { name?: string }).name ?? ''));
  await setConnectionSetting('user', others.length ? others : undefined);
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
    assert.ok(found, `"${label}" under ${parent ? String(this.item(parent).label) : 'the root'}; there are: ${children.map((node) => String(this.item(node).label)).slice(0, 40).join(', ')}`);
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
