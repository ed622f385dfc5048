// Header lines and file variables with their ranges and diagnostics (docs/format.md, sections 4 and 5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/core/requestFile';
import { assertRange, codes, onlyDiagnostic } from './rangeChecks';

test('headers: name and trimmed value with ranges, placeholders inserted as text', () => {
  const text = 'POST res.partner/read\nX-Service-Database:   {{db}}  \nAccept-Language: fr\n\n# a comment between headers\nX-Empty:\n{}\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  const [database, language, empty] = file.requests[0].headers;
  assertRange(text, database.range, 'X-Service-Database:   {{db}}');
  assertRange(text, database.name.range, 'X-Service-Database');
  assertRange(text, database.value.range, '{{db}}');
  assert.equal(database.placeholders[0].context, 'text');
  assertRange(text, database.placeholders[0].range, '{{db}}');
  assert.equal(language.value.text, 'fr');
  assert.equal(empty.value.text, '');
});

test('a literal Authorization header is a secret in the file; with a placeholder it is fine', () => {
  const text = 'POST res.partner/read\nAuthorization: Bearer 0123456789abcdef\n';
  const warning = onlyDiagnostic(parseRequestFile(text).diagnostics, 'secret-in-file');
  assert.equal(warning.severity, 'warning');
  assertRange(text, warning.range, 'Bearer 0123456789abcdef');
  assert.deepEqual(codes(parseRequestFile('POST res.partner/read\nAuthorization: Bearer {{apiKey}}\n')), []);
});

test('a header given twice is a warning on the second', () => {
  const text = 'POST a.b/c\nX-A: 1\nx-a: 2\n';
  const warning = onlyDiagnostic(parseRequestFile(text).diagnostics, 'duplicate-header');
  assertRange(text, warning.range, 'x-a');
});

test('headers before the request line or after the body are errors', () => {
  const before = 'X-A: 1\nPOST a.b/c\n';
  assertRange(before, onlyDiagnostic(parseRequestFile(before).diagnostics, 'unexpected-line').range, 'X-A: 1');
  const after = 'POST a.b/c\n{}\nX-A: 1\n';
  assertRange(after, onlyDiagnostic(parseRequestFile(after).diagnostics, 'header-after-body').range, 'X-A: 1');
});

test('file variables: name and value ranges, anywhere outside bodies, in file order', () => {
  const text = '@limit = 20\n@greeting=Hello {{name}} \n### r\nPOST a.b/c\n@late = {{limit}}\n{}\n@after =\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  assert.deepEqual(
    file.variables.map((v) => [v.name.text, v.value.text]),
    [
      ['limit', '20'],
      ['greeting', 'Hello {{name}}'],
      ['late', '{{limit}}'],
      ['after', ''],
    ],
  );
  assertRange(text, file.variables[0].range, '@limit = 20');
  assertRange(text, file.variables[0].name.range, 'limit');
  assertRange(text, file.variables[0].value.range, '20');
  assertRange(text, file.variables[1].value.range, 'Hello {{name}}');
  assertRange(text, file.variables[1].placeholders[0].range, '{{name}}');
  assert.equal(file.variables[3].value.range.startOffset, file.variables[3].value.range.endOffset);
});

test('values run to the end of the line: # is part of them', () => {
  const file = parseRequestFile('@color = #fff # not a comment\n');
  assert.equal(file.variables[0].value.text, '#fff # not a comment');
});

test('malformed definitions and duplicates', () => {
  const noEquals = '@limit 20\n';
  assertRange(noEquals, onlyDiagnostic(parseRequestFile(noEquals).diagnostics, 'invalid-variable-definition').range, '@limit 20');
  const dotted = '@a.b = 1\n';
  assertRange(dotted, onlyDiagnostic(parseRequestFile(dotted).diagnostics, 'invalid-variable-definition').range, 'a.b');
  const twice = '@x = 1\n@x = 2\n';
  const file = parseRequestFile(twice);
  const warning = onlyDiagnostic(file.diagnostics, 'duplicate-variable');
  assert.equal(warning.severity, 'warning');
  assertRange(twice, warning.range, 'x', 8);
  assert.equal(file.variables.length, 2);
});

test('a secret-looking variable with a literal value is a warning', () => {
  const text = '@apiKey = 0123abcd\n@password = {{$processEnv PW}}\n';
  const warning = onlyDiagnostic(parseRequestFile(text).diagnostics, 'secret-in-file');
  assertRange(text, warning.range, '0123abcd');
});
