// Tokenises the sample .json2 files with syntaxes/json2.tmLanguage.json (vscode-textmate + oniguruma) and checks the scopes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as textmate from 'vscode-textmate';
import * as oniguruma from 'vscode-oniguruma';

interface Token {
  readonly text: string;
  readonly scopes: readonly string[];
}

interface TokenizedLine {
  readonly number: number;
  readonly text: string;
  readonly tokens: readonly Token[];
}

type JsonObject = { [key: string]: unknown };

/** The repository root: the nearest folder above this file whose package.json is json2-explorer. */
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
const grammarPath = path.join(root, 'syntaxes', 'json2.tmLanguage.json');
const fixtureDir = path.join(root, 'test', 'fixtures', 'grammar');

/** Every scope an assertion below has checked; the last test requires that every scope of the grammar is among them. */
const checkedScopes = new Set<string>();

let grammarPromise: Promise<textmate.IGrammar> | undefined;

function loadGrammar(): Promise<textmate.IGrammar> {
  grammarPromise ??= (async () => {
    const wasm = fs.readFileSync(path.join(root, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new textmate.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
        createOnigString: (text: string) => new oniguruma.OnigString(text),
      }),
      loadGrammar: async (scopeName: string) =>
        scopeName === 'source.json2' ? textmate.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null,
    });
    const grammar = await registry.loadGrammar('source.json2');
    if (!grammar) throw new Error('source.json2 did not load');
    return grammar;
  })();
  return grammarPromise;
}

async function tokenizeFixture(name: string): Promise<TokenizedLine[]> {
  const grammar = await loadGrammar();
  const lines = fs.readFileSync(path.join(fixtureDir, name), 'utf8').split(/\r?\n/);
  let state = textmate.INITIAL;
  return lines.map((text, index) => {
    const result = grammar.tokenizeLine(text, state);
    state = result.ruleStack;
    const tokens = result.tokens.map((t) => ({ text: text.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
    return { number: index + 1, text, tokens };
  });
}

/** The one line of a fixture that contains `needle`. */
function lineWith(lines: readonly TokenizedLine[], needle: string): TokenizedLine {
  const found = lines.filter((l) => l.text.includes(needle));
  assert.equal(found.length, 1, `expected exactly one fixture line containing ${JSON.stringify(needle)}, found ${found.length}`);
  return found[0];
}

function tokenOn(line: TokenizedLine, text: string, occurrence = 0): Token {
  const found = line.tokens.filter((t) => t.text === text);
  const token = found[occurrence];
  if (!token) {
    const dump = line.tokens.map((t) => `${JSON.stringify(t.text)}`).join(' ');
    assert.fail(`line ${line.number} has no token ${JSON.stringify(text)} (#${occurrence}); tokens: ${dump}`);
  }
  return token;
}

/** Asserts that token `text` (its `occurrence`-th copy) on the line containing `needle` carries every scope in `scopes`. */
function expectScopes(lines: readonly TokenizedLine[], needle: string, text: string, scopes: readonly string[], occurrence = 0): void {
  const line = lineWith(lines, needle);
  const token = tokenOn(line, text, occurrence);
  for (const scope of scopes) {
    checkedScopes.add(scope);
    assert.ok(
      token.scopes.includes(scope),
      `line ${line.number} token ${JSON.stringify(text)}: expected ${scope} in [${token.scopes.join(', ')}]`,
    );
  }
}

function expectNoScope(lines: readonly TokenizedLine[], needle: string, text: string, scope: string): void {
  const line = lineWith(lines, needle);
  const token = tokenOn(line, text);
  assert.ok(
    !token.scopes.includes(scope),
    `line ${line.number} token ${JSON.stringify(text)}: did not expect ${scope} in [${token.scopes.join(', ')}]`,
  );
}

/** Every object in the grammar, depth first, with its JSON path. */
function* walk(value: unknown, where: string): Generator<[JsonObject, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* walk(item, `${where}[${i}]`);
  } else if (value !== null && typeof value === 'object') {
    const object = value as JsonObject;
    yield [object, where];
    for (const [key, item] of Object.entries(object)) yield* walk(item, `${where}.${key}`);
  }
}

function readGrammarJson(): JsonObject {
  return JSON.parse(fs.readFileSync(grammarPath, 'utf8')) as JsonObject;
}

void test('the grammar is valid JSON for source.json2 and every include resolves to a repository rule', () => {
  const grammar = readGrammarJson();
  assert.equal(grammar.scopeName, 'source.json2');
  const repository = grammar.repository as JsonObject;
  assert.ok(repository && typeof repository === 'object', 'grammar has a repository');
  const used = new Set<string>();
  for (const [object, where] of walk(grammar, '$')) {
    if (!('include' in object)) continue;
    const include = object.include;
    assert.equal(typeof include, 'string', `${where}.include is a string`);
    assert.match(include as string, /^#/, `${where}.include ${String(include)} points into the repository`);
    const key = (include as string).slice(1);
    assert.ok(Object.hasOwn(repository, key), `${where}.include ${String(include)} names no repository rule`);
    used.add(key);
  }
  const unused = Object.keys(repository).filter((key) => !used.has(key));
  assert.deepEqual(unused, [], 'every repository rule is included somewhere');
});

void test('every regular expression of the grammar compiles in Oniguruma', async () => {
  await loadGrammar();
  for (const [object, where] of walk(readGrammarJson(), '$')) {
    for (const key of ['match', 'begin', 'end', 'while']) {
      const source = object[key];
      if (typeof source !== 'string') continue;
      assert.doesNotThrow(() => new oniguruma.OnigScanner([source]).dispose(), `${where}.${key} does not compile: ${source}`);
    }
  }
});

void test('the manifest contributes this grammar and maps its body scope to jsonc', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes: { grammars: { language: string; scopeName: string; path: string; embeddedLanguages?: Record<string, string> }[] };
  };
  const entry = manifest.contributes.grammars.find((g) => g.language === 'json2');
  assert.ok(entry, 'package.json contributes a grammar for json2');
  assert.equal(entry.scopeName, 'source.json2');
  assert.equal(path.resolve(root, entry.path), grammarPath);
  const grammarText = fs.readFileSync(grammarPath, 'utf8');
  for (const scope of Object.keys(entry.embeddedLanguages ?? {})) {
    assert.ok(grammarText.includes(`"${scope}"`), `embedded scope ${scope} is produced by the grammar`);
  }
});

void test('separators, comments, metadata and file variables', async () => {
  const lines = await tokenizeFixture('requests.json2');
  expectScopes(lines, '### Companies in Belgium', '###', [
    'meta.separator.json2',
    'markup.heading.json2',
    'punctuation.definition.heading.json2',
  ]);
  expectScopes(lines, '### Companies in Belgium', 'Companies in Belgium', ['markup.heading.json2', 'entity.name.section.json2']);

  expectScopes(lines, '# a comment between headers', '#', ['comment.line.number-sign.json2', 'punctuation.definition.comment.json2']);
  expectScopes(lines, '# a comment between headers', ' a comment between headers', ['comment.line.number-sign.json2']);
  expectScopes(lines, '// Sample requests', '//', ['comment.line.double-slash.json2', 'punctuation.definition.comment.json2']);

  expectScopes(lines, '# @connection local', '#', ['meta.metadata.json2', 'punctuation.definition.metadata.json2']);
  expectScopes(lines, '# @connection local', '@connection', ['meta.metadata.json2', 'keyword.other.metadata.json2']);
  expectScopes(lines, '# @connection local', 'local', ['variable.parameter.metadata.json2']);
  expectScopes(lines, '# @name companies', '@name', ['keyword.other.metadata.json2']);
  expectScopes(lines, '# @name companies', 'companies', ['meta.metadata.json2', 'entity.name.label.request.json2']);
  expectScopes(lines, '// @name contacts', '@name', ['keyword.other.metadata.json2']);
  expectScopes(lines, '// @name contacts', 'contacts', ['entity.name.label.request.json2']);
  expectScopes(lines, '# @confirm', '@confirm', ['keyword.other.metadata.json2']);
  expectScopes(lines, '# @prompt password', '@prompt', ['keyword.other.metadata.json2']);
  expectScopes(lines, '# @prompt password', 'password', ['variable.parameter.metadata.json2']);
  expectScopes(lines, '# @prompt password', 'Your database password', ['string.unquoted.metadata.json2']);
  expectNoScope(lines, '# @name companies', 'companies', 'comment.line.number-sign.json2');

  expectScopes(lines, '@limit = 20', '@', ['meta.definition.variable.json2', 'punctuation.definition.variable.json2']);
  expectScopes(lines, '@limit = 20', 'limit', ['variable.other.definition.json2']);
  expectScopes(lines, '@limit = 20', '=', ['keyword.operator.assignment.json2']);
  expectScopes(lines, '@limit = 20', '20', ['string.unquoted.variable-value.json2']);
});

void test('request lines: short form, full form, base URLs, GET and a bare target', async () => {
  const lines = await tokenizeFixture('requests.json2');
  const short = 'POST res.partner/search_read';
  expectScopes(lines, short, 'POST', ['meta.request.json2', 'meta.request-line.json2', 'keyword.control.http.json2']);
  expectScopes(lines, short, 'res.partner', ['entity.name.type.model.json2']);
  expectScopes(lines, short, '/', ['punctuation.separator.path.json2']);
  expectScopes(lines, short, 'search_read', ['entity.name.function.method.json2']);

  const full = 'POST /json/2/res.partner/search_read';
  expectScopes(lines, full, 'POST', ['keyword.control.http.json2']);
  expectScopes(lines, full, '/json/2/', ['string.unquoted.url.json2']);
  expectScopes(lines, full, 'res.partner', ['entity.name.type.model.json2']);
  expectScopes(lines, full, 'search_read', ['entity.name.function.method.json2']);

  const https = 'https://erp.example.com/json/2/';
  expectScopes(lines, https, https, ['string.unquoted.url.json2']);
  expectScopes(lines, https, 'res.company', ['entity.name.type.model.json2']);
  expectScopes(lines, https, 'read', ['entity.name.function.method.json2']);

  const base = '{{baseUrl}}/json/2/res.users/context_get';
  expectScopes(lines, base, 'baseUrl', ['string.unquoted.url.json2', 'variable.other.placeholder.json2']);
  expectScopes(lines, base, '/json/2/', ['string.unquoted.url.json2']);
  expectScopes(lines, base, 'res.users', ['entity.name.type.model.json2']);
  expectScopes(lines, base, 'context_get', ['entity.name.function.method.json2']);

  expectScopes(lines, 'GET /web/version', 'GET', ['keyword.control.http.json2']);
  expectScopes(lines, 'GET /web/version', '/web/version', ['meta.request-line.json2', 'string.unquoted.url.json2']);

  expectScopes(lines, 'res.partner/read', 'res.partner', ['meta.request-line.json2', 'entity.name.type.model.json2']);
  expectScopes(lines, 'res.partner/read', 'read', ['entity.name.function.method.json2']);
});

void test('header lines', async () => {
  const lines = await tokenizeFixture('requests.json2');
  expectScopes(lines, 'X-Service-Database: demo', 'X-Service-Database', [
    'meta.request.json2',
    'meta.header.json2',
    'entity.name.tag.header.json2',
  ]);
  expectScopes(lines, 'X-Service-Database: demo', ':', ['punctuation.separator.key-value.json2']);
  expectScopes(lines, 'X-Service-Database: demo', 'demo', ['string.unquoted.header-value.json2']);
  expectScopes(lines, 'Authorization: Bearer', 'Bearer ', ['string.unquoted.header-value.json2']);
});

void test('placeholders in header values, variable values, request lines and metadata', async () => {
  const lines = await tokenizeFixture('requests.json2');
  const header = 'Authorization: Bearer {{apiKey}}';
  expectScopes(lines, header, '{{', [
    'string.unquoted.header-value.json2',
    'meta.placeholder.json2',
    'punctuation.definition.placeholder.begin.json2',
  ]);
  expectScopes(lines, header, 'apiKey', ['meta.placeholder.json2', 'variable.other.placeholder.json2']);
  expectScopes(lines, header, '}}', ['punctuation.definition.placeholder.end.json2']);

  const variable = '@country = {{$processEnv COUNTRY}}';
  expectScopes(lines, variable, '$processEnv', [
    'string.unquoted.variable-value.json2',
    'meta.placeholder.json2',
    'support.variable.system.json2',
  ]);
  expectScopes(lines, variable, 'COUNTRY', ['variable.parameter.placeholder.json2']);
  expectNoScope(lines, variable, '$processEnv', 'variable.other.placeholder.json2');

  expectScopes(lines, 'X-Service-Database: {{db}}', 'db', ['string.unquoted.header-value.json2', 'variable.other.placeholder.json2']);
  expectScopes(lines, 'POST {{model}}/{{method}}', 'model', ['entity.name.type.model.json2', 'variable.other.placeholder.json2']);
  expectScopes(lines, 'POST {{model}}/{{method}}', 'method', ['entity.name.function.method.json2', 'variable.other.placeholder.json2']);
  expectScopes(lines, '# @connection {{connection}}', 'connection', [
    'variable.parameter.metadata.json2',
    'variable.other.placeholder.json2',
  ]);
});

void test('a JSON body: keys, strings, numbers, literals, punctuation and placeholders', async () => {
  const lines = await tokenizeFixture('requests.json2');
  const body = ['meta.request.json2', 'meta.embedded.block.json'];
  const domain = '"domain": [["is_company"';
  expectScopes(lines, domain, 'domain', [...body, 'meta.structure.dictionary.json', 'string.json', 'support.type.property-name.json']);
  expectScopes(lines, domain, '"', ['punctuation.support.type.property-name.begin.json'], 0);
  expectScopes(lines, domain, '"', ['punctuation.support.type.property-name.end.json'], 1);
  expectScopes(lines, domain, ':', ['meta.structure.dictionary.value.json', 'punctuation.separator.dictionary.key-value.json']);
  expectScopes(lines, domain, '[', ['meta.structure.array.json', 'punctuation.definition.array.begin.json']);
  expectScopes(lines, domain, 'is_company', ['meta.structure.array.json', 'string.quoted.double.json']);
  expectScopes(lines, domain, '"', ['punctuation.definition.string.begin.json'], 2);
  expectScopes(lines, domain, '"', ['punctuation.definition.string.end.json'], 3);
  expectScopes(lines, domain, ',', ['punctuation.separator.array.json']);
  expectScopes(lines, domain, 'true', ['constant.language.json']);
  expectScopes(lines, domain, ']', ['punctuation.definition.array.end.json']);
  expectScopes(lines, domain, 'country', ['string.quoted.double.json', 'meta.placeholder.json2', 'variable.other.placeholder.json2']);
  expectScopes(lines, domain, ',', ['punctuation.separator.dictionary.pair.json'], 5);
  expectScopes(lines, '"limit": {{limit}}', 'limit', ['meta.structure.dictionary.value.json', 'variable.other.placeholder.json2'], 1);
  expectNoScope(lines, '"limit": {{limit}}', '{{', 'punctuation.definition.dictionary.begin.json');
  expectScopes(lines, '"context": {"lang"', '{', [
    ...body,
    'meta.structure.dictionary.json',
    'punctuation.definition.dictionary.begin.json',
  ]);
  expectScopes(lines, '"context": {"lang"', '}', ['punctuation.definition.dictionary.end.json']);
  expectScopes(lines, '{{companies.response.body[*].id}}', 'companies.response.body[*].id', [
    ...body,
    'meta.structure.array.json',
    'variable.other.placeholder.json2',
  ]);
});

void test('a JSON body with comments, trailing commas, escapes and system values', async () => {
  const lines = await tokenizeFixture('body.json2');
  expectScopes(lines, '// a line comment', '//', [
    'meta.embedded.block.json',
    'comment.line.double-slash.json',
    'punctuation.definition.comment.json',
  ]);
  expectScopes(lines, '/* a block', '/*', ['comment.block.json', 'punctuation.definition.comment.json']);
  expectScopes(lines, 'comment */', '     comment ', ['comment.block.json']);
  expectScopes(lines, 'comment */', '*/', ['comment.block.json', 'punctuation.definition.comment.json']);

  expectScopes(lines, '"ref": "{{$uuid}}"', '$uuid', [
    'string.quoted.double.json',
    'meta.placeholder.json2',
    'support.variable.system.json2',
  ]);
  expectScopes(lines, '"stamp": {{$timestamp}}', '$timestamp', ['meta.structure.dictionary.value.json', 'support.variable.system.json2']);
  expectNoScope(lines, '"stamp": {{$timestamp}}', '$timestamp', 'string.quoted.double.json');
  expectScopes(lines, '"when"', '$date', ['support.variable.system.json2']);
  expectScopes(lines, '"when"', '-1 d', ['variable.parameter.placeholder.json2']);
  expectScopes(lines, '"lines"', '$randomInt', ['meta.structure.array.json', 'support.variable.system.json2']);
  expectScopes(lines, '"lines"', ',', ['punctuation.separator.array.json'], 2);
  expectScopes(lines, '"lines"', ']', ['punctuation.definition.array.end.json']);

  expectScopes(lines, '"amount"', '-12.5e3', ['constant.numeric.json']);
  expectScopes(lines, '"draft"', 'false', ['constant.language.json']);
  expectScopes(lines, '"note"', 'null', ['constant.language.json']);
  expectScopes(lines, '"path"', 'http://example.com/a', ['string.quoted.double.json']);
  expectNoScope(lines, '"path"', 'http://example.com/a', 'comment.line.double-slash.json');
  expectScopes(lines, '"path"', '\\"', ['constant.character.escape.json']);
  expectScopes(lines, '"bad"', '\\q', ['invalid.illegal.unrecognized-string-escape.json']);
});

void test('inside a body a # line is not a comment, and ### or ?? ends the body', async () => {
  const lines = await tokenizeFixture('body.json2');
  expectScopes(lines, '# not a comment in JSON', '# not a comment in JSON', [
    'meta.embedded.block.json',
    'invalid.illegal.hash-comment.json2',
  ]);
  expectNoScope(lines, '# not a comment in JSON', '# not a comment in JSON', 'comment.line.number-sign.json2');
  expectScopes(lines, '} // the first bracket closes', '}', ['meta.embedded.block.json', 'punctuation.definition.dictionary.end.json']);
  expectScopes(lines, '} // the first bracket closes', '//', ['meta.embedded.block.json', 'comment.line.double-slash.json']);

  // An unfinished array and object must not swallow the next block.
  expectScopes(lines, '### A separator closes', '###', ['meta.separator.json2']);
  expectNoScope(lines, '### A separator closes', '###', 'meta.embedded.block.json');
  expectScopes(lines, '@after = ok', 'after', ['variable.other.definition.json2']);
  expectNoScope(lines, '@after = ok', 'after', 'meta.request.json2');

  const requests = await tokenizeFixture('requests.json2');
  expectNoScope(requests, '?? status == 200', '??', 'meta.embedded.block.json');
});

void test('a body ends on the line where its first bracket closes: # lines after it are comments again', async () => {
  const lines = await tokenizeFixture('body.json2');
  expectScopes(lines, '# after the body', '#', [
    'meta.request.json2',
    'comment.line.number-sign.json2',
    'punctuation.definition.comment.json2',
  ]);
  expectNoScope(lines, '# after the body', '#', 'meta.embedded.block.json');
  expectNoScope(lines, '# after the body', '#', 'invalid.illegal.hash-comment.json2');
  expectScopes(lines, '@afterBody', 'afterBody', ['meta.request.json2', 'variable.other.definition.json2']);
  expectNoScope(lines, '@afterBody', 'afterBody', 'meta.embedded.block.json');
  expectScopes(lines, '?? body.ok == true', '??', ['meta.assertion.json2']);

  const more = await tokenizeFixture('titlesAndVariables.json2');
  expectScopes(more, '{ "domain": [] }', '}', ['meta.embedded.block.json', 'punctuation.definition.dictionary.end.json']);
  expectScopes(more, '# a comment after a one-line body', '#', ['comment.line.number-sign.json2']);
  expectNoScope(more, '# a comment after a one-line body', '#', 'meta.embedded.block.json');
  expectScopes(more, '{{payload}}', 'payload', ['meta.embedded.block.json', 'variable.other.placeholder.json2']);
  expectScopes(more, '# a comment after a placeholder body', '#', ['comment.line.number-sign.json2']);
  expectNoScope(more, '# a comment after a placeholder body', '#', 'meta.embedded.block.json');
  expectScopes(more, 'X-After-Body', 'X-After-Body', ['meta.header.json2']);
});

void test('titles follow the whole run of #; variable names have no dots and need =', async () => {
  const lines = await tokenizeFixture('titlesAndVariables.json2');
  expectScopes(lines, '#### Four hashes', '####', ['meta.separator.json2', 'punctuation.definition.heading.json2']);
  expectScopes(lines, '#### Four hashes', 'Four hashes make a title too', ['entity.name.section.json2']);
  expectScopes(lines, '###No blank', 'No blank after the hashes', ['entity.name.section.json2']);
  expectScopes(lines, '@good_name-2 = yes', 'good_name-2', ['variable.other.definition.json2']);
  expectScopes(lines, '@a.b = 1', '@a.b = 1', ['invalid.illegal.variable-definition.json2']);
  expectNoScope(lines, '@a.b = 1', '@a.b = 1', 'meta.definition.variable.json2');
  expectScopes(lines, '@lonely', '@lonely', ['invalid.illegal.variable-definition.json2']);
});

void test('assertion lines', async () => {
  const lines = await tokenizeFixture('requests.json2');
  expectScopes(lines, '?? status == 200', '??', ['meta.request.json2', 'meta.assertion.json2', 'keyword.control.assertion.json2']);
  expectScopes(lines, '?? status == 200', 'status', ['variable.other.assertion.json2']);
  expectScopes(lines, '?? status == 200', '==', ['keyword.operator.comparison.json2']);
  expectScopes(lines, '?? status == 200', '200', ['constant.numeric.json']);
  expectScopes(lines, '?? body.length > 0', 'body.length', ['variable.other.assertion.json2']);
  expectScopes(lines, '?? body.length > 0', '>', ['keyword.operator.comparison.json2']);
  expectScopes(lines, '?? body[0].name == "x"', 'body[0].name', ['variable.other.assertion.json2']);
  expectScopes(lines, '?? body[0].name == "x"', 'x', ['string.quoted.double.json']);
  expectScopes(lines, '?? body[0].email contains', 'contains', ['keyword.operator.word.json2']);
  expectScopes(lines, '?? body[0].id == {{partnerId}}', 'partnerId', ['meta.assertion.json2', 'variable.other.placeholder.json2']);
});

void test('every scope the grammar names is checked by a test above', () => {
  const named = new Set<string>();
  for (const [object, where] of walk(readGrammarJson(), '$')) {
    // The top-level `name` is the grammar's display name, not a scope.
    if (where !== '$' && typeof object.name === 'string') for (const scope of object.name.split(/\s+/)) named.add(scope);
  }
  const unchecked = [...named].filter((scope) => !checkedScopes.has(scope)).sort();
  assert.deepEqual(unchecked, [], 'add an assertion for each new scope');
});
