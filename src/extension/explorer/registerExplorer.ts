// Wires the explorer view: the tree, refresh and retry, the model filter and grouping, the model and field actions and
// the custom-schema commands; a test API in test mode.
import * as vscode from 'vscode';
import { requestFileModels } from '../../core/requestFile/requestFileModels';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import type { IdentityService } from '../identity/identityService';
import { type InputAutomation, QuickInputPort } from '../connections/quickInputPort';
import type { LanguageFeature } from '../language/registerLanguage';
import { registerSchemaComparison, type SchemaComparisonTestApi } from '../schema/registerSchemaComparison';
import type { SchemaServices } from '../schema/schemaServices';
import { registerTypes, type TypesTestApi } from '../typegen/registerTypes';
import { GROUPING_SETTING } from './explorerSettings';
import { addCustomField, createCustomModelOn, type CustomSchemaDeps } from './customSchemaCommands';
import { askModelFilter, showModelFilter } from './explorerFilter';
import type { ExplorerNode, FieldNode, ModelNode } from './explorerNodes';
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
  readonly schemaComparison: SchemaComparisonTestApi;
  readonly types: TypesTestApi;
  /** The drop target the view was created with (collections dropped on it are imported). */
  readonly dropController: vscode.TreeDragAndDropController<ExplorerNode> | undefined;
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
  /** What files dropped on the view do (Import Collection). */
  readonly dropController?: vscode.TreeDragAndDropController<ExplorerNode>;
  /** Who each connection's key acts as (the connection node's tooltip). */
  readonly identities?: IdentityService;
}

export function registerExplorer(
  context: vscode.ExtensionContext,
  { connections, language, inputs, schemaServices, dropController, identities }: ExplorerDeps,
): ExplorerFeature {
  const schemas = new ExplorerSchemas(connections, schemaServices);
  const grouped = () => vscode.workspace.getConfiguration('json2').get<boolean>(GROUPING_SETTING, true);
  const provider = new ExplorerTreeProvider(connections, schemas, { grouped, ...(identities ? { identities } : {}) });
  const view = vscode.window.createTreeView('json2.explorer', {
    treeDataProvider: provider,
    showCollapseAll: true,
    canSelectMany: true,
    dragAndDropController: dropController,
  });
  const refreshDeps = { connections, schemas, provider, language };
  const refresh = (node?: ExplorerNode) => refreshExplorer(refreshDeps, node);

  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const openedUrls: string[] = [];
  // What VS Code's opener hands the browser for a Uri: its unencoded text through encodeURI.
  const record = async (uri: vscode.Uri): Promise<boolean> => {
    openedUrls.push(encodeURI(uri.toString(true)));
    return true;
  };
  const models = new ModelActions(connections, schemas, context.globalStorageUri, testMode ? record : undefined);
  const customDeps: CustomSchemaDeps = { schemas, port: () => new QuickInputPort(inputs), refresh };
  const comparison = registerSchemaComparison({ connections, schemas, port: customDeps.port, view }, testMode);
  const types = registerTypes(
    { connections, schemas, port: customDeps.port, workspaceState: context.workspaceState, requestFileModels },
    testMode,
  );

  const disposables = vscode.Disposable.from(
    view,
    provider,
    comparison.disposable,
    types.disposable,
    provider.onDidChangeFilter((filter) => showModelFilter(view, filter)),
    connections.onDidChange(() => provider.refresh()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`json2.${GROUPING_SETTING}`)) provider.refresh();
    }),
    registerTreeCommands(provider, refresh, grouped),
    registerNodeCommands(view, provider, models, customDeps),
    vscode.commands.registerCommand(CommandIds.explorerCreateCustomModel, (node?: unknown) =>
      createCustomModelOn(customDeps, connections, (node ?? view.selection[0]) as ExplorerNode | undefined, () => refresh()),
    ),
  );
  const testApi = comparison.testApi &&
    types.testApi && { provider, view, openedUrls, schemaComparison: comparison.testApi, types: types.testApi, dropController };
  return { testApi, dispose: () => disposables.dispose() };
}

/** The commands on the tree as a whole: refresh and retry, the model filter, grouping by module. */
function registerTreeCommands(
  provider: ExplorerTreeProvider,
  refresh: (node?: ExplorerNode) => Promise<void>,
  grouped: () => boolean,
): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.explorerRefresh, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(CommandIds.explorerRetry, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(CommandIds.explorerFilter, async (text?: unknown) => {
      if (typeof text === 'string') provider.setFilter(text);
      else await askModelFilter(provider);
      return provider.filter;
    }),
    vscode.commands.registerCommand(CommandIds.explorerClearFilter, () => provider.setFilter('')),
    vscode.commands.registerCommand(CommandIds.explorerToggleGrouping, async () => {
      await vscode.workspace.getConfiguration('json2').update(GROUPING_SETTING, !grouped(), vscode.ConfigurationTarget.Global);
      return grouped();
    }),
  );
}

/** The commands on one model or field: the node a menu gives, else the selected one. */
function registerNodeCommands(
  view: vscode.TreeView<ExplorerNode>,
  provider: ExplorerTreeProvider,
  models: ModelActions,
  customDeps: CustomSchemaDeps,
): vscode.Disposable {
  const onModel = onNodeOf(view, 'model');
  const onField = onNodeOf(view, 'field');
  const modelCommands: readonly (readonly [string, (node: ModelNode) => Promise<unknown>])[] = [
    [CommandIds.explorerNewModelRequest, (node) => models.newRequestFile(node)],
    [CommandIds.explorerOpenRecords, (node) => models.openRecords(node)],
    [CommandIds.explorerCopyModelName, (node) => models.copyName(node)],
    [CommandIds.explorerOpenModelDocumentation, (node) => models.openDocumentation(node)],
    [CommandIds.explorerOpenModelInBrowser, (node) => models.openInBrowser(node)],
    [CommandIds.explorerAddCustomField, (node) => addCustomField(customDeps, node)],
  ];
  const fieldCommands: readonly (readonly [string, (node: FieldNode) => Promise<unknown>])[] = [
    [CommandIds.explorerCopyFieldName, copyFieldName],
    [CommandIds.explorerInsertFieldName, insertFieldName],
    [CommandIds.explorerGoToRelatedModel, (node) => goToRelatedModel(node, provider, view)],
  ];
  return vscode.Disposable.from(
    ...modelCommands.map(([command, run]) => vscode.commands.registerCommand(command, onModel(run))),
    ...fieldCommands.map(([command, run]) => vscode.commands.registerCommand(command, onField(run))),
  );
}
