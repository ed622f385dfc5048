// "JSON-2: Find Deprecated RPC Calls": scans the workspace (files.exclude, .gitignore and the folders `json2 migrate` skips), fills Problems, writes a report.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isMigrationSource, mayHoldLegacyCalls } from '../../core/migrate/legacyFunctions';
import { IgnoreRules, isSkippedFolder } from '../../core/migrate/sourceFiles';
import { diagnosticOf } from './migrationDiagnostics';
import { MIGRATION_GLOB, migrationEngine } from './migrationEngine';

export interface ScanRow {
  readonly file: string;
  readonly line: number;
  readonly call: string;
  readonly model?: string;
  readonly method?: string;
  readonly converts: boolean;
  readonly reason?: string;
}

/** What the command returns (tests read it): files read, the calls found, and the report's document. */
export interface ScanResult {
  readonly files: number;
  readonly rows: readonly ScanRow[];
  readonly cancelled: boolean;
  readonly report?: vscode.Uri;
}

/** The .gitignore rules of the workspace, each applying below its own folder (the same rules as `json2 migrate`). */
async function gitignoreRules(token: vscode.CancellationToken): Promise<IgnoreRules> {
  const files = await vscode.workspace.findFiles('**/.gitignore', '**/node_modules/**', undefined, token);
  const decoder = new TextDecoder();
  const rules = new IgnoreRules();
  for (const uri of files) rules.add(path.dirname(uri.fsPath), decoder.decode(await vscode.workspace.fs.readFile(uri)));
  return rules;
}

/** Whether `json2 migrate` would skip the file: a dependency, vendored or virtual-environment folder, or .gitignore. */
function isSkipped(file: string, rules: IgnoreRules): boolean {
  const folders = vscode.workspace.asRelativePath(path.dirname(file), false).split(/[\\/]/);
  return folders.some(isSkippedFolder) || !isMigrationSource(file) || rules.ignores(file);
}

/** Scans `folder` (default: the whole workspace) with progress and cancellation. */
export async function scanWorkspace(collection: vscode.DiagnosticCollection, folder?: vscode.Uri): Promise<ScanResult> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Finding deprecated RPC calls'), cancellable: true },
    async (progress, token) => {
      const include = folder ? new vscode.RelativePattern(folder, MIGRATION_GLOB) : MIGRATION_GLOB;
      // An undefined exclude applies files.exclude; node_modules and .gitignore are filtered below.
      const candidates = await vscode.workspace.findFiles(include, undefined, undefined, token);
      const rules = await gitignoreRules(token);
      const files = candidates.filter((uri) => !isSkipped(uri.fsPath, rules)).sort((a, b) => a.fsPath.localeCompare(b.fsPath));
      const rows: ScanRow[] = [];
      const decoder = new TextDecoder();
      let read = 0;
      for (const uri of files) {
        if (token.isCancellationRequested) return { files: read, rows, cancelled: true };
        progress.report({ message: vscode.workspace.asRelativePath(uri), increment: 100 / files.length });
        const text = decoder.decode(await vscode.workspace.fs.readFile(uri));
        read += 1;
        if (!mayHoldLegacyCalls(text)) continue;
        const calls = migrationEngine().analyseSource(text, uri.fsPath);
        const lineStarts = [0];
        for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
        const positionAt = (offset: number): vscode.Position => {
          let line = lineStarts.length - 1;
          while (lineStarts[line] > offset) line -= 1;
          return new vscode.Position(line, offset - lineStarts[line]);
        };
        collection.set(
          uri,
          calls.map((call) => diagnosticOf(call.finding, positionAt)),
        );
        for (const { finding } of calls) {
          rows.push({
            file: vscode.workspace.asRelativePath(uri),
            line: finding.line + 1,
            call: finding.call,
            model: finding.model,
            method: finding.method,
            converts: finding.severity === 'convertible',
            reason: finding.reason,
          });
        }
      }
      const report = await vscode.workspace.openTextDocument({ language: 'markdown', content: reportText(read, rows) });
      await vscode.window.showTextDocument(report, { preview: false });
      return { files: read, rows, cancelled: false, report: report.uri };
    },
  );
}

function reportText(files: number, rows: readonly ScanRow[]): string {
  const converts = rows.filter((row) => row.converts).length;
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `# ${vscode.l10n.t('Deprecated RPC calls')}`,
    '',
    vscode.l10n.t(
      '{0} calls in {1} files read; {2} convert automatically. XML-RPC and JSON-RPC are removed in the online edition 21.1 (winter 2027) and in release 22 (autumn 2028).',
      rows.length,
      files,
      converts,
    ),
    '',
    '| File | Line | Call | Model | Method | Converts | Why not |',
    '| --- | ---: | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${cell(row.file)} | ${row.line} | ${row.call} | ${row.model ?? ''} | ${row.method ?? ''} | ${row.converts ? vscode.l10n.t('yes') : vscode.l10n.t('no')} | ${cell(row.reason ?? '')} |`,
    ),
    '',
  ].join('\n');
}
