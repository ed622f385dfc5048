// Reads the one-line constructs: metadata (`# @name x`), file variables (`@x = 1`) and headers (`Name: value`).
import { errorAt, warningAt, type Diagnostic } from './diagnostics';
import { isValidName } from './placeholderExpression';
import { scanTextPlaceholders } from './placeholderScanner';
import type { HeaderNode, MetadataNode, PromptNode, VariableNode } from './requestFileTypes';
import { looksSecret } from './secretNames';
import type { LineIndex, TextPart } from './textRange';

const isBlank = (code: number): boolean => code === 32 || code === 9;
const isLetter = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isKeywordChar = (code: number): boolean => isLetter(code) || (code >= 48 && code <= 57) || code === 95 || code === 45;
/** HTTP token characters (RFC 9110): the characters a header name may hold. */
const isTokenChar = (code: number): boolean =>
  isKeywordChar(code) || (code > 32 && code < 127 && "!#$%&'*+.^`|~".includes(String.fromCharCode(code)));

/** Offsets of the line's text without leading and trailing blanks. */
export function trimmedSpan(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

/** Where a metadata line's `@` stands, or -1: a `#` or `//` comment whose first word starts with `@` and a letter. */
export function metadataAt(text: string, start: number, end: number): number {
  let i = trimmedSpan(text, start, end).start;
  if (text.charCodeAt(i) === 35) i += 1;
  else if (text.startsWith('//', i)) i += 2;
  else return -1;
  while (i < end && isBlank(text.charCodeAt(i))) i++;
  return i + 1 < end && text.charCodeAt(i) === 64 && isLetter(text.charCodeAt(i + 1)) ? i : -1;
}

/**
 * Reads a metadata line whose `@` is at `at`. The value keeps its placeholders for @connection and @confirm.
 * Returns undefined, after reporting it, when the keyword is glued to what follows (`# @name:x`).
 */
export function readMetadata(lines: LineIndex, line: number, at: number, diagnostics: Diagnostic[]): MetadataNode | undefined {
  const text = lines.text;
  const span = lines.lines[line];
  const whole = trimmedSpan(text, span.start, span.end);
  let keywordEnd = at + 1;
  while (keywordEnd < whole.end && isKeywordChar(text.charCodeAt(keywordEnd))) keywordEnd++;
  const keyword = lines.part(at + 1, keywordEnd);
  const valueSpan = trimmedSpan(text, keywordEnd, whole.end);
  if (valueSpan.start === keywordEnd && valueSpan.start < valueSpan.end) {
    diagnostics.push(errorAt(lines.range(keywordEnd, whole.end), 'invalid-metadata', `Expected a blank after @${keyword.text}`));
    return undefined;
  }
  const value = valueSpan.end > valueSpan.start ? lines.part(valueSpan.start, valueSpan.end) : undefined;
  const placeholders =
    value && (keyword.text === 'connection' || keyword.text === 'confirm')
      ? scanTextPlaceholders(lines, valueSpan.start, valueSpan.end, diagnostics)
      : [];
  return { range: lines.range(whole.start, whole.end), keyword, ...(value ? { value } : {}), placeholders };
}

/** Reads a `# @prompt name [description]` line's value into a prompt, or reports why it cannot. */
export function readPrompt(lines: LineIndex, metadata: MetadataNode, diagnostics: Diagnostic[]): PromptNode | undefined {
  if (!metadata.value) {
    diagnostics.push(errorAt(metadata.range, 'invalid-metadata', '@prompt needs a variable name: # @prompt NAME [description]'));
    return undefined;
  }
  const text = lines.text;
  const start = metadata.value.range.startOffset;
  const end = metadata.value.range.endOffset;
  let nameEnd = start;
  while (nameEnd < end && !isBlank(text.charCodeAt(nameEnd))) nameEnd++;
  const name = lines.part(start, nameEnd);
  if (!isValidName(name.text)) {
    diagnostics.push(
      errorAt(name.range, 'invalid-metadata', `"${name.text}" is not a variable name: a letter or _, then letters, digits, _ or -`),
    );
    return undefined;
  }
  const rest = trimmedSpan(text, nameEnd, end);
  const description = rest.end > rest.start ? lines.part(rest.start, rest.end) : undefined;
  return { range: metadata.range, name, ...(description ? { description } : {}), secret: looksSecret(name.text) };
}

/** Reads a `@name = value` line (the caller saw `@` first). Returns undefined, with a diagnostic, when malformed. */
export function readVariableDefinition(lines: LineIndex, line: number, diagnostics: Diagnostic[]): VariableNode | undefined {
  const text = lines.text;
  const span = lines.lines[line];
  const whole = trimmedSpan(text, span.start, span.end);
  let equals = whole.start;
  while (equals < whole.end && text.charCodeAt(equals) !== 61 /* = */) equals++;
  if (equals >= whole.end) {
    diagnostics.push(
      errorAt(lines.range(whole.start, whole.end), 'invalid-variable-definition', 'A file variable is written @NAME = VALUE'),
    );
    return undefined;
  }
  const nameSpan = trimmedSpan(text, whole.start + 1, equals);
  const name = lines.part(nameSpan.start, nameSpan.end);
  if (!isValidName(name.text)) {
    const range = name.text.length > 0 ? name.range : lines.range(whole.start, equals);
    diagnostics.push(
      errorAt(range, 'invalid-variable-definition', `"${name.text}" is not a variable name: a letter or _, then letters, digits, _ or -`),
    );
    return undefined;
  }
  const valueSpan = trimmedSpan(text, equals + 1, whole.end);
  const value: TextPart = lines.part(valueSpan.start, valueSpan.end);
  const placeholders = scanTextPlaceholders(lines, valueSpan.start, valueSpan.end, diagnostics);
  if (looksSecret(name.text) && value.text.length > 0 && placeholders.length === 0) {
    diagnostics.push(
      warningAt(
        value.range,
        'secret-in-file',
        `${name.text} looks secret: keep its value out of the file (.env, the connection, or # @prompt ${name.text})`,
      ),
    );
  }
  return { range: lines.range(whole.start, whole.end), name, value, placeholders };
}

/** True when a line is `Name: value` with an HTTP token as name. */
export function isHeaderLine(text: string, start: number, end: number): boolean {
  const whole = trimmedSpan(text, start, end);
  let i = whole.start;
  while (i < whole.end && isTokenChar(text.charCodeAt(i))) i++;
  if (i === whole.start) return false;
  while (i < whole.end && isBlank(text.charCodeAt(i))) i++;
  return text.charCodeAt(i) === 58 && i < whole.end;
}

/** Reads a header line (isHeaderLine must hold). */
export function readHeader(lines: LineIndex, line: number, diagnostics: Diagnostic[]): HeaderNode {
  const text = lines.text;
  const span = lines.lines[line];
  const whole = trimmedSpan(text, span.start, span.end);
  let nameEnd = whole.start;
  while (nameEnd < whole.end && isTokenChar(text.charCodeAt(nameEnd))) nameEnd++;
  const colon = text.indexOf(':', nameEnd);
  const valueSpan = trimmedSpan(text, colon + 1, whole.end);
  const name = lines.part(whole.start, nameEnd);
  const value = lines.part(valueSpan.start, valueSpan.end);
  const placeholders = scanTextPlaceholders(lines, valueSpan.start, valueSpan.end, diagnostics);
  if (name.text.toLowerCase() === 'authorization' && value.text.length > 0 && placeholders.length === 0) {
    diagnostics.push(
      warningAt(
        value.range,
        'secret-in-file',
        'Keys never belong in the file: the connection adds Authorization (or use a placeholder: Bearer {{apiKey}})',
      ),
    );
  }
  return { range: lines.range(whole.start, whole.end), name, value, placeholders };
}
