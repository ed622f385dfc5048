// Which named requests run first, in which order, and loops reported on the placeholder that closes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dependencyOrder, parseRequestFile, requestReferences } from '../../../src/core/requestFile';
import { assertRange, onlyDiagnostic } from './rangeChecks';

const chain = [
  '@companyIds = {{companies.response.body[*].id}}',
  '@viaVariable = {{companyIds}}',
  '### 0',
  '# @name companies',
  'POST res.partner/search_read',
  '### 1',
  '# @name contacts',
  'POST res.partner/search_read',
  '{ "domain": [["parent_id", "in", {{viaVariable}}]] }',
  '### 2',
  '# @name version',
  'GET /web/version',
  '### 3',
  'POST res.partner/write',
  'X-Version: {{version.response.body.version}}',
  '{ "ids": {{contacts.response.body[*].id}}, "vals": {"comment": "{{companies.response.status}}"} }',
].join('\n');

test('references are found directly and through file variables, each name once', () => {
  const file = parseRequestFile(chain);
  assert.deepEqual(file.diagnostics, []);
  assert.deepEqual(
    requestReferences(file, 1).map((r) => r.requestName),
    ['companies'],
  );
  assert.deepEqual(
    requestReferences(file, 3).map((r) => r.requestName),
    ['version', 'contacts', 'companies'],
  );
  assertRange(chain, requestReferences(file, 1)[0].placeholder.range, '{{viaVariable}}');
});

test('the order runs every needed request before the ones that need it, the target last', () => {
  const file = parseRequestFile(chain);
  const result = dependencyOrder(file, 3);
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(result.order, [2, 0, 1, 3]);
  assert.deepEqual(dependencyOrder(file, 0).order, [0]);
  assert.deepEqual(dependencyOrder(file, 99).order, []);
});

test('a prompt of the same name hides a file variable, and with it its dependencies', () => {
  const file = parseRequestFile('@x = {{a.response.status}}\n# @name a\nGET /web/version\n###\n# @prompt x\nPOST a.b/c\nX: {{x}}\n');
  assert.deepEqual(dependencyOrder(file, 1).order, [1]);
});

test('loops are reported once at parse time and by the order, on the placeholder that closes them', () => {
  const text =
    '# @name a\nPOST a.b/c\nX: {{b.response.status}}\n###\n# @name b\nPOST a.b/d\nX: {{c.response.status}}\n###\n# @name c\nPOST a.b/e\nX: {{a.response.status}}\n';
  const file = parseRequestFile(text);
  const cycle = onlyDiagnostic(file.diagnostics, 'dependency-cycle');
  assertRange(text, cycle.range, '{{a.response.status}}');
  assert.match(cycle.message, /a → b → c → a/);
  const result = dependencyOrder(file, 1);
  assert.deepEqual(result.order, [0, 2, 1]);
  assert.equal(onlyDiagnostic(result.diagnostics, 'dependency-cycle').range.startOffset, text.indexOf('{{b.response.status}}'));
});

test('a request that uses its own response is a loop', () => {
  const text = '# @name self\nPOST a.b/c\n{ "offset": {{self.response.body.length}} }\n';
  const cycle = onlyDiagnostic(parseRequestFile(text).diagnostics, 'dependency-cycle');
  assert.match(cycle.message, /self → self/);
});

test('a loop through variables is reported at the variable use in the request', () => {
  const text = '@x = {{b.response.status}}\n### a\n# @name a\nPOST a.b/c\nX: {{x}}\n###\n# @name b\nPOST a.b/d\nX: {{a.response.status}}\n';
  const file = parseRequestFile(text);
  assertRange(text, onlyDiagnostic(file.diagnostics, 'dependency-cycle').range, '{{a.response.status}}');
  assertRange(text, onlyDiagnostic(dependencyOrder(file, 1).diagnostics, 'dependency-cycle').range, '{{x}}');
});

test('unknown names are reported by the order and left out', () => {
  const file = parseRequestFile('POST a.b/c\nX: {{ghost.response.status}}\n');
  const result = dependencyOrder(file, 0);
  assert.deepEqual(result.order, [0]);
  assert.equal(onlyDiagnostic(result.diagnostics, 'unknown-request').message, 'No request of this file is named ghost');
});

test('long chains do not exhaust the stack', () => {
  const count = 20_000;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(`@v${i} = {{v${i + 1}}}`);
  parts.push(`@v${count} = {{r0.response.status}}`);
  for (let i = 0; i < 3000; i++) parts.push(`###\n# @name r${i}\nPOST a.b/c\nX: {{r${i + 1}.response.status}}`);
  parts.push('###\n# @name r3000\nPOST a.b/c\nX: {{v0}}');
  const file = parseRequestFile(parts.join('\n'));
  assert.equal(file.diagnostics.filter((d) => d.code === 'dependency-cycle').length, 1);
  assert.equal(dependencyOrder(file, 0).order.length, 3001);
});
