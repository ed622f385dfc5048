// The import report as text: what was converted, kept as is, left out, where secrets were, and the scripts not converted.
import type { ReportEntry } from './collectionTypes';
import type { ImportResult } from './collectionImport';

const SECTIONS = [
  ['converted', 'Converted to JSON-2 calls'],
  ['keptAsIs', 'Kept as they are (routes)'],
  ['leftOut', 'Left out'],
  ['secrets', 'Secrets found (never written)'],
  ['scripts', 'Scripts and assertions not converted'],
  ['problems', 'To check in the written files'],
] as const;

/** A Markdown report, each section with its count; entries name where they are, never a secret's value. */
export function importReportText(result: ImportResult, source: string): string {
  const lines = [`# Import of ${source}`, '', `Written: ${result.files.map((file) => file.path).join(', ') || 'nothing'}`];
  for (const [key, heading] of SECTIONS) {
    const entries: readonly ReportEntry[] = result.report[key];
    lines.push('', `## ${heading}: ${entries.length}`);
    for (const entry of entries) lines.push(`- ${entry.where}: ${entry.what}`);
  }
  return `${lines.join('\n')}\n`;
}
