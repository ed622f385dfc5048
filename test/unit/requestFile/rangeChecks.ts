// Test helpers: find text in a sample, and check that a range's positions, offsets and text all agree.
import assert from 'node:assert/strict';
import type { Diagnostic, RequestFile, TextRange } from '../../../src/core/requestFile';

/** The offset of the n-th occurrence (from 0) of `needle` in `text`; fails the test when there is none. */
export function offsetOf(text: string, needle: string, occurrence = 0): number {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    assert.ok(at >= 0, `"${needle}" (occurrence ${occurrence}) is not in the sample`);
  }
  return at;
}

/** Line and character of an offset, counted here independently of the parser's line table. */
function positionOf(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text[i] === '\r' && text[i + 1] === '\n') continue;
    if (text[i] === '\n' || text[i] === '\r') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, character: offset - lineStart };
}

/**
 * Asserts that a range covers exactly `expected` and that its positions match its offsets; also that it is the
 * first occurrence of `expected` from offset `from` (pass null to skip that check).
 */
export function assertRange(text: string, range: TextRange | undefined, expected: string, from: number | null = 0): void {
  assert.ok(range, `no range where "${expected}" was expected`);
  assert.equal(text.slice(range.startOffset, range.endOffset), expected);
  if (from !== null)
    assert.equal(range.startOffset, text.indexOf(expected, from), `"${expected}" should start at its first occurrence after ${from}`);
  assert.deepEqual(range.start, positionOf(text, range.startOffset), `start position of "${expected}"`);
  assert.deepEqual(range.end, positionOf(text, range.endOffset), `end position of "${expected}"`);
}

/** The codes of a file's diagnostics, in order. */
export function codes(file: Pick<RequestFile, 'diagnostics'> | { diagnostics: readonly Diagnostic[] }): string[] {
  return file.diagnostics.map((diagnostic) => diagnostic.code);
}

/** The single diagnostic with a code; fails when there is not exactly one. */
export function onlyDiagnostic(diagnostics: readonly Diagnostic[], code: string): Diagnostic {
  const found = diagnostics.filter((diagnostic) => diagnostic.code === code);
  assert.equal(found.length, 1, `expected one ${code}, got ${JSON.stringify(diagnostics.map((d) => `${d.code}: ${d.message}`))}`);
  return found[0];
}

/** Asserts that every range in a file's diagnostics is consistent with the text. */
export function assertDiagnosticRangesTrue(text: string, diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics) {
    assert.deepEqual(diagnostic.range.start, positionOf(text, diagnostic.range.startOffset), `${diagnostic.code} start`);
    assert.deepEqual(diagnostic.range.end, positionOf(text, diagnostic.range.endOffset), `${diagnostic.code} end`);
  }
}
