// The explorer's model filter: the input box that filters the tree as the person types, and what the view shows while
// a filter is on (its message and the context key of the Clear Filter button).
import * as vscode from 'vscode';
import type { ExplorerNode } from './explorerNodes';
import type { ExplorerTreeProvider } from './explorerTreeProvider';

const FILTER_CONTEXT = 'json2.explorer.filtering';

/** Asks for a filter; the tree follows each keystroke, and Escape puts the filter back as it was. Returns the filter. */
export async function askModelFilter(provider: ExplorerTreeProvider): Promise<string> {
  const input = vscode.window.createInputBox();
  input.title = vscode.l10n.t('Filter models');
  input.placeholder = vscode.l10n.t('Technical name or label, e.g. partner');
  input.value = provider.filter;
  const before = provider.filter;
  let accepted = false;
  input.onDidChangeValue((value) => provider.setFilter(value));
  const done = new Promise<void>((resolve) => {
    input.onDidAccept(() => {
      accepted = true;
      input.hide();
    });
    input.onDidHide(() => {
      if (!accepted) provider.setFilter(before);
      input.dispose();
      resolve();
    });
  });
  input.show();
  await done;
  return provider.filter;
}

/** Shows the filter in effect above the tree and sets the context key of the Clear Filter button. */
export function showModelFilter(view: vscode.TreeView<ExplorerNode>, filter: string): void {
  view.message = filter.trim() ? vscode.l10n.t('Models matching "{0}"', filter.trim()) : undefined;
  void vscode.commands.executeCommand('setContext', FILTER_CONTEXT, filter.trim() !== '');
}
