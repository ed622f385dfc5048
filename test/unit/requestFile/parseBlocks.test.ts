// Blocks, separators, titles, comments and block ranges (docs/format.md, sections 1 and 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/core/requestFile';
import { assertRange, codes } from './rangeChecks';

const sample = [
  '# file comment',
  '@limit = 5',
  '',
  '###   Companies in Belgium  ',
  '# @name companies',
  'POST res.partner/search_read',
  '{ "limit": {{limit}} }',
  '',
  '',
  '### ',
  '// only a comment here',
  '#### Server version',
  'GET /web/version',
  '',
].join('\n');

test('### lines separate blocks and carry trimmed titles with their ranges', () => {
  const file = parseRequestFile(sample);
  assert.deepEqual(codes(file), []);
  assert.equal(file.requests.length, 2);
  const [companies, version] = file.requests;
  assertRange(sample, companies.separator?.range, '###   Companies in Belgium');
  assertRange(sample, companies.separator?.title?.range, 'Companies in Belgium');
  assertRange(sample, version.separator?.title?.range, 'Server version');
  assert.equal(version.separator?.title?.text, 'Server version', 'the whole run of # is left out of the title');
});

test('every block has a range from its separator to its last non-blank line; empty titles are absent', () => {
  const file = parseRequestFile(sample);
  assert.equal(file.blocks.length, 4);
  assertRange(sample, file.blocks[0].range, '# file comment\n@limit = 5');
  assert.equal(file.blocks[0].separator, undefined);
  assertRange(
    sample,
    file.blocks[1].range,
    '###   Companies in Belgium  \n# @name companies\nPOST res.partner/search_read\n{ "limit": {{limit}} }',
  );
  assert.equal(file.blocks[1].requestIndex, 0);
  assert.equal(file.blocks[2].separator?.title, undefined);
  assert.equal(file.blocks[2].requestIndex, undefined, 'a block with only a comment has no request');
  assertRange(sample, file.blocks[2].range, '### \n// only a comment here');
  assert.equal(file.blocks[3].requestIndex, 1);
  assert.deepEqual(file.requests[0].range, file.blocks[1].range);
});

test('comments outside bodies are listed with their ranges', () => {
  const file = parseRequestFile(sample);
  assert.equal(file.comments.length, 2);
  assertRange(sample, file.comments[0].range, '# file comment');
  assertRange(sample, file.comments[1].range, '// only a comment here');
});

test('a request needs no ### when it is the first', () => {
  const text = 'POST res.partner/read\n{ "ids": [1] }\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  assert.equal(file.requests.length, 1);
  assert.equal(file.requests[0].separator, undefined);
  assertRange(text, file.requests[0].range, 'POST res.partner/read\n{ "ids": [1] }');
});

test('CRLF and CR files give the same structure with true positions', () => {
  for (const lineBreak of ['\r\n', '\r']) {
    const text = sample.split('\n').join(lineBreak);
    const file = parseRequestFile(text);
    assert.deepEqual(codes(file), []);
    assert.equal(file.requests.length, 2);
    assertRange(text, file.requests[1].requestLine.range, 'GET /web/version');
    assert.equal(file.requests[1].requestLine.range.start.line, 12);
    assert.equal(file.lineCount, 14);
  }
});

test('leading blanks are allowed on every kind of line', () => {
  const text = '  @x = 1\n\t### T\n  # @name n\n   POST a.b/c\n  X-A: 1\n  {"a": {{x}}}\n  ?? status == 200\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  const request = file.requests[0];
  assert.equal(request.separator?.title?.text, 'T');
  assert.equal(request.name?.text, 'n');
  assert.equal(request.headers.length, 1);
  assert.ok(request.body);
  assert.equal(request.assertions.length, 1);
});
