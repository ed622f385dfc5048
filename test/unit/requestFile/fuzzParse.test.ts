// Fuzzing the parser (and the resolver and exports behind it): random, token-soup, mutated and pathological files never
// throw and keep every range true. How long parsing takes (per input, and as files double) is measured by
// `npm run bench parse` (bench/parseBench.ts), not here: a shared machine's load makes any timed assertion flaky.
// A longer run: JSON2_FUZZ_SCALE=20 (twenty times the inputs) and JSON2_FUZZ_SEED=<number> for other inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  exportAsCurl,
  exportAsJavaScript,
  exportAsPython,
  parseRequestFile,
  resolveRequest,
  type RequestFile,
} from '../../../src/core/requestFile';
import { LineIndex } from '../../../src/core/requestFile/textRange';
import { pathologicalRequestTexts } from '../../support/pathologicalRequestFiles';
import { randomSource } from '../../support/seededRandom';

const fragments = [
  '###',
  '### Title',
  '\n',
  '\r\n',
  '\r',
  ' ',
  '\t',
  '#',
  '//',
  '/*',
  '*/',
  '@',
  '@x = 1',
  '@name = {{other}}',
  '# @name n',
  '# @name m',
  '// @confirm',
  '# @connection c',
  '# @prompt secretKey Ask',
  '# @bogus',
  'POST ',
  'GET ',
  'post ',
  'PUT ',
  'res.partner/search_read',
  '/json/2/res.partner/read',
  '/web/version',
  'https://x/json/2/a.b/c',
  'HTTP/1.1',
  'X-Service-Database: demo',
  'Authorization: Bearer k',
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  ':',
  ',',
  '"domain": [["name", "=", "x"]]',
  '{{',
  '}}',
  '{{x}}',
  '{{ n.response.body[*].id }}',
  '{{m.response.status}}',
  '{{n.response.headers.Content-Type}}',
  '{{$uuid}}',
  '{{$date -1 d}}',
  "{{$date 'YYYY'}}",
  '{{$processEnv HOME}}',
  '{{$randomInt 1 9}}',
  '{{$timestamp +1 h}}',
  '??',
  '?? status == 200',
  '?? body[0].name == "x"',
  '?? body exists',
  '?? body matches /a(/',
  '?? body.length > {{x}}',
  'true',
  'null',
  '-12.5e3',
  '"\\u007b{"',
  '[*]',
  '[0]',
  "['k']",
  'é',
  '😀',
  '\ud800',
  '\u2028',
  '\u0000',
];

const alphabet = 'abcXYZ019 \t\n\r#/@{}[]"\':?.*$=,-_\\<>!|';

function randomText(random: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

function tokenSoup(random: () => number, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += fragments[Math.floor(random() * fragments.length)];
  return text;
}

function mutate(random: () => number, seed: string): string {
  let text = seed;
  const edits = 1 + Math.floor(random() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * (text.length + 1));
    const span = Math.floor(random() * 40);
    switch (Math.floor(random() * 6)) {
      case 0:
        text = text.slice(0, at) + text.slice(at + span);
        break;
      case 1:
        text = text.slice(0, at) + text.slice(at, at + span) + text.slice(at);
        break;
      case 2:
        text = text.slice(0, at) + fragments[Math.floor(random() * fragments.length)] + text.slice(at);
        break;
      case 3:
        text = text.slice(0, at) + randomText(random, 1 + Math.floor(random() * 5)) + text.slice(at + 1);
        break;
      case 4: {
        const lines = text.split('\n');
        const i = Math.floor(random() * lines.length);
        const j = Math.floor(random() * lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
        text = lines.join('\n');
        break;
      }
      default:
        text = text.slice(0, at);
    }
  }
  return text;
}

function seedFiles(): string[] {
  const found: string[] = [];
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const folder of [path.join(dir, 'test', 'fixtures', 'requestFile'), path.join(dir, 'test', 'fixtures', 'grammar')]) {
      if (fs.existsSync(folder))
        for (const name of fs.readdirSync(folder))
          if (name.endsWith('.json2')) found.push(fs.readFileSync(path.join(folder, name), 'utf8'));
    }
    if (found.length > 0 || path.dirname(dir) === dir) break;
  }
  assert.ok(found.length >= 2, 'the fuzz test starts from the fixture files');
  return found;
}

/** Checks that every range of the tree and of the diagnostics agrees with the text. */
function checkInvariants(text: string, file: RequestFile): void {
  const lines = new LineIndex(text);
  const checkRange = (range: { startOffset: number; endOffset: number; start: object; end: object }, what: string) => {
    assert.ok(range.startOffset >= 0 && range.startOffset <= range.endOffset && range.endOffset <= text.length, `${what} offsets`);
    assert.deepEqual(range.start, lines.positionAt(range.startOffset), `${what} start`);
    assert.deepEqual(range.end, lines.positionAt(range.endOffset), `${what} end`);
  };
  let previous = -1;
  for (const diagnostic of file.diagnostics) {
    checkRange(diagnostic.range, diagnostic.code);
    assert.ok(diagnostic.range.startOffset >= previous, 'diagnostics in file order');
    previous = diagnostic.range.startOffset;
  }
  let lastEnd = -1;
  for (const request of file.requests) {
    checkRange(request.range, 'request');
    assert.ok(request.range.startOffset > lastEnd, 'requests in order, apart');
    lastEnd = request.range.endOffset;
    checkRange(request.requestLine.range, 'request line');
    for (const placeholder of request.placeholders) {
      checkRange(placeholder.range, 'placeholder');
      const written = text.slice(placeholder.range.startOffset, placeholder.range.endOffset);
      assert.ok(written.startsWith('{{') && written.endsWith('}}'), `placeholder ${JSON.stringify(written)}`);
      assert.equal(placeholder.inner.text, written.slice(2, -2));
    }
    if (request.body) {
      checkRange(request.body.range, 'body');
      assert.equal(request.body.text, text.slice(request.body.range.startOffset, request.body.range.endOffset));
      assert.equal(request.body.maskedText.length, request.body.text.length, 'masking keeps the length');
    }
  }
}

test('thousands of random, token-soup, mutated and pathological files: no exception, true ranges', async (t) => {
  const scale = Math.max(1, Number(process.env.JSON2_FUZZ_SCALE) || 1);
  const seed = Number(process.env.JSON2_FUZZ_SEED) || 20250131;
  const random = randomSource(seed);
  const seeds = seedFiles();
  const inputs: { kind: string; text: string }[] = [];
  for (let i = 0; i < 1000 * scale; i++) inputs.push({ kind: 'random', text: randomText(random, Math.floor(random() * 3000)) });
  for (let i = 0; i < 1500 * scale; i++) inputs.push({ kind: 'soup', text: tokenSoup(random, Math.floor(random() * 400)) });
  for (let i = 0; i < 2500 * scale; i++) inputs.push({ kind: 'mutated', text: mutate(random, seeds[i % seeds.length]) });
  for (const text of pathologicalRequestTexts()) inputs.push({ kind: 'pathological', text });

  let resolved = 0;
  for (const [index, input] of inputs.entries()) {
    let file: RequestFile;
    try {
      file = parseRequestFile(input.text);
    } catch (error) {
      assert.fail(
        `seed ${seed}, input ${index} (${input.kind}) threw: ${(error as Error).stack}\n${JSON.stringify(input.text.slice(0, 500))}`,
      );
    }
    try {
      checkInvariants(input.text, file);
    } catch (error) {
      assert.fail(`seed ${seed}, input ${index} (${input.kind}): ${(error as Error).message}\n${JSON.stringify(input.text.slice(0, 800))}`);
    }
    // The resolver and the exports behind the parser must not throw either, whatever the file says.
    for (const request of file.requests.slice(0, 2)) {
      const result = await resolveRequest(file, request.index, {
        prompt: async () => 'answer',
        variables: { x: '1', other: '"o"' },
        responses: { get: () => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body: [{ id: 1, name: 'x' }] }) },
      });
      if (result.ok) {
        resolved++;
        for (const write of [exportAsCurl, exportAsPython, exportAsJavaScript])
          write(result.request, { baseUrl: 'http://localhost:8069', database: 'demo' });
      }
    }
  }
  assert.ok(resolved > 100, `some fuzzed requests were valid enough to resolve (${resolved})`);
  t.diagnostic(
    `fuzz (seed ${seed}): ${inputs.length} inputs, ${resolved} requests resolved and exported (parse times: npm run bench parse)`,
  );
});
