// Checks syntaxes/language-configuration.json: comments, pairs, folding markers and a word pattern that keeps dotted names whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

interface AutoClosingPair {
  open: string;
  close: string;
  notIn?: string[];
}

interface LanguageConfiguration {
  comments: { lineComment?: string; blockComment?: [string, string] };
  brackets: [string, string][];
  autoClosingPairs: AutoClosingPair[];
  surroundingPairs: [string, string][];
  folding: { markers: { start: string; end: string } };
  wordPattern: string;
}

function findRepoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'json2-explorer') {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no json2-explorer package.json above ${__dirname}`);
  }
}

const root = findRepoRoot();
const configPath = path.join(root, 'syntaxes', 'language-configuration.json');
const config = JSON.parse(fs.readFileSync(configPath, 'utf8')) as LanguageConfiguration;

/** The word at `offset` the way VS Code finds it: the wordPattern match that contains the offset. */
function wordAt(text: string, offset: number): string | undefined {
  const pattern = new RegExp(config.wordPattern, 'g');
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start <= offset && offset <= start + match[0].length) return match[0];
  }
  return undefined;
}

void test('the manifest points the json2 language at this configuration', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes: { languages: { id: string; configuration?: string }[] };
  };
  const language = manifest.contributes.languages.find((l) => l.id === 'json2');
  assert.ok(language?.configuration, 'json2 has a language configuration');
  assert.equal(path.resolve(root, language.configuration), configPath);
});

void test('comments, brackets, auto-closing and surrounding pairs', () => {
  assert.equal(config.comments.lineComment, '#');
  assert.deepEqual(config.brackets, [
    ['{', '}'],
    ['[', ']'],
  ]);
  const pairs = new Map(config.autoClosingPairs.map((p) => [p.open, p]));
  assert.equal(pairs.get('{')?.close, '}');
  assert.equal(pairs.get('[')?.close, ']');
  assert.equal(pairs.get('"')?.close, '"');
  assert.ok(pairs.get('"')?.notIn?.includes('string'), 'a quote does not auto-close inside a string');
  // `{{` contains `{`: VS Code then only adds the missing `}` so typing `{{` gives `{{|}}`; it also works inside strings.
  assert.equal(pairs.get('{{')?.close, '}}');
  assert.ok(!pairs.get('{{')?.notIn?.includes('string'), 'placeholders auto-close inside JSON strings too');
  assert.deepEqual(config.surroundingPairs, [
    ['{', '}'],
    ['[', ']'],
    ['"', '"'],
  ]);
});

void test('folding markers are #region / #endregion comments and never a ### separator', () => {
  const start = new RegExp(config.folding.markers.start);
  const end = new RegExp(config.folding.markers.end);
  for (const line of ['# region Partners', '#region', '// #region x', '  # region']) assert.match(line, start);
  for (const line of ['# endregion', '// #endregion', '#endregion x']) assert.match(line, end);
  for (const line of ['### Partners', '# regional office']) assert.doesNotMatch(line, start);
  assert.doesNotMatch('### Partners', end);
});

void test('the word pattern keeps dotted model names and field paths whole', () => {
  const line = 'POST res.partner/search_read';
  assert.equal(wordAt(line, line.indexOf('partner')), 'res.partner');
  assert.equal(wordAt(line, line.indexOf('search')), 'search_read');
  const domain = '[["partner_id.country_id.code", "=", "BE"]]';
  assert.equal(wordAt(domain, domain.indexOf('country')), 'partner_id.country_id.code');
  assert.equal(wordAt('{{$uuid}}', 4), '$uuid');
  assert.equal(wordAt('{{companies.response.body}}', 5), 'companies.response.body');
  assert.equal(wordAt('X-Service-Database: demo', 4), 'Service');
  assert.equal(wordAt('"limit": -12.5,', 11), '-12.5');
  assert.equal(wordAt('"name": "Société"', 12), 'Société');
  assert.equal(wordAt('@limit = 20', 2), 'limit');
});
