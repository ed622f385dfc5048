// The collection readers on the fixtures of test/fixtures/collections: what each import converts, keeps and leaves
// out, the scripts it lists, and no secret of a fixture in any written file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { type ImportResult, importCollection } from '../../../src/core/collections/collectionImport';
import { readCollectionFile, readCollectionFolder } from '../../../src/core/collections/collectionSource';
import { CollectionFormatError } from '../../../src/core/collections/collectionTypes';
import { parseRequestFile } from '../../../src/core/requestFile';
import { FIXTURE_SECRETS, brunoEntries, collectionsDir } from './collectionFixtures';

function importFile(name: string): ImportResult {
  const file = path.join(collectionsDir, name);
  return importCollection(readCollectionFile(file, fs.readFileSync(file, 'utf8')), name);
}

function fileText(result: ImportResult, name: string): string {
  const found = result.files.find((file) => file.path === name);
  assert.ok(found, `${name} not written: ${result.files.map((file) => file.path).join(', ')}`);
  return found.text;
}

function assertNoSecret(result: ImportResult): void {
  for (const file of result.files)
    for (const secret of FIXTURE_SECRETS) assert.ok(!file.text.includes(secret), `${secret} written in ${file.path}`);
}

function assertParses(result: ImportResult): void {
  assert.deepEqual(result.report.problems, []);
  for (const file of result.files.filter((written) => written.path.endsWith('.json2')))
    assert.deepEqual(
      parseRequestFile(file.text).diagnostics.filter((d) => d.severity === 'error'),
      [],
      file.path,
    );
}

describe('collection import', () => {
  test('Postman v2.1: folders become files, JSON-2 calls short, execute_kw over JSON-RPC and XML-RPC mapped, the login left out', () => {
    const result = importFile('odoo.postman_collection.json');
    assert.deepEqual(
      result.files.map((file) => file.path),
      ['Partners.json2', 'Legacy.json2', 'Odoo partners.json2'],
    );
    const partners = fileText(result, 'Partners.json2');
    assert.match(partners, /^@limit = 5$/m);
    assert.match(
      partners,
      /^POST res\.partner\/search_read\n\{"domain": \[\["is_company", "=", true\]\], "fields": \["name"\], "limit": \{\{limit\}\}\}$/m,
    );
    const legacy = fileText(result, 'Legacy.json2');
    assert.match(
      legacy,
      /# Was object\.execute_kw on \/jsonrpc\.\n[^]*POST res\.partner\/search_read\n\{\n {2}"domain": \[\["is_company","=",true\]\],\n {2}"fields": \["name","country_id"\],\n {2}"limit": \{\{limit\}\}\n\}/,
    );
    assert.match(legacy, /on \/xmlrpc\/2\/object\.\n[^]*POST res\.partner\/search_count\n\{\n {2}"domain": \[\]\n\}/);
    assert.doesNotMatch(legacy, /@uid|@db|@password|@apiKey/);
    assert.match(fileText(result, 'Odoo partners.json2'), /^GET \/web\/version$/m);
    assert.deepEqual(result.report.leftOut.map((entry) => entry.where).sort(), [
      'Legacy/Web login',
      'variable baseUrl',
      'variable db',
      'variable uid',
    ]);
    assert.deepEqual(result.report.scripts, [
      { where: 'Partners/Read companies', what: 'test script (2 lines): not converted' },
      { where: 'Legacy', what: 'pre-request script (1 line): not converted' },
    ]);
    assert.deepEqual(
      result.report.secrets.map((entry) => entry.where),
      ['Odoo partners', 'Partners/Read companies', 'variable apiKey', 'variable password'],
    );
    assertNoSecret(result);
    assertParses(result);
  });

  test('Insomnia v4: request groups become files, {{ _.name }} variables, the base environment as file variables, others as .env', () => {
    const result = importFile('odoo.insomnia.json');
    assert.deepEqual(
      result.files.map((file) => file.path),
      ['Odoo Insomnia.json2', 'Partners.json2', 'Production.env'],
    );
    const partners = fileText(result, 'Partners.json2');
    assert.match(partners, /"limit": \{\{limit\}\}/);
    assert.match(partners, /^@limit = 3$/m);
    assert.equal((partners.match(/^POST res\.partner\/search_count$/gm) ?? []).length, 2);
    assert.equal(
      fileText(result, 'Production.env'),
      "# Environment \"Production\": give it to a run with --env.\nbaseUrl='https://erp.example.com'\ndb='prod'\n",
    );
    assert.deepEqual(
      result.report.scripts.map((entry) => entry.what),
      ['after-response script: not converted', 'pre-request script: not converted'],
    );
    assert.ok(
      result.report.secrets.some(
        (entry) => entry.where === 'Partners/Read companies' && /Authorization header \(a literal value\)/.test(entry.what),
      ),
    );
    assert.ok(result.report.secrets.some((entry) => /basic auth \(a literal value\)/.test(entry.what)));
    assertNoSecret(result);
    assertParses(result);
  });

  test('REST Client .http: variables, # @name, a chained answer in REST Client syntax, httpYac assertions listed', () => {
    const result = importFile('odoo.http');
    const text = fileText(result, 'odoo.json2');
    assert.match(text, /^# @name companies\nPOST res\.partner\/search_read$/m);
    assert.match(text, /\{\{companies\.response\.body\[\*\]\.id\}\}/);
    assert.match(text, /^# @name legacyCount\nPOST res\.partner\/search_count$/m);
    assert.match(text, /^@limit = 3$/m);
    assert.doesNotMatch(text, /Authorization|@apiKey|@baseUrl/);
    assert.deepEqual(result.report.scripts, [{ where: 'odoo: Companies', what: 'assertion "?? status == 200": not converted' }]);
    assert.deepEqual(result.report.leftOut.map((entry) => entry.where).sort(), [
      'odoo: Login page (not an API call)',
      'variable baseUrl',
      'variable db',
    ]);
    assertNoSecret(result);
    assertParses(result);
  });

  test('Bruno: folders become files in seq order, collection headers and auth inherited, environments as .env, scripts and tests listed', () => {
    const result = importCollection(readCollectionFolder(brunoEntries(path.join(collectionsDir, 'bruno'))), 'bruno');
    assert.deepEqual(result.files.map((file) => file.path).sort(), ['Legacy.json2', 'Local.env', 'Odoo Bruno.json2', 'Partners.json2']);
    assert.match(fileText(result, 'Partners.json2'), /### Count companies[^]*### Read companies/);
    assert.match(fileText(result, 'Local.env'), /^limit='4'$/m);
    assert.match(fileText(result, 'Local.env'), /^# adminPassword: a secret, not written/m);
    assert.deepEqual(result.report.scripts.map((entry) => `${entry.where}: ${entry.what}`).sort(), [
      'Legacy/Execute.bru: tests: not converted',
      'Partners/Read.bru: pre-request script: not converted',
      'Version.bru: tests: not converted',
    ]);
    assertNoSecret(result);
    assertParses(result);
  });

  test('what is not a collection is refused with a reason', () => {
    assert.throws(
      () => readCollectionFile('x.json', '{"a": 1}'),
      (error: unknown) => error instanceof CollectionFormatError && /neither a Postman collection/.test(error.message),
    );
    assert.throws(() => readCollectionFile('x.json', '{'), /x\.json is not JSON/);
    assert.throws(() => readCollectionFolder([{ path: 'a.bru', text: '' }]), /no bruno\.json/);
  });

  test('a literal key that would land in a written file refuses the whole import', () => {
    const collection = readCollectionFile(
      'leak.http',
      '@token = leaked-key-123456789\n### Read\nPOST /json/2/res.partner/read\nAuthorization: Bearer leaked-key-123456789\n\n{"note": "leaked-key-123456789"}\n',
    );
    assert.throws(() => importCollection(collection, 'leak.http'), /would write a secret of the source into leak\.json2/);
  });
});
