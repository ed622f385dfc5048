// The reports of `json2 migrate`: scan's findings as text, JSON, SARIF 2.1.0 or GitHub workflow annotations, and
// fix's account of what it declined.
import type { FileFix, LocatedFinding } from '../core/migrate/fileMigration';
import { REMOVAL_NOTE } from '../core/migrate/migrationPlan';

export type ScanFormat = 'pretty' | 'json' | 'sarif' | 'github';
export const SCAN_FORMATS: readonly ScanFormat[] = ['pretty', 'json', 'sarif', 'github'];

export interface FileReport {
  /** Relative to the working folder, with forward slashes. */
  readonly path: string;
  readonly findings: readonly LocatedFinding[];
}

const RULES = {
  convertible: { id: 'deprecated-rpc', text: 'A deprecated XML-RPC/JSON-RPC call that json2 migrate fix converts to JSON-2' },
  manual: { id: 'deprecated-rpc-manual', text: 'A deprecated XML-RPC/JSON-RPC call to convert by hand' },
  noReplacement: { id: 'deprecated-rpc-no-replacement', text: 'A deprecated XML-RPC/JSON-RPC call with no replacement' },
} as const;

export function scanReport(files: readonly FileReport[], filesRead: number, format: ScanFormat): string {
  if (format === 'json') return `${JSON.stringify({ files: files.map(jsonFile) }, null, 2)}\n`;
  if (format === 'sarif') return `${JSON.stringify(sarif(files), null, 2)}\n`;
  if (format === 'github') return files.flatMap((file) => file.findings.map((found) => annotation(file.path, found))).join('');
  return pretty(files, filesRead);
}

function jsonFile(file: FileReport): unknown {
  return {
    path: file.path,
    findings: file.findings.map(({ line, column, finding }) => ({
      line,
      column,
      call: finding.call,
      model: finding.model ?? null,
      method: finding.method ?? null,
      severity: finding.severity,
      reason: finding.reason ?? null,
    })),
  };
}

function pretty(files: readonly FileReport[], filesRead: number): string {
  const lines: string[] = [];
  let total = 0;
  let converts = 0;
  for (const file of files) {
    for (const { line, column, finding } of file.findings) {
      total += 1;
      if (finding.severity === 'convertible') converts += 1;
      const target = finding.model ? ` ${finding.model}.${finding.method}` : '';
      const outcome =
        finding.severity === 'convertible'
          ? 'converts'
          : finding.severity === 'noReplacement'
            ? `no replacement: ${finding.reason}`
            : `by hand: ${finding.reason}`;
      lines.push(`${file.path}:${line}:${column}  ${finding.call}${target}  ${outcome}`);
    }
  }
  if (total === 0) return `No deprecated XML-RPC/JSON-RPC call in ${filesRead} file${filesRead === 1 ? '' : 's'}.\n`;
  lines.push(
    '',
    `${total} deprecated call${total === 1 ? '' : 's'} in ${files.length} of ${filesRead} files; ${converts} convert with json2 migrate fix. XML-RPC and JSON-RPC are ${REMOVAL_NOTE}.`,
  );
  return `${lines.join('\n')}\n`;
}

function sarif(files: readonly FileReport[]): unknown {
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
        results: files.flatMap((file) =>
          file.findings.map(({ line, column, endLine, endColumn, finding }) => ({
            ruleId: RULES[finding.severity].id,
            level: 'warning',
            message: { text: finding.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: file.path },
                  region: { startLine: line, startColumn: column, endLine, endColumn },
                },
              },
            ],
          })),
        ),
      },
    ],
  };
}

/** A GitHub Actions `::warning` line; its data and properties escaped as the runner reads them. */
function annotation(file: string, { line, column, endLine, endColumn, finding }: LocatedFinding): string {
  const data = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string): string => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::warning file=${property(file)},line=${line},col=${column},endLine=${endLine},endColumn=${endColumn},title=${property(`Deprecated ${finding.call}`)}::${data(finding.message)}\n`;
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
