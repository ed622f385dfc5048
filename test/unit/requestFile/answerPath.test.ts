// One path evaluator for assertions, the panel's filter and `json2 run --select`: the assertion path syntax plus
// JSONPath filter selectors, and the errors each gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  evaluateAssertions,
  parseRequestFile,
  readAnswerPath,
  resolveRequest,
  selectInAnswer,
  type StoredResponse,
} from '../../../src/core/requestFile';

const orders = [
  { id: 1, name: 'S00001', amount_total: 500, partner_id: [7, 'Azure Interior'], state: 'draft' },
  { id: 2, name: 'S00002', amount_total: 1500, partner_id: [8, 'Deco Addict'], state: 'sale' },
  { id: 3, name: 'S00003', amount_total: 2500.5, partner_id: false, state: 'sale' },
];

function select(text: string, body: unknown = orders): unknown {
  const path = readAnswerPath(text);
  assert.ok(path.ok, JSON.stringify(path));
  const selection = selectInAnswer(body, path);
  assert.ok(selection.found, JSON.stringify(selection));
  return selection.value;
}

test('the assertion path syntax, with or without the body root', () => {
  // The third order's partner_id is false (an empty many2one): it is left out, not an error.
  assert.deepEqual(select('body[*].partner_id[1]'), ['Azure Interior', 'Deco Addict']);
  assert.deepEqual(select('[*].id'), [1, 2, 3]);
  assert.equal(select(' body[-1].name '), 'S00003');
  assert.equal(select("body[0]['amount_total']"), 500);
  assert.equal(select('body.length'), 3);
  assert.deepEqual(select(''), orders);
  assert.deepEqual(select('body'), orders);
  assert.deepEqual(select('$'), orders);
});

test('JSONPath filter selectors keep the elements whose expression holds', () => {
  assert.deepEqual(select('body[?(@.amount_total > 1000)].name'), ['S00002', 'S00003']);
  assert.deepEqual(select('$[?@.state == "sale" && @.amount_total < 2000].id'), [2]);
  assert.deepEqual(select("body[?@.partner_id[1] == 'Azure Interior'].id"), [1]);
  assert.deepEqual(select('body[?match(@.name, "S0000[12]")].id'), [1, 2]);
  assert.deepEqual(select('body[?@.partner_id == false].name'), ['S00003']);
  assert.deepEqual(select('body[?(@.amount_total > 99999)]'), []);
  // On an object, a filter keeps its members' values.
  assert.deepEqual(select('[?@ > 1]', { a: 1, b: 2, c: 3 }), [2, 3]);
  // A `]` or `)` inside a string does not end the filter.
  assert.deepEqual(select('body[?@.name != "a]b)"].id'), [1, 2, 3]);
});

test('paths that cannot be read say why and where', () => {
  const cases: [string, RegExp, number][] = [
    ['body[?(@.amount_total > )]', /^Invalid filter: /, 4],
    ['body[?@.x == 1', /filter is not closed/, 4],
    ['body[?@.x == "1]', /string in the filter is not closed/, 4],
    ['body.', /member name is expected/, 4],
    ['name', /starts with body/, 0],
    ['body[?@.x == 1)]', /Unbalanced/, 4],
    ['body[?foo(@.x)]', /^Invalid filter: /, 4],
  ];
  for (const [text, message, offset] of cases) {
    const path = readAnswerPath(text);
    assert.equal(path.ok, false, text);
    if (path.ok) continue;
    assert.match(path.message, message, text);
    assert.ok(path.offset >= offset && path.offset < text.length, `${text}: offset ${path.offset}`);
  }
});

test('a path that selects nothing names the step', () => {
  const path = readAnswerPath('body[5].name');
  assert.ok(path.ok);
  assert.deepEqual(selectInAnswer(orders, path), { found: false, message: 'body[5]: index 5 is out of range (length 3)' });
  const filter = readAnswerPath('body[0].name[?@ > 1]');
  assert.ok(filter.ok);
  assert.deepEqual(selectInAnswer(orders, filter), {
    found: false,
    message: 'body[0].name[?@ > 1]: a filter needs an array or an object, found a string',
  });
});

test('assertions take filter selectors too, through the same evaluator; the steps after a filter apply to each value it keeps, as after [*]', async () => {
  const text = [
    'POST sale.order/search_read',
    '?? body[?(@.amount_total > 1000)].id == [2, 3]',
    '?? body[?@.state == "draft"].name == ["S00001"]',
    '?? body[?(@.amount_total > 1000)].partner_id[0] == [8]',
    '',
  ].join('\n');
  const result = await resolveRequest(parseRequestFile(text), 0, {});
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  const response: StoredResponse = { status: 200, headers: {}, body: orders, durationMs: 1 };
  const outcomes = evaluateAssertions(result.request.assertions, response);
  assert.deepEqual(
    outcomes.map((outcome) => outcome.message),
    [
      '?? body[?(@.amount_total > 1000)].id == [2, 3]: passed',
      '?? body[?@.state == "draft"].name == ["S00001"]: passed',
      '?? body[?(@.amount_total > 1000)].partner_id[0] == [8]: body[?(@.amount_total > 1000)].partner_id[0]: [0] needs an array, found a boolean',
    ],
  );
});

test('a bad filter in an assertion is a diagnostic on the filter', () => {
  const parsed = parseRequestFile('POST sale.order/search_read\n?? body[?(@.amount_total >> 1)] exists\n');
  const diagnostic = parsed.diagnostics.find((candidate) => candidate.code === 'invalid-assertion');
  assert.ok(diagnostic, JSON.stringify(parsed.diagnostics));
  assert.match(diagnostic.message, /^Invalid filter: /);
  assert.equal(diagnostic.range.start.line, 1);
  assert.ok(diagnostic.range.start.character >= 7);
});
