// The node an explorer command works on: the one it was given (a context menu), else the view's selected node of the
// kinds it takes; without one, a hint says what to pick.
import * as vscode from 'vscode';
import type { ExplorerNode } from './explorerNodes';

type NodeOf<K extends ExplorerNode['kind']> = Extract<ExplorerNode, { kind: K }>;

/** A command handler that runs `run` on the node of kind `kind` (given, else selected), or only shows the hint. */
export function onNodeOf<K extends ExplorerNode['kind']>(view: vscode.TreeView<ExplorerNode>, kind: K) {
  return <T>(run: (node: NodeOf<K>) => Promise<T>) =>
    async (node?: unknown): Promise<T | undefined> => {
      const candidate = (node ?? view.selection[0]) as ExplorerNode | undefined;
      if (candidate && candidate.kind === kind) return run(candidate as NodeOf<K>);
      void vscode.window.showInformationMessage(vscode.l10n.t('Pick a {0} in the JSON-2 view first.', kind));
      return undefined;
    };
}
