// Quick fixes of json2 diagnostics: add the missing `###` line, define an unknown variable at the top of the file,
// search then read in one search_read call.
import * as vscode from 'vscode';
import { parsedDocument } from '../parsedDocuments';
import { transactionHintsOf } from './requestDiagnostics';

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
      const code = typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
      if (code === 'two-transactions') actions.push(...this.#oneCall(document, diagnostic));
    }
    return actions;
  }

  /** The search → read pair rewritten into one search_read, when the hint at this place has that fix. */
  #oneCall(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): vscode.CodeAction[] {
    const start = document.offsetAt(diagnostic.range.start);
    const fix = transactionHintsOf(parsedDocument(document)).find((hint) => hint.diagnostic.range.startOffset === start)?.fix;
    if (!fix) return [];
    const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
    action.edit = new vscode.WorkspaceEdit();
    for (const edit of fix.edits)
      action.edit.replace(
        document.uri,
        new vscode.Range(document.positionAt(edit.startOffset), document.positionAt(edit.endOffset)),
        edit.newText,
      );
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    return [action];
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
    const line = lastVariable ? lastVariable.range.end.line + 1 : (parsed.requests[0]?.range.start.line ?? 0);
    action.edit = new vscode.WorkspaceEdit();
    action.edit.insert(document.uri, new vscode.Position(line, 0), `@${name} = \n`);
    action.diagnostics = [diagnostic];
    return action;
  }
}
