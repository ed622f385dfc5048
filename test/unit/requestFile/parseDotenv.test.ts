// .env files: names, quoting, comments, export prefixes and the lines that cannot be read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDotenv } from '../../../src/core/requestFile';

test('values: unquoted, single-quoted literal, double-quoted with escapes, comments and export', () => {
  const text = [
    '# a comment',
    'JSON2_API_KEY=0123abcd',
    'export DB = demo   # the database',
    "LITERAL='a \\n # b'",
    'ESCAPED="line\\nnext \\"quoted\\" \\\\ end"',
    'EMPTY=',
    'HASH=a#b',
    '',
    'JSON2_API_KEY=later',
  ].join('\r\n');
  const { values, problems } = parseDotenv(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    { ...values },
    {
      JSON2_API_KEY: 'later',
      DB: 'demo',
      LITERAL: 'a \\n # b',
      ESCAPED: 'line\nnext "quoted" \\ end',
      EMPTY: '',
      HASH: 'a#b',
    },
  );
});

test('lines that cannot be read are reported with their ranges and skipped', () => {
  const { values, problems } = parseDotenv('GOOD=1\nnot a definition\nOPEN="never closed\n');
  assert.deepEqual({ ...values }, { GOOD: '1' });
  assert.deepEqual(
    problems.map((p) => [p.range.start.line, p.message]),
    [
      [1, 'Expected NAME=value'],
      [2, 'The value of OPEN has no closing "'],
    ],
  );
});

test('names such as __proto__ are plain values', () => {
  const { values } = parseDotenv('__proto__=x\nconstructor=y\n');
  assert.equal(values.__proto__, 'x');
  assert.equal(Object.keys(values).length, 2);
});
