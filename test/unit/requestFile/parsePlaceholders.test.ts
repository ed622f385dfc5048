// Placeholder expressions: variables, system values, response references with paths, and their errors (docs/format.md, section 8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile, type PlaceholderNode } from '../../../src/core/requestFile';
import { assertRange, codes, onlyDiagnostic } from './rangeChecks';

/** The placeholders of a header value `X: ...` in a one-request file, and the file. */
function inHeader(value: string) {
  const text = `# @name r\nGET /web/version\n###\nPOST a.b/c\nX: ${value}\n`;
  const file = parseRequestFile(text);
  return { text, file, placeholders: file.requests[1].headers[0]?.placeholders ?? ([] as PlaceholderNode[]) };
}

test('a variable: the name and its range, blanks ignored', () => {
  const { text, file, placeholders } = inHeader('{{ limit }} and {{other_name-2}}');
  assert.deepEqual(codes(file), []);
  const [first, second] = placeholders;
  assert.equal(first.expression.kind, 'variable');
  if (first.expression.kind === 'variable') assertRange(text, first.expression.name.range, 'limit');
  if (second.expression.kind === 'variable') assert.equal(second.expression.name.text, 'other_name-2');
});

test('system values with their arguments', () => {
  const { text, file, placeholders } = inHeader(
    "{{$uuid}} {{$timestamp -1 d}} {{$date +2h 'DD/MM/YYYY'}} {{$datetime -1M iso}} {{$processEnv HOME}} {{$dotenv KEY}} {{$randomInt 1 9}}",
  );
  assert.deepEqual(codes(file), []);
  const shapes = placeholders.map((p) =>
    p.expression.kind === 'system' ? [p.expression.name.text, p.expression.args.map((a) => a.text)] : p.expression.kind,
  );
  assert.deepEqual(shapes, [
    ['uuid', []],
    ['timestamp', ['-1', 'd']],
    ['date', ['+2h', "'DD/MM/YYYY'"]],
    ['datetime', ['-1M', 'iso']],
    ['processEnv', ['HOME']],
    ['dotenv', ['KEY']],
    ['randomInt', ['1', '9']],
  ]);
  const date = placeholders[2].expression;
  if (date.kind === 'system') {
    assertRange(text, date.name.range, 'date');
    assertRange(text, date.args[1].range, "'DD/MM/YYYY'");
  }
});

test('response references: status, headers and body paths with [0], [-1], [*], quoted keys and .length', () => {
  const { text, file, placeholders } = inHeader(
    "{{r.response.status}} {{r.response.headers.Content-Type}} {{r.response.body[0].country_id[1]}} {{r.response.body[*].child_ids[*]}} {{r.response.body[-1]['odd key'].length}}",
  );
  assert.deepEqual(codes(file), []);
  const [status, header, first, all, quoted] = placeholders.map((p) => p.expression);
  assert.equal(status.kind === 'response' && status.part, 'status');
  assert.ok(header.kind === 'response' && header.part === 'headers');
  if (header.kind === 'response')
    assert.deepEqual(
      header.path.map((s) => s.kind === 'key' && s.key),
      ['Content-Type'],
    );
  assert.ok(first.kind === 'response');
  if (first.kind === 'response') {
    assertRange(text, first.requestName.range, 'r', text.indexOf('{{r.response.body[0]'));
    assert.deepEqual(
      first.path.map((s) => (s.kind === 'key' ? s.key : s.kind === 'index' ? s.index : '*')),
      [0, 'country_id', 1],
    );
    assertRange(text, first.path[1].range, '.country_id');
  }
  if (all.kind === 'response')
    assert.deepEqual(
      all.path.map((s) => s.kind),
      ['all', 'key', 'all'],
    );
  if (quoted.kind === 'response')
    assert.deepEqual(
      quoted.path.map((s) => (s.kind === 'key' ? s.key : s.kind === 'index' ? s.index : '*')),
      [-1, 'odd key', 'length'],
    );
});

test('placeholder errors with their ranges', () => {
  const cases: [string, string, string][] = [
    ['{{}}', 'empty-placeholder', '{{}}'],
    ['{{   }}', 'empty-placeholder', '{{   }}'],
    ['{{limit', 'unterminated-placeholder', '{{limit'],
    ['{{a}b}}', 'unterminated-placeholder', '{{a'],
    ['{{a b}}', 'invalid-placeholder', ' b'],
    ['{{9lives}}', 'invalid-placeholder', '9lives'],
    ['{{$guid}}', 'unknown-system-value', '$guid'],
    ['{{$}}', 'unknown-system-value', '$'],
    ['{{$uuid 1}}', 'invalid-system-value-arguments', '1'],
    ['{{$randomInt 5}}', 'invalid-system-value-arguments', '{{$randomInt 5}}'],
    ['{{$randomInt 9 1}}', 'invalid-system-value-arguments', '1'],
    ['{{$randomInt a 1}}', 'invalid-system-value-arguments', 'a'],
    ['{{$date -1}}', 'invalid-system-value-arguments', '-1'],
    ['{{$date -1 d fancy}}', 'invalid-system-value-arguments', 'fancy'],
    ["{{$date 'YYYY' -1 d}}", 'invalid-system-value-arguments', '-1'],
    ['{{$timestamp iso}}', 'invalid-system-value-arguments', 'iso'],
    ["{{$date 'YYYY}}", 'invalid-system-value-arguments', "'YYYY"],
    ['{{$processEnv}}', 'invalid-system-value-arguments', '{{$processEnv}}'],
    ['{{$uuid-x}}', 'invalid-system-value-arguments', '-x'],
    ['{{r.responses.body}}', 'malformed-path', '.responses'],
    ['{{r.response}}', 'malformed-path', '.response'],
    ['{{r.response.bodies}}', 'malformed-path', '.bodies'],
    ['{{r.response.status.code}}', 'malformed-path', '.code'],
    ['{{r.response.headers}}', 'malformed-path', '.headers'],
    ['{{r.response.body[x]}}', 'malformed-path', '['],
    ['{{r.response.body[0}}', 'malformed-path', '[0'],
    ['{{r.response.body.}}', 'malformed-path', '.'],
    ["{{r.response.body['a}}", 'malformed-path', "['a"],
    ['{{r.response.body..x}}', 'malformed-path', '.'],
    ['{{nobody.response.body}}', 'unknown-request', 'nobody'],
  ];
  for (const [value, code, rangeText] of cases) {
    const { text, file } = inHeader(value);
    const diagnostic = onlyDiagnostic(file.diagnostics, code);
    assert.equal(diagnostic.severity, 'error', value);
    assert.equal(text.slice(diagnostic.range.startOffset, diagnostic.range.endOffset), rangeText, value);
    assertRange(text, diagnostic.range, rangeText, null);
  }
});

test('placeholders in variable values and metadata are parsed as text', () => {
  const text = '@a = x{{b}}y\n# @connection {{conn}}\n# @confirm Send to {{db}}?\nPOST a.b/c\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  assertRange(text, file.variables[0].placeholders[0].range, '{{b}}');
  assert.equal(file.fileMeta.connection?.placeholders[0].inner.text, 'conn');
  assert.deepEqual(
    file.requests[0].placeholders.map((p) => p.inner.text),
    ['db'],
  );
});

test('titles, names and comments are literal', () => {
  const file = parseRequestFile('### {{title}}\n# {{comment}}\n# @name n\nPOST a.b/c\n');
  assert.deepEqual(codes(file), []);
  assert.equal(file.requests[0].placeholders.length, 0);
  assert.equal(file.requests[0].separator?.title?.text, '{{title}}');
});
