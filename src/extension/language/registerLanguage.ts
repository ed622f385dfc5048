// Wires the json2 language features: completion, hover, signature help, schema diagnostics and their quick fixes.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { ConnectionService } from '../connections/connectionService';
import type { SchemaServices } from '../schema/schemaServices';
import { type ChoicesSource, ContextListsOfConnections } from './contextLists';
import { COMPLETION_TRIGGERS, Json2CompletionProvider } from './json2CompletionProvider';
import { Json2HoverProvider } from './json2HoverProvider';
import { Json2SignatureHelpProvider } from './json2SignatureHelpProvider';
import { LanguageSchemas } from './languageSchemas';
import { SchemaDiagnostics, SuggestionBook } from './schemaDiagnostics';
import { SchemaQuickFixProvider } from './schemaQuickFixProvider';

const SELECTOR: vscode.DocumentSelector = { language: 'json2' };

export interface LanguageFeature extends vscode.Disposable {
  /** Forgets cached schemas (JSON-2: Refresh Schema) and checks the files again. */
  invalidate(connection?: string, model?: string): Promise<void>;
  /** Checks the open files again, after the shared schema services were invalidated elsewhere (the tree's refresh). */
  recheck(): void;
}

/** `contextChoices`: the status bar switchers' lists, which completion of `context` keys and values offers too. */
export function registerLanguage(
  connections: ConnectionService,
  schemaServices: SchemaServices,
  contextChoices: ChoicesSource,
): LanguageFeature {
  const schemas = new LanguageSchemas(connections, schemaServices);
  const suggestions = new SuggestionBook();
  const diagnostics = new SchemaDiagnostics(schemas, suggestions);
  const statusNote = (note: string) => {
    vscode.window.setStatusBarMessage(`$(warning) ${note}`, 5000);
  };
  const invalidate = async (connection?: string, model?: string): Promise<void> => {
    await schemas.invalidate(connection, model);
    diagnostics.refreshAll();
  };
  const disposables = vscode.Disposable.from(
    schemas,
    diagnostics,
    vscode.commands.registerCommand(CommandIds.refreshSchema, async () => {
      await invalidate();
      vscode.window.setStatusBarMessage(vscode.l10n.t('JSON-2: the schema will be read again from the server.'), 5000);
    }),
    connections.onDidChange(() => diagnostics.refreshAll()),
    vscode.languages.registerCompletionItemProvider(
      SELECTOR,
      new Json2CompletionProvider(schemas, statusNote, new ContextListsOfConnections(connections, contextChoices)),
      ...COMPLETION_TRIGGERS,
    ),
    vscode.languages.registerHoverProvider(SELECTOR, new Json2HoverProvider(schemas)),
    vscode.languages.registerSignatureHelpProvider(SELECTOR, new Json2SignatureHelpProvider(schemas), {
      triggerCharacters: ['{', ','],
      retriggerCharacters: [':', '"'],
    }),
    vscode.languages.registerCodeActionsProvider(SELECTOR, new SchemaQuickFixProvider(suggestions), {
      providedCodeActionKinds: SchemaQuickFixProvider.kinds,
    }),
  );
  return { invalidate, recheck: () => diagnostics.refreshAll(), dispose: () => disposables.dispose() };
}
