// Fuzzing the parser (and the resolver and exports behind it): random, token-soup, mutated and pathological files never
// throw, keep every range true, parse in time proportional to their size, and bigger files cost proportionally more.
// A longer run: JSON2_FUZZ_SCALE=20 (twenty times the inputs) and JSON2_FUZZ_SEED=<number> for other inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { exportAsCurl, exportAsJavaScript, exportAsPython, parseRequestFile, resolveRequest, type RequestFile } from '../../../src/core/requestFile';
import { LineIndex } from '../../../src/core/requestFile/textRange';

/** A small seeded generator (mulberry32), so that a failure names the input that caused it. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fragments = [
  '###', '### Title', '\n', '\r\n', '\r', ' ', '\t', '#', '//', '/*', '*/', '@', '@x = 1', '@name = {{other}}', '# @name n', '# @name m',
  '// @confirm', '# @connection c', '# @prompt secretKey Ask', '# @bogus', 'POST ', 'GET ', 'post ', 'PUT ', 'res.partner/search_read',
  '/json/2/res.partner/read', '/web/version', 'https://x/json/2/a.b/c', 'HTTP/1.1', 'X-Service-Database: demo', 'Authorization: Bearer k',
  '{', '}', '[', ']', '"', '\\', ':', ',', '"domain": [["name", "=", "x"]]', '{{', '}}', '{{x}}', '{{ n.response.body[*].id }}',
  '{{m.response.status}}', '{{n.response.headers.Content-Type}}', '{{$uuid}}', '{{$date -1 d}}', "{{$date 'YYYY'}}", '{{$processEnv HOME}}',
  '{{$randomInt 1 9}}', '{{$timestamp +1 h}}', '??', '?? status == 200', '?? body[0].name == "x"', '?? body exists', '?? body matches /a(/',
  '?? body.length > {{x}}', 'true', 'null', '-12.5e3', '"\\u007b{"', '[*]', '[0]', "['k']", 'é', '😀', '\ud800', '\u2028', '\u0000',
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
      if (fs.existsSync(folder)) for (const name of fs.readdirSync(folder)) if (name.endsWith('.json2')) found.push(fs.readFileSync(path.join(folder, name), 'utf8'));
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

/** Time allowed for one parse: a fixed part for timer and collector noise, and a part per character. */
const allowedMs = (length: number) => 40 + length * 0.01;

test('thousands of random, token-soup, mutated and pathological files: no exception, true ranges, bounded time', async (t) => {
  const scale = Math.max(1, Number(process.env.JSON2_FUZZ_SCALE) || 1);
  const seed = Number(process.env.JSON2_FUZZ_SEED) || 20250131;
  const random = randomSource(seed);
  const seeds = seedFiles();
  const inputs: { kind: string; text: string }[] = [];
  for (let i = 0; i < 1000 * scale; i++) inputs.push({ kind: 'random', text: randomText(random, Math.floor(random() * 3000)) });
  for (let i = 0; i < 1500 * scale; i++) inputs.push({ kind: 'soup', text: tokenSoup(random, Math.floor(random() * 400)) });
  for (let i = 0; i < 2500 * scale; i++) inputs.push({ kind: 'mutated', text: mutate(random, seeds[i % seeds.length]) });
  const pathological = [
    '['.repeat(100_000), 'POST a.b/c\n' + '['.repeat(100_000), 'POST a.b/c\n{' + '"a":['.repeat(50_000), 'POST a.b/c\n?? body == ' + '['.repeat(50_000),
    '{{'.repeat(50_000), 'X: ' + '{{a}'.repeat(30_000), '?? body' + '[0]'.repeat(30_000) + ' == 1', `# @name r\nPOST a.b/c\nX: {{r.response.body${"['".repeat(30_000)}}}`,
    '###\n'.repeat(50_000), 'POST a.b/c\n{\n' + '/*\n'.repeat(30_000), 'POST a.b/c\n' + '{"a": "{{x}}", '.repeat(20_000), '@a = {{b}}\n'.repeat(20_000),
    '\r'.repeat(100_000), 'POST a.b/c\n' + ' '.repeat(100_000) + '\n', '"'.repeat(100_000), 'POST a.b/c\n{ "a": "' + '\\'.repeat(100_001),
  ];
  for (const text of pathological) inputs.push({ kind: 'pathological', text });

  let slowest = { ms: 0, length: 0, kind: '' };
  let resolved = 0;
  let parseTotal = 0;
  let checkTotal = 0;
  let resolveTotal = 0;
  for (const [index, input] of inputs.entries()) {
    const started = performance.now();
    let file: RequestFile;
    try {
      file = parseRequestFile(input.text);
    } catch (error) {
      assert.fail(`seed ${seed}, input ${index} (${input.kind}) threw: ${(error as Error).stack}\n${JSON.stringify(input.text.slice(0, 500))}`);
    }
    let ms = performance.now() - started;
    parseTotal += ms;
    // The machine is shared: a parse over its bound is timed again, and only the best of three counts.
    for (let retry = 0; retry < 2 && ms > allowedMs(input.text.length); retry++) ms = Math.min(ms, timeParse(input.text, 1));
    const checkStarted = performance.now();
    assert.ok(ms <= allowedMs(input.text.length), `input ${index} (${input.kind}, ${input.text.length} chars) took ${ms.toFixed(1)} ms`);
    if (ms > slowest.ms) slowest = { ms, length: input.text.length, kind: input.kind };
    try {
      checkInvariants(input.text, file);
    } catch (error) {
      assert.fail(`seed ${seed}, input ${index} (${input.kind}): ${(error as Error).message}\n${JSON.stringify(input.text.slice(0, 800))}`);
    }
    checkTotal += performance.now() - checkStarted;
    const resolveStarted = performance.now();
    // The resolver and the exports behind the parser must not throw either, whatever the file says.
    for (const request of file.requests.slice(0, 2)) {
      const result = await resolveRequest(file, request.index, {
        prompt: async () => 'answer',
        variables: { x: '1', other: '"o"' },
        responses: { get: () => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body: [{ id: 1, name: 'x' }] }) },
      });
      if (result.ok) {
        resolved++;
        for (const write of [exportAsCurl, exportAsPython, exportAsJavaScript]) write(result.request, { baseUrl: 'http://localhost:8069', database: 'demo' });
      }
    }
    resolveTotal += performance.now() - resolveStarted;
  }
  assert.ok(resolved > 100, `some fuzzed requests were valid enough to resolve (${resolved})`);
  t.diagnostic(`fuzz (seed ${seed}): ${inputs.length} inputs, slowest parse ${slowest.ms.toFixed(1)} ms for ${slowest.length} chars (${slowest.kind}), ${resolved} requests resolved and exported`);
  t.diagnostic(`fuzz time: parsing ${parseTotal.toFixed(0)} ms, checking ranges ${checkTotal.toFixed(0)} ms, resolving and exporting ${resolveTotal.toFixed(0)} ms`);
});

/** The fastest of a few parses, in milliseconds. */
function timeParse(text: string, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    parseRequestFile(text);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

test('parse time grows linearly: doubling the file about doubles the time', (t) => {
  const block = seedFiles().join('\n###\n');
  const sizes = [32, 64, 128, 256];
  const texts = sizes.map((copies) => Array.from({ length: copies }, () => block).join('\n###\n'));
  timeParse(texts[0], 2);
  // Best of several runs, measured in rounds so that a busy moment of the machine does not fall on one size only.
  const times = sizes.map(() => Infinity);
  for (let round = 0; round < 3; round++) texts.forEach((text, i) => (times[i] = Math.min(times[i], timeParse(text, 1))));
  const ratios = times.slice(1).map((time, i) => time / times[i]);
  t.diagnostic(`linearity: ${sizes.map((copies, i) => `${copies}x ${times[i].toFixed(1)} ms`).join(', ')}; doubling ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
  // A linear parser costs about 2 per doubling (8 over three), a quadratic one 4 (64). Single doublings are noisy on a
  // shared machine, so the check is on their geometric mean.
  const meanRatio = Math.cbrt(times[3] / times[0]);
  t.diagnostic(`linearity: mean cost of one doubling ${meanRatio.toFixed(2)}`);
  assert.ok(meanRatio < 2.8, `doubling the text multiplies the time by ${meanRatio.toFixed(2)} on average`);
});
