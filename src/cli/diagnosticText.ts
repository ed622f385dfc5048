// Writes a problem of a .json2 file the way compilers do, `file:line:col: severity: message (code)`, for terminals and CI.
import type { Diagnostic, Position } from '../core/requestFile';

/** `file:line:col` with a 1-based line and column, as editors and CI annotations read them. */
export function locationText(file: string, position: Position): string {
  return `${file}:${position.line + 1}:${position.character + 1}`;
}

/** One diagnostic as a line of text. */
export function diagnosticText(file: string, diagnostic: Diagnostic): string {
  return `${locationText(file, diagnostic.range.start)}: ${diagnostic.severity}: ${diagnostic.message} (${diagnostic.code})`;
}

/**
 * A message at a place, as compilers print it: `file:line:col: first line`, and the rest of a multi-line message
 * indented under it, so that every line a tool matches as `file:line:col:` is one message.
 */
export function locatedLines(where: string, message: string, indent = '    '): string[] {
  const [first = '', ...rest] = message.split(/\r?\n/);
  return [`${where}: ${first}`, ...rest.map((line) => `${indent}${line}`.trimEnd())];
}
