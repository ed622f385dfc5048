// Date offsets and formats, system value checks, and path selection in responses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyOffsets, formatDate, readDateArguments } from '../../../src/core/requestFile/dateValues';
import { checkSystemValue, computeSystemValue } from '../../../src/core/requestFile/systemValues';
import { selectPath } from '../../../src/core/requestFile/responsePath';
import type { PathStep } from '../../../src/core/requestFile';

const at = (iso: string) => new Date(iso);
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 }, startOffset: 0, endOffset: 0 };
const key = (name: string): PathStep => ({ kind: 'key', key: name, range });
const index = (value: number): PathStep => ({ kind: 'index', index: value, range });
const all: PathStep = { kind: 'all', range };

test('offsets of every unit, added up, with months clamped to the end of the month', () => {
  const base = at('2024-01-31T10:00:00.000Z');
  const shifted = (args: string[]) => {
    const read = readDateArguments(args, true);
    assert.ok(!('error' in read));
    return applyOffsets(base, read.offsets).toISOString();
  };
  assert.equal(shifted(['+1', 'M']), '2024-02-29T10:00:00.000Z');
  assert.equal(shifted(['1y', '1M']), '2025-02-28T10:00:00.000Z');
  assert.equal(shifted(['-13', 'M']), '2022-12-31T10:00:00.000Z');
  assert.equal(shifted(['-1w', '+2d', '3h', '-4m', '5s', '6ms']), '2024-01-26T12:56:05.006Z');
});

test('formats: date, datetime, iso, unix and patterns', () => {
  const date = at('2025-03-04T05:06:07.089Z');
  assert.equal(formatDate(date, { kind: 'date' }), '2025-03-04');
  assert.equal(formatDate(date, { kind: 'datetime' }), '2025-03-04 05:06:07');
  assert.equal(formatDate(date, { kind: 'iso' }), '2025-03-04T05:06:07.089Z');
  assert.equal(formatDate(date, { kind: 'unix' }), String(Math.floor(date.getTime() / 1000)));
  assert.equal(formatDate(date, { kind: 'pattern', pattern: 'DD.MM.YYYY at HH:mm:ss.SSS' }), '04.03.2025 at 05:06:07.089');
});

test('date arguments that cannot be read say which one is at fault', () => {
  assert.deepEqual(readDateArguments(['-1'], true), { error: '"-1" needs a unit after it: y, M, w, d, h, m, s or ms', argIndex: 0 });
  assert.equal((readDateArguments(['iso', 'date'], true) as { argIndex: number }).argIndex, 1);
  assert.equal((readDateArguments(['iso'], false) as { argIndex: number }).argIndex, 0);
  assert.equal((readDateArguments(['1x'], true) as { argIndex: number }).argIndex, 0);
});

test('system values are checked by name and arguments, and computed from the sources given', () => {
  assert.equal(checkSystemValue('uuid', []), undefined);
  assert.match(checkSystemValue('guid', [])?.message ?? '', /Unknown system value \$guid/);
  assert.equal(checkSystemValue('randomInt', ['1', '1'])?.argIndex, 1);
  const sources = { now: () => at('2025-01-01T00:00:00Z'), randomUuid: () => 'u', random: () => 0.999, processEnv: {}, dotenv: { A: 'a' } };
  assert.deepEqual(computeSystemValue('randomInt', ['-5', '5'], sources), { ok: true, text: '4' });
  assert.deepEqual(computeSystemValue('randomInt', ['-5', '5'], { ...sources, random: () => 0 }), { ok: true, text: '-5' });
  assert.deepEqual(computeSystemValue('timestamp', ['+1', 'd'], sources), { ok: true, text: String(Date.UTC(2025, 0, 2) / 1000) });
  assert.deepEqual(computeSystemValue('dotenv', ['A'], sources), { ok: true, text: 'a' });
  assert.equal(computeSystemValue('processEnv', ['toString'], sources).ok, false, 'only own values count');
});

test('paths: keys, indexes from either end, [*] flattening, .length', () => {
  const body = {
    rows: [
      { id: 1, tags: [4, 5], name: 'Ann' },
      { id: 2, tags: [], name: 'Bob' },
    ],
    length: 'member',
  };
  assert.deepEqual(selectPath(body, [key('rows'), index(-1), key('name')]), { found: true, value: 'Bob' });
  assert.deepEqual(selectPath(body, [key('rows'), all, key('id')]), { found: true, value: [1, 2] });
  assert.deepEqual(selectPath(body, [key('rows'), all, key('tags'), all]), { found: true, value: [4, 5] });
  assert.deepEqual(selectPath(body, [key('rows'), key('length')]), { found: true, value: 2 });
  assert.deepEqual(selectPath(body, [key('rows'), index(0), key('name'), key('length')]), { found: true, value: 3 });
  assert.deepEqual(selectPath(body, [key('length')]), { found: true, value: 'member' }, 'on an object .length is a member');
  assert.deepEqual(selectPath(body, []), { found: true, value: body });
  assert.deepEqual(selectPath([], [all]), { found: true, value: [] });
});

test('a step that selects nothing fails the path and says where', () => {
  const body = { rows: [{ id: 1 }, { name: 'no id' }] };
  assert.deepEqual(selectPath(body, [key('rows'), all, key('id')]), { found: false, stepIndex: 2, reason: 'no member "id"' });
  assert.deepEqual(selectPath(body, [key('rows'), index(5)]), { found: false, stepIndex: 1, reason: 'index 5 is out of range (length 2)' });
  assert.deepEqual(selectPath(body, [all]), { found: false, stepIndex: 0, reason: '[*] needs an array, found an object' });
  assert.deepEqual(selectPath(null, [key('a')]), { found: false, stepIndex: 0, reason: '"a" needs an object, found null' });
  assert.deepEqual(selectPath({ a: 1 }, [key('toString')]), { found: false, stepIndex: 0, reason: 'no member "toString"' });
});
