// The size budget of agent answers: texts, list items, object members and depth cut, with a note of what was left
// out; the JSON always within the budget, a secret redacted before a cut could split it, `__proto__` kept a member.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactList, compactValue, fitValue, Omissions } from '../../../src/core/agentTools/compactResult';
import { SecretRedactor } from '../../../src/core/redaction/secretRedactor';

const size = (value: unknown): number => JSON.stringify(value).length;

test('a long list inside one value keeps its first items and says how many there were', () => {
  const omitted = new Omissions();
  const fitted = fitValue({ name: 'Tagged', category_id: Array.from({ length: 10_000 }, (_, index) => index) }, { omitted }) as {
    category_id: unknown[];
  };
  assert.equal(fitted.category_id.length, 101);
  assert.equal(fitted.category_id.at(-1), '…(+9900 more items, 10000 in all)');
  assert.match(omitted.note() ?? '', /9,900 of 10,000 list items/);
});

test('deep nesting, many members and long texts: each cut, the whole within the budget', () => {
  let deep: unknown = 'bottom';
  for (let level = 0; level < 50; level++) deep = { level, inner: deep };
  const wide = Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`field_${index}`, 'v'.repeat(1_000)]));
  for (const value of [deep, wide, { deep, wide }, [wide, wide, wide]]) {
    const omitted = new Omissions();
    const compact = compactValue(value, { budget: 4_000, omitted });
    assert.ok(size(compact.value) <= 4_000, `${size(compact.value)} characters`);
    assert.ok(compact.truncated || omitted.any);
    assert.ok(omitted.note());
  }
  const omitted = new Omissions();
  fitValue(deep, { omitted });
  assert.equal(omitted.nested, 1);
});

test('the walk stops early on a huge value: of 200,000 records, only about what the budget holds is read', () => {
  let read = 0;
  const records = Array.from({ length: 200_000 }, (_, id) => ({
    id,
    get name() {
      read += 1;
      return `Partner ${id}`;
    },
  }));
  const list = compactList(records);
  assert.equal(list.total, 200_000);
  assert.ok(list.items.length > 100 && list.items.length < 1_000, `${list.items.length} kept`);
  assert.ok(read <= list.items.length + 1, `${read} records read for ${list.items.length} kept`);
  const fitted = fitValue({ records }) as { records: unknown[] };
  assert.ok(fitted.records.length <= 101);
  assert.ok(read <= list.items.length + 1 + 101 * 5, `${read} records read`);
});

test('a secret that a cut would split is redacted first: no part of it remains', () => {
  const key = 'k3y_4bcdefghijklmnopqrstuvwxyz0123456789';
  const redactor = new SecretRedactor([key]);
  const text = `${'a'.repeat(390)}${key}${'b'.repeat(500)}`;
  const fitted = fitValue({ comment: text }, { redact: (value) => redactor.redact(value) }) as { comment: string };
  assert.ok(!fitted.comment.includes(key.slice(0, 6)), fitted.comment);
  assert.match(fitted.comment, /«redacted»/);
});

test('a member named __proto__ stays a member and changes no prototype', () => {
  const value = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as Record<string, unknown>;
  const fitted = fitValue(value) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(fitted), Object.prototype);
  assert.deepEqual(JSON.parse(JSON.stringify(fitted)), { ['__proto__']: { polluted: true }, name: 'x' });
  assert.equal((fitted as { polluted?: unknown }).polluted, undefined);
});
