// A known secret written otherwise than as given, where a report or log could show it: base64 (a Basic header, a
// token wrapping the key, at any byte offset, standard or URL alphabet) and upper or lower case (a server or a tool
// that changes the case of what it echoes). Each is redacted; unrelated base64 and text stay as they are.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REDACTED, SecretRedactor } from '../../../src/core/redaction/secretRedactor';

const KEY = '0123456789abcdef0123456789abcdef01234567';
const PASSWORD = 'Tr0ub4dor&3?é';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

test('base64 of a text holding the secret, at every byte offset, in both alphabets, is redacted', () => {
  const redactor = new SecretRedactor([KEY, PASSWORD]);
  for (const secret of [KEY, PASSWORD]) {
    for (const before of ['', 'a', 'ab', 'admin:', 'x-api-key=']) {
      for (const after of ['', '!', '"}']) {
        for (const encode of [base64, base64url]) {
          const encoded = encode(`${before}${secret}${after}`);
          const line = `Authorization: Basic ${encoded}`;
          const redacted = redactor.redact(line);
          assert.match(redacted, new RegExp(REDACTED), `${line} (${before}|${after})`);
          // What is left of the encoding no longer decodes to the secret, nor to half of it.
          const left = redacted.replace('Authorization: Basic ', '').split(REDACTED).join('');
          const decoded = Buffer.from(left, 'base64').toString('latin1');
          assert.ok(!decoded.includes(secret.slice(0, Math.ceil(secret.length / 2))), `${line} → ${redacted}`);
        }
      }
    }
  }
});

test('upper-case and lower-case forms of the secret are redacted, escaped forms included', () => {
  const redactor = new SecretRedactor([KEY, PASSWORD]);
  for (const text of [
    KEY.toUpperCase(),
    PASSWORD.toUpperCase(),
    PASSWORD.toLowerCase(),
    JSON.stringify(PASSWORD.toUpperCase()),
    encodeURIComponent(PASSWORD.toUpperCase()),
  ]) {
    const redacted = redactor.redact(`the server said: ${text}`);
    assert.match(redacted, new RegExp(`^the server said: "?${REDACTED}"?$`), `${text} → ${redacted}`);
  }
});

test('unrelated base64 and text are left alone; short secrets are not searched in base64', () => {
  const redactor = new SecretRedactor([KEY, 'abc']);
  const image = base64('some unrelated bytes of an image, long enough to matter');
  assert.equal(redactor.redact(image), image);
  assert.equal(redactor.redact('ABCDEF'), `${REDACTED}DEF`, 'a short secret still matches as text, in any case');
  assert.equal(redactor.redact(base64('xxabcxx')), base64('xxabcxx'), 'three bytes give too few base64 characters to search');
});
