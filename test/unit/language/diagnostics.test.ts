// Schema warnings on recorded schemas: what is reported, exactly where, and which names the quick fix offers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closestNames, diagnoseFile, type LanguageDiagnostic, TableSchemaSource } from '../../../src/core/language';
import { parseRequestFile } from '../../../src/core/requestFile';
import { recordedSource } from './recordedSchema';

async function diagnose(text: string, options: { documents?: boolean } = {}): Promise<Array<LanguageDiagnostic & { text: string }>> {
  const { source } = recordedSource(options);
  const found = await diagnoseFile(parseRequestFile(text), source);
  return found.map((diagnostic) => ({ ...diagnostic, text: text.slice(diagnostic.range.startOffset, diagnostic.range.endOffset) }));
}

const brief = (found: Awaited<ReturnType<typeof diagnose>>) =>
  found.map((diagnostic) => [diagnostic.code, diagnostic.text, diagnostic.suggestions]);

describe('schema diagnostics', () => {
  test('a correct file has none', async () => {
    const found = await diagnose(
      [
        'POST res.partner/search_read',
        '{"domain": ["|", ["is_company", "=", true], "!", ["country_id.code", "in", ["BE", "FR"]], ["type", "=", "invoice"], ["child_ids", "any", [["email", "ilike", "@"]]]],',
        ' "fields": ["name", "country_id"], "order": "name asc, id desc", "limit": 5, "context": {"lang": "en_US"}}',
        '',
        '### create',
        'POST res.partner/create',
        '{"vals_list": [{"name": "A", "ref": "x", "date": "2026-01-31", "credit_limit": 10}]}',
      ].join('\n'),
    );
    assert.deepEqual(brief(found), []);
  });

  test("a grouped read's order: __count and aggregate or granularity specs are not fields; their field is checked", async () => {
    const grouped = (order: string) =>
      diagnose(
        `POST res.partner/formatted_read_group\n{"groupby": ["country_id"], "aggregates": ["__count", "credit_limit:sum"], "order": "${order}"}`,
      );
    assert.deepEqual(brief(await grouped('__count desc, credit_limit:sum asc, country_id')), []);
    assert.deepEqual(brief(await grouped('__count desc, creat_date:month')), [['unknown-field', 'creat_date', ['create_date']]]);
  });

  test('unknown model, with the closest names; nothing else checked on it', async () => {
    const found = await diagnose('POST res.partnr/search\n{"domain": [["x", "=", 1]]}');
    assert.deepEqual(brief(found), [['unknown-model', 'res.partnr', ['res.partner']]]);
    assert.deepEqual(found[0].range.start, { line: 0, character: 5 });
    assert.equal(found[0].severity, 'warning');
  });

  test('unknown method only when the documents list every method', async () => {
    assert.deepEqual(brief(await diagnose('POST res.partner/search_reed\n{}')), []);
    assert.deepEqual(brief(await diagnose('POST res.partner/search_reed\n{}', { documents: true })), [
      ['unknown-method', 'search_reed', ['search_read']],
    ]);
  });

  test('unknown argument for a known signature', async () => {
    const found = await diagnose('POST res.partner/search_read\n{"domian": [], "limit": 3, "ids": []}');
    assert.deepEqual(brief(found), [['unknown-argument', 'domian', ['domain']]]);
    assert.deepEqual(found[0].range, { start: { line: 1, character: 2 }, end: { line: 1, character: 8 }, startOffset: 31, endOffset: 37 });
  });

  test('unknown fields in fields, domain (following paths), order, groupby and vals', async () => {
    const found = await diagnose(
      [
        'POST res.partner/search_read',
        '{"domain": [["country_id.cod", "=", "BE"], ["emial", "ilike", "a"]], "fields": ["name", "phone"], "order": "name, creat_date desc"}',
        '###',
        'POST res.partner/write',
        '{"ids": [1], "vals": {"nme": "B"}}',
      ].join('\n'),
    );
    assert.deepEqual(brief(found), [
      ['unknown-field', 'cod', ['code']],
      ['unknown-field', 'emial', ['email']],
      ['unknown-field', 'phone', []],
      ['unknown-field', 'creat_date', ['create_date']],
      ['unknown-field', 'nme', ['name']],
    ]);
    assert.equal(found[0].message, 'res.country has no field "cod".');
  });

  test('paths through two relations are checked at the failing step', async () => {
    const found = await diagnose('POST res.partner/search\n{"domain": [["country_id.currency_id.symbl", "=", "€"]]}');
    assert.deepEqual(brief(found), [['unknown-field', 'symbl', ['symbol']]]);
    assert.equal(found[0].range.start.character, 37);
  });

  test('operators that do not fit the field type, and unknown operators', async () => {
    const found = await diagnose(
      'POST res.partner/search\n{"domain": [["is_company", "ilike", "x"], ["email", "child_of", 1], ["name", "=~", "a"]]}',
    );
    assert.deepEqual(brief(found), [
      ['operator-mismatch', '"ilike"', ['"="', '"!="']],
      ['operator-mismatch', '"child_of"', ['"ilike"', '"="', '"!="', '"in"']],
      ['unknown-operator', '"=~"', ['"="', '"=?"']],
    ]);
  });

  test('values of the wrong type in domains and vals', async () => {
    const found = await diagnose(
      [
        'POST res.partner/search',
        '{"domain": [["is_company", "=", "yes"], ["type", "=", "other"], ["date", ">=", "22/11/2026"], ["country_id", "in", 21], ["credit_limit", ">", "5"]]}',
        '###',
        'POST res.partner/create',
        '{"vals_list": {"is_company": 1, "name": false}}',
      ].join('\n'),
    );
    assert.deepEqual(
      found.map((diagnostic) => [diagnostic.code, diagnostic.text]),
      [
        ['value-type', '"yes"'],
        ['value-type', '"other"'],
        ['value-type', '"22/11/2026"'],
        ['value-type', '21'],
        ['value-type', '"5"'],
        ['value-type', '1'],
      ],
    );
    assert.match(found[1].message, /"other" is not one of "contact", "invoice", "delivery"/);
  });

  test('malformed domains: arity of &, | and !, conditions that are not triples, stray strings', async () => {
    const found = await diagnose('POST res.partner/search\n{"domain": ["|", ["name", "=", "a"]]}');
    assert.deepEqual(brief(found), [['malformed-domain', '"|"', []]]);
    assert.match(found[0].message, /one more condition/);
    const more = await diagnose('POST res.partner/search\n{"domain": [["name", "="], "and", ["!"], "&"]}');
    assert.deepEqual(
      more.map((diagnostic) => [diagnostic.code, diagnostic.text]),
      [
        ['malformed-domain', '["name", "="]'],
        ['malformed-domain', '"and"'],
        ['malformed-domain', '["!"]'],
        ['malformed-domain', '"&"'],
      ],
    );
    assert.deepEqual(brief(await diagnose('POST res.partner/search\n{"domain": ["!", "!", ["name", "=", "a"], ["id", ">", 3]]}')), []);
  });

  test('placeholders are left alone', async () => {
    const found = await diagnose(
      '@f = x\nPOST res.partner/search\n{"domain": [["{{f}}", "=", 1], ["name", "{{f}}", "a"], ["is_company", "=", {{f}}]], "{{f}}": 1}',
    );
    assert.deepEqual(brief(found), []);
  });

  test("without a schema only the notes' table is used: unknown arguments still found", async () => {
    const found = await diagnoseFile(
      parseRequestFile('POST res.partner/search_count\n{"domain": [], "fields": []}'),
      new TableSchemaSource(),
    );
    assert.deepEqual(
      found.map((diagnostic) => [diagnostic.code, diagnostic.suggestions]),
      [['unknown-argument', []]],
    );
  });
});

describe('closest names for quick fixes', () => {
  test('edit distance, prefixes, and nothing for a far name', () => {
    assert.deepEqual(closestNames('partner', ['partner_id', 'parent_id', 'name']), ['partner_id']);
    assert.deepEqual(closestNames('nmae', ['name', 'email', 'id']), ['name']);
    assert.deepEqual(closestNames('zzzzzz', ['name', 'email']), []);
  });
});
