// JSONPath filter selectors in paths (`[?(@.amount_total > 1000)]`): finding where one ends, checking it and
// applying it, with json-p3's RFC 9535 parser and evaluator (no JavaScript is evaluated).
import { JSONPathEnvironment, JSONPathError, type JSONPathQuery, type JSONValue } from 'json-p3';

/** Strict RFC 9535: the standard's functions only (length, count, match, search, value), no extensions. */
let environment: JSONPathEnvironment | undefined;
const compiled = new Map<string, JSONPathQuery>();
const CACHE_LIMIT = 100;

/** Where a filter selector that opens at `open` (a `[` followed by `?`) closes: the offset after its `]`, or an error. */
export function filterSelectorEnd(text: string, open: number, end: number): { next: number } | { message: string; errorEnd: number } {
  let depth = 0;
  let quote = 0;
  for (let i = open; i < end; i++) {
    const code = text.charCodeAt(i);
    if (quote !== 0) {
      if (code === 92 /* \ */) i++;
      else if (code === quote) quote = 0;
    } else if (code === 39 /* ' */ || code === 34 /* " */) {
      quote = code;
    } else if (code === 91 /* [ */ || code === 40 /* ( */) {
      depth++;
    } else if (code === 93 /* ] */ || code === 41 /* ) */) {
      depth--;
      if (depth === 0) return code === 93 ? { next: i + 1 } : { message: 'Unbalanced ")" in the filter', errorEnd: i + 1 };
    }
  }
  return { message: quote !== 0 ? 'A string in the filter is not closed' : 'The filter is not closed: expected "]"', errorEnd: end };
}

/** Why the filter selector `[?…]` is not valid JSONPath, with the offset of the problem inside it, or undefined. */
export function filterSelectorProblem(selector: string): { message: string; offset: number } | undefined {
  try {
    compile(selector);
    return undefined;
  } catch (error) {
    if (!(error instanceof JSONPathError)) throw error;
    // json-p3's messages end with ('excerpt':index); the offset is given separately.
    const message = error.message.replace(/\s*\('.*':\d+\)$/s, '');
    return { message: `Invalid filter: ${message}`, offset: Math.max(0, Math.min(selector.length - 1, error.token.index - 1)) };
  }
}

/**
 * The values a filter selector selects from an array (its elements) or an object (its members' values), in order;
 * undefined when the value is neither.
 */
export function applyFilterSelector(value: unknown, selector: string): unknown[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  return compile(selector)
    .query(value as JSONValue)
    .values() as unknown[];
}

function compile(selector: string): JSONPathQuery {
  let query = compiled.get(selector);
  if (!query) {
    environment ??= new JSONPathEnvironment({ strict: true });
    query = environment.compile(`$${selector}`);
    if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value as string);
    compiled.set(selector, query);
  }
  return query;
}
