// The sample files under test/fixtures/requestFile: what the parser makes of them, and that every request of the full sample resolves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { dependencyOrder, evaluateAssertions, parseRequestFile, resolveRequest, type StoredResponse } from '../../../src/core/requestFile';

function fixture(name: string): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'test', 'fixtures', 'requestFile', name);
    if (fs.existsSync(candidate)) return fs.readFileSync(candidate, 'utf8');
    if (path.dirname(dir) === dir) throw new Error(`fixture ${name} not found`);
  }
}

test('the full sample parses without a diagnostic and has the expected shape', () => {
  const file = parseRequestFile(fixture('everything.json2'));
  assert.deepEqual(
    file.diagnostics.map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`),
    [],
  );
  assert.deepEqual(
    file.requests.map((r) => [r.name?.text, r.requestLine.httpMethod, r.requestLine.form, r.assertions.length]),
    [
      ['companies', 'POST', 'short', 5],
      ['contacts', 'POST', 'full', 2],
      [undefined, 'POST', 'short', 0],
      [undefined, 'GET', 'route', 1],
      [undefined, 'GET', 'route', 0],
      [undefined, 'POST', 'short', 0],
    ],
  );
  assert.deepEqual(
    file.variables.map((v) => v.name.text),
    ['limit', 'country', 'companyIds', 'today'],
  );
  assert.equal(file.fileMeta.prompts[0].secret, true);
  assert.deepEqual(dependencyOrder(file, 2).order, [0, 1, 2]);
});

test('every request of the full sample resolves against recorded answers, and its assertions pass', async () => {
  const file = parseRequestFile(fixture('everything.json2'));
  const answers: Record<string, StoredResponse> = {
    companies: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: [{ id: 9, name: 'Azure', email: 'a@x.be', country_id: [21, 'Belgium'] }],
    },
    contacts: { status: 200, headers: {}, body: [{ id: 31, name: 'Brandon', create_date: '2025-01-01 10:00:00' }] },
  };
  const context = {
    variables: { connectionName: 'local', database: 'demo', firstId: '9' },
    processEnv: { USER: 'ci' },
    prompt: async () => 'typed',
    responses: { get: (name: string) => answers[name] },
  };
  for (const request of file.requests) {
    const result = await resolveRequest(file, request.index, context);
    assert.ok(result.ok, `${request.index}: ${JSON.stringify(result.diagnostics.map((d) => d.message))}`);
    if (request.name) {
      const outcomes = evaluateAssertions(result.request.assertions, answers[request.name.text]);
      assert.deepEqual(
        outcomes.filter((o) => !o.passed).map((o) => o.message),
        [],
      );
    }
  }
  const write = await resolveRequest(file, 2, context);
  assert.ok(write.ok);
  assert.deepEqual(write.request.ids, [31]);
  assert.match(String((write.request.args?.vals as { comment: string }).comment), /^Checked on \d{4}-\d\d-\d\d by "ci" \([0-9a-f-]{36}\)$/);
  assert.equal(write.request.connection, 'sandbox');
});

test('the mistakes sample gives one diagnostic per mistake, in file order', () => {
  const file = parseRequestFile(fixture('mistakes.json2'));
  assert.deepEqual(
    file.diagnostics.map((d) => `${d.range.start.line + 1}:${d.code}`),
    [
      '2:lowercase-method',
      '4:absolute-url',
      '8:hash-comment-in-body',
      '10:json-syntax',
      '14:missing-separator',
      '18:empty-placeholder',
      '19:unterminated-placeholder',
      '20:unknown-system-value',
      '21:malformed-path',
      '22:invalid-assertion',
    ],
  );
});
