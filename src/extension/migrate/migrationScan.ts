// "JSON-2: Find Deprecated RPC Calls": scans the workspace (files.exclude, .gitignore and the folders `json2 migrate` skips), fills Problems, writes a report.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isMigrationSource, mayHoldLegacyCalls } from '../../core/migrate/legacyFunctions';
import { IgnoreRules, isSkippedFolder } from '../../core/migrate/sourceFiles';
import type { FileReport } from '../../core/migrate/urgencyGroups';
import { urgencyGroups } from '../../core/migrate/urgencyGroups';
import { type Release, releaseText } from '../../core/migrate/removalTimeline';
import { diagnosticOf } from './migrationDiagnostics';
import { MIGRATION_GLOB, migrationEngine } from './migrationEngine';
import type { MigrationTarget } from './migrationTarget';

export interface ScanRow {
  readonly file: string;
  readonly line: number;
  readonly call: string;
  readonly model?: string;
  readonly method?: string;
  readonly converts: boolean;
  readonly reason?: string;
  /** `brokenNow` on the target release, or `deprecated` (still works there). */
  readonly urgency: 'brokenNow' | 'deprecated';
  /** An n8n workflow's node name, for findings in workflow exports. */
  readonly node?: string;
}

/** What the command returns (tests read it): files read, the calls found, and the report's document. */
export interface ScanResult {
  readonly files: number;
  readonly rows: readonly ScanRow[];
  readonly cancelled: boolean;
  readonly report?: vscode.Uri;
  /** The release the calls were judged against. */
  readonly target: string;
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
export async function scanWorkspace(
  collection: vscode.DiagnosticCollection,
  target: MigrationTarget,
  folder?: vscode.Uri,
): Promise<ScanResult> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Finding deprecated RPC calls'), cancellable: true },
    async (progress, token) => {
      const include = folder ? new vscode.RelativePattern(folder, MIGRATION_GLOB) : MIGRATION_GLOB;
      // An undefined exclude applies files.exclude; node_modules and .gitignore are filtered below.
      const candidates = await vscode.workspace.findFiles(include, undefined, undefined, token);
      const rules = await gitignoreRules(token);
      const files = candidates.filter((uri) => !isSkipped(uri.fsPath, rules)).sort((a, b) => a.fsPath.localeCompare(b.fsPath));
      const rows: ScanRow[] = [];
      const reports: FileReport[] = [];
      const decoder = new TextDecoder();
      let read = 0;
      const targetText = releaseText(target.release);
      for (const uri of files) {
        if (token.isCancellationRequested) return { files: read, rows, cancelled: true, target: targetText };
        progress.report({ message: vscode.workspace.asRelativePath(uri), increment: 100 / files.length });
        const text = decoder.decode(await vscode.workspace.fs.readFile(uri));
        read += 1;
        if (!mayHoldLegacyCalls(text)) continue;
        const located = migrationEngine().fileFindings(text, uri.fsPath, target.release);
        const calls = located.map(({ finding }) => ({ finding }));
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
        if (located.length > 0) reports.push({ path: vscode.workspace.asRelativePath(uri), findings: located });
        for (const { finding } of calls) {
          rows.push({
            file: vscode.workspace.asRelativePath(uri),
            line: finding.line + 1,
            call: finding.call,
            model: finding.model,
            method: finding.method,
            converts: finding.severity === 'convertible',
            reason: finding.reason,
            urgency: finding.urgency,
            ...(finding.workflowNode ? { node: finding.workflowNode.name } : {}),
          });
        }
      }
      const report = await vscode.workspace.openTextDocument({ language: 'markdown', content: reportText(read, reports, target) });
      await vscode.window.showTextDocument(report, { preview: false });
      return { files: read, rows, cancelled: false, report: report.uri, target: targetText };
    },
  );
}

/** The report: the target, then the calls by urgency (breaks now, then each later removal), converts / needs a person. */
function reportText(files: number, reports: readonly FileReport[], target: MigrationTarget): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const groups = urgencyGroups(reports, target.release);
  const total = groups.reduce((sum, group) => sum + group.converts.length + group.needsPerson.length, 0);
  const converts = groups.reduce((sum, group) => sum + group.converts.length, 0);
  const lines = [
    `# ${vscode.l10n.t('Deprecated RPC calls')}`,
    '',
    vscode.l10n.t('{0} calls in {1} files read; {2} convert automatically.', total, files, converts),
    vscode.l10n.t('Target release: {0} (from {1}).', releaseText(target.release), target.from),
  ];
  for (const group of groups) {
    lines.push('', `## ${headingOf(group.heading, target.release)}`);
    for (const [title, rows] of [
      [vscode.l10n.t('Converts cleanly'), group.converts],
      [vscode.l10n.t('Needs a person'), group.needsPerson],
    ] as const) {
      if (rows.length === 0) continue;
      lines.push(
        '',
        `### ${title} (${rows.length})`,
        '',
        '| File | Line | Call | Model | Method | Why not |',
        '| --- | ---: | --- | --- | --- | --- |',
      );
      for (const { path: file, found } of rows) {
        const finding = found.finding;
        const call = finding.workflowNode ? `${finding.call} (node "${finding.workflowNode.name}")` : finding.call;
        lines.push(
          `| ${cell(file)} | ${found.line} | ${cell(call)} | ${finding.model ?? ''} | ${finding.method ?? ''} | ${cell(finding.reason ?? '')} |`,
        );
      }
    }
  }
  return [...lines, ''].join('\n');
}

function headingOf(heading: string, target: Release): string {
  return heading.startsWith('breaks now')
    ? vscode.l10n.t('Breaks now on {0}', releaseText(target))
    : heading.charAt(0).toUpperCase() + heading.slice(1);
}
