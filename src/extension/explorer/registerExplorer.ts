// Wires the explorer view: the tree, refresh and retry, the model filter and grouping, the model and field actions and
// the custom-schema commands; a test API in test mode.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import { type InputAutomation, QuickInputPort } from '../connections/quickInputPort';
import type { LanguageFeature } from '../language/registerLanguage';
import type { SchemaServices } from '../schema/schemaServices';
import { GROUPING_SETTING } from './explorerSettings';
import { addCustomField, createCustomModel } from './customSchemaCommands';
import type { ExplorerNode, FieldNode, ModelNode } from './explorerNodes';
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

const FILTER_CONTEXT = 'json2.explorer.filtering';

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

  const setFilter = (filter: string): void => provider.setFilter(filter);
  const showFilter = (filter: string): void => {
    view.message = filter.trim() ? vscode.l10n.t('Models matching "{0}"', filter.trim()) : undefined;
    void vscode.commands.executeCommand('setContext', FILTER_CONTEXT, filter.trim() !== '');
  };
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const openedUrls: string[] = [];
  // What VS Code's opener hands the browser for a Uri: its unencoded text through encodeURI.
  const record = async (uri: vscode.Uri): Promise<boolean> => { openedUrls.push(encodeURI(uri.toString(true))); return true; };
  const models = new ModelActions(connections, schemas, context.globalStorageUri, testMode ? record : undefined);
  const customDeps = { schemas, port: () => new QuickInputPort(inputs), refresh };
  /** The node a command got, else the view's selected node of that kind; undefined (with a hint) when there is none. */
  const nodeOf = <K extends ExplorerNode['kind']>(node: unknown, kinds: readonly K[]): Extract<ExplorerNode, { kind: K }> | undefined => {
    const candidate = (node ?? view.selection[0]) as ExplorerNode | undefined;
    if (candidate && (kinds as readonly string[]).includes(candidate.kind)) return candidate as Extract<ExplorerNode, { kind: K }>;
    void vscode.window.showInformationMessage(vscode.l10n.t('Pick a {0} in the JSON-2 view first.', kinds.join(' / ')));
    return undefined;
  };
  const onModel = <T>(run: (node: ModelNode) => Promise<T>) => async (node?: unknown) => { const model = nodeOf(node, ['model']); return model && run(model); };
  const onField = <T>(run: (node: FieldNode) => Promise<T>) => async (node?: unknown) => { const field = nodeOf(node, ['field']); return field && run(field); };
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
    provider.onDidChangeFilter(showFilter),
    connections.onDidChange(() => provider.refresh()),
    vscode.workspace.onDidChangeConfiguration((event) => { if (event.affectsConfiguration(`json2.${GROUPING_SETTING}`)) provider.refresh(); }),
    vscode.commands.registerCommand(CommandIds.explorerRefresh, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(CommandIds.explorerRetry, (node?: ExplorerNode) => refresh(node)),
    vscode.commands.registerCommand(CommandIds.explorerFilter, async (text?: unknown) => {
      if (typeof text === 'string') setFilter(text);
      else await askFilter();
      return provider.filter;
    }),
    vscode.commands.registerCommand(CommandIds.explorerClearFilter, () => setFilter('')),
    vscode.commands.registerCommand(CommandIds.explorerNewModelRequest, onModel((node) => models.newRequestFile(node))),
    vscode.commands.registerCommand(CommandIds.explorerOpenRecords, onModel((node) => models.openRecords(node))),
    vscode.commands.registerCommand(CommandIds.explorerCopyModelName, onModel((node) => models.copyName(node))),
    vscode.commands.registerCommand(CommandIds.explorerOpenModelDocumentation, onModel((node) => models.openDocumentation(node))),
    vscode.commands.registerCommand(CommandIds.explorerCopyFieldName, onField(copyFieldName)),
    vscode.commands.registerCommand(CommandIds.explorerInsertFieldName, onField(insertFieldName)),
    vscode.commands.registerCommand(CommandIds.explorerGoToRelatedModel, onField((node) => goToRelatedModel(node, provider, view))),
    vscode.commands.registerCommand(CommandIds.explorerAddCustomField, onModel((node) => addCustomField(customDeps, node))),
    vscode.commands.registerCommand(CommandIds.explorerCreateCustomModel, async (node?: unknown) => {
      const given = (node ?? view.selection[0]) as ExplorerNode | undefined;
      let database: ExplorerNode | undefined = given;
      while (database && database.kind !== 'database') database = database.parent;
      if (database?.kind === 'database') return createCustomModel(customDeps, database, database);
      const active = given ? connections.find(given.connectionName) : connections.active();
      if (!active) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No JSON-2 connection yet: add one first.'));
        return undefined;
      }
      const target = { connectionName: active.profile.name, database: active.profile.database ?? '' };
      const created = await createCustomModel(customDeps, target, undefined);
      if (created) await refresh();
      return created;
    }),
    vscode.commands.registerCommand(CommandIds.explorerToggleGrouping, async () => {
      await vscode.workspace.getConfiguration('json2').update(GROUPING_SETTING, !grouped(), vscode.ConfigurationTarget.Global);
      return grouped();
    }),
  );
  const testApi = testMode ? { provider, view, openedUrls } : undefined;
  return { testApi, dispose: () => disposables.dispose() };
}
