// An answer handed on as bytes: the view's reader parses the items of an array slice by slice whatever the cuts, and
// the host's check finds what redaction would change, also across a slice's edge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SecretRedactor } from '../../../src/core/redaction/secretRedactor';
import { AnswerBytes } from '../../../src/core/requestRun/answerBytes';
import { AnswerReader } from '../../../src/webview/answerReader';

function read(text: string, sliceBytes: number): { value: unknown; streamed: number; firstAt: number } {
  const bytes = new TextEncoder().encode(text);
  const reader = new AnswerReader(bytes.length);
  let streamed = 0;
  let firstAt = -1;
  for (let start = 0; start < bytes.length; start += sliceBytes) {
    const progress = reader.read(bytes.subarray(start, start + sliceBytes));
    if (firstAt < 0 && progress.items.length > 0) firstAt = start;
    streamed += progress.items.length;
  }
  return { value: reader.value, streamed, firstAt };
}

test('the items of an array come as soon as a slice completes them, whatever the cuts (strings, escapes, nesting, UTF-8)', () => {
  const records = Array.from({ length: 300 }, (_, id) => ({
    id,
    name: `P "${id}" \\ ] } [ {,`,
    tags: [1, [2, { a: ',' }]],
    city: 'Liège €',
  }));
  for (const slice of [1, 3, 64, 4096, 1 << 20]) {
    for (const text of [JSON.stringify(records), JSON.stringify(records, null, 2)]) {
      const { value, streamed, firstAt } = read(text, slice);
      assert.deepEqual(value, records, `slices of ${slice}`);
      assert.equal(streamed, records.length);
      assert.ok(firstAt < 200 || slice > 200, 'the first record comes with the slice that ends it');
    }
  }
});

test('other values are parsed whole; an empty array, scalars, invalid JSON (kept as its text)', () => {
  assert.deepEqual(read(' {"a": [1, 2], "b": "]"} ', 3).value, { a: [1, 2], b: ']' });
  assert.deepEqual(read('[]', 1).value, []);
  assert.deepEqual(read('[1, 2, 3]', 2).value, [1, 2, 3]);
  assert.equal(read('"text"', 2).value, 'text');
  assert.equal(read('[1, 2', 2).value, '[1, 2');
  assert.equal(read('[1,}', 2).value, '[1,}');
  assert.equal(read('not json', 4).value, 'not json');
});

test('the check finds a secret in a slice, across its edges, and a member named like a secret; the redacted answer has neither', () => {
  const key = 'abcdefghij0123456789abcdefghij0123456789';
  const records = Array.from({ length: 2000 }, (_, id) => ({ id, name: `Partner ${id}` }));
  const clean = Buffer.from(JSON.stringify(records));
  const answer = new AnswerBytes(clean, 'application/json', new SecretRedactor([key]));
  assert.equal(answer.mayHoldSecrets(0, clean.length), false);
  assert.equal(answer.redacted(), clean, 'nothing to redact: the bytes as received');

  const text = JSON.stringify(records.map((record) => (record.id === 1000 ? { ...record, name: `see ${key}` } : record)));
  const at = text.indexOf(key);
  const withKey = new AnswerBytes(Buffer.from(text), 'application/json', new SecretRedactor([key]));
  assert.equal(withKey.mayHoldSecrets(at + 10, at + 20), true, 'inside');
  assert.equal(withKey.mayHoldSecrets(0, at + 5), true, 'a slice that ends inside the key');
  assert.equal(withKey.mayHoldSecrets(at + key.length - 3, text.length), true, 'a slice that starts inside the key');
  assert.equal(withKey.mayHoldSecrets(0, at - 5000), false, 'far before it');
  const redacted = JSON.parse(Buffer.from(withKey.redacted()).toString('utf8')) as { name: string }[];
  assert.equal(redacted[1000].name, 'see «redacted»');

  const member = Buffer.from(JSON.stringify([{ id: 1, password: 'hunter22' }]));
  const withMember = new AnswerBytes(member, 'application/json', new SecretRedactor());
  assert.equal(withMember.mayHoldSecrets(0, member.length), true);
  assert.deepEqual(JSON.parse(Buffer.from(withMember.redacted()).toString('utf8')), [{ id: 1, password: '«redacted»' }]);
});

test('the check looks a large range over piece by piece and still finds a secret or a member across any piece edge', () => {
  const key = 'abcdefghij0123456789abcdefghij0123456789';
  const filler = Buffer.from(JSON.stringify(Array.from({ length: 6000 }, (_, id) => ({ id, name: `Partner ${id}` }))));
  for (const edge of [32 * 1024, 64 * 1024, 96 * 1024]) {
    for (const shift of [-key.length + 1, -20, 0]) {
      const at = edge + shift;
      const withKey = Buffer.concat([filler.subarray(0, at), Buffer.from(key), filler.subarray(at)]);
      const answer = new AnswerBytes(withKey, 'application/json', new SecretRedactor([key]));
      assert.equal(answer.mayHoldSecrets(0, withKey.length), true, `a key at ${at}`);
      assert.equal(answer.mayHoldSecrets(at + key.length + 5000, withKey.length), false, `after the key at ${at}`);
    }
    const member = Buffer.concat([filler.subarray(0, edge - 5), Buffer.from('"api_key": "x"'), filler.subarray(edge - 5)]);
    assert.equal(new AnswerBytes(member, 'application/json', new SecretRedactor()).mayHoldSecrets(0, member.length), true);
  }
  assert.equal(new AnswerBytes(filler, 'application/json', new SecretRedactor([key])).mayHoldSecrets(0, filler.length), false);
});
