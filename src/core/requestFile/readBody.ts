// Reads a request's JSON body: decides which lines belong to it, masks its placeholders and parses it with jsonc-parser.
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { errorAt, type Diagnostic } from './diagnostics';
import { JsonMasker } from './jsonMasking';
import type { BodyNode } from './requestFileTypes';
import type { LineIndex } from './textRange';

/** jsonc-parser's error names in plain words. */
const jsonMessages: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'A property name in double quotes is expected',
  ValueExpected: 'A value is expected',
  ColonExpected: 'A colon is expected',
  CommaExpected: 'A comma is expected',
  CloseBraceExpected: 'A closing } is expected',
  CloseBracketExpected: 'A closing ] is expected',
  EndOfFileExpected: 'Nothing may follow the value on the line where the body ends',
  InvalidCommentToken: 'Invalid comment',
  UnexpectedEndOfComment: 'A /* comment is not closed',
  UnexpectedEndOfString: 'A string is not closed (strings cannot span lines)',
  UnexpectedEndOfNumber: 'A number is cut short',
  InvalidUnicode: 'Invalid \\u escape',
  InvalidEscapeCharacter: 'Invalid escape in a string',
  InvalidCharacter: 'Invalid character in a string (control characters must be escaped)',
};

/** At most this many jsonc-parser errors per body: after the first few they only repeat the same mistake. */
const maxJsonErrors = 20;

/** Deeper bodies are refused: jsonc-parser reads nesting by recursion, and no model method needs more. */
export const MAX_JSON_DEPTH = 256;

/**
 * Parses masked JSON text and reports its syntax errors as diagnostics at file offsets. Text nested deeper than
 * MAX_JSON_DEPTH (as the masker measured it) is reported and not parsed.
 */
export function parseMaskedJson(
  lines: LineIndex,
  masked: string,
  offset: number,
  masker: Pick<JsonMasker, 'quiet' | 'maxDepth'>,
  diagnostics: Diagnostic[],
): BodyNode['tree'] {
  if (masker.maxDepth > MAX_JSON_DEPTH) {
    diagnostics.push(
      errorAt(lines.range(offset, offset + masked.length), 'json-syntax', `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`),
    );
    return undefined;
  }
  const quiet = masker.quiet;
  const errors: ParseError[] = [];
  const tree = parseTree(masked, errors, { allowTrailingComma: true, disallowComments: false });
  let reported = 0;
  let nextQuiet = 0;
  let lastStart = -1;
  for (const error of errors) {
    const start = offset + error.offset;
    // At the end of an unfinished body jsonc-parser lists every missing closer at one place: keep the first.
    if (start === lastStart) continue;
    lastStart = start;
    // Both lists come in text order, so one forward walk over the quiet spans is enough.
    while (nextQuiet < quiet.length && quiet[nextQuiet].end <= start) nextQuiet++;
    if (nextQuiet < quiet.length && quiet[nextQuiet].start <= start) continue;
    if (reported++ >= maxJsonErrors) break;
    const name = printParseErrorCode(error.error);
    diagnostics.push(errorAt(lines.range(start, start + error.length), 'json-syntax', jsonMessages[name] ?? name));
  }
  return tree;
}

const isBlankLine = (text: string, start: number, end: number): boolean => {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) return false;
  return true;
};

const startsWithMarker = (text: string, start: number, end: number, marker: string): boolean => {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return text.startsWith(marker, i);
};

/**
 * Reads the body that starts at `startOffset` on `startLine`. The body ends at the end of the line where its
 * first bracket closes; a body that never closes ends before the next `###` or `??` line or at the end of the
 * text (docs/format.md, section 6). Returns the body and the first line after it.
 */
export function readBody(
  lines: LineIndex,
  startLine: number,
  startOffset: number,
  diagnostics: Diagnostic[],
): { body: BodyNode; nextLine: number } {
  const text = lines.text;
  const masker = new JsonMasker(lines, diagnostics);
  let bodyEnd = lines.lines[startLine].end;
  let line = startLine;
  for (; line < lines.lines.length; line++) {
    const span = lines.lines[line];
    if (line > startLine) {
      if (startsWithMarker(text, span.start, span.end, '??') || startsWithMarker(text, span.start, span.end, '###')) break;
      const previous = lines.lines[line - 1];
      masker.keepBetween(previous.end, previous.next);
    }
    masker.scanLine(line === startLine ? startOffset : span.start, span.end, line > startLine);
    if (!isBlankLine(text, span.start, span.end)) bodyEnd = span.end;
    if (masker.closed) {
      line++;
      break;
    }
  }
  const masked = masker.masked().slice(0, bodyEnd - startOffset);
  const tree = parseMaskedJson(lines, masked, startOffset, masker, diagnostics);
  const body: BodyNode = {
    range: lines.range(startOffset, bodyEnd),
    offset: startOffset,
    text: text.slice(startOffset, bodyEnd),
    maskedText: masked,
    ...(tree ? { tree } : {}),
    placeholders: masker.placeholders,
    closed: masker.closed,
  };
  return { body, nextLine: line };
}
