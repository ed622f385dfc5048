// The PHP corpus converted call by call, compared with reviewed expectations (test/fixtures/migrationExpected/php):
// what stands for running the PHP snippets where php-cli is missing, and a check of the exact PHP written everywhere.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CORPUS_DIR, convertAll, corpusFiles, readCorpus } from './migrationCorpus';

const EXPECTED_DIR = path.resolve(CORPUS_DIR, '../migrationExpected');

describe('PHP conversions match their reviewed expectations', () => {
  for (const file of corpusFiles().filter((name) => name.startsWith('php/'))) {
    test(file, () => {
      const expectedFile = path.join(EXPECTED_DIR, file);
      const { text } = convertAll(readCorpus(file), file);
      if (process.env.JSON2_UPDATE_EXPECTED === '1') fs.writeFileSync(expectedFile, text);
      assert.equal(text, fs.readFileSync(expectedFile, 'utf8'));
    });
  }
});
