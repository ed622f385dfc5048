// Checks resolved assertions against a response (docs/format.md, section 9).
import type { ResolvedAssertion, StoredResponse } from './resolvedRequestTypes';
import { describe, pathText, selectPath } from './responsePath';

/** The result of one assertion: whether it passed, the value it looked at, and a sentence for reports. */
export interface AssertionOutcome {
  readonly assertion: ResolvedAssertion;
  readonly passed: boolean;
  /** The subject's value; absent when the path selected nothing. */
  readonly actual?: unknown;
  readonly message: string;
}

/** Deep equality of JSON values: same type, same members, same elements in the same order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((element, index) => jsonEqual(element, other[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && jsonEqual(left[key], right[key]))
  );
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

function subjectOf(
  assertion: ResolvedAssertion,
  response: StoredResponse,
): { found: true; value: unknown } | { found: false; reason: string } {
  switch (assertion.subjectRoot) {
    case 'status':
      return { found: true, value: response.status };
    case 'duration':
      return response.durationMs === undefined
        ? { found: false, reason: 'no duration was measured' }
        : { found: true, value: response.durationMs };
    case 'headers': {
      const step = assertion.subjectPath[0];
      const wanted = step?.kind === 'key' ? step.key.toLowerCase() : '';
      const key = Object.keys(response.headers).find((name) => name.toLowerCase() === wanted);
      if (key === undefined) return { found: false, reason: `no header ${wanted}` };
      const value = response.headers[key];
      return { found: true, value: typeof value === 'string' ? value : value.join(', ') };
    }
    case 'body': {
      // The text of a page is no answer to check: `?? body.length > 0` would pass on any HTML.
      const notJson = response.notJson;
      if (notJson !== undefined) return { found: false, reason: notJson };
      const selection = selectPath(response.body, assertion.subjectPath);
      return selection.found
        ? { found: true, value: selection.value }
        : { found: false, reason: `body${pathText(assertion.subjectPath.slice(0, selection.stepIndex + 1))}: ${selection.reason}` };
    }
  }
}

function compare(actual: unknown, expected: unknown): number | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  if (typeof actual === 'string' && typeof expected === 'string') return actual < expected ? -1 : actual > expected ? 1 : 0;
  return undefined;
}

function contains(actual: unknown, expected: unknown): boolean | undefined {
  if (typeof actual === 'string') return typeof expected === 'string' ? actual.includes(expected) : undefined;
  if (Array.isArray(actual)) return actual.some((element) => jsonEqual(element, expected));
  if (actual !== null && typeof actual === 'object')
    return typeof expected === 'string' ? Object.prototype.hasOwnProperty.call(actual, expected) : undefined;
  return undefined;
}

/** Checks one assertion against a response. Never throws. */
export function evaluateAssertion(assertion: ResolvedAssertion, response: StoredResponse): AssertionOutcome {
  const subject = subjectOf(assertion, response);
  const operator = assertion.operator;
  if (!subject.found) return { assertion, passed: false, message: `${assertion.text}: ${subject.reason}` };
  const actual = subject.value;
  const expected = assertion.expected;
  let verdict: boolean | undefined;
  switch (operator) {
    case 'exists':
      verdict = true;
      break;
    case '==':
      verdict = jsonEqual(actual, expected);
      break;
    case '!=':
      verdict = !jsonEqual(actual, expected);
      break;
    case '>':
    case '>=':
    case '<':
    case '<=': {
      const order = compare(actual, expected);
      verdict =
        order === undefined
          ? undefined
          : operator === '>'
            ? order > 0
            : operator === '>='
              ? order >= 0
              : operator === '<'
                ? order < 0
                : order <= 0;
      break;
    }
    case 'contains':
      verdict = contains(actual, expected);
      break;
    case 'matches': {
      const text = typeof actual === 'string' ? actual : JSON.stringify(actual);
      verdict = assertion.regex ? new RegExp(assertion.regex.source, assertion.regex.flags).test(text) : undefined;
      break;
    }
  }
  if (verdict === undefined) {
    return {
      assertion,
      passed: false,
      actual,
      message: `${assertion.text}: cannot apply ${operator} to ${describe(actual)} and ${describe(expected)}`,
    };
  }
  const message = verdict ? `${assertion.text}: passed` : `${assertion.text}: got ${shown(actual)}`;
  return { assertion, passed: verdict, actual, message };
}

/** Checks every assertion of a resolved request against its response, in order. */
export function evaluateAssertions(assertions: readonly ResolvedAssertion[], response: StoredResponse): AssertionOutcome[] {
  return assertions.map((assertion) => evaluateAssertion(assertion, response));
}
