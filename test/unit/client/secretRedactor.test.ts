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
    const text = [
      KEY,
      PASSWORD,
      encodeURIComponent(PASSWORD),
      new URLSearchParams({ p: PASSWORD }).toString().slice(2),
      JSON.stringify(PASSWORD),
      'p&amp;ss w&lt;o&gt;rd&quot;é',
    ].join(' | ');
    const redacted = redactor.redact(text);
    assert.equal(redacted.includes(KEY), false);
    assert.equal(redacted.includes('ss w'), false);
    assert.equal(redacted.includes('ss%20w'), false);
    assert.equal(redacted.includes('ss+w'), false);
  });

  test('removes the forms a server or a report gives a secret holding \\ " \' < &: Python repr, JSON inside JSON, entities, strict URL', () => {
    const secret = 'pa\\ss"wo\'rd<&>é';
    const known = new SecretRedactor([secret]);
    const repr = 'pa\\\\ss"wo\\\'rd<&>é';
    const forms = [
      secret,
      repr, // Python repr in single quotes (an error message quoting a value)
      'pa\\\\ss"wo\'rd<&>é', // Python repr in double quotes
      JSON.stringify(secret).slice(1, -1),
      JSON.stringify(repr).slice(1, -1), // the message above inside a JSON answer
      JSON.stringify(JSON.stringify(secret).slice(1, -1)).slice(1, -1), // JSON text quoted in a JSON string
      JSON.stringify(secret).slice(1, -1).replace('é', '\\u00e9'), // Python's json.dumps (ensure_ascii)
      'pa\\ss&quot;wo&#x27;rd&lt;&amp;&gt;é', // Python's html.escape
      'pa\\ss&quot;wo&#39;rd&lt;&amp;&gt;é',
      'pa\\ss&quot;wo&apos;rd&lt;&amp;&gt;é', // an XML attribute (JUnit)
      'pa\\ss"wo\'rd&lt;&amp;&gt;é', // element text
      'pa%5Css%22wo%27rd%3C%26%3E%C3%A9', // RFC 3986, quote() of Python
      encodeURIComponent(secret),
    ];
    for (const form of forms) assert.equal(known.redact(`<${form}>`), `<${REDACTED}>`, form);
    const plain = new SecretRedactor(['plainsecret']);
    assert.equal(plain.redact('\'plainsecret\' "plainsecret"'), `'${REDACTED}' "${REDACTED}"`);
  });

  test("addAll joins another redactor's secrets; knows() tells a secret given as such", () => {
    const run = new SecretRedactor(['run-secret-value']);
    run.addAll(new SecretRedactor([KEY]));
    assert.equal(run.redact(`${KEY} run-secret-value`), `${REDACTED} ${REDACTED}`);
    assert.ok(run.knows(KEY));
    assert.ok(!run.knows('something else'));
    assert.equal(new SecretRedactor(['ab']).redact('abc ab'), 'abc ab', 'a two-letter secret is not searched in free text');
  });

  test('removes unknown secrets by their shape: bearer headers, secret form fields and JSON members', () => {
    const plain = new SecretRedactor();
    assert.equal(plain.redact('Authorization: Bearer abc.def-123'), `Authorization: Bearer ${REDACTED}`);
    assert.equal(plain.redact('master_pwd=admin&name=db1'), `master_pwd=${REDACTED}&name=db1`);
    assert.equal(plain.redact('{"password": "hunter2", "login": "admin"}'), `{"password": "${REDACTED}", "login": "admin"}`);
    assert.equal(plain.redact('nothing to hide'), 'nothing to hide');
  });

  test('the shape patterns keep the quoting around the token they take (issue 38)', () => {
    const plain = new SecretRedactor();
    // The token ends at a quote, a backslash or markup: the text around it stays what it was.
    assert.equal(plain.redact('got "Reset link: https://x/reset?token=abc123"'), `got "Reset link: https://x/reset?token=${REDACTED}"`);
    assert.equal(plain.redact("type: 'a key=x'"), `type: 'a key=${REDACTED}'`);
    assert.equal(plain.redact('header "Bearer x"'), `header "Bearer ${REDACTED}"`);
    assert.equal(plain.redact('<a href="?token=abc">link</a>'), `<a href="?token=${REDACTED}">link</a>`);
    const json = '{"url": "https://x/?token=abc\\"q", "auth": "Bearer abc\\\\d"}';
    assert.deepEqual(JSON.parse(plain.redact(json)), { url: `https://x/?token=${REDACTED}"q`, auth: `Bearer ${REDACTED}\\d` });
    // "bearer" takes a token on its own line only: a title ending in "bearer" takes nothing from the next line.
    assert.equal(plain.redact('Check the bearer\n  ---'), 'Check the bearer\n  ---');
  });

  test('redactValue copies a value with secrets removed from strings and secret-named members', () => {
    const value = { login: 'admin', password: 'short', nested: [`x ${KEY}`, { master_pwd: 'm' }], count: 3, none: null };
    assert.deepEqual(redactor.redactValue(value), {
      login: 'admin',
      password: REDACTED,
      nested: [`x ${REDACTED}`, { master_pwd: REDACTED }],
      count: 3,
      none: null,
    });
    assert.equal(value.password, 'short');
  });

  test('redactError scrubs message, stack, own properties and causes in place', () => {
    const cause = new Error(`inner ${KEY}`);
    const error = Object.assign(new Error(`outer ${PASSWORD}`, { cause }), { details: { text: KEY }, list: [KEY] });
    assert.equal(redactor.redactError(error), error);
    const seen = [error.message, error.stack ?? '', inspect(error, { depth: 5 }), String(error), cause.message, cause.stack ?? ''].join(
      '\n',
    );
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
