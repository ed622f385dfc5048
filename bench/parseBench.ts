// Request-file parser benchmark: the slowest of the pathological texts, and how parse time grows as a file doubles
// (a linear parser costs about 2 per doubling, a quadratic one 4). CPU-bound, so best-of-several wall times.
import fs from 'node:fs';
import path from 'node:path';
import { parseRequestFile } from '../src/core/requestFile';
import { pathologicalRequestTexts } from '../test/support/pathologicalRequestFiles';

const ROOT = path.resolve(__dirname, '..', '..');

/** The fixture request files, joined as requests of one file. */
function fixtureBlock(): string {
  const texts: string[] = [];
  for (const folder of ['test/fixtures/requestFile', 'test/fixtures/grammar']) {
    for (const name of fs.readdirSync(path.join(ROOT, folder)))
      if (name.endsWith('.json2')) texts.push(fs.readFileSync(path.join(ROOT, folder, name), 'utf8'));
  }
  if (texts.length < 2) throw new Error('the parse benchmark needs the fixture request files');
  return texts.join('\n###\n');
}

/** The fastest of `runs` parses, in milliseconds. */
function bestParseMs(text: string, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    parseRequestFile(text);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export async function runParseBench(): Promise<Record<string, number | string>> {
  const pathological = pathologicalRequestTexts().map((text) => ({ chars: text.length, ms: bestParseMs(text, 3) }));
  const slowest = pathological.reduce((a, b) => (b.ms > a.ms ? b : a));

  const block = fixtureBlock();
  const copies = [32, 64, 128, 256];
  const texts = copies.map((count) => Array.from({ length: count }, () => block).join('\n###\n'));
  bestParseMs(texts[0], 2);
  // Rounds over every size, so that a busy moment of the machine does not fall on one size only.
  const times = copies.map(() => Infinity);
  for (let round = 0; round < 5; round++) texts.forEach((text, i) => (times[i] = Math.min(times[i], bestParseMs(text, 1))));
  return {
    'parse.pathological.slowestMs': slowest.ms,
    'parse.pathological.slowestChars': slowest.chars,
    'parse.fixtures256x.chars': texts[3].length,
    'parse.fixtures256x.ms': times[3],
    'parse.doublingRatio': Math.cbrt(times[3] / times[0]),
  };
}
