// The JSON body: where it starts and ends, comments, masking of placeholders, the jsonc tree and locations (docs/format.md, section 6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyLocationAt, bodyNodeAt, parseRequestFile } from '../../../src/core/requestFile';
import { assertRange, codes, offsetOf, onlyDiagnostic } from './rangeChecks';

const bodyOf = (text: string) => {
  const file = parseRequestFile(text);
  const body = file.requests[0].body;
  assert.ok(body, 'the request has a body');
  return { file, body };
};

test('the body ends on the line where its first bracket closes; # and // lines after it are comments', () => {
  const text =
    'POST res.partner/search_read\n{\n  "domain": [],\n\n  "fields": ["name"]\n}\n# a comment after the body\n// another\n?? status == 200\n';
  const { file, body } = bodyOf(text);
  assert.deepEqual(codes(file), []);
  assertRange(text, body.range, '{\n  "domain": [],\n\n  "fields": ["name"]\n}');
  assert.equal(body.offset, offsetOf(text, '{'));
  assert.equal(body.closed, true);
  assert.equal(file.comments.length, 2);
  assert.equal(file.requests[0].assertions.length, 1);
});

test('brackets inside strings, comments and placeholders do not count', () => {
  const text = 'POST a.b/c\n{\n  "a": "} ]",  // }\n  /* } */ "b": {{x}},\n  "c": "{{y}}}"\n}\n';
  const { file, body } = bodyOf(text);
  assert.deepEqual(codes(file), []);
  assert.ok(body.text.endsWith('"c": "{{y}}}"\n}'));
});

test('comments and trailing commas are allowed', () => {
  const text = 'POST a.b/c\n{\n  // line\n  "a": [1, 2,], /* block\n  comment */\n  "b": {"c": 1,},\n}\n';
  assert.deepEqual(codes(parseRequestFile(text)), []);
});

test('a body whose brackets never close runs to the next ?? or ### line and reports the missing bracket', () => {
  const text = 'POST a.b/c\n{\n  "a": [1, 2,\n\n?? status == 200\n### next\nGET /web/version\n';
  const { file, body } = bodyOf(text);
  assert.equal(body.closed, false);
  assertRange(text, body.range, '{\n  "a": [1, 2,');
  const errors = file.diagnostics.filter((d) => d.code === 'json-syntax');
  assert.ok(errors.length >= 1 && errors.length <= 2, JSON.stringify(errors.map((e) => e.message)));
  assert.equal(file.requests[0].assertions.length, 1);
  assert.equal(file.requests.length, 2);
});

test('a # line inside the body is an error and is blanked for the JSON parser', () => {
  const text = 'POST a.b/c\n{\n  # not a comment\n  "a": 1\n}\n';
  const { file, body } = bodyOf(text);
  const diagnostic = onlyDiagnostic(file.diagnostics, 'hash-comment-in-body');
  assertRange(text, diagnostic.range, '# not a comment');
  assert.deepEqual(codes(file), ['hash-comment-in-body'], 'no JSON error on the blanked line');
  assert.equal(body.maskedText.length, body.text.length);
  const inComment = 'POST a.b/c\n{ /*\n# inside a block comment\n*/ "a": 1 }\n';
  assert.deepEqual(codes(parseRequestFile(inComment)), []);
});

test('placeholders are masked with same-length JSON tokens, each with its context', () => {
  const text = 'POST a.b/c\n{ "limit": {{limit}}, "name": "Mr {{ last }}", {{key}}: 1, "ids": [{{id}}] }\n';
  const { file, body } = bodyOf(text);
  assert.deepEqual(codes(file), []);
  assert.equal(body.maskedText.length, body.text.length);
  assert.equal(body.maskedText, '{ "limit": "_______", "name": "Mr __________", "_____": 1, "ids": ["____"] }');
  assert.deepEqual(
    body.placeholders.map((p) => [p.inner.text, p.context]),
    [
      ['limit', 'json-value'],
      [' last ', 'json-string'],
      ['key', 'json-key'],
      ['id', 'json-value'],
    ],
  );
  assertRange(text, body.placeholders[1].range, '{{ last }}');
  assertRange(text, body.placeholders[1].inner.range, ' last ');
  assert.deepEqual(
    file.requests[0].placeholders.map((p) => p.inner.text),
    ['limit', ' last ', 'key', 'id'],
  );
});

test('a body that is one placeholder is a body, ends on its line and is not reported as a non-object', () => {
  const text = 'POST a.b/c\n{{payload}}\n?? status == 200\n';
  const { file, body } = bodyOf(text);
  assert.deepEqual(codes(file), []);
  assert.equal(body.placeholders[0].context, 'json-value');
  assertRange(text, body.range, '{{payload}}');
});

test('placeholders inside comments are left alone', () => {
  const text = 'POST a.b/c\n{\n  // {{ignored}}\n  "a": 1 /* {{also}} */\n}\n';
  const { file, body } = bodyOf(text);
  assert.deepEqual(codes(file), []);
  assert.equal(body.placeholders.length, 0);
});

test('an escaped brace writes a literal {{ in a string', () => {
  const { file, body } = bodyOf('POST a.b/c\n{ "a": "\\u007b{not a placeholder}}" }\n');
  assert.deepEqual(codes(file), []);
  assert.equal(body.placeholders.length, 0);
  assert.equal(body.tree?.children?.[0].children?.[1].value, '{{not a placeholder}}');
});

test('the jsonc tree keeps true offsets relative to the body', () => {
  const text = 'POST a.b/c\n{\n  "domain": [["name", "ilike", "{{who}}"]],\n  "limit": {{limit}}\n}\n';
  const { body } = bodyOf(text);
  const limit = bodyNodeAt(body, offsetOf(text, '{{limit}}') + 2);
  assert.equal(limit?.type, 'string');
  assert.equal(body.offset + (limit?.offset ?? 0), offsetOf(text, '{{limit}}'));
  assert.equal(limit?.length, '{{limit}}'.length);
});

test('bodyLocationAt tells where the cursor is inside a domain', () => {
  const text =
    'POST res.partner/search_read\n{\n  "domain": [["is_company", "=", true], ["na", "=", 1]],\n  "fields": ["name", ""],\n  \n}\n';
  const { body } = bodyOf(text);
  const inField = bodyLocationAt(body, offsetOf(text, '"na"') + 2);
  assert.deepEqual(inField?.path, ['domain', 1, 0]);
  const inFields = bodyLocationAt(body, offsetOf(text, '""') + 1);
  assert.deepEqual(inFields?.path, ['fields', 1]);
  const newKey = bodyLocationAt(body, offsetOf(text, '  \n}') + 2);
  assert.equal(newKey?.isAtPropertyKey, true);
  assert.equal(bodyLocationAt(body, 0), undefined, 'outside the body');
});

test('JSON mistakes are json-syntax errors at the right place', () => {
  const text = 'POST a.b/c\n{\n  "a": 1\n  "b": 2\n}\n';
  const diagnostic = onlyDiagnostic(parseRequestFile(text).diagnostics, 'json-syntax');
  assert.equal(diagnostic.message, 'A comma is expected');
  assertRange(text, diagnostic.range, '"b"');
});

test('an unterminated placeholder in a body is one error, without cascading JSON errors', () => {
  const value = 'POST a.b/c\n{ "a": {{limit, "b": 1 }\n';
  assertRange(value, onlyDiagnostic(parseRequestFile(value).diagnostics, 'unterminated-placeholder').range, '{{limit, "b": 1 ');
  const inString = 'POST a.b/c\n{ "a": "{{x" }\n';
  const file = parseRequestFile(inString);
  assert.deepEqual(codes(file), ['unterminated-placeholder']);
  assertRange(inString, file.diagnostics[0].range, '{{x');
});

test('body shape: calls need an object, routes take no body, one body per request', () => {
  const array = 'POST a.b/c\n[1, 2]\n';
  assertRange(array, onlyDiagnostic(parseRequestFile(array).diagnostics, 'body-not-object').range, '[1, 2]');
  const route = 'GET /web/version\n{}\n';
  assertRange(route, onlyDiagnostic(parseRequestFile(route).diagnostics, 'body-not-allowed').range, '{}');
  const twice = 'POST a.b/c\n{}\n{ "a": [\n1] }\n';
  const file = parseRequestFile(twice);
  assertRange(twice, onlyDiagnostic(file.diagnostics, 'duplicate-body').range, '{ "a": [\n1] }');
  assert.equal(codes(file).length, 1, 'the second body is skipped whole');
  const afterAssertion = 'POST a.b/c\n?? status == 200\n{}\n';
  assert.deepEqual(codes(parseRequestFile(afterAssertion)), ['duplicate-body']);
});

test('a body line before the request line is an error', () => {
  const text = '{ "a": 1 }\nPOST a.b/c\n';
  assertRange(text, onlyDiagnostic(parseRequestFile(text).diagnostics, 'unexpected-line').range, '{ "a": 1 }');
});

test('other lines after the body are errors', () => {
  const text = 'POST a.b/c\n{}\nsomething else\n';
  assertRange(text, onlyDiagnostic(parseRequestFile(text).diagnostics, 'unexpected-line').range, 'something else');
  const garbage = 'POST a.b/c\n{} trailing\n';
  assert.deepEqual(codes(parseRequestFile(garbage)), ['json-syntax']);
});
