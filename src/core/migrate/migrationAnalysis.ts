// The migration assistant's entry points: find and plan every deprecated call of a file, write conversions as edits.
import type { LegacyCallSite } from './legacyCall';
import { findJavaScriptCalls } from './javascriptCalls';
import { writeJavaScript } from './javascriptWriter';
import { writeJson2Request } from './json2RequestWriter';
import type { MigrationFinding } from './migrationPlan';
import { languageOfFile } from './legacyFunctions';

export { languageOfFile };
import { findPhpCalls } from './phpCalls';
import { planLegacyCall } from './planLegacyCall';
import { findPythonCalls } from './pythonCalls';
import { writePhp } from './phpWriter';
import { type WrittenCode, writePython } from './pythonWriter';
import type { Release } from './removalTimeline';
import { findWorkflowCalls, mayBeWorkflowExport } from './n8nWorkflows';

export interface AnalysedCall {
  readonly site: LegacyCallSite;
  readonly finding: MigrationFinding;
}

/** A text replacement, in offsets of the original text. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Every deprecated call of a file, with what it becomes and when it breaks for a project on `target` (default: the newest release). */
export function analyseSource(text: string, fileName: string, target?: Release): AnalysedCall[] {
  if (mayBeWorkflowExport(fileName, text)) return findWorkflowCalls(text, target);
  const language = languageOfFile(fileName);
  let sites: LegacyCallSite[];
  if (language === 'python') sites = findPythonCalls(text);
  else if (language === 'javascript') sites = findJavaScriptCalls(text, fileName);
  else if (language === 'php') sites = findPhpCalls(text);
  else return [];
  return sites.map((site) => ({ site, finding: planLegacyCall(site, text, target) }));
}

/** The edits converting one call (the call itself and any missing imports), or undefined when it does not convert. */
export function conversionEdits(text: string, call: AnalysedCall): TextEdit[] | undefined {
  const conversion = call.finding.conversion;
  if (!conversion || call.finding.severity !== 'convertible') return undefined;
  const written: WrittenCode =
    call.site.language === 'python'
      ? writePython(call.site, conversion)
      : call.site.language === 'php'
        ? writePhp(call.site, conversion)
        : writeJavaScript(call.site, conversion);
  const edits: TextEdit[] = [{ start: written.start, end: written.end, text: written.text }];
  const missing = written.imports.filter((line) => !new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm').test(text));
  if (missing.length > 0) {
    const at = importInsertionOffset(text);
    edits.unshift({ start: at, end: at, text: missing.map((line) => `${line}\n`).join('') });
  }
  return edits;
}

/** Applies edits (in offsets of `text`) and returns the new text. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** The call as a `.json2` request, or undefined when it has no JSON-2 or route equivalent. */
export function json2RequestOf(call: AnalysedCall, fileLabel: string): string | undefined {
  if (call.finding.workflowNode?.json2Request) return call.finding.workflowNode.json2Request;
  const conversion = call.finding.conversion;
  if (!conversion) return undefined;
  const what = call.finding.model ? `${call.finding.model} ${call.finding.method}` : call.finding.call;
  return writeJson2Request(conversion, `${what} (from ${fileLabel}:${call.finding.line + 1})`);
}

/** After a leading docstring, comments and the import block of a Python file. */
function importInsertionOffset(text: string): number {
  const importLine = /^(?:import [\w.]+|from [\w.]+ import .+)[^\n]*\n/gm;
  let last = -1;
  for (let match = importLine.exec(text); match; match = importLine.exec(text)) last = match.index + match[0].length;
  return last === -1 ? 0 : last;
}
