// Reads the migration corpus (test/fixtures/migration) and applies conversions one by one, for the migration tests.
import fs from 'node:fs';
import path from 'node:path';
import { type AnalysedCall, analyseSource, applyEdits, conversionEdits } from '../../../src/core/migrate/migrationAnalysis';

export const CORPUS_DIR = path.resolve(__dirname, '../../../../test/fixtures/migration');

/** Every corpus file, relative to the corpus folder (`python/object_service.py`...). */
export function corpusFiles(): string[] {
  return ['python', 'javascript', 'php'].flatMap((dir) =>
    fs
      .readdirSync(path.join(CORPUS_DIR, dir))
      .sort()
      .map((name) => `${dir}/${name}`),
  );
}

export function readCorpus(file: string): string {
  return fs.readFileSync(path.join(CORPUS_DIR, file), 'utf8');
}

/** Counts by outcome. */
export function summarise(calls: readonly AnalysedCall[]): { total: number; convertible: number; manual: number; noReplacement: number } {
  const count = (severity: string): number => calls.filter((call) => call.finding.severity === severity).length;
  return { total: calls.length, convertible: count('convertible'), manual: count('manual'), noReplacement: count('noReplacement') };
}

/** Converts every convertible call of a file, one at a time (re-reading the file after each), and returns the new text. */
export function convertAll(text: string, fileName: string): { text: string; converted: number } {
  let current = text;
  let converted = 0;
  for (;;) {
    const next = analyseSource(current, fileName).find((call) => call.finding.severity === 'convertible');
    if (!next) return { text: current, converted };
    const edits = conversionEdits(current, next);
    if (!edits) throw new Error(`a convertible call gave no edits at line ${next.finding.line + 1}`);
    current = applyEdits(current, edits);
    converted += 1;
    if (converted > 200) throw new Error('conversion does not terminate');
  }
}

/** The corpus text split at its `--- snippet:` markers: the prelude and each snippet with its title. */
export function snippetsOf(text: string): { prelude: string; snippets: { title: string; code: string }[] } {
  const parts = text.split(/^(?:#|\/\/) --- snippet: (.*)$/m);
  const snippets: { title: string; code: string }[] = [];
  for (let index = 1; index < parts.length; index += 2) snippets.push({ title: parts[index], code: parts[index + 1] });
  return { prelude: parts[0], snippets };
}
