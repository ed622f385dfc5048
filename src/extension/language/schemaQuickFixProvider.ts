// Quick fixes for schema warnings: replace a misspelt model, method, argument, field or operator with a close name.
import * as vscode from 'vscode';
import { SCHEMA_DIAGNOSTIC_SOURCE, type SuggestionBook } from './schemaDiagnostics';

export class SchemaQuickFixProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly suggestions: SuggestionBook) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== SCHEMA_DIAGNOSTIC_SOURCE) continue;
      this.suggestions.get(document.uri, diagnostic.range, diagnostic.message).forEach((name, index) => {
        const action = new vscode.CodeAction(vscode.l10n.t('Change to {0}', name), vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, diagnostic.range, name);
        action.diagnostics = [diagnostic];
        action.isPreferred = index === 0;
        actions.push(action);
      });
    }
    return actions;
  }
}
