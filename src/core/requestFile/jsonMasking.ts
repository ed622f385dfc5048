// Scans JSON-with-comments text line by line: finds placeholders (in strings, as values, as keys), tracks brackets,
// and builds the masked text (placeholders as same-length JSON tokens) that jsonc-parser reads with true offsets.
import { errorAt, type Diagnostic } from './diagnostics';
import { findPlaceholderEnd, placeholderNode, unterminatedPlaceholder } from './placeholderScanner';
import type { PlaceholderNode } from './placeholderTypes';
import type { LineIndex } from './textRange';

/** A stretch of the text whose diagnostics from jsonc-parser are dropped because a clearer one was already given. */
export interface QuietSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * One pass over a JSON body (or an assertion's expected value). Call `scanLine` for each line in order and
 * `keepBetween` for the line breaks between them; `masked()` then gives text of the same length as the input.
 */
export class JsonMasker {
  readonly placeholders: PlaceholderNode[] = [];
  readonly quiet: QuietSpan[] = [];
  /** True once the first value has started; `closed` once it has ended (its first bracket closed). */
  started = false;
  closed = false;
  /** The deepest nesting of brackets seen. */
  maxDepth = 0;
  private readonly pieces: string[] = [];
  private readonly containers: number[] = [];
  private expectKey = false;
  private inBlockComment = false;

  constructor(
    private readonly lines: LineIndex,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** The masked text built so far. */
  masked(): string {
    return this.pieces.join('');
  }

  /** Copies text that is not scanned (line breaks) unchanged. */
  keepBetween(start: number, end: number): void {
    if (end > start) this.pieces.push(this.lines.text.slice(start, end));
  }

  /**
   * Scans `[start, end)` of one line. With `hashLinesAreErrors`, a line whose first non-blank character is `#`
   * (outside a block comment) is reported and blanked, since `#` does not start a comment in JSON.
   */
  scanLine(start: number, end: number, hashLinesAreErrors: boolean): void {
    const text = this.lines.text;
    if (hashLinesAreErrors && !this.inBlockComment) {
      let first = start;
      while (first < end && (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9)) first++;
      if (first < end && text.charCodeAt(first) === 35 /* # */) {
        this.diagnostics.push(
          errorAt(this.lines.range(first, end), 'hash-comment-in-body', '"#" does not start a comment inside a JSON body: use // or /* */'),
        );
        this.pieces.push(' '.repeat(end - start));
        return;
      }
    }
    let copyFrom = start;
    const replace = (from: number, to: number, replacement: string) => {
      this.pieces.push(text.slice(copyFrom, from), replacement);
      copyFrom = to;
    };
    let inString = false;
    let i = start;
    while (i < end) {
      const code = text.charCodeAt(i);
      if (this.inBlockComment) {
        if (code === 42 /* * */ && text.charCodeAt(i + 1) === 47 && i + 1 < end) {
          this.inBlockComment = false;
          i += 2;
        } else i++;
      } else if (inString) {
        if (code === 92 /* \ */) i += 2;
        else if (code === 34 /* " */) {
          inString = false;
          i++;
        } else if (code === 123 && text.charCodeAt(i + 1) === 123 && i + 1 < end) {
          const found = findPlaceholderEnd(text, i, end, true);
          if ('close' in found) {
            this.placeholders.push(placeholderNode(this.lines, i, found.close, 'json-string', this.diagnostics));
            replace(i, found.close + 2, '_'.repeat(found.close + 2 - i));
            i = found.close + 2;
          } else {
            this.diagnostics.push(unterminatedPlaceholder(this.lines, i, found));
            this.quiet.push({ start: i, end: end });
            i = Math.max(found.stop, i + 2);
          }
        } else i++;
      } else if (code === 34) {
        inString = true;
        this.valueSeen();
        i++;
      } else if (code === 47 /* / */ && i + 1 < end && text.charCodeAt(i + 1) === 47) {
        break;
      } else if (code === 47 && i + 1 < end && text.charCodeAt(i + 1) === 42) {
        this.inBlockComment = true;
        i += 2;
      } else if (code === 123 && i + 1 < end && text.charCodeAt(i + 1) === 123) {
        const found = findPlaceholderEnd(text, i, end, false);
        const stop = 'close' in found ? found.close + 2 : Math.max(found.stop, i + 2);
        if ('close' in found) {
          const inObject = this.containers.length > 0 && this.containers[this.containers.length - 1] === 123;
          this.placeholders.push(
            placeholderNode(this.lines, i, found.close, inObject && this.expectKey ? 'json-key' : 'json-value', this.diagnostics),
          );
        } else {
          this.diagnostics.push(unterminatedPlaceholder(this.lines, i, found));
          this.quiet.push({ start: i, end: stop });
        }
        replace(i, stop, `"${'_'.repeat(stop - i - 2)}"`);
        this.valueSeen();
        i = stop;
      } else {
        if (code === 123 || code === 91) {
          this.started = true;
          this.containers.push(code);
          if (this.containers.length > this.maxDepth) this.maxDepth = this.containers.length;
          this.expectKey = code === 123;
        } else if (code === 125 || code === 93) {
          this.containers.pop();
          this.expectKey = false;
          if (this.containers.length === 0 && this.started) this.closed = true;
        } else if (code === 44 /* , */) {
          this.expectKey = this.containers[this.containers.length - 1] === 123;
        } else if (code === 58 /* : */) {
          this.expectKey = false;
        } else if (code !== 32 && code !== 9) {
          this.valueSeen();
        }
        i++;
      }
    }
    this.pieces.push(text.slice(copyFrom, end));
  }

  /** A scalar or placeholder at the top level is a whole value by itself. */
  private valueSeen(): void {
    if (this.containers.length > 0) return;
    this.started = true;
    this.closed = true;
  }
}
