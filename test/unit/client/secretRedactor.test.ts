// The redaction module: secrets and their encodings vanish from text, values and errors, wherever they hide.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { describe, test } from 'node:test';
import { REDACTED, SecretRedactor, isSecretName } from '../../../src/core/redaction/secretRedactor';

const KEY = '0123456789abcdef0123456789abcdef01234567';
const PASSWORD = 'p&ss w<o>rd"é';

describe('SecretRedactor', () => {
  const redactor = new SecretRedactor([KEY, PASSWORD, undefined, '']);

  test('removes each secret and its URL, form, JSON and XML encodings', () => {
    const text = [KEY, PASSWORD, encodeURIComponent(PASSWORD), new URLSearchParams({ p: PASSWORD }).toString().slice(2),
      JSON.stringify(PASSWORD), 'p&amp;ss w&lt;o&gt;rd&quot;é'].join(' | ');
    const redacted = redactor.redact(text);
    assert.equal(redacted.includes(KEY), false);
    assert.equal(redacted.includes('ss w'), false);
    assert.equal(redacted.includes('ss%20w'), false);
    assert.equal(redacted.includes('ss+w'), false);
  });

  test('removes unknown secrets by their shape: bearer headers, secret form fields and JSON members', () => {
    const plain = new SecretRedactor();
    assert.equal(plain.redact('Authorization: Bearer abc.def-123'), `Authorization: Bearer ${REDACTED}`);
    assert.equal(plain.redact('master_pwd=admin&name=db1'), `master_pwd=${REDACTED}&name=db1`);
    assert.equal(plain.redact('{"password": "hunter2", "login": "admin"}'), `{"password": "${REDACTED}", "login": "admin"}`);
    assert.equal(plain.redact('nothing to hide'), 'nothing to hide');
  });

  test('redactValue copies a value with secrets removed from strings and secret-named members', () => {
    const value = { login: 'admin', password: 'short', nested: [`x ${KEY}`, { master_pwd: 'm' }], count: 3, none: null };
    assert.deepEqual(redactor.redactValue(value), { login: 'admin', password: REDACTED, nested: [`x ${REDACTED}`, { master_pwd: REDACTED }], count: 3, none: null });
    assert.equal(value.password, 'short');
  });

  test('redactError scrubs message, stack, own properties and causes in place', () => {
    const cause = new Error(`inner ${KEY}`);
    const error = Object.assign(new Error(`outer ${PASSWORD}`, { cause }), { details: { text: KEY }, list: [KEY] });
    assert.equal(redactor.redactError(error), error);
    const seen = [error.message, error.stack ?? '', inspect(error, { depth: 5 }), String(error), cause.message, cause.stack ?? ''].join('\n');
    assert.equal(seen.includes(KEY), false);
    assert.equal(seen.includes(PASSWORD), false);
  });

  test('with() adds secrets to a copy without changing the original', () => {
    const extra = redactor.with('another-secret-value');
    assert.equal(extra.redact('another-secret-value'), REDACTED);
    assert.equal(redactor.redact('another-secret-value'), 'another-secret-value');
  });

  test('isSecretName knows the usual secret names', () => {
    for (const name of ['password', 'master_pwd', 'api_key', 'apiKey', 'key', 'token']) assert.ok(isSecretName(name), name);
    for (const name of ['login', 'name', 'keys']) assert.ok(!isSecretName(name), name);
  });
});
