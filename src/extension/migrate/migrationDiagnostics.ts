// Diagnostics on deprecated RPC calls in open Python, JS/TS and PHP files (and the files a workspace scan read).
import * as vscode from 'vscode';
import { mayHoldLegacyCalls } from '../../core/migrate/legacyFunctions';
import { MIGRATION_LANGUAGES, migrationEngine } from './migrationEngine';
import type { MigrationFinding } from '../../core/migrate/migrationPlan';
import type { Release } from '../../core/migrate/removalTimeline';
import { type ActiveServerRelease, migrationTarget } from './migrationTarget';

export const MIGRATION_DIAGNOSTIC_SOURCE = 'JSON-2 migration';
const DOCS = vscode.Uri.parse('https://github.com/json2-explorer/json2-explorer/blob/main/docs/migration.md');

/** A finding as a diagnostic of `document` (positions from the text's offsets): an Error when the call is already removed on the target release. */
export function diagnosticOf(finding: MigrationFinding, positionAt: (offset: number) => vscode.Position): vscode.Diagnostic {
  const range = new vscode.Range(positionAt(finding.start), positionAt(finding.end));
  const severity = finding.urgency === 'brokenNow' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const diagnostic = new vscode.Diagnostic(range, finding.message, severity);
  diagnostic.source = MIGRATION_DIAGNOSTIC_SOURCE;
  diagnostic.code = {
    value:
      finding.severity === 'convertible'
        ? 'deprecated-rpc'
        : finding.severity === 'noReplacement'
          ? 'deprecated-rpc-no-replacement'
          : 'deprecated-rpc-manual',
    target: DOCS,
  };
  diagnostic.tags = [vscode.DiagnosticTag.Deprecated];
  return diagnostic;
}

/** The diagnostics of a text, or none when it cannot hold a deprecated call (checked before any parser loads). */
export function diagnosticsOfText(
  text: string,
  fileName: string,
  positionAt: (offset: number) => vscode.Position,
  target: Release,
): vscode.Diagnostic[] {
  if (!mayHoldLegacyCalls(text)) return [];
  return migrationEngine()
    .analyseSource(text, fileName, target)
    .map((call) => diagnosticOf(call.finding, positionAt));
}

/** Keeps the diagnostics of open files up to date, a short pause after each change. */
export function registerMigrationDiagnostics(
  collection: vscode.DiagnosticCollection,
  log: vscode.LogOutputChannel,
  activeServer: ActiveServerRelease,
  onTargetChange: vscode.Event<void>,
): vscode.Disposable {
  const timers = new Map<string, NodeJS.Timeout>();
  const enabled = (): boolean => vscode.workspace.getConfiguration('json2').get<boolean>('migration.diagnostics', true);
  const refresh = (document: vscode.TextDocument): void => {
    if (!MIGRATION_LANGUAGES.includes(document.languageId) || document.uri.scheme === 'output') return;
    if (!enabled()) {
      collection.delete(document.uri);
      return;
    }
    try {
      collection.set(
        document.uri,
        diagnosticsOfText(
          document.getText(),
          document.fileName,
          (offset) => document.positionAt(offset),
          migrationTarget(activeServer, log).release,
        ),
      );
    } catch (error) {
      log.warn(`migration: could not read ${document.uri.fsPath}: ${String(error)}`);
    }
  };
  const later = (document: vscode.TextDocument): void => {
    const key = document.uri.toString();
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        refresh(document);
      }, 300),
    );
  };
  // Files already open are read after a pause, so that activation never waits for the parsers to load.
  vscode.workspace.textDocuments.forEach(later);
  return vscode.Disposable.from(
    vscode.workspace.onDidOpenTextDocument(refresh),
    vscode.workspace.onDidChangeTextDocument((event) => later(event.document)),
    vscode.workspace.onDidCloseTextDocument((document) => {
      clearTimeout(timers.get(document.uri.toString()));
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('json2.migration')) vscode.workspace.textDocuments.forEach(refresh);
    }),
    // Another active connection (or its server's release checked again) may change the target release.
    onTargetChange(() => vscode.workspace.textDocuments.forEach(later)),
    { dispose: () => timers.forEach((timer) => clearTimeout(timer)) },
  );
}
