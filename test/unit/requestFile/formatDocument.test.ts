// docs/format.md and the code agree: its examples parse as it says, and every diagnostic code it lists can be produced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseRequestFile, resolveRequest, transactionHints, type Diagnostic } from '../../../src/core/requestFile';

function findRepoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'docs', 'format.md')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('docs/format.md not found above the tests');
  }
}

const formatText = fs.readFileSync(path.join(findRepoRoot(), 'docs', 'format.md'), 'utf8');

/** The fenced blocks of the document with their info strings. */
function fencedBlocks(markdown: string): { info: string; code: string }[] {
  return [...markdown.matchAll(/^```([^\n`]*)\n([\s\S]*?)^```$/gm)].map((match) => ({ info: match[1].trim(), code: match[2] }));
}

test('every ```json2 example of docs/format.md parses without error; every ```json2 errors example has errors', () => {
  const blocks = fencedBlocks(formatText);
  const valid = blocks.filter((block) => block.info === 'json2');
  const invalid = blocks.filter((block) => block.info === 'json2 errors');
  assert.ok(valid.length >= 4, 'the document shows valid examples');
  assert.ok(invalid.length >= 1, 'the document shows an example with errors');
  for (const block of valid) {
    const errors = parseRequestFile(block.code).diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(
      errors.map((d) => `${d.code}: ${d.message}`),
      [],
      block.code,
    );
  }
  for (const block of invalid) {
    const found = new Set<string>(parseRequestFile(block.code).diagnostics.map((d) => d.code));
    for (const code of ['lowercase-method', 'absolute-url', 'hash-comment-in-body', 'json-syntax'])
      assert.ok(found.has(code), `${code} in the errors example`);
  }
});

/** For each code, a file and the request to resolve (or none: a parse-time code). */
const samples: Record<string, { text: string; resolve?: number }> = {
  'unexpected-line': { text: 'hello\n' },
  'lowercase-method': { text: 'get /web/version\n' },
  'assertion-without-request': { text: '?? status == 200\n' },
  'missing-separator': { text: 'GET /web/version\nGET /web/version\n' },
  'metadata-after-request-line': { text: 'GET /web/version\n# @confirm\n' },
  'metadata-without-request': { text: '###\n# @confirm\n' },
  'unknown-metadata': { text: '# @nmae x\nGET /web/version\n' },
  'invalid-metadata': { text: '# @name\nGET /web/version\n' },
  'duplicate-metadata': { text: '# @name a\n# @name b\nGET /web/version\n' },
  'duplicate-request-name': { text: '# @name a\nGET /web/version\n###\n# @name a\nGET /web/version\n' },
  'invalid-variable-definition': { text: '@x\n' },
  'duplicate-variable': { text: '@x = 1\n@x = 2\n' },
  'secret-in-file': { text: '@token = abc\n' },
  'unsupported-method': { text: 'PUT a.b/c\n' },
  'absolute-url': { text: 'POST http://x/json/2/a.b/c\n' },
  'invalid-target': { text: 'POST a.b\n' },
  'private-method': { text: 'POST a.b/_c\n' },
  'trailing-text': { text: 'POST a.b/c d\n' },
  'duplicate-header': { text: 'POST a.b/c\nX: 1\nX: 2\n' },
  'header-after-body': { text: 'POST a.b/c\n{}\nX: 1\n' },
  'duplicate-body': { text: 'POST a.b/c\n{}\n{}\n' },
  'body-not-allowed': { text: 'GET /web/version\n{}\n' },
  'body-not-object': { text: 'POST a.b/c\n[]\n' },
  'hash-comment-in-body': { text: 'POST a.b/c\n{\n# x\n}\n' },
  'json-syntax': { text: 'POST a.b/c\n{ "a" }\n' },
  'unterminated-placeholder': { text: 'POST a.b/c\nX: {{a\n' },
  'empty-placeholder': { text: 'POST a.b/c\nX: {{}}\n' },
  'invalid-placeholder': { text: 'POST a.b/c\nX: {{a b}}\n' },
  'unknown-system-value': { text: 'POST a.b/c\nX: {{$nope}}\n' },
  'invalid-system-value-arguments': { text: 'POST a.b/c\nX: {{$uuid 1}}\n' },
  'malformed-path': { text: '# @name r\nPOST a.b/c\n###\nPOST a.b/d\nX: {{r.response.body[}}\n' },
  'unknown-request': { text: 'POST a.b/c\nX: {{r.response.status}}\n' },
  'dependency-cycle': { text: '# @name r\nPOST a.b/c\nX: {{r.response.status}}\n' },
  'invalid-assertion': { text: 'POST a.b/c\n?? status is 200\n' },
  'unknown-variable': { text: 'POST a.b/c\nX: {{nope}}\n', resolve: 0 },
  'variable-cycle': { text: '@a = {{b}}\n@b = {{a}}\nPOST a.b/c\nX: {{a}}\n', resolve: 0 },
  'request-not-run': { text: '# @name r\nGET /web/version\n###\nPOST a.b/c\nX: {{r.response.status}}\n', resolve: 1 },
  'path-not-found': { text: '# @name r\nGET /web/version\n###\nPOST a.b/c\nX: {{r.response.headers.nope}}\n', resolve: 1 },
  'invalid-json-value': { text: '@x = hello\nPOST a.b/c\n{"a": {{x}}}\n', resolve: 0 },
  'missing-environment-variable': { text: 'POST a.b/c\nX: {{$processEnv NOPE_NOT_SET}}\n', resolve: 0 },
  'prompt-cancelled': { text: '# @prompt x\nPOST a.b/c\nX: {{x}}\n', resolve: 0 },
  'invalid-header-value': { text: '@x = {{r.response.body}}\n# @name r\nGET /web/version\n###\nPOST a.b/c\nX: {{x}}\n', resolve: 1 },
  'invalid-ids': { text: 'POST a.b/c\n{"ids": "1"}\n', resolve: 0 },
  'invalid-context': { text: 'POST a.b/c\n{"context": []}\n', resolve: 0 },
  'two-transactions': {
    text: '# @name found\nPOST a.b/search\n{"domain": []}\n\n###\nPOST a.b/unlink\n{"ids": {{found.response.body}}}\n',
  },
};

/** Parses a sample and, when it names a request to resolve, resolves it with a store where every request has run (but request-not-run's). */
async function diagnosticsOf(code: string, sample: { text: string; resolve?: number }): Promise<readonly Diagnostic[]> {
  const file = parseRequestFile(sample.text);
  if (code === 'two-transactions') return transactionHints(file, { readChains: true }).map((hint) => hint.diagnostic);
  if (sample.resolve === undefined) return file.diagnostics;
  const responses =
    code === 'request-not-run' ? { get: () => undefined } : { get: () => ({ status: 200, headers: {}, body: 'two\nlines' }) };
  return (await resolveRequest(file, sample.resolve, { responses })).diagnostics;
}

test('every diagnostic code listed in docs/format.md has a sample that produces it', async () => {
  const section = formatText.slice(formatText.indexOf('## 11. Diagnostics'));
  const listed = [...new Set([...section.matchAll(/`([a-z]+(?:-[a-z]+)+)`/g)].map((match) => match[1]))];
  assert.ok(listed.length >= 40, `the document lists the codes (${listed.length} found)`);
  assert.deepEqual(
    listed.filter((code) => !(code in samples)),
    [],
    'every listed code has a sample',
  );
  for (const [code, sample] of Object.entries(samples)) {
    assert.ok(listed.includes(code), `${code} is listed in docs/format.md`);
    const diagnostics = await diagnosticsOf(code, sample);
    assert.ok(
      diagnostics.some((d) => d.code === code),
      `${code}: got ${JSON.stringify(diagnostics.map((d) => d.code))}`,
    );
  }
});
