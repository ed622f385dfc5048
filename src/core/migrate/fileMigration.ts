// One file's migration, as the CLI and the editor's commands do it: its findings (line and column) and, for `fix`,
// every safe conversion applied one call at a time, what was declined and why, and a refusal for unparsable files.
import { analyseSource, applyEdits, conversionEdits } from './migrationAnalysis';
import { syntaxProblem } from './sourceSyntax';
import type { MigrationFinding } from './migrationPlan';
import { positionsOf } from './legacyCall';
import type { Release } from './removalTimeline';

/** A finding with 1-based line and column, as reports print it. */
export interface LocatedFinding {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly finding: MigrationFinding;
}

export interface FileFix {
  /** The converted text (the original when nothing converted or the file was refused). */
  readonly text: string;
  readonly converted: number;
  /** Calls left as they are, each with why. */
  readonly declined: readonly LocatedFinding[];
  /** Set when the file was left alone: it does not parse. */
  readonly refused?: string;
}

/** Every deprecated call of a file, located, with when it breaks for a project on `target` (default: the newest release). */
export function fileFindings(text: string, fileName: string, target?: Release): LocatedFinding[] {
  const at = positionsOf(text);
  return analyseSource(text, fileName, target).map(({ finding }) => {
    const start = at(finding.start);
    const end = at(finding.end);
    return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column, finding };
  });
}

/**
 * Applies every convertible call's conversion, one at a time (the file is read again after each). A file that does
 * not parse is left alone, and so is one whose conversion would not parse (which would be a bug: said so).
 */
export function fixFile(text: string, fileName: string, target?: Release): FileFix {
  const problem = syntaxProblem(text, fileName);
  if (problem)
    return {
      text,
      converted: 0,
      declined: fileFindings(text, fileName, target),
      refused: `it does not parse (${problem}); nothing in it was changed`,
    };
  let current = text;
  let converted = 0;
  for (;;) {
    const next = analyseSource(current, fileName).find((call) => call.finding.severity === 'convertible');
    const edits = next && conversionEdits(current, next);
    if (!edits) break;
    current = applyEdits(current, edits);
    converted += 1;
    if (converted > 10_000) throw new Error(`${fileName}: the conversion does not end`);
  }
  const after = syntaxProblem(current, fileName);
  if (after)
    return {
      text,
      converted: 0,
      declined: fileFindings(text, fileName, target),
      refused: `its conversion would not parse (${after}), which is a bug of the assistant; nothing in it was changed`,
    };
  // Declined calls are told where they are in the file as it stands (the diff has not been applied yet).
  return {
    text: current,
    converted,
    declined: fileFindings(text, fileName, target).filter(({ finding }) => finding.severity !== 'convertible'),
  };
}
