// Reads the request line: `[METHOD] model/method`, `[METHOD] /json/2/model/method` or `[METHOD] /route` (docs/format.md, section 3).
import { errorAt, warningAt, type Diagnostic } from './diagnostics';
import { scanTextPlaceholders } from './placeholderScanner';
import type { PlaceholderNode } from './placeholderTypes';
import type { HttpMethod, RequestLineNode } from './requestFileTypes';
import type { LineIndex, TextPart } from './textRange';

const httpMethods = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const modelPattern = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$/;
const methodPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const fullPrefix = '/json/2/';

interface Word {
  readonly start: number;
  readonly end: number;
}

/** Splits a line into blank-separated words. */
function words(text: string, start: number, end: number): Word[] {
  const found: Word[] = [];
  let i = start;
  while (i < end) {
    while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    if (i >= end) break;
    const wordStart = i;
    while (i < end && text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) i++;
    found.push({ start: wordStart, end: i });
  }
  return found;
}

/** The first word of a line (after leading blanks), or undefined for a blank line. */
function firstWord(text: string, start: number, end: number): string | undefined {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  let j = i;
  while (j < end && text.charCodeAt(j) !== 32 && text.charCodeAt(j) !== 9) j++;
  return j > i ? text.slice(i, j) : undefined;
}

/** True when a line of a block's head is a request line: an upper-case method first, or a first word holding `/`. */
export function isRequestLine(text: string, start: number, end: number): boolean {
  const word = firstWord(text, start, end);
  if (word === undefined) return false;
  return httpMethods.has(word) || (word.includes('/') && !word.startsWith('//'));
}

/** True when a line starts with an upper-case method and something after it: a request line where none may stand. */
export function startsWithExplicitMethod(text: string, start: number, end: number): boolean {
  const found = words(text, start, Math.min(end, start + 200));
  return found.length >= 2 && httpMethods.has(text.slice(found[0].start, found[0].end));
}

/** True when a line starts with an HTTP method in lower case (`post res.partner/read`). */
export function startsWithLowercaseMethod(text: string, start: number, end: number): boolean {
  const word = firstWord(text, start, Math.min(end, start + 200));
  return word !== undefined && word !== word.toUpperCase() && httpMethods.has(word.toUpperCase());
}

/** Offsets of the `/` characters of the target outside placeholders. */
function slashesOutsidePlaceholders(text: string, start: number, end: number, placeholders: readonly PlaceholderNode[]): number[] {
  const slashes: number[] = [];
  let next = 0;
  for (let i = start; i < end; i++) {
    while (next < placeholders.length && placeholders[next].range.endOffset <= i) next++;
    if (next < placeholders.length && placeholders[next].range.startOffset <= i) {
      i = placeholders[next].range.endOffset - 1;
      continue;
    }
    if (text.charCodeAt(i) === 47) slashes.push(i);
  }
  return slashes;
}

/** Reads the request line on `line`. */
export function readRequestLine(lines: LineIndex, line: number, diagnostics: Diagnostic[]): RequestLineNode {
  const text = lines.text;
  const span = lines.lines[line];
  const lineWords = words(text, span.start, span.end);
  let cursor = 0;
  let method: TextPart | undefined;
  if (httpMethods.has(text.slice(lineWords[0].start, lineWords[0].end))) method = lines.part(lineWords[0].start, lineWords[cursor++].end);
  const targetWord = lineWords[cursor];
  let contentEnd = lineWords[lineWords.length - 1].end;
  if (!targetWord || text.startsWith('#', targetWord.start) || text.startsWith('//', targetWord.start)) {
    const at = method ? method.range.endOffset : span.start;
    diagnostics.push(
      errorAt(lines.range(at, at), 'invalid-target', `A target is expected after ${method?.text ?? 'the method'}: model/method or /route`),
    );
    return {
      range: lines.range(lineWords[0].start, method ? method.range.endOffset : span.end),
      ...(method ? { method } : {}),
      httpMethod: (method?.text as HttpMethod) ?? 'POST',
      target: lines.part(at, at),
      kind: 'call',
      form: 'short',
      placeholders: [],
    };
  }
  for (let w = cursor + 1; w < lineWords.length; w++) {
    const word = text.slice(lineWords[w].start, lineWords[w].end);
    if (word.startsWith('#') || word.startsWith('//')) {
      contentEnd = lineWords[w - 1].end;
      break;
    }
    if (w === cursor + 1 && /^HTTP\/\d(\.\d)?$/.test(word)) continue;
    const commentAt = lineWords.findIndex((candidate, index) => index > w && /^(#|\/\/)/.test(text.slice(candidate.start, candidate.end)));
    const trailingEnd = commentAt > 0 ? lineWords[commentAt - 1].end : lineWords[lineWords.length - 1].end;
    diagnostics.push(
      errorAt(
        lines.range(lineWords[w].start, trailingEnd),
        'trailing-text',
        'Unexpected text after the target (only HTTP/1.1 or a # comment may follow it)',
      ),
    );
    contentEnd = trailingEnd;
    break;
  }
  const target = lines.part(targetWord.start, targetWord.end);
  const placeholders = scanTextPlaceholders(lines, targetWord.start, targetWord.end, diagnostics);
  const classified = classifyTarget(lines, target, placeholders, diagnostics);
  const httpMethod = (method?.text as HttpMethod | undefined) ?? (classified.kind === 'call' ? 'POST' : 'GET');
  const { absolute, ...shape } = classified;
  if (absolute) {
    // The target is already wrong; saying the method does not fit it would only add noise.
  } else if (method && classified.kind === 'call' && method.text !== 'POST') {
    diagnostics.push(errorAt(method.range, 'unsupported-method', `JSON-2 calls use POST, not ${method.text}`));
  } else if (method && classified.kind === 'route' && method.text !== 'GET') {
    diagnostics.push(
      errorAt(method.range, 'unsupported-method', `Only GET is supported for routes other than /json/2 (found ${method.text})`),
    );
  }
  return { range: lines.range(lineWords[0].start, contentEnd), ...(method ? { method } : {}), httpMethod, target, ...shape, placeholders };
}

type TargetShape = Pick<RequestLineNode, 'kind' | 'form' | 'model' | 'methodName' | 'path'>;

function classifyTarget(
  lines: LineIndex,
  target: TextPart,
  placeholders: readonly PlaceholderNode[],
  diagnostics: Diagnostic[],
): TargetShape & { absolute?: true } {
  const text = lines.text;
  const start = target.range.startOffset;
  const end = target.range.endOffset;
  if (/^https?:\/\//i.test(target.text)) {
    diagnostics.push(
      errorAt(
        target.range,
        'absolute-url',
        'Absolute URLs are not allowed: the server (and the key sent to it) comes from the connection; write /json/2/model/method or model/method',
      ),
    );
    return { kind: 'route', form: 'route', path: target, absolute: true };
  }
  if (target.text.startsWith(fullPrefix)) {
    const shape = callParts(lines, start + fullPrefix.length, end, placeholders, diagnostics, 'full');
    return shape ?? { kind: 'call', form: 'full' };
  }
  if (target.text === '/json/2' || target.text.startsWith('/json/2?') || target.text.startsWith('/json/2#')) {
    diagnostics.push(errorAt(target.range, 'invalid-target', 'The full form is /json/2/MODEL/METHOD'));
    return { kind: 'call', form: 'full' };
  }
  if (text.charCodeAt(start) === 47) return { kind: 'route', form: 'route', path: target };
  const slashes = slashesOutsidePlaceholders(text, start, end, placeholders);
  if (
    slashes.length > 1 &&
    placeholders.length > 0 &&
    placeholders[0].range.startOffset === start &&
    text.startsWith('/json/2/', placeholders[0].range.endOffset)
  ) {
    diagnostics.push(
      errorAt(
        target.range,
        'absolute-url',
        'A base URL is not written in the file: the server comes from the connection; write /json/2/model/method or model/method',
      ),
    );
    return { kind: 'call', form: 'short', absolute: true };
  }
  return callParts(lines, start, end, placeholders, diagnostics, 'short') ?? { kind: 'call', form: 'short' };
}

function callParts(
  lines: LineIndex,
  start: number,
  end: number,
  placeholders: readonly PlaceholderNode[],
  diagnostics: Diagnostic[],
  form: 'short' | 'full',
): TargetShape | undefined {
  const text = lines.text;
  const slashes = slashesOutsidePlaceholders(text, start, end, placeholders);
  const expected = form === 'full' ? '/json/2/MODEL/METHOD' : 'MODEL/METHOD (for example res.partner/search_read)';
  if (slashes.length !== 1 || slashes[0] === start || slashes[0] === end - 1) {
    diagnostics.push(
      errorAt(lines.range(form === 'full' ? start - fullPrefix.length : start, end), 'invalid-target', `Expected ${expected}`),
    );
    // A target being typed (`res.par`, `res.partner/`) still gets its parts, so completion knows what is written.
    if (slashes.length === 0 && end > start) return { kind: 'call', form, model: lines.part(start, end) };
    if (slashes.length === 1 && slashes[0] === end - 1 && end - 1 > start)
      return { kind: 'call', form, model: lines.part(start, end - 1), methodName: lines.part(end, end) };
    return undefined;
  }
  const model = lines.part(start, slashes[0]);
  const methodName = lines.part(slashes[0] + 1, end);
  const hasPlaceholder = (part: TextPart) =>
    placeholders.some((p) => p.range.startOffset < part.range.endOffset && p.range.endOffset > part.range.startOffset);
  if (!hasPlaceholder(model) && !modelPattern.test(model.text)) {
    diagnostics.push(
      errorAt(model.range, 'invalid-target', `"${model.text}" is not a model name: dotted names of letters, digits and _ (res.partner)`),
    );
  }
  if (!hasPlaceholder(methodName)) {
    if (!methodPattern.test(methodName.text)) {
      diagnostics.push(errorAt(methodName.range, 'invalid-target', `"${methodName.text}" is not a method name: letters, digits and _`));
    } else if (methodName.text.startsWith('_')) {
      diagnostics.push(
        warningAt(methodName.range, 'private-method', `${methodName.text} is private: the server refuses to call it remotely (403)`),
      );
    }
  }
  return { kind: 'call', form, model, methodName };
}
