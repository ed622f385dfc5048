// Metadata lines: @name, @connection, @confirm, @prompt, where they apply, and their errors (docs/format.md, section 7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/core/requestFile';
import { assertRange, codes, onlyDiagnostic } from './rangeChecks';

test('@name, @confirm, @connection and @prompt of a request, with # or //', () => {
  const text = [
    '### Create',
    '# @name created',
    '// @confirm Really create it?',
    '#@connection  {{target}} server',
    '# @prompt password Your database password',
    '# @prompt label',
    'POST res.partner/create',
  ].join('\n');
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  const request = file.requests[0];
  assertRange(text, request.name?.range, 'created');
  assertRange(text, request.confirm?.range, '// @confirm Really create it?');
  assertRange(text, request.confirm?.value?.range, 'Really create it?');
  assertRange(text, request.connection?.value?.range, '{{target}} server');
  assertRange(text, request.connection?.placeholders[0].range, '{{target}}');
  assertRange(text, request.connection?.keyword.range, 'connection');
  assert.equal(request.prompts.length, 2);
  assertRange(text, request.prompts[0].name.range, 'password');
  assertRange(text, request.prompts[0].description?.range, 'Your database password');
  assert.equal(request.prompts[0].secret, true);
  assert.equal(request.prompts[1].secret, false);
  assert.equal(request.prompts[1].description, undefined);
  assert.equal(request.metadata.length, 5);
  assert.deepEqual(file.fileMeta, { prompts: [] });
});

test('@connection and @prompt above the first request apply to the whole file; @name there names block 0 request', () => {
  const text = '# @connection local\n# @prompt token\n# @name first\nPOST a.b/c\n### second\n# @connection other\nPOST a.b/d\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  assertRange(text, file.fileMeta.connection?.value?.range, 'local');
  assert.equal(file.fileMeta.prompts[0].name.text, 'token');
  assert.equal(file.fileMeta.prompts[0].secret, true);
  assert.equal(file.requests[0].name?.text, 'first');
  assert.equal(file.requests[0].connection, undefined);
  assert.equal(file.requests[1].connection?.value?.text, 'other');
});

test('a file header without any request still gives the file its connection', () => {
  const file = parseRequestFile('# @connection local\n@x = 1\n\n### later\nGET /web/version\n');
  assert.deepEqual(codes(file), []);
  assert.equal(file.fileMeta.connection?.value?.text, 'local');
});

test('metadata errors and warnings with their ranges', () => {
  const cases: [string, string, string, 'error' | 'warning'][] = [
    ['# @name\nPOST a.b/c\n', 'invalid-metadata', '# @name', 'error'],
    ['# @name two words\nPOST a.b/c\n', 'invalid-metadata', 'two words', 'error'],
    ['# @name:x\nPOST a.b/c\n', 'invalid-metadata', ':x', 'error'],
    ['# @connection\nPOST a.b/c\n', 'invalid-metadata', '# @connection', 'error'],
    ['# @prompt\nPOST a.b/c\n', 'invalid-metadata', '# @prompt', 'error'],
    ['# @prompt 1abc\nPOST a.b/c\n', 'invalid-metadata', '1abc', 'error'],
    ['# @nmae x\nPOST a.b/c\n', 'unknown-metadata', 'nmae', 'warning'],
    ['# @name a\n# @name b\nPOST a.b/c\n', 'duplicate-metadata', '# @name b', 'error'],
    ['# @confirm\n# @confirm\nPOST a.b/c\n', 'duplicate-metadata', '# @confirm', 'warning'],
    ['# @prompt x\n# @prompt x again\nPOST a.b/c\n', 'duplicate-metadata', '# @prompt x again', 'warning'],
    ['### t\n# @connection a\n# @connection b\nPOST a.b/c\n', 'duplicate-metadata', '# @connection b', 'error'],
    ['POST a.b/c\n# @name late\n', 'metadata-after-request-line', '# @name late', 'error'],
    ['### only metadata\n# @name lonely\n', 'metadata-without-request', '# @name lonely', 'warning'],
    ['# @confirm\n@x = 1\n', 'metadata-without-request', '# @confirm', 'warning'],
  ];
  for (const [text, code, rangeText, severity] of cases) {
    const diagnostic = onlyDiagnostic(parseRequestFile(text).diagnostics, code);
    assert.equal(diagnostic.severity, severity, text);
    assertRange(text, diagnostic.range, rangeText, code === 'duplicate-metadata' ? text.indexOf('\n') : 0);
  }
});

test('# @ followed by a non-letter is a plain comment', () => {
  const file = parseRequestFile('# @ 1 mail me@example.com\n# see @name below\nPOST a.b/c\n');
  assert.deepEqual(codes(file), []);
  assert.equal(file.comments.length, 2);
});

test('request names are unique in the file', () => {
  const text = '# @name dup\nPOST a.b/c\n###\n# @name dup\nPOST a.b/d\n';
  const diagnostic = onlyDiagnostic(parseRequestFile(text).diagnostics, 'duplicate-request-name');
  assertRange(text, diagnostic.range, 'dup', text.indexOf('###'));
});
