// How the response panel writes record values in its table cells: many2one labels, booleans, dates, sorting, columns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellCopy, cellText, cellTitle, columnsOf, compareCells, isRecordList, many2one } from '../../../src/webview/cellText';

test('a many2one shows its label, its id on hover, and copies as the id', () => {
  assert.deepEqual(many2one([21, 'Belgium']), { id: 21, label: 'Belgium' });
  assert.equal(cellText([21, 'Belgium']), 'Belgium');
  assert.equal(cellTitle([21, 'Belgium']), 'id 21');
  assert.equal(cellCopy([21, 'Belgium']), '21');
  assert.equal(many2one([1, 2]), undefined);
});

test('booleans, empty values, datetimes, lists and HTML-looking text', () => {
  assert.equal(cellText(true), '✓');
  assert.equal(cellText(false), '—');
  assert.equal(cellText(null), '');
  assert.equal(cellText('2026-11-22 05:00:00'), '2026-11-22 05:00');
  assert.equal(cellText([1, 2, 3]), '[1,2,3]');
  assert.equal(
    cellText('<img src=x onerror=alert(1)>'),
    '<img src=x onerror=alert(1)>',
    'text stays text: the view sets it with textContent',
  );
});

test('sorting: numbers as numbers, many2one by label, empty values last', () => {
  const values: unknown[] = [10, false, 9, 100];
  assert.deepEqual([...values].sort(compareCells), [9, 10, 100, false]);
  assert.deepEqual(
    [
      [2, 'b'],
      [1, 'a'],
    ].sort(compareCells),
    [
      [1, 'a'],
      [2, 'b'],
    ],
  );
});

test('records: only arrays of objects make a table; id comes first', () => {
  assert.equal(isRecordList([{ id: 1 }]), true);
  assert.equal(isRecordList([]), false);
  assert.equal(isRecordList([1, 2]), false);
  assert.deepEqual(
    columnsOf([
      { name: 'a', id: 1 },
      { id: 2, email: 'e' },
    ]),
    ['id', 'name', 'email'],
  );
});
