// Assertions checked against responses: every operator, passing and failing, with the messages reports show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateAssertions, jsonEqual, parseRequestFile, resolveRequest, type StoredResponse } from '../../../src/core/requestFile';

const response: StoredResponse = {
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: [
    {
      id: 7,
      name: 'Azure Interior',
      email: 'azure@example.com',
      tags: ['vip', 'be'],
      child_ids: [],
      country_id: [21, 'Belgium'],
      active: true,
      note: null,
    },
  ],
  durationMs: 42,
};

async function outcomes(lines: string[], context = {}) {
  const result = await resolveRequest(parseRequestFile(`POST res.partner/search_read\n${lines.join('\n')}\n`), 0, context);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  return evaluateAssertions(result.request.assertions, response);
}

test('assertions that pass, one per operator and subject', async () => {
  const results = await outcomes(
    [
      '?? status == 200',
      '?? status != 404',
      '?? duration < 1000',
      '?? headers.content-type contains "json"',
      "?? headers['Content-Type'] matches /^application\\/json/",
      '?? body.length > 0',
      '?? body.length >= 1',
      '?? body.length <= 1',
      '?? body[0].name == "Azure Interior"',
      '?? body[0].country_id == [21, "Belgium"]',
      '?? body[0].country_id[1] > "A"',
      '?? body[0].tags contains "vip"',
      '?? body[0] contains "email"',
      '?? body[*].id contains {{id}}',
      '?? body[0].note exists',
      '?? body[0].note == null',
      '?? body[0].child_ids == []',
      '?? body[0].email matches "@example\\\\.com$"',
      '?? body[0].id matches /^\\d+$/',
      '?? body[0] == {"id": 7, "name": "Azure Interior", "email": "azure@example.com", "tags": ["vip", "be"], "child_ids": [], "country_id": [21, "Belgium"], "active": true, "note": null}',
    ],
    { variables: { id: '7' } },
  );
  assert.deepEqual(
    results.filter((r) => !r.passed).map((r) => r.message),
    [],
  );
  assert.equal(results.length, 20);
  assert.equal(results[8].actual, 'Azure Interior');
  assert.equal(results[8].message, '?? body[0].name == "Azure Interior": passed');
});

test('assertions that fail say what they got or why they could not apply', async () => {
  const results = await outcomes([
    '?? status == 201',
    '?? body[0].id == "7"',
    '?? body[0].missing exists',
    '?? body[5].name == "x"',
    '?? body[0].name > 3',
    '?? body[0].id contains 7',
    '?? body[0].tags contains "nope"',
    '?? body[0].name matches /^B/',
    '?? headers.x-none exists',
  ]);
  assert.ok(results.every((r) => !r.passed));
  assert.deepEqual(
    results.map((r) => r.message),
    [
      '?? status == 201: got 200',
      '?? body[0].id == "7": got 7',
      '?? body[0].missing exists: body[0].missing: no member "missing"',
      '?? body[5].name == "x": body[5]: index 5 is out of range (length 1)',
      '?? body[0].name > 3: cannot apply > to a string and a number',
      '?? body[0].id contains 7: cannot apply contains to a number and a number',
      '?? body[0].tags contains "nope": got ["vip","be"]',
      '?? body[0].name matches /^B/: got "Azure Interior"',
      '?? headers.x-none exists: no header x-none',
    ],
  );
  assert.equal(results[3].actual, undefined);
});

test('duration without a measure fails instead of passing', async () => {
  const result = await resolveRequest(parseRequestFile('GET /web/version\n?? duration < 10\n'), 0);
  assert.ok(result.ok);
  const [outcome] = evaluateAssertions(result.request.assertions, { status: 200, headers: {}, body: {} });
  assert.equal(outcome.passed, false);
});

test('jsonEqual is deep, typed and order-sensitive for arrays only', () => {
  assert.ok(jsonEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] }));
  assert.ok(!jsonEqual([1, 2], [2, 1]));
  assert.ok(!jsonEqual({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!jsonEqual(1, '1'));
  assert.ok(!jsonEqual([], {}));
  assert.ok(!jsonEqual(null, {}));
});
