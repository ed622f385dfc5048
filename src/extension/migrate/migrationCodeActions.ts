// The "Convert to JSON-2" quick fix on deprecated RPC calls, plus the .json2 actions for calls that do not convert.
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import { MIGRATION_DIAGNOSTIC_SOURCE } from './migrationDiagnostics';
import { MIGRATION_LANGUAGES, migrationEngine } from './migrationEngine';
import type { AnalysedCall } from '../../core/migrate/migrateBundle';

/** The analysed call of `document` whose range holds `position`, innermost first. */
export function callAt(document: vscode.TextDocument, position: vscode.Position): AnalysedCall | undefined {
  const offset = document.offsetAt(position);
  const calls = migrationEngine()
    .analyseSource(document.getText(), document.fileName)
    .filter((call) => call.finding.start <= offset && offset <= call.finding.end);
  return calls.sort((a, b) => a.finding.end - a.finding.start - (b.finding.end - b.finding.start))[0];
}

/** The workspace edit converting one call, or undefined when it does not convert. */
export function conversionEditOf(document: vscode.TextDocument, call: AnalysedCall): vscode.WorkspaceEdit | undefined {
  const edits = migrationEngine().conversionEdits(document.getText(), call);
  if (!edits) return undefined;
  const edit = new vscode.WorkspaceEdit();
  for (const change of edits)
    edit.replace(document.uri, new vscode.Range(document.positionAt(change.start), document.positionAt(change.end)), change.text);
  return edit;
}

class MigrationCodeActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((diagnostic) => diagnostic.source === MIGRATION_DIAGNOSTIC_SOURCE);
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const call = callAt(document, diagnostic.range.start);
      if (!call) continue;
      const edit = conversionEditOf(document, call);
      if (edit) {
        const action = new vscode.CodeAction(vscode.l10n.t('Convert to JSON-2'), vscode.CodeActionKind.QuickFix);
        action.edit = edit;
        action.diagnostics = [diagnostic];
        action.isPreferred = true;
        actions.push(action);
      }
      if (call.finding.conversion) {
        const copy = new vscode.CodeAction(vscode.l10n.t('Copy as .json2 request'), vscode.CodeActionKind.Empty);
        copy.command = { command: CommandIds.copyAsJson2Request, title: copy.title, arguments: [document.uri, diagnostic.range.start] };
        actions.push(copy);
      }
    }
    return actions;
  }
}

export function registerMigrationCodeActions(): vscode.Disposable {
  const selector = MIGRATION_LANGUAGES.map((language) => ({ language }));
  return vscode.languages.registerCodeActionsProvider(selector, new MigrationCodeActionProvider(), {
    providedCodeActionKinds: MigrationCodeActionProvider.kinds,
  });
}
