// Assertion lines: subjects, operators, expected values and their errors (docs/format.md, section 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/core/requestFile';
import { assertRange, codes, onlyDiagnostic } from './rangeChecks';

test('assertions: subject, operator and expected value with their ranges', () => {
  const text = [
    'POST res.partner/search_read',
    '{}',
    '?? status == 200',
    '?? body.length > 0',
    '  ??   body[0].name   ==   "x"  ',
    '?? body[*].id contains {{partnerId}}',
    '?? headers[\'Content-Type\'] contains "json"',
    '?? body[0].email exists',
    '?? body[0].name matches /^[A-Z]\\w+$/i',
    '?? body[0].name matches "^A"',
    '?? duration < 500',
    '?? body != []',
    '?? body[0] != {"a": [1, {{x}}], "b": "{{y}}"}',
  ].join('\n');
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  const list = file.requests[0].assertions;
  assert.equal(list.length, 11);
  assert.ok(list.every((a) => !a.invalid));
  assertRange(text, list[0].range, '?? status == 200');
  assertRange(text, list[0].subject.range, 'status');
  assertRange(text, list[0].operator?.range, '==');
  assertRange(text, list[0].expected?.range, '200');
  assertRange(text, list[2].range, '??   body[0].name   ==   "x"');
  assertRange(text, list[2].subject.range, 'body[0].name');
  assert.deepEqual(
    list[2].subjectPath.map((s) => (s.kind === 'key' ? s.key : s.kind === 'index' ? s.index : '*')),
    [0, 'name'],
  );
  assert.equal(list[3].placeholders[0].context, 'json-value');
  assertRange(text, list[3].placeholders[0].range, '{{partnerId}}');
  assert.equal(list[4].subjectRoot, 'headers');
  assert.equal(list[5].expected, undefined);
  assert.deepEqual(list[6].regex, { source: '^[A-Z]\\w+$', flags: 'i' });
  assert.equal(list[7].regex, undefined);
  assert.deepEqual(
    list[10].placeholders.map((p) => p.context),
    ['json-value', 'json-string'],
  );
});

test('assertion errors with their ranges', () => {
  const cases: [string, string][] = [
    ['?? status', 'status'],
    ['?? status 200', '200'],
    ['?? status === 200', '==='],
    ['?? statuses == 200', 'statuses'],
    ['?? == 200', '=='],
    ['?? status.code == 200', '.code'],
    ['?? headers == 1', 'headers'],
    ['?? body[x] == 1', '['],
    ['?? status ==', '=='],
    ['?? body exists 1', '1'],
    ['?? body.name == Bob', 'Bob'],
    ['?? body.name == "a" "b"', '"a" "b"'],
    ['?? body.name matches /(/', '/(/'],
    ['?? body.name matches /a/z', '/a/z'],
    ['?? body.name matches "("', '"("'],
    ['?? body.name matches 12', '12'],
  ];
  for (const [line, rangeText] of cases) {
    const text = `POST a.b/c\n${line}\n`;
    const file = parseRequestFile(text);
    const diagnostic = onlyDiagnostic(file.diagnostics, 'invalid-assertion');
    assertRange(text, diagnostic.range, rangeText, text.indexOf('??') + 2);
    assert.equal(file.requests[0].assertions[0].invalid, true, line);
  }
});

test('an assertion before any request line is an error; after the assertions only comments and variables may come', () => {
  const before = '?? status == 200\nPOST a.b/c\n';
  assertRange(before, onlyDiagnostic(parseRequestFile(before).diagnostics, 'assertion-without-request').range, '?? status == 200');
  const after = 'POST a.b/c\n?? status == 200\n# fine\n@x = 1\nX-A: 1\n';
  assertRange(after, onlyDiagnostic(parseRequestFile(after).diagnostics, 'header-after-body').range, 'X-A: 1');
  const get = 'GET /web/version\n?? body.version == "19.0"\n';
  assert.deepEqual(codes(parseRequestFile(get)), []);
});
