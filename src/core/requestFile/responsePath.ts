// Paths that select inside JSON values (`.key`, `['key']`, `[0]`, `[-1]`, `[*]`, `[?(filter)]`, `.length`): reading and applying them.
import { applyFilterSelector, filterSelectorEnd, filterSelectorProblem } from './filterSelector';
import type { PathStep } from './placeholderTypes';
import type { LineIndex } from './textRange';

/** What readPath found: the steps read, where reading stopped, and the first problem if any. */
export interface PathReading {
  readonly steps: readonly PathStep[];
  /** Offset just after the last character read. */
  readonly end: number;
  readonly error?: { readonly offset: number; readonly endOffset: number; readonly message: string };
}

const isKeyChar = (code: number): boolean =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95 /* _ */ ||
  code === 45 /* - */ ||
  code === 36; /* $ */

const isBlank = (code: number): boolean => code === 32 || code === 9;

/**
 * Reads path steps from `text` between `start` and `end` (file offsets). With `stopAtBlank`, reading stops at
 * the first blank outside brackets (assertion subjects); otherwise every character up to `end` must belong to
 * the path.
 */
export function readPath(lines: LineIndex, start: number, end: number, stopAtBlank: boolean): PathReading {
  const text = lines.text;
  const steps: PathStep[] = [];
  let i = start;
  const fail = (offset: number, endOffset: number, message: string): PathReading => ({
    steps,
    end: i,
    error: { offset, endOffset: Math.max(endOffset, offset + 1), message },
  });
  while (i < end) {
    const code = text.charCodeAt(i);
    if (stopAtBlank && isBlank(code)) break;
    if (code === 46 /* . */) {
      let j = i + 1;
      while (j < end && isKeyChar(text.charCodeAt(j))) j++;
      if (j === i + 1) return fail(i, i + 1, 'A member name is expected after "."');
      steps.push({ kind: 'key', key: text.slice(i + 1, j), range: lines.range(i, j) });
      i = j;
    } else if (code === 91 /* [ */) {
      const step = readBracketStep(lines, i, end);
      if ('message' in step) return fail(i, step.errorEnd, step.message);
      steps.push(step.step);
      i = step.next;
    } else {
      return fail(i, i + 1, `Unexpected "${text[i]}" in a path: steps are .key, ['key'], [0], [*] or [?(filter)]`);
    }
  }
  return { steps, end: i };
}

type BracketReading = { step: PathStep; next: number } | { message: string; errorEnd: number };

function readBracketStep(lines: LineIndex, open: number, end: number): BracketReading {
  const text = lines.text;
  if (open + 1 >= end) return { message: 'Expected an index, [*], [?(filter)] or a quoted member name after "["', errorEnd: open + 1 };
  const first = text.charCodeAt(open + 1);
  if (first === 63 /* ? */) return readFilterStep(lines, open, end);
  if (first === 42 /* * */) {
    if (open + 2 >= end || text.charCodeAt(open + 2) !== 93) return { message: 'Expected "]" after "[*"', errorEnd: open + 2 };
    return { step: { kind: 'all', range: lines.range(open, open + 3) }, next: open + 3 };
  }
  if (first === 39 /* ' */ || first === 34 /* " */) {
    let close = open + 2;
    while (close < end && text.charCodeAt(close) !== first) close++;
    if (close >= end) return { message: 'A quoted member name is not closed', errorEnd: end };
    if (close + 1 >= end || text.charCodeAt(close + 1) !== 93)
      return { message: 'Expected "]" after the quoted member name', errorEnd: close + 1 };
    return { step: { kind: 'key', key: text.slice(open + 2, close), range: lines.range(open, close + 2) }, next: close + 2 };
  }
  let j = open + 1;
  if (text.charCodeAt(j) === 45 /* - */) j++;
  const digitsStart = j;
  while (j < end && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
  if (j === digitsStart || j - digitsStart > 9)
    return { message: 'Expected an index, [*] or a quoted member name inside [ ]', errorEnd: Math.max(j, open + 1) };
  if (j >= end || text.charCodeAt(j) !== 93) return { message: 'Expected "]" after the index', errorEnd: j };
  return { step: { kind: 'index', index: Number(text.slice(open + 1, j)), range: lines.range(open, j + 1) }, next: j + 1 };
}

function readFilterStep(lines: LineIndex, open: number, end: number): BracketReading {
  const closing = filterSelectorEnd(lines.text, open, end);
  if ('message' in closing) return closing;
  const selector = lines.text.slice(open, closing.next);
  const problem = filterSelectorProblem(selector);
  if (problem) return { message: problem.message, errorEnd: open + problem.offset + 1 };
  return { step: { kind: 'filter', selector, range: lines.range(open, closing.next) }, next: closing.next };
}

/** The result of applying a path: the value found, or the step that selected nothing and why. */
export type PathSelection =
  | { readonly found: true; readonly value: unknown }
  | { readonly found: false; readonly stepIndex: number; readonly reason: string };

/**
 * Applies path steps to a JSON value. `[*]` applies the rest of the path to each element and the result is the
 * flat list of what they select (a filter `[?…]` likewise, on the values it keeps); `.length` gives the length of an
 * array or a string. Any step that selects nothing fails the whole path (no silent `undefined`), unless
 * `dropMissing` is set: then, once a `[*]` or a filter has made a list, a value that the rest of the path selects
 * nothing in is left out of it, as JSONPath does (the panel's filter and `--select`).
 */
export function selectPath(root: unknown, steps: readonly PathStep[], options: { readonly dropMissing?: boolean } = {}): PathSelection {
  let current: unknown[] = [root];
  let many = false;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    const next: unknown[] = [];
    const tolerant = many && options.dropMissing === true;
    for (const value of current) {
      const selected = selectStepValues(value, step);
      if ('values' in selected) next.push(...selected.values);
      else if (!tolerant) return { found: false, stepIndex: s, reason: selected.reason };
    }
    if (step.kind === 'all' || step.kind === 'filter') many = true;
    current = next;
  }
  return { found: true, value: many ? current : current[0] };
}

function selectStepValues(value: unknown, step: PathStep): { values: readonly unknown[] } | { reason: string } {
  if (step.kind === 'all')
    return Array.isArray(value) ? { values: value as unknown[] } : { reason: `[*] needs an array, found ${describe(value)}` };
  if (step.kind === 'filter') {
    const kept = applyFilterSelector(value, step.selector);
    return kept ? { values: kept } : { reason: `a filter needs an array or an object, found ${describe(value)}` };
  }
  const selected = selectStep(value, step);
  return selected.found ? { values: [selected.value] } : selected;
}

function selectStep(
  value: unknown,
  step: PathStep & { kind: 'key' | 'index' },
): { found: true; value: unknown } | { found: false; reason: string } {
  if (step.kind === 'index') {
    if (!Array.isArray(value)) return { found: false, reason: `[${step.index}] needs an array, found ${describe(value)}` };
    const index = step.index < 0 ? value.length + step.index : step.index;
    if (index < 0 || index >= value.length) return { found: false, reason: `index ${step.index} is out of range (length ${value.length})` };
    return { found: true, value: value[index] as unknown };
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if (Object.prototype.hasOwnProperty.call(value, step.key)) return { found: true, value: (value as Record<string, unknown>)[step.key] };
    return { found: false, reason: `no member "${step.key}"` };
  }
  if (step.key === 'length' && (Array.isArray(value) || typeof value === 'string')) return { found: true, value: value.length };
  return { found: false, reason: `"${step.key}" needs an object, found ${describe(value)}` };
}

/** A short description of a JSON value's type for messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Writes path steps back as text (`[0].name`, `[*].id`). */
export function pathText(steps: readonly PathStep[]): string {
  return steps
    .map((step) =>
      step.kind === 'all'
        ? '[*]'
        : step.kind === 'filter'
          ? step.selector
          : step.kind === 'index'
            ? `[${step.index}]`
            : /^[A-Za-z0-9_$-]+$/.test(step.key)
              ? `.${step.key}`
              : `['${step.key}']`,
    )
    .join('');
}
