// Line table: offsets to positions with \n, \r\n and \r line breaks, and in any order of lookups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../../src/core/requestFile/textRange';

test('splits lines at \\n, \\r\\n and \\r', () => {
  const lines = new LineIndex('a\nbb\r\nccc\rd');
  assert.deepEqual(lines.lines, [
    { start: 0, end: 1, next: 2 },
    { start: 2, end: 4, next: 6 },
    { start: 6, end: 9, next: 10 },
    { start: 10, end: 11, next: 11 },
  ]);
});

test('a text ending with a line break has an empty last line', () => {
  assert.equal(new LineIndex('x\n').lines.length, 2);
  assert.equal(new LineIndex('').lines.length, 1);
});

test('positions are the same whether offsets are asked in order, backwards or at random', () => {
  const text = Array.from({ length: 200 }, (_, i) => 'x'.repeat(i % 7) + (i % 3 === 0 ? '\r\n' : '\n')).join('');
  const expected = (offset: number) => {
    const before = text.slice(0, offset).replace(/\r\n/g, '\n');
    const line = before.split('\n').length - 1;
    return { line, character: before.length - before.lastIndexOf('\n') - 1 };
  };
  const offsets = Array.from({ length: text.length }, (_, i) => i).filter((i) => text[i - 1] !== '\r' || text[i] !== '\n');
  const lines = new LineIndex(text);
  for (const offset of offsets) assert.deepEqual(lines.positionAt(offset), expected(offset));
  for (const offset of [...offsets].reverse()) assert.deepEqual(lines.positionAt(offset), expected(offset));
  for (let k = 0; k < 500; k++) {
    const offset = offsets[(k * 7919) % offsets.length];
    assert.deepEqual(lines.positionAt(offset), expected(offset));
  }
});

test('ranges are clamped to the text and never end before they start', () => {
  const lines = new LineIndex('abc');
  assert.deepEqual(lines.range(2, 1), { start: { line: 0, character: 2 }, end: { line: 0, character: 2 }, startOffset: 2, endOffset: 2 });
  assert.equal(lines.range(-5, 99).endOffset, 3);
});
