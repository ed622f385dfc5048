// The reports of `json2 migrate`: scan's findings, grouped by urgency for the target release, as text, JSON, SARIF
// 2.1.0 or GitHub workflow annotations, and fix's account of what it declined.
import type { FileFix, LocatedFinding } from '../core/migrate/fileMigration';
import { type Release, releaseText } from '../core/migrate/removalTimeline';
import { type FileReport, type PlacedFinding, groupHeading, urgencyClassOf, urgencyGroups } from '../core/migrate/urgencyGroups';

export type { FileReport } from '../core/migrate/urgencyGroups';
export type ScanFormat = 'pretty' | 'json' | 'sarif' | 'github';
export const SCAN_FORMATS: readonly ScanFormat[] = ['pretty', 'json', 'sarif', 'github'];

/** The target release and where it came from, as the reports say it. */
export interface ScanTarget {
  readonly release: Release;
  /** `--target`, or the newest release when none was given. */
  readonly from: 'option' | 'newest';
}

const RULES = {
  convertible: { id: 'deprecated-rpc', text: 'A deprecated XML-RPC/JSON-RPC call that json2 migrate fix converts to JSON-2' },
  manual: { id: 'deprecated-rpc-manual', text: 'A deprecated XML-RPC/JSON-RPC call to convert by hand' },
  noReplacement: { id: 'deprecated-rpc-no-replacement', text: 'A deprecated XML-RPC/JSON-RPC call with no replacement' },
} as const;

export function scanReport(files: readonly FileReport[], filesRead: number, format: ScanFormat, target: ScanTarget): string {
  if (format === 'json') return `${JSON.stringify(jsonReport(files, target.release), null, 2)}\n`;
  if (format === 'sarif') return `${JSON.stringify(sarif(files, target.release), null, 2)}\n`;
  if (format === 'github') return files.flatMap((file) => file.findings.map((found) => annotation(file.path, found))).join('');
  return pretty(files, filesRead, target);
}

function jsonReport(files: readonly FileReport[], target: Release): unknown {
  const all = files.flatMap((file) => file.findings);
  const count = (test: (found: LocatedFinding) => boolean): number => all.filter(test).length;
  return {
    target: releaseText(target),
    summary: {
      brokenNow: count((found) => urgencyClassOf(found) === 'broken-now'),
      deprecated: count((found) => urgencyClassOf(found) === 'deprecated'),
      converts: count((found) => found.finding.severity === 'convertible'),
      needsPerson: count((found) => found.finding.severity !== 'convertible'),
    },
    files: files.map((file) => ({
      path: file.path,
      findings: file.findings.map((found) => {
        const { line, column, finding } = found;
        return {
          line,
          column,
          call: finding.call,
          model: finding.model ?? null,
          method: finding.method ?? null,
          severity: finding.severity,
          reason: finding.reason ?? null,
          urgency: urgencyClassOf(found),
          group: groupHeading(found, target),
          removedIn: { odoo: releaseText(finding.removal.odoo), online: releaseText(finding.removal.online) },
          message: finding.message,
          ...(finding.workflowNode ? { node: finding.workflowNode.name, json2Request: finding.workflowNode.json2Request ?? null } : {}),
        };
      }),
    })),
  };
}

function outcomeOf(found: LocatedFinding): string {
  const finding = found.finding;
  if (finding.severity === 'convertible') return 'converts';
  return finding.severity === 'noReplacement' ? `no replacement: ${finding.reason}` : `by hand: ${finding.reason}`;
}

function pretty(files: readonly FileReport[], filesRead: number, target: ScanTarget): string {
  const total = files.reduce((sum, file) => sum + file.findings.length, 0);
  if (total === 0) return `No deprecated XML-RPC/JSON-RPC call in ${filesRead} file${filesRead === 1 ? '' : 's'}.\n`;
  const release = releaseText(target.release);
  const lines = [`Target release: ${release}${target.from === 'newest' ? ' (the newest release; --target names another)' : ''}`];
  const row = ({ path, found }: PlacedFinding): string => {
    const finding = found.finding;
    const what = finding.workflowNode ? ` node "${finding.workflowNode.name}"` : '';
    const modelMethod = finding.model ? ` ${finding.model}.${finding.method}` : '';
    return `${path}:${found.line}:${found.column}  ${finding.call}${modelMethod}${what}  ${outcomeOf(found)}`;
  };
  const groups = urgencyGroups(files, target.release);
  for (const group of groups) {
    const size = group.converts.length + group.needsPerson.length;
    lines.push('', `${capitalised(group.heading)} (${size} call${size === 1 ? '' : 's'})`);
    if (group.converts.length > 0) lines.push(`  Converts cleanly (${group.converts.length})`, ...group.converts.map(row));
    if (group.needsPerson.length > 0) lines.push(`  Needs a person (${group.needsPerson.length})`, ...group.needsPerson.map(row));
  }
  const converts = groups.reduce((sum, group) => sum + group.converts.length, 0);
  const parts = groups.map((group) => `${group.converts.length + group.needsPerson.length} ${group.heading}`);
  lines.push(
    '',
    `${total} deprecated call${total === 1 ? '' : 's'} in ${files.length} of ${filesRead} files: ${parts.join(', ')}; ${converts} convert with json2 migrate fix.`,
  );
  return `${lines.join('\n')}\n`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * SARIF 2.1.0 for GitHub code scanning: a call already broken on the target is an `error`, one still working a
 * `warning`, so the alerts page sorts them the same way as the text report; `properties` carry the class.
 */
function sarif(files: readonly FileReport[], target: Release): unknown {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'json2 migrate',
            informationUri: 'https://github.com/json2-explorer/json2-explorer/blob/main/docs/migration.md',
            rules: Object.values(RULES).map((rule) => ({ id: rule.id, shortDescription: { text: rule.text } })),
          },
        },
        properties: { targetRelease: releaseText(target) },
        results: files.flatMap((file) =>
          file.findings.map((found) => {
            const { line, column, endLine, endColumn, finding } = found;
            return {
              ruleId: RULES[finding.severity].id,
              level: urgencyClassOf(found) === 'broken-now' ? 'error' : 'warning',
              message: { text: finding.message },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: file.path },
                    region: { startLine: line, startColumn: column, endLine, endColumn },
                  },
                },
              ],
              properties: {
                urgency: urgencyClassOf(found),
                group: groupHeading(found, target),
                converts: finding.severity === 'convertible',
              },
            };
          }),
        ),
      },
    ],
  };
}

/** A GitHub Actions `::error` (broken now) or `::warning` line; its data and properties escaped as the runner reads them. */
function annotation(file: string, found: LocatedFinding): string {
  const { line, column, endLine, endColumn, finding } = found;
  const data = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string): string => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const command = urgencyClassOf(found) === 'broken-now' ? 'error' : 'warning';
  return `::${command} file=${property(file)},line=${line},col=${column},endLine=${endLine},endColumn=${endColumn},title=${property(`Deprecated ${finding.call}`)}::${data(finding.message)}\n`;
}

/** What fix left in one file, for standard error. */
export function declinedText(file: string, fix: FileFix): string {
  if (fix.refused) return `${file}: left alone: ${fix.refused}\n`;
  return fix.declined
    .map(
      ({ line, column, finding }) =>
        `${file}:${line}:${column}: declined ${finding.call}${finding.model ? ` ${finding.model}.${finding.method}` : ''}: ${finding.reason}\n`,
    )
    .join('');
}
