// Reads a request body as the reference server's json.loads (Python 3.11) reads it: the same grammar (NaN and Infinity
// included) and, for a malformed body, the same message ("Expecting value: line 1 column 13 (char 12)").
import { runtimeError } from '../errors/serviceErrors';

/** A body Python's json module refuses, with its message and position. */
export class PythonJsonError extends Error {}

/** Python's default recursion limit, about what its decoder nests to. */
const MAX_DEPTH = 990;
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Thrown where Python's scanner raises StopIteration: nothing that starts a value at `index`. */
class NoValue {
  constructor(readonly index: number) {}
}

class Scanner {
  private depth = 0;

  constructor(readonly text: string) {}

  /** Python's decoder stops nesting at its recursion limit (a RecursionError, not a ValueError). */
  private enter(kind: string): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw runtimeError(`maximum recursion depth exceeded while decoding a JSON ${kind} from a unicode string`);
  }

  /** Python's message: the line, the column and the position, counted in characters (code points, not UTF-16 units). */
  fail(message: string, index: number): never {
    const before = this.text.slice(0, index);
    const line = before.split('\n').length;
    const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
    throw new PythonJsonError(`${message}: line ${line} column ${column} (char ${[...before].length})`);
  }

  skip(index: number): number {
    let at = index;
    while (at < this.text.length && WHITESPACE.has(this.text[at])) at += 1;
    return at;
  }

  value(index: number): [unknown, number] {
    const { text } = this;
    if (index >= text.length) throw new NoValue(index);
    const next = text[index];
    if (next === '"') return this.string(index + 1);
    if (next === '{' || next === '[') {
      this.enter(next === '{' ? 'object' : 'array');
      const nested = next === '{' ? this.object(index + 1) : this.array(index + 1);
      this.depth -= 1;
      return nested;
    }
    if (text.startsWith('null', index)) return [null, index + 4];
    if (text.startsWith('true', index)) return [true, index + 4];
    if (text.startsWith('false', index)) return [false, index + 5];
    NUMBER.lastIndex = index;
    const number = NUMBER.exec(text);
    if (number) return [Number(number[0]), index + number[0].length];
    if (text.startsWith('NaN', index)) return [Number.NaN, index + 3];
    if (text.startsWith('Infinity', index)) return [Number.POSITIVE_INFINITY, index + 8];
    if (text.startsWith('-Infinity', index)) return [Number.NEGATIVE_INFINITY, index + 9];
    throw new NoValue(index);
  }

  valueOrFail(index: number): [unknown, number] {
    try {
      return this.value(index);
    } catch (error) {
      if (error instanceof NoValue) this.fail('Expecting value', error.index);
      throw error;
    }
  }

  string(start: number): [string, number] {
    const { text } = this;
    let result = '';
    let at = start;
    for (;;) {
      if (at >= text.length) this.fail('Unterminated string starting at', start - 1);
      const char = text[at];
      if (char === '"') return [result, at + 1];
      if (char.charCodeAt(0) < 0x20) this.fail('Invalid control character at', at);
      if (char !== '\\') {
        result += char;
        at += 1;
        continue;
      }
      if (at + 1 >= text.length) this.fail('Unterminated string starting at', start - 1);
      const escape = text[at + 1];
      if (escape === 'u') {
        const hex = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\uXXXX escape', at + 1);
        result += String.fromCharCode(Number.parseInt(hex, 16));
        at += 6;
      } else if (Object.hasOwn(ESCAPES, escape)) {
        result += ESCAPES[escape];
        at += 2;
      } else {
        this.fail('Invalid \\escape', at);
      }
    }
  }

  object(start: number): [Record<string, unknown>, number] {
    const { text } = this;
    const result: Record<string, unknown> = {};
    let at = this.skip(start);
    if (text[at] === '}') return [result, at + 1];
    if (text[at] !== '"') this.fail('Expecting property name enclosed in double quotes', at);
    at += 1;
    for (;;) {
      const [key, afterKey] = this.string(at);
      at = this.skip(afterKey);
      if (text[at] !== ':') this.fail("Expecting ':' delimiter", at);
      at = this.skip(at + 1);
      const [value, afterValue] = this.valueOrFail(at);
      Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
      at = this.skip(afterValue);
      const next = text[at] ?? '';
      at += 1;
      if (next === '}') return [result, at];
      if (next !== ',') this.fail("Expecting ',' delimiter", at - 1);
      at = this.skip(at);
      if (text[at] !== '"') this.fail('Expecting property name enclosed in double quotes', at);
      at += 1;
    }
  }

  array(start: number): [unknown[], number] {
    const { text } = this;
    const result: unknown[] = [];
    let at = this.skip(start);
    if (text[at] === ']') return [result, at + 1];
    for (;;) {
      const [value, afterValue] = this.valueOrFail(at);
      result.push(value);
      at = this.skip(afterValue);
      const next = text[at] ?? '';
      at += 1;
      if (next === ']') return [result, at];
      if (next !== ',') this.fail("Expecting ',' delimiter", at - 1);
      at = this.skip(at);
    }
  }
}

/**
 * The value of `text` as Python's json.loads reads it; a PythonJsonError with Python's message when it refuses it.
 * JSON.parse reads every body Python accepts but for NaN and Infinity, so it runs first and the scanner only after a
 * refusal (to tell why, or to read those two).
 */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const scanner = new Scanner(text);
    const [value, end] = scanner.valueOrFail(scanner.skip(0));
    const rest = scanner.skip(end);
    if (rest !== text.length) scanner.fail('Extra data', rest);
    return value;
  }
}
