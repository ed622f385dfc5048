// Keeps what a tool returns to a model within its size budget: long texts, long lists, many keys and deep nesting cut,
// with a note of what was left out; secrets redacted before anything is cut, so no cut leaves part of one.

/** Characters of JSON a whole tool answer stays under (about 4,000 tokens). */
export const DEFAULT_BUDGET_CHARS = 16_000;
/** Room a tool keeps for its own members (totals, hints, the server-data note) around a list or value it cuts. */
export const ANSWER_FRAME_CHARS = 1_200;

/** How much of a value is kept at one level of strictness. */
interface Limits {
  /** Characters of a string. */
  readonly text: number;
  /** Items of a list. */
  readonly items: number;
  /** Members of an object. */
  readonly keys: number;
  /** Lists and objects inside one another; deeper ones are summarised. */
  readonly depth: number;
}

/** Each level stricter than the one before; the first that fits the budget is used. The last always fits. */
const LEVELS: readonly Limits[] = [
  { text: 400, items: 100, keys: 100, depth: 6 },
  { text: 200, items: 25, keys: 40, depth: 5 },
  { text: 100, items: 8, keys: 20, depth: 4 },
  { text: 60, items: 3, keys: 10, depth: 3 },
  { text: 40, items: 1, keys: 5, depth: 2 },
];

/** What a cut left out, summed over one answer. */
export class Omissions {
  texts = 0;
  characters = 0;
  items = 0;
  listItems = 0;
  keys = 0;
  nested = 0;
  /** Whole entries of a list (records, groups, models) left out. */
  entries = 0;

  add(other: Omissions): void {
    this.texts += other.texts;
    this.characters += other.characters;
    this.items += other.items;
    this.listItems += other.listItems;
    this.keys += other.keys;
    this.nested += other.nested;
  }

  get any(): boolean {
    return this.texts + this.items + this.keys + this.nested > 0;
  }

  /** One sentence for the model, or undefined when nothing was left out inside the values. */
  note(): string | undefined {
    if (!this.any) return undefined;
    const count = (value: number) => value.toLocaleString('en-US');
    const parts = [
      this.items > 0 ? `${count(this.items)} of ${count(this.listItems)} list items` : '',
      this.texts > 0 ? `the ends of ${count(this.texts)} long texts (${count(this.characters)} characters)` : '',
      this.keys > 0 ? `${count(this.keys)} members of large objects` : '',
      this.nested > 0 ? `${count(this.nested)} values nested too deep` : '',
    ].filter(Boolean);
    return `Left out to stay within the size budget: ${parts.join(', ')}. Ask for fewer fields or records to see them.`;
  }
}

/** The `omitted` member of an answer: what was cut inside its values, when anything was. */
export function omittedNote(omitted: Omissions): { omitted?: string } {
  const note = omitted.note();
  return note === undefined ? {} : { omitted: note };
}

/** Thrown inside one level's walk as soon as its output passes the budget: the next, stricter level is tried. */
class OverBudget extends Error {}

type Redact = (text: string) => string;
const noRedaction: Redact = (text) => text;

/** Walks a value once at one level: redacts and cuts strings, cuts lists and objects, summarises what is too deep. */
class LimitedCopy {
  readonly omitted = new Omissions();
  #used = 0;

  constructor(
    private readonly limits: Limits,
    private readonly redact: Redact,
    /** Characters after which the walk gives up (Infinity: never). */
    private readonly stopAt: number,
  ) {}

  copy(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.#text(value);
    if (value === null || typeof value !== 'object') {
      this.#spend(String(value).length + 1);
      return value;
    }
    if (depth >= this.limits.depth) {
      this.omitted.nested += 1;
      return this.#text(Array.isArray(value) ? `…(a list of ${value.length} items)` : '…(an object)', false);
    }
    return Array.isArray(value) ? this.#list(value, depth) : this.#object(value as Record<string, unknown>, depth);
  }

  #spend(characters: number): void {
    this.#used += characters;
    if (this.#used > this.stopAt) throw new OverBudget();
  }

  #text(value: string, redacted = true): string {
    // Redacted whole before the cut: a cut through a secret would leave its first characters.
    const text = redacted ? this.redact(value) : value;
    if (text.length <= this.limits.text) {
      this.#spend(text.length + 3);
      return text;
    }
    this.omitted.texts += 1;
    this.omitted.characters += text.length - this.limits.text;
    const cut = `${text.slice(0, this.limits.text)}…(+${text.length - this.limits.text} characters)`;
    this.#spend(cut.length + 3);
    return cut;
  }

  #list(value: readonly unknown[], depth: number): unknown[] {
    this.#spend(2);
    const kept = value.slice(0, this.limits.items).map((item) => this.copy(item, depth + 1));
    const left = value.length - kept.length;
    if (left > 0) {
      this.omitted.items += left;
      this.omitted.listItems += value.length;
      kept.push(this.#text(`…(+${left} more items, ${value.length} in all)`, false));
    }
    return kept;
  }

  #object(value: Record<string, unknown>, depth: number): Record<string, unknown> {
    this.#spend(2);
    const copy: Record<string, unknown> = {};
    let seen = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      seen += 1;
      if (seen > this.limits.keys) continue;
      // defineProperty: a member named `__proto__` stays a member.
      Object.defineProperty(copy, this.#text(key), {
        value: this.copy(value[key], depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    if (seen > this.limits.keys) {
      this.omitted.keys += seen - this.limits.keys;
      copy['…'] = this.#text(`+${seen - this.limits.keys} more members, ${seen} in all`, false);
    }
    return copy;
  }
}

export interface CompactOptions {
  /** Characters the JSON may take (default: the answer's budget less its frame). */
  readonly budget?: number;
  /** Applied to every string (and member name) before it is cut: the session's redaction. */
  readonly redact?: Redact;
  /** Adds what was left out to these (one note for a whole answer). */
  readonly omitted?: Omissions;
}

/**
 * A copy of a JSON-like value whose JSON fits in `budget` characters: the most generous level of cutting that fits
 * (texts, list items, object members, depth). Walks at most about `budget` characters of the value per level, whatever
 * its size.
 */
export function fitValue(value: unknown, options: CompactOptions = {}): unknown {
  const budget = options.budget ?? DEFAULT_BUDGET_CHARS - ANSWER_FRAME_CHARS;
  for (const [index, limits] of LEVELS.entries()) {
    const last = index === LEVELS.length - 1;
    const walk = new LimitedCopy(limits, options.redact ?? noRedaction, last ? Infinity : budget);
    let copy: unknown;
    try {
      copy = walk.copy(value);
    } catch (error) {
      if (error instanceof OverBudget) continue;
      throw error;
    }
    if (last || (JSON.stringify(copy) ?? 'null').length <= budget) {
      options.omitted?.add(walk.omitted);
      return copy;
    }
  }
  throw new Error('unreachable: the last level always returns');
}

/** A list cut to the budget: the entries kept and what was left out. */
export interface CompactList<T> {
  readonly items: T[];
  /** How many entries there are in all (the server's count when it gave one). */
  readonly total: number;
  /** True when entries were left out to stay within the budget or the limit. */
  readonly truncated: boolean;
}

/**
 * Keeps the first entries whose JSON fits in the budget, each cut at the most generous level first (the first entry
 * always, cut as much as it takes). `total` defaults to the number of entries given.
 */
export function compactList<T>(items: readonly T[], options: CompactOptions & { total?: number } = {}): CompactList<T> {
  const budget = options.budget ?? DEFAULT_BUDGET_CHARS - ANSWER_FRAME_CHARS;
  const kept: T[] = [];
  let used = 2;
  for (const item of items) {
    const omitted = new Omissions();
    const entry = fitValue(item, { ...options, budget: kept.length === 0 ? budget - used : budget, omitted }) as T;
    const size = (JSON.stringify(entry) ?? 'null').length + 1;
    if (kept.length > 0 && used + size > budget) break;
    options.omitted?.add(omitted);
    kept.push(entry);
    used += size;
  }
  const total = Math.max(options.total ?? items.length, items.length);
  if (options.omitted) options.omitted.entries += total - kept.length;
  return { items: kept, total, truncated: kept.length < total };
}

/** A single value within the budget; a list is cut as entries (`{items, total, truncated}` when some were left out). */
export function compactValue(value: unknown, options: CompactOptions = {}): { value: unknown; truncated: boolean } {
  if (Array.isArray(value)) {
    const list = compactList(value, options);
    return { value: list.truncated ? { items: list.items, total: list.total, truncated: true } : list.items, truncated: list.truncated };
  }
  const omitted = new Omissions();
  const fitted = fitValue(value, { ...options, omitted });
  options.omitted?.add(omitted);
  return { value: fitted, truncated: omitted.any };
}
