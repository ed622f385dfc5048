// Reads an answer that arrives as slices of its JSON bytes: the items of a top-level array are parsed as soon as a
// slice completes them (so the first rows show before the rest has come); any other value is parsed once whole.

/** Answers up to this size keep their bytes, so that the raw view shows the text as received. */
const RAW_KEPT_BYTES = 1_000_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;

/** What a slice gave: items of the top-level array parsed now, and, at the end, the whole value. */
export interface ReadProgress {
  readonly items: unknown[];
  readonly done: boolean;
}

export class AnswerReader {
  readonly #decoder = new TextDecoder();
  /** Bytes not parsed yet: the end of the last item parsed to the end of what has come. */
  #pending: Uint8Array = new Uint8Array(0);
  /** Where the scan goes on in `#pending`, and where its first unparsed item starts. */
  #scanned = 0;
  #itemsStart = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** `array` once the first byte says so; `whole` for any other value (parsed at the end), or after a bad item. */
  #mode: 'unknown' | 'array' | 'whole' = 'unknown';
  /** The slices as received: all of them, but for a large array (its items are kept instead). */
  readonly #kept: Uint8Array[] = [];
  #received = 0;
  readonly items: unknown[] = [];
  /** The whole value, once every byte has come. */
  value: unknown;

  constructor(readonly total: number) {}

  get received(): number {
    return this.#received;
  }

  /** True while the answer reads as a top-level array whose items come as they are parsed. */
  get streaming(): boolean {
    return this.#mode === 'array';
  }

  /** The text as received, for answers small enough to keep it. */
  text(): string | undefined {
    if (this.total > RAW_KEPT_BYTES || this.#received < this.total) return undefined;
    return this.#decoder.decode(concat(this.#kept));
  }

  read(slice: Uint8Array): ReadProgress {
    this.#received += slice.length;
    if (this.#mode !== 'array' || this.total <= RAW_KEPT_BYTES) this.#kept.push(slice);
    if (this.#mode !== 'whole') {
      this.#pending = this.#pending.length === 0 ? slice : concat([this.#pending, slice]);
      if (this.#mode === 'unknown') this.#start();
      // A large array keeps only its items.
      if (this.#mode === 'array' && this.total > RAW_KEPT_BYTES) this.#kept.length = 0;
    }
    const items = this.#mode === 'array' ? this.#scanItems() : [];
    const done = this.#received >= this.total;
    if (done) this.#finish();
    return { items, done };
  }

  /** The first byte that is not whitespace says whether the answer is an array. */
  #start(): void {
    const first = this.#pending.findIndex((byte) => byte > 0x20 && byte !== 0xef && byte !== 0xbb && byte !== 0xbf);
    if (first < 0) return;
    if (this.#pending[first] !== OPEN_SQUARE) {
      this.#mode = 'whole';
      return;
    }
    this.#mode = 'array';
    this.#depth = 1;
    this.#scanned = this.#itemsStart = first + 1;
  }

  /** Scans the new bytes; the items completed by them are parsed in one `JSON.parse` and dropped from `#pending`. */
  #scanItems(): unknown[] {
    const bytes = this.#pending;
    let lastEnd = -1;
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    for (let index = this.#scanned; index < bytes.length; index++) {
      const byte = bytes[index];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_CURLY || byte === OPEN_SQUARE) depth++;
      else if (byte === CLOSE_CURLY || byte === CLOSE_SQUARE) {
        depth--;
        if (depth === 0) lastEnd = index;
      } else if (byte === COMMA && depth === 1) lastEnd = index;
    }
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
    this.#scanned = bytes.length;
    if (lastEnd < 0) return [];
    return this.#parseItems(lastEnd);
  }

  #parseItems(end: number): unknown[] {
    const text = this.#decoder.decode(this.#pending.subarray(this.#itemsStart, end));
    this.#pending = this.#pending.subarray(end + 1);
    this.#scanned -= end + 1;
    this.#itemsStart = 0;
    if (text.trim() === '') return [];
    try {
      const parsed = JSON.parse(`[${text}]`) as unknown[];
      for (const item of parsed) this.items.push(item);
      return parsed;
    } catch {
      this.#mode = 'whole';
      return [];
    }
  }

  /** Every byte has come: an array is its items; anything else (or an array that did not parse) is parsed whole. */
  #finish(): void {
    if (this.#mode === 'array' && this.#depth === 0 && this.#pending.every((byte) => byte <= 0x20)) {
      this.value = this.items;
      return;
    }
    const kept = concat(this.#kept);
    if (kept.length < this.total) {
      this.value = `The answer is not valid JSON (${this.items.length} items read).`;
      return;
    }
    const text = this.#decoder.decode(kept);
    try {
      this.value = text === '' ? text : (JSON.parse(text) as unknown);
    } catch {
      this.value = text;
    }
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
