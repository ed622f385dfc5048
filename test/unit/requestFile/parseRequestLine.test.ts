// The request line: short, full and route forms, the optional method, placeholders and every error (docs/format.md, section 3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/core/requestFile';
import { assertRange, codes, onlyDiagnostic } from './rangeChecks';

const firstLine = (text: string) => parseRequestFile(text).requests[0].requestLine;

test('short form: method, model and method name with their ranges', () => {
  const text = 'POST res.partner/search_read\n';
  const line = firstLine(text);
  assert.equal(line.kind, 'call');
  assert.equal(line.form, 'short');
  assert.equal(line.httpMethod, 'POST');
  assertRange(text, line.range, 'POST res.partner/search_read');
  assertRange(text, line.method?.range, 'POST');
  assertRange(text, line.target.range, 'res.partner/search_read');
  assertRange(text, line.model?.range, 'res.partner');
  assertRange(text, line.methodName?.range, 'search_read');
});

test('full form: /json/2/model/method', () => {
  const text = '### t\nPOST /json/2/res.partner/search_read\n';
  const line = firstLine(text);
  assert.equal(line.form, 'full');
  assertRange(text, line.model?.range, 'res.partner');
  assertRange(text, line.methodName?.range, 'search_read');
});

test('the method may be left out: POST for a call, GET for a route', () => {
  const call = firstLine('res.partner/read\n');
  assert.equal(call.method, undefined);
  assert.equal(call.httpMethod, 'POST');
  const route = firstLine('/web/version\n');
  assert.equal(route.kind, 'route');
  assert.equal(route.httpMethod, 'GET');
  assert.equal(route.path?.text, '/web/version');
});

test('routes keep their query string and may name any path', () => {
  const text = 'GET /doc-bearer/res.partner.json?lang=fr\n';
  const line = firstLine(text);
  assert.equal(line.form, 'route');
  assertRange(text, line.path?.range, '/doc-bearer/res.partner.json?lang=fr');
});

test('HTTP/1.1 and a trailing comment are allowed after the target; the line range stops before the comment', () => {
  const text = 'POST /json/2/res.partner/read HTTP/1.1   # the partners\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  assertRange(text, file.requests[0].requestLine.range, 'POST /json/2/res.partner/read HTTP/1.1');
  const commented = 'GET /web/version // version\n';
  assert.deepEqual(codes(parseRequestFile(commented)), []);
});

test('model and method may be placeholders; they are checked once resolved', () => {
  const text = 'POST {{model}}/{{method}}\n';
  const file = parseRequestFile(text);
  assert.deepEqual(codes(file), []);
  const line = file.requests[0].requestLine;
  assertRange(text, line.model?.range, '{{model}}');
  assert.deepEqual(
    line.placeholders.map((p) => p.inner.text),
    ['model', 'method'],
  );
  assert.deepEqual(
    line.placeholders.map((p) => p.context),
    ['text', 'text'],
  );
  assert.deepEqual(codes(parseRequestFile('POST res.{{suffix}}/read\n')), []);
});

test('a private method is a warning', () => {
  const text = 'POST res.partner/_read\n';
  const warning = onlyDiagnostic(parseRequestFile(text).diagnostics, 'private-method');
  assert.equal(warning.severity, 'warning');
  assertRange(text, warning.range, '_read');
});

test('errors on the request line, each with its range', () => {
  const cases: [string, string, string][] = [
    ['GET res.partner/read', 'unsupported-method', 'GET'],
    ['POST /web/version', 'unsupported-method', 'POST'],
    ['DELETE res.partner/unlink', 'unsupported-method', 'DELETE'],
    ['POST https://erp.example.com/json/2/res.partner/read', 'absolute-url', 'https://erp.example.com/json/2/res.partner/read'],
    ['POST {{baseUrl}}/json/2/res.partner/read', 'absolute-url', '{{baseUrl}}/json/2/res.partner/read'],
    ['POST res.partner/read/extra', 'invalid-target', 'res.partner/read/extra'],
    ['POST res partner/read', 'invalid-target', 'res'],
    ['POST /json/2/res.partner', 'invalid-target', '/json/2/res.partner'],
    ['POST /json/2', 'invalid-target', '/json/2'],
    ['POST res..partner/read', 'invalid-target', 'res..partner'],
    ['POST res.partner/9read', 'invalid-target', '9read'],
    ['POST res.partner/', 'invalid-target', 'res.partner/'],
    ['POST res.partner/read please', 'trailing-text', 'please'],
    ['POST res.partner/read HTTP/1.1 extra words', 'trailing-text', 'extra words'],
    ['post res.partner/read', 'lowercase-method', 'post res.partner/read'],
    ['res.partner', 'unexpected-line', 'res.partner'],
  ];
  for (const [line, code, rangeText] of cases) {
    const text = `${line}\n`;
    const file = parseRequestFile(text);
    const diagnostic = onlyDiagnostic(file.diagnostics, code);
    assert.equal(diagnostic.severity, 'error', line);
    assertRange(text, diagnostic.range, rangeText);
  }
});

test('a target being typed keeps its parts for completion', () => {
  const partialModel = 'POST res.par\n';
  const typing = firstLine(partialModel);
  assertRange(partialModel, typing.model?.range, 'res.par');
  assert.equal(typing.methodName, undefined);
  const afterSlash = 'POST res.partner/\n';
  const method = firstLine(afterSlash);
  assertRange(afterSlash, method.model?.range, 'res.partner');
  assert.equal(method.methodName?.range.startOffset, afterSlash.indexOf('/') + 1);
  assert.equal(method.methodName?.text, '');
});

test('POST alone is a request line without a target', () => {
  const file = parseRequestFile('POST\n');
  assert.deepEqual(codes(file), ['invalid-target']);
  assert.equal(file.requests.length, 1);
});

test('a second request line in a block is a missing separator and starts a new request', () => {
  const text = 'POST res.partner/read\n{ "ids": [1] }\nPOST res.users/context_get\n?? status == 200\n';
  const file = parseRequestFile(text);
  const diagnostic = onlyDiagnostic(file.diagnostics, 'missing-separator');
  assertRange(text, diagnostic.range, 'POST res.users/context_get');
  assert.equal(file.requests.length, 2);
  assert.equal(file.requests[1].requestLine.methodName?.text, 'context_get');
  assert.equal(file.requests[1].assertions.length, 1);
  const afterHeader = parseRequestFile('GET /web/version\nX-A: 1\nGET /web/version\n');
  assert.deepEqual(codes(afterHeader), ['missing-separator']);
  assert.equal(afterHeader.requests.length, 2);
});
