// Quick fixes of json2 diagnostics: add the missing `###` line, define an unknown variable at the top of the file.
import * as vscode from 'vscode';
import { parsedDocument } from '../parsedDocuments';

export class RequestCodeActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== 'json2') continue;
      if (diagnostic.code === 'missing-separator') actions.push(this.#separator(document, diagnostic));
      if (diagnostic.code === 'unknown-variable') {
        const name = /^\{\{\s*([^}\s]+)\s*\}\}$/.exec(document.getText(diagnostic.range))?.[1];
        if (name) actions.push(this.#define(document, diagnostic, name));
      }
    }
    return actions;
  }

  #separator(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): vscode.CodeAction {
    const action = new vscode.CodeAction(vscode.l10n.t('Add a ### line above this request'), vscode.CodeActionKind.QuickFix);
    action.edit = new vscode.WorkspaceEdit();
    action.edit.insert(document.uri, new vscode.Position(diagnostic.range.start.line, 0), '###\n');
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    return action;
  }

  #define(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, name: string): vscode.CodeAction {
    const action = new vscode.CodeAction(vscode.l10n.t('Define the variable {0}', name), vscode.CodeActionKind.QuickFix);
    const parsed = parsedDocument(document);
    // After the file's last variable, else before the first request (file metadata stays above it).
    const lastVariable = parsed.variables.at(-1);
    const line = lastVariable ? lastVariable.range.end.line + 1 : parsed.requests[0]?.range.start.line ?? 0;
    action.edit = new vscode.WorkspaceEdit();
    action.edit.insert(document.uri, new vscode.Position(line, 0), `@${name} = \n`);
    action.diagnostics = [diagnostic];
    return action;
  }
}
