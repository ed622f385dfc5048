// Wires the explorer view: the tree, refresh and retry, the model filter and grouping, the model and field actions and
// the custom-schema commands; a test API in test mode.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import { type InputAutomation, QuickInputPort } from '../connections/quickInputPort';
import type { LanguageFeature } from '../language/registerLanguage';
import type { SchemaServices } from '../schema/schemaServices';
import { GROUPING_SETTING } from './explorerSettings';
import { addCustomField, createCustomModelOn } from './customSchemaCommands';
import { askModelFilter, showModelFilter } from './explorerFilter';
import type { ExplorerNode } from './explorerNodes';
import { onNodeOf } from './explorerSelection';
import { copyFieldName, goToRelatedModel, insertFieldName } from './fieldActions';
import { ModelActions } from './modelActions';
import { refreshExplorer } from './explorerRefresh';
import { ExplorerSchemas } from './explorerSchemas';
import { ExplorerTreeProvider } from './explorerTreeProvider';

export interface ExplorerTestApi {
  readonly provider: ExplorerTreeProvider;
  readonly view: vscode.TreeView<ExplorerNode>;
  /** The addresses the explorer opened in the browser; in test mode they are recorded here, no browser is started. */
  readonly openedUrls: readonly string[];
}

export interface ExplorerFeature extends vscode.Disposable {
  readonly testApi: ExplorerTestApi | undefined;
}

export interface ExplorerDeps {
  readonly connections: ConnectionService;
  readonly language: Pick<LanguageFeature, 'recheck'> | undefined;
  /** The schema services, shared with the language features. */
  readonly schemaServices: SchemaServices;
  /** The connections' input automation (test mode), so that tests drive the explorer's real input boxes too. */
  readonly inputs: InputAutomation | undefined;
}

export function registerExplorer(context: vscode.ExtensionContext, { connections, language, inputs, schemaServices }: ExplorerDeps): ExplorerFeature {
  const schemas = new ExplorerSchemas(connections, schemaServices);
  const grouped = () => vscode.workspace.getConfiguration('json2').get<boolean>(GROUPING_SETTING, true);
  const provider = new ExplorerTreeProvider(connections, schemas, { grouped });
  const view = vscode.window.createTreeView('json2.explorer', { treeDataProvider: provider, showCollapseAll: true });
  const refreshDeps = { connections, schemas, provider, language };
  const refresh = (node?: ExplorerNode) => refreshExplorer(refreshDeps, node);

  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const openedUrls: string[] = [];
  // What VS Code's opener hands the browser for a Uri: its unencoded text through encodeURI.
  const record = async (uri: vscode.Uri): Promise<boolean> => { openedUrls.push(encodeURI(uri.toString(true))); return true; };
  const models = new ModelActions(connections, schemas, context.globalStorageUri, testMode ? record : undefined);
  const customDeps = { schemas, port: () => new QuickInputPort(inputs), refresh };
  const onModel = onNodeOf(view, 'model');
  const onField = onNodeOf(view, 'field');

  const disposables = vscode.Disposable.from(
    view, provider,
    provider.onDidChangeFilter((filter) => showModelFilter(view, filter)),
    connections.onDidChange(() => provider.refresh()),
    vscode.workspace.onDidChangeConfiguration((event) => { if (event.affectsConfiguration(`json2.${GROUPING_SETTING}`)) provider.refresh(); }),
    vscode.commands.registerCommand(CommandIds.explorerRefresh, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(CommandIds.explorerRetry, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(CommandIds.explorerFilter, async (text?: unknown) => {
      if (typeof text === 'string') provider.setFilter(text);
      else await askModelFilter(provider);
      return provider.filter;
    }),
    vscode.commands.registerCommand(CommandIds.explorerClearFilter, () => provider.setFilter('')),
    vscode.commands.registerCommand(CommandIds.explorerNewModelRequest, onModel((node) => models.newRequestFile(node))),
    vscode.commands.registerCommand(CommandIds.explorerOpenRecords, onModel((node) => models.openRecords(node))),
    vscode.commands.registerCommand(CommandIds.explorerCopyModelName, onModel((node) => models.copyName(node))),
    vscode.commands.registerCommand(CommandIds.explorerOpenModelDocumentation, onModel((node) => models.openDocumentation(node))),
    vscode.commands.registerCommand(CommandIds.explorerOpenModelInBrowser, onModel((node) => models.openInBrowser(node))),
    vscode.commands.registerCommand(CommandIds.explorerCopyFieldName, onField(copyFieldName)),
    vscode.commands.registerCommand(CommandIds.explorerInsertFieldName, onField(insertFieldName)),
    vscode.commands.registerCommand(CommandIds.explorerGoToRelatedModel, onField((node) => goToRelatedModel(node, provider, view))),
    vscode.commands.registerCommand(CommandIds.explorerAddCustomField, onModel((node) => addCustomField(customDeps, node))),
    vscode.commands.registerCommand(CommandIds.explorerCreateCustomModel,
      (node?: unknown) => createCustomModelOn(customDeps, connections, (node ?? view.selection[0]) as ExplorerNode | undefined, () => refresh())),
    vscode.commands.registerCommand(CommandIds.explorerToggleGrouping, async () => {
      await vscode.workspace.getConfiguration('json2').update(GROUPING_SETTING, !grouped(), vscode.ConfigurationTarget.Global);
      return grouped();
    }),
  );
  const testApi = testMode ? { provider, view, openedUrls } : undefined;
  return { testApi, dispose: () => disposables.dispose() };
}
