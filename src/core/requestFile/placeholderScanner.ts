// Finds `{{...}}` placeholders on a line and reads them into placeholder nodes.
import { errorAt, type Diagnostic } from './diagnostics';
import { readPlaceholderExpression } from './placeholderExpression';
import type { PlaceholderContext, PlaceholderNode } from './placeholderTypes';
import type { LineIndex } from './textRange';

/** Where the search for a placeholder's `}}` ended: at the `}}` (`close`), or at a character that cannot be inside one (`stop`). */
export type PlaceholderEnd = { readonly close: number } | { readonly stop: number; readonly byQuote: boolean };

/**
 * Looks for the `}}` that closes the `{{` at `open`, without passing `limit` (the end of the line), a single
 * brace or, when `stopAtQuote` (inside a JSON string), a double quote.
 */
export function findPlaceholderEnd(text: string, open: number, limit: number, stopAtQuote: boolean): PlaceholderEnd {
  for (let i = open + 2; i < limit; i++) {
    const code = text.charCodeAt(i);
    if (code === 125 /* } */) {
      if (i + 1 < limit && text.charCodeAt(i + 1) === 125) return { close: i };
      return { stop: i, byQuote: false };
    }
    if (code === 123 /* { */) return { stop: i, byQuote: false };
    if (stopAtQuote && code === 34 /* " */) return { stop: i, byQuote: true };
  }
  return { stop: limit, byQuote: false };
}

/** Builds the node of the placeholder from `open` (its `{{`) to `close` (its `}}`). */
export function placeholderNode(
  lines: LineIndex,
  open: number,
  close: number,
  context: PlaceholderContext,
  diagnostics: Diagnostic[],
): PlaceholderNode {
  const range = lines.range(open, close + 2);
  const read = readPlaceholderExpression(lines, open + 2, close, range);
  diagnostics.push(...read.diagnostics);
  return { range, inner: lines.part(open + 2, close), expression: read.expression, context };
}

/** The diagnostic for a `{{` whose `}}` was not found. */
export function unterminatedPlaceholder(
  lines: LineIndex,
  open: number,
  end: { readonly stop: number; readonly byQuote: boolean },
): Diagnostic {
  const message = end.byQuote
    ? 'This placeholder is not closed before the end of the JSON string: close it with }} (write quoted keys in paths with single quotes)'
    : 'This {{ has no matching }} on the line (a placeholder cannot hold braces or line breaks; write a literal {{ in JSON as "\\u007b{")';
  return errorAt(lines.range(open, Math.max(end.stop, open + 2)), 'unterminated-placeholder', message);
}

/** Finds every placeholder between two offsets of one line, for places where values are inserted as text. */
export function scanTextPlaceholders(lines: LineIndex, start: number, end: number, diagnostics: Diagnostic[]): PlaceholderNode[] {
  const text = lines.text;
  const found: PlaceholderNode[] = [];
  let i = start;
  while (i + 1 < end) {
    if (text.charCodeAt(i) !== 123 || text.charCodeAt(i + 1) !== 123) {
      i++;
      continue;
    }
    const placeholderEnd = findPlaceholderEnd(text, i, end, false);
    if ('close' in placeholderEnd) {
      found.push(placeholderNode(lines, i, placeholderEnd.close, 'text', diagnostics));
      i = placeholderEnd.close + 2;
    } else {
      diagnostics.push(unterminatedPlaceholder(lines, i, placeholderEnd));
      i = Math.max(placeholderEnd.stop, i + 2);
    }
  }
  return found;
}
