// Reads the expression inside `{{...}}`: a variable, a system value or a reference to a named response.
import { errorAt, type Diagnostic } from './diagnostics';
import type { PlaceholderExpression, ResponsePart } from './placeholderTypes';
import { readPath } from './responsePath';
import { checkSystemValue, SYSTEM_VALUES } from './systemValues';
import type { LineIndex, TextPart, TextRange } from './textRange';

const isBlank = (code: number): boolean => code === 32 || code === 9;
const isNameStart = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isNameChar = (code: number): boolean => isNameStart(code) || (code >= 48 && code <= 57) || code === 45;

/** True when a text is a valid variable, prompt or request name: a letter or `_`, then letters, digits, `_` or `-`. */
export function isValidName(text: string): boolean {
  if (text.length === 0 || !isNameStart(text.charCodeAt(0))) return false;
  for (let i = 1; i < text.length; i++) if (!isNameChar(text.charCodeAt(i))) return false;
  return true;
}

const responseForms = 'NAME.response.status, NAME.response.headers.HEADER or NAME.response.body followed by a path';

/**
 * Reads the expression between `innerStart` and `innerEnd` (file offsets of the text between the braces).
 * `outer` is the range of the whole placeholder, used for problems that concern all of it.
 */
export function readPlaceholderExpression(
  lines: LineIndex,
  innerStart: number,
  innerEnd: number,
  outer: TextRange,
): { expression: PlaceholderExpression; diagnostics: Diagnostic[] } {
  const text = lines.text;
  let start = innerStart;
  let end = innerEnd;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  const invalid = (code: Diagnostic['code'], range: TextRange, message: string) => ({
    expression: { kind: 'invalid' } as const,
    diagnostics: [errorAt(range, code, message)],
  });
  if (start === end)
    return invalid('empty-placeholder', outer, 'Empty placeholder: write a variable name, a $system value or NAME.response...');

  const first = text.charCodeAt(start);
  if (first === 36 /* $ */) return readSystemValue(lines, start, end, outer);
  if (!isNameStart(first))
    return invalid(
      'invalid-placeholder',
      lines.range(start, end),
      `"${text.slice(start, end)}" is not a variable name, a $system value or a response reference`,
    );

  let nameEnd = start + 1;
  while (nameEnd < end && isNameChar(text.charCodeAt(nameEnd))) nameEnd++;
  const name = lines.part(start, nameEnd);
  if (nameEnd === end) return { expression: { kind: 'variable', name }, diagnostics: [] };
  if (text.charCodeAt(nameEnd) !== 46 /* . */) {
    return invalid(
      'invalid-placeholder',
      lines.range(nameEnd, end),
      `Unexpected "${text.slice(nameEnd, end)}" after ${name.text}: a placeholder holds one name, $value or reference`,
    );
  }
  return readResponseReference(lines, name, nameEnd, end);
}

function readSystemValue(
  lines: LineIndex,
  start: number,
  end: number,
  outer: TextRange,
): { expression: PlaceholderExpression; diagnostics: Diagnostic[] } {
  const text = lines.text;
  let nameEnd = start + 1;
  while (nameEnd < end && isNameChar(text.charCodeAt(nameEnd)) && text.charCodeAt(nameEnd) !== 45) nameEnd++;
  const name = lines.part(start + 1, nameEnd);
  const fail = (code: Diagnostic['code'], range: TextRange, message: string) => ({
    expression: { kind: 'invalid' } as const,
    diagnostics: [errorAt(range, code, message)],
  });
  if (name.text.length === 0)
    return fail('unknown-system-value', lines.range(start, start + 1), 'A system value name is expected after "$" (for example $uuid)');
  if (nameEnd < end && !isBlank(text.charCodeAt(nameEnd)))
    return fail('invalid-system-value-arguments', lines.range(nameEnd, end), `Expected a blank between $${name.text} and its arguments`);

  const args: TextPart[] = [];
  let i = nameEnd;
  while (i < end) {
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const argStart = i;
    if (text.charCodeAt(i) === 39 /* ' */) {
      i++;
      while (i < end && text.charCodeAt(i) !== 39) i++;
      if (i >= end) return fail('invalid-system-value-arguments', lines.range(argStart, end), 'A quoted argument is not closed');
      i++;
    } else {
      while (i < end && !isBlank(text.charCodeAt(i))) i++;
    }
    args.push(lines.part(argStart, i));
  }
  const problem = checkSystemValue(
    name.text,
    args.map((arg) => arg.text),
  );
  if (problem) {
    const unknown = !Object.prototype.hasOwnProperty.call(SYSTEM_VALUES, name.text);
    const range =
      problem.argIndex >= 0 && args[problem.argIndex] ? args[problem.argIndex].range : unknown ? lines.range(start, nameEnd) : outer;
    return fail(unknown ? 'unknown-system-value' : 'invalid-system-value-arguments', range, problem.message);
  }
  return { expression: { kind: 'system', name, args }, diagnostics: [] };
}

function readResponseReference(
  lines: LineIndex,
  requestName: TextPart,
  dot: number,
  end: number,
): { expression: PlaceholderExpression; diagnostics: Diagnostic[] } {
  const reading = readPath(lines, dot, end, false);
  const steps = reading.steps;
  const malformed = (range: TextRange, message: string) => ({
    expression: { kind: 'invalid' } as const,
    diagnostics: [errorAt(range, 'malformed-path', message)],
  });
  if (reading.error) return malformed(lines.range(reading.error.offset, Math.min(reading.error.endOffset, end)), reading.error.message);
  const responseStep = steps[0];
  if (responseStep.kind !== 'key' || responseStep.key !== 'response') {
    return malformed(responseStep.range, `A reference to a response is written ${responseForms}`);
  }
  const partStep = steps[1];
  if (!partStep || partStep.kind !== 'key' || !['status', 'headers', 'body'].includes(partStep.key)) {
    return malformed(partStep ? partStep.range : responseStep.range, `After "response" comes .status, .headers.HEADER or .body`);
  }
  const part = partStep.key as ResponsePart;
  const path = steps.slice(2);
  if (part === 'status' && path.length > 0) return malformed(path[0].range, 'The status is a number: nothing can follow it');
  if (part === 'headers' && (path.length !== 1 || path[0].kind !== 'key')) {
    return malformed(path.length > 0 ? path[0].range : partStep.range, "A header is written headers.NAME or headers['NAME']");
  }
  return { expression: { kind: 'response', requestName, part, partRange: partStep.range, path }, diagnostics: [] };
}
