// Wires the explorer view: the tree, refresh and retry, the model filter and grouping, the model and field actions and
// the custom-schema commands; a test API in test mode.
import * as vscode from 'vscode';
import type { ConnectionService } from '../connections/connectionService';
import type { LanguageFeature } from '../language/registerLanguage';
import { EXPLORER_COMMANDS, GROUPING_SETTING } from './explorerCommandIds';
import type { ExplorerNode } from './explorerNodes';
import { refreshExplorer } from './explorerRefresh';
import { ExplorerSchemas } from './explorerSchemas';
import { ExplorerTreeProvider } from './explorerTreeProvider';

export interface ExplorerTestApi {
  readonly provider: ExplorerTreeProvider;
  readonly view: vscode.TreeView<ExplorerNode>;
}

export interface ExplorerFeature extends vscode.Disposable {
  readonly testApi: ExplorerTestApi | undefined;
}

const FILTER_CONTEXT = 'json2.explorer.filtering';

export function registerExplorer(context: vscode.ExtensionContext, connections: ConnectionService, language: Pick<LanguageFeature, 'invalidate'> | undefined): ExplorerFeature {
  const schemas = new ExplorerSchemas(connections);
  const grouped = () => vscode.workspace.getConfiguration('json2').get<boolean>(GROUPING_SETTING, true);
  const provider = new ExplorerTreeProvider(connections, schemas, { grouped });
  const view = vscode.window.createTreeView('json2.explorer', { treeDataProvider: provider, showCollapseAll: true });
  const refreshDeps = { connections, schemas, provider, language };
  const refresh = (node?: ExplorerNode) => refreshExplorer(refreshDeps, node);

  const setFilter = (filter: string): void => {
    provider.setFilter(filter);
    view.message = filter.trim() ? vscode.l10n.t('Models matching "{0}"', filter.trim()) : undefined;
    void vscode.commands.executeCommand('setContext', FILTER_CONTEXT, filter.trim() !== '');
  };
  const askFilter = async (): Promise<string> => {
    const input = vscode.window.createInputBox();
    input.title = vscode.l10n.t('Filter models');
    input.placeholder = vscode.l10n.t('Technical name or label, e.g. partner');
    input.value = provider.filter;
    const before = provider.filter;
    let accepted = false;
    // The tree follows each keystroke; Escape puts the filter back as it was.
    input.onDidChangeValue((value) => setFilter(value));
    const done = new Promise<void>((resolve) => {
      input.onDidAccept(() => { accepted = true; input.hide(); });
      input.onDidHide(() => { if (!accepted) setFilter(before); input.dispose(); resolve(); });
    });
    input.show();
    await done;
    return provider.filter;
  };

  const disposables = vscode.Disposable.from(
    view, provider,
    connections.onDidChange(() => { schemas.clear(); provider.refresh(); }),
    vscode.workspace.onDidChangeConfiguration((event) => { if (event.affectsConfiguration(`json2.${GROUPING_SETTING}`)) provider.refresh(); }),
    vscode.commands.registerCommand(EXPLORER_COMMANDS.refresh, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(EXPLORER_COMMANDS.retry, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(EXPLORER_COMMANDS.filter, async (text?: unknown) => {
      if (typeof text === 'string') setFilter(text);
      else await askFilter();
      return provider.filter;
    }),
    vscode.commands.registerCommand(EXPLORER_COMMANDS.clearFilter, () => setFilter('')),
    vscode.commands.registerCommand(EXPLORER_COMMANDS.toggleGrouping, async () => {
      await vscode.workspace.getConfiguration('json2').update(GROUPING_SETTING, !grouped(), vscode.ConfigurationTarget.Global);
      return grouped();
    }),
  );
  const testApi = context.extensionMode === vscode.ExtensionMode.Test ? { provider, view } : undefined;
  return { testApi, dispose: () => disposables.dispose() };
}
