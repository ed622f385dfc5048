// Reads an assertion line: `?? SUBJECT OPERATOR [EXPECTED]` (docs/format.md, section 9).
import { errorAt, type Diagnostic } from './diagnostics';
import { JsonMasker } from './jsonMasking';
import type { PathStep } from './placeholderTypes';
import { parseMaskedJson } from './readBody';
import type { AssertionNode, AssertionOperator, AssertionSubjectRoot } from './requestFileTypes';
import { readPath } from './responsePath';
import { trimmedSpan } from './readSimpleLines';
import type { LineIndex, TextPart } from './textRange';

/** The operators with a one-line explanation (for completion and hover). */
export const ASSERTION_OPERATORS: Readonly<Record<AssertionOperator, string>> = {
  '==': 'equal (deep equality of JSON values)',
  '!=': 'not equal',
  '>': 'greater than (two numbers, or two strings by code points)',
  '>=': 'greater than or equal',
  '<': 'less than',
  '<=': 'less than or equal',
  contains: 'text in a string, an equal element in an array, or a member name in an object',
  exists: 'the path selects something (null included); takes no expected value',
  matches: 'the subject, as text, matches a regular expression (/pattern/flags or a JSON string)',
};

const roots = new Set<string>(['status', 'duration', 'headers', 'body']);
const isBlank = (code: number): boolean => code === 32 || code === 9;

/** Reads the assertion on `line` (whose first non-blank characters are `??`). */
export function readAssertion(lines: LineIndex, line: number, diagnostics: Diagnostic[]): AssertionNode {
  const text = lines.text;
  const span = lines.lines[line];
  const whole = trimmedSpan(text, span.start, span.end);
  const range = lines.range(whole.start, whole.end);
  let i = whole.start + 2;
  while (i < whole.end && isBlank(text.charCodeAt(i))) i++;
  const subjectStart = i;
  while (i < whole.end && /[A-Za-z]/.test(text[i])) i++;
  const rootWord = text.slice(subjectStart, i);
  const base = { range, subjectPath: [] as PathStep[], placeholders: [], invalid: true };
  const fail = (subject: TextPart, at: TextPart['range'], message: string): AssertionNode => {
    diagnostics.push(errorAt(at, 'invalid-assertion', message));
    return { ...base, subject };
  };
  if (!roots.has(rootWord)) {
    let end = subjectStart;
    while (end < whole.end && !isBlank(text.charCodeAt(end))) end++;
    const subject = lines.part(subjectStart, end);
    return fail(
      subject,
      subject.text ? subject.range : range,
      'An assertion starts with status, duration, headers.NAME or body followed by a path: ?? status == 200',
    );
  }
  const path = readPath(lines, i, whole.end, true);
  const subject = lines.part(subjectStart, path.error ? path.error.endOffset : path.end);
  if (path.error) return fail(subject, lines.range(path.error.offset, path.error.endOffset), path.error.message);
  const root = rootWord as AssertionSubjectRoot;
  if ((root === 'status' || root === 'duration') && path.steps.length > 0)
    return fail(subject, path.steps[0].range, `${root} is a number: no path may follow it`);
  if (root === 'headers' && (path.steps.length !== 1 || path.steps[0].kind !== 'key'))
    return fail(subject, subject.range, "A header is written headers.NAME or headers['NAME']");

  i = path.end;
  while (i < whole.end && isBlank(text.charCodeAt(i))) i++;
  const operatorStart = i;
  while (i < whole.end && !isBlank(text.charCodeAt(i))) i++;
  const operatorPart = lines.part(operatorStart, i);
  const withSubject = { ...base, subject, subjectRoot: root, subjectPath: path.steps };
  if (!Object.prototype.hasOwnProperty.call(ASSERTION_OPERATORS, operatorPart.text)) {
    const message = operatorPart.text ? `Unknown operator "${operatorPart.text}"` : 'An operator is expected after the subject';
    diagnostics.push(
      errorAt(
        operatorPart.text ? operatorPart.range : subject.range,
        'invalid-assertion',
        `${message}; operators: ${Object.keys(ASSERTION_OPERATORS).join(' ')}`,
      ),
    );
    return withSubject;
  }
  const operator = { ...operatorPart, value: operatorPart.text as AssertionOperator };
  const expectedSpan = trimmedSpan(text, i, whole.end);
  const expected = expectedSpan.end > expectedSpan.start ? lines.part(expectedSpan.start, expectedSpan.end) : undefined;
  const withOperator = { ...withSubject, operator };
  if (operator.value === 'exists') {
    if (expected) diagnostics.push(errorAt(expected.range, 'invalid-assertion', 'exists takes no expected value'));
    return { ...withOperator, invalid: expected !== undefined };
  }
  if (!expected) {
    diagnostics.push(errorAt(operator.range, 'invalid-assertion', `${operator.value} needs an expected value after it`));
    return withOperator;
  }
  if (operator.value === 'matches' && expected.text.startsWith('/')) return readRegexLiteral(expected, withOperator, diagnostics);
  return readExpectedJson(lines, expected, withOperator, diagnostics);
}

function readRegexLiteral(expected: TextPart, node: AssertionNode, diagnostics: Diagnostic[]): AssertionNode {
  const close = expected.text.lastIndexOf('/');
  const flags = expected.text.slice(close + 1);
  const source = expected.text.slice(1, close);
  if (close <= 0 || !/^[dgimsuy]*$/.test(flags)) {
    diagnostics.push(errorAt(expected.range, 'invalid-assertion', 'A regular expression is written /pattern/flags'));
    return { ...node, expected };
  }
  const problem = regexProblem(source, flags);
  if (problem) {
    diagnostics.push(errorAt(expected.range, 'invalid-assertion', problem));
    return { ...node, expected };
  }
  return { ...node, expected, regex: { source, flags }, invalid: false };
}

function readExpectedJson(lines: LineIndex, expected: TextPart, node: AssertionNode, diagnostics: Diagnostic[]): AssertionNode {
  const found: Diagnostic[] = [];
  const masker = new JsonMasker(lines, found);
  masker.scanLine(expected.range.startOffset, expected.range.endOffset, false);
  const tree = parseMaskedJson(lines, masker.masked(), expected.range.startOffset, masker, found);
  const placeholders = masker.placeholders;
  const syntax = found.filter((diagnostic) => diagnostic.code === 'json-syntax');
  diagnostics.push(...found.filter((diagnostic) => diagnostic.code !== 'json-syntax'));
  if (syntax.length > 0 || !tree) {
    diagnostics.push(
      errorAt(
        expected.range,
        'invalid-assertion',
        `The expected value must be JSON (strings in double quotes): ${syntax[0]?.message ?? 'a value is expected'}`,
      ),
    );
    return { ...node, expected, placeholders };
  }
  const invalid = found.length > 0;
  if (!invalid && node.operator?.value === 'matches' && placeholders.length === 0) {
    if (tree.type !== 'string') {
      diagnostics.push(errorAt(expected.range, 'invalid-assertion', 'matches needs a /pattern/flags or a JSON string'));
      return { ...node, expected, placeholders };
    }
    const problem = regexProblem(String(tree.value), '');
    if (problem) {
      diagnostics.push(errorAt(expected.range, 'invalid-assertion', problem));
      return { ...node, expected, placeholders };
    }
  }
  return { ...node, expected, placeholders, invalid };
}

/** Why a regular expression does not compile, or undefined. */
function regexProblem(source: string, flags: string): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (error) {
    return `The regular expression does not compile: ${(error as Error).message}`;
  }
}
