// Keeps what a tool returns to a model small: long texts shortened, lists cut to a size budget, with the total said.

/** Characters of JSON a tool answer aims to stay under (about 4,000 tokens). */
export const DEFAULT_BUDGET_CHARS = 16_000;
/** Longer strings inside an answer are cut to this many characters. */
const LONGEST_TEXT = 400;

/** A list cut to the budget: the items kept and what was left out. */
export interface CompactList<T> {
  readonly items: T[];
  /** How many items there are in all (the server's count when it gave one). */
  readonly total: number;
  /** True when items were left out to stay within the budget or the limit. */
  readonly truncated: boolean;
}

/** A copy of a JSON-like value whose long strings are cut (`…(+N characters)`); binary content is summarised. */
export function shortenTexts(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length <= LONGEST_TEXT ? value : `${value.slice(0, LONGEST_TEXT)}…(+${value.length - LONGEST_TEXT} characters)`;
  }
  if (Array.isArray(value)) return value.map(shortenTexts);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = shortenTexts(item);
    return copy;
  }
  return value;
}

/**
 * Keeps the first items whose JSON fits in `budget` characters (at least one, shortened), each item's long strings
 * cut first. `total` defaults to the number of items given.
 */
export function compactList<T>(items: readonly T[], options: { budget?: number; total?: number } = {}): CompactList<T> {
  const budget = options.budget ?? DEFAULT_BUDGET_CHARS;
  const kept: T[] = [];
  let used = 2;
  for (const item of items) {
    const shortened = shortenTexts(item) as T;
    const size = JSON.stringify(shortened).length + 1;
    if (kept.length > 0 && used + size > budget) break;
    kept.push(shortened);
    used += size;
  }
  const total = Math.max(options.total ?? items.length, items.length);
  return { items: kept, total, truncated: kept.length < total };
}

/** A single value within the budget: shortened texts, then cut to its first characters when still too large. */
export function compactValue(value: unknown, budget: number = DEFAULT_BUDGET_CHARS): { value: unknown; truncated: boolean } {
  if (Array.isArray(value)) {
    const list = compactList(value, { budget });
    return { value: list.truncated ? { items: list.items, total: list.total, truncated: true } : list.items, truncated: list.truncated };
  }
  const shortened = shortenTexts(value);
  const text = JSON.stringify(shortened) ?? 'null';
  if (text.length <= budget) return { value: shortened, truncated: false };
  return { value: `${text.slice(0, budget)}…(answer cut: ${text.length} characters in all)`, truncated: true };
}
