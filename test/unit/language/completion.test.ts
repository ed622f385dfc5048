// Completion at every position the language offers, on recorded schemas replayed to a real schema service.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completeAt, type CompletionAnswer, ServiceSchemaSource, TableSchemaSource } from '../../../src/core/language';
import { Json2Error } from '../../../src/core/client/clientErrors';
import { SchemaService } from '../../../src/core/schema/schemaService';
import { parseRequestFile } from '../../../src/core/requestFile';
import { cursorIn, recordedSource } from './recordedSchema';

async function complete(
  marked: string,
  options: { documents?: boolean } = {},
): Promise<CompletionAnswer & { text: string; offset: number; requests: string[] }> {
  const { text, offset } = cursorIn(marked);
  const { source, backend } = recordedSource(options);
  const answer = await completeAt(parseRequestFile(text), offset, source, { now: new Date('2026-11-22T10:00:00Z') });
  return { ...answer, text, offset, requests: backend.requests };
}

const labels = (answer: CompletionAnswer) => answer.items.map((item) => item.label);
const sorted = (answer: CompletionAnswer) =>
  [...answer.items].sort((a, b) => a.sortText.localeCompare(b.sortText)).map((item) => item.label);
const replaced = (answer: { text: string; items: CompletionAnswer['items'] }, label: string) => {
  const item = answer.items.find((candidate) => candidate.label === label);
  assert.ok(item, `no item ${label}`);
  return answer.text.slice(item.range.startOffset, item.range.endOffset);
};

describe('completion on the request line', () => {
  test('models after POST, with their labels, replacing the model typed so far, and a slash to go on', async () => {
    const answer = await complete('POST res.par‸');
    assert.deepEqual(labels(answer), ['res.country', 'res.currency', 'res.partner', 'res.users', 'x_vehicle']);
    const partner = answer.items.find((item) => item.label === 'res.partner');
    assert.equal(partner?.detail, 'Contact');
    assert.equal(partner?.insertText, 'res.partner/');
    assert.equal(partner?.retrigger, true);
    assert.equal(replaced(answer, 'res.partner'), 'res.par');
    assert.equal(sorted(answer).at(-1), 'x_vehicle', 'custom models come after the base ones');
  });

  test('models right after "POST " with nothing typed yet', async () => {
    const answer = await complete('POST ‸');
    assert.equal(answer.items.length, 5);
    assert.equal(replaced(answer, 'res.partner'), '');
  });

  test('models at the start of a line without POST', async () => {
    const answer = await complete('### x\nres.‸/search_read\n');
    assert.ok(labels(answer).includes('res.partner'));
    assert.equal(answer.items[0].insertText, answer.items[0].label, 'no second slash when one follows');
  });

  test('models for a name typed alone at the start of a line, not inside a body or a comment', async () => {
    const alone = await complete('### next\nres.pa‸');
    assert.equal(alone.items.find((item) => item.label === 'res.partner')?.insertText, 'res.partner/');
    assert.equal(replaced(alone, 'res.partner'), 'res.pa');
    const empty = await complete('POST res.partner/search\n{"domain": []}\n\n###\n‸');
    assert.ok(labels(empty).includes('res.users'));
    const bare = await complete('POST res.partner/search\n{\n  dom‸\n}');
    assert.equal(replaced(bare, 'domain'), 'dom', 'inside a body a bare word is an argument being typed, replaced whole');
    assert.ok(!labels(bare).includes('res.partner'));
    assert.deepEqual(labels(await complete('# res.pa‸')), []);
  });

  test("methods after model/: the notes' table without documents, common ones first", async () => {
    const answer = await complete('POST res.partner/‸');
    assert.equal(sorted(answer)[0], 'search_read');
    assert.ok(labels(answer).includes('name_search'));
    assert.ok(!labels(answer).includes('context_get'), 'context_get is res.users only');
    assert.match(answer.items.find((item) => item.label === 'search')?.detail ?? '', /^search\(domain, offset=0, limit=null, order=null\)/);
  });

  test('methods from the model document when the key may read it', async () => {
    const answer = await complete('POST res.partner/add‸', { documents: true });
    assert.deepEqual(labels(answer).sort(), ['address_get', 'create', 'search_read']);
    assert.match(answer.items.find((item) => item.label === 'address_get')?.resolveDocumentation?.() ?? '', /Addresses of the contact/);
    assert.equal(replaced(answer, 'address_get'), 'add');
  });
});

describe('completion of top-level arguments', () => {
  test("the method's arguments from the table, then ids and context, with value snippets; present ones left out", async () => {
    const answer = await complete('POST res.partner/search_read\n{"domain": [], ‸}');
    assert.deepEqual(sorted(answer), ['fields', 'offset', 'limit', 'order', 'context', 'ids']);
    const fields = answer.items.find((item) => item.label === 'fields');
    assert.equal(fields?.insertText, '"fields": [$0]');
    assert.equal(fields?.snippet, true);
  });

  test('required arguments first; a record method puts ids before context', async () => {
    const answer = await complete('POST res.partner/write\n{‸}');
    assert.deepEqual(sorted(answer), ['vals', 'ids', 'context']);
  });

  test('inside a key being typed, the whole key is replaced', async () => {
    const answer = await complete('POST res.partner/search\n{"do‸}');
    assert.equal(replaced(answer, 'domain'), '"do');
    assert.equal(answer.items.find((item) => item.label === 'domain')?.filterText, '"domain"');
  });

  test('from the signature of the model document', async () => {
    const answer = await complete('POST res.partner/address_get\n{‸}', { documents: true });
    assert.deepEqual(sorted(answer), ['ids', 'adr_pref', 'context'], 'a record method wants its ids first');
  });

  test("without any schema: the notes' table, and a note saying so", async () => {
    const { text, offset } = cursorIn('POST res.partner/search_count\n{‸}');
    const answer = await completeAt(parseRequestFile(text), offset, new TableSchemaSource());
    assert.deepEqual(sorted(answer), ['domain', 'limit', 'context', 'ids']);
    assert.match(answer.note ?? '', /only the common methods/);
  });
});

describe('completion of field names', () => {
  test('in fields lists, quoted when no string is open, with label, type, relation and flags', async () => {
    const answer = await complete('POST res.partner/search_read\n{"fields": [‸]}');
    const country = answer.items.find((item) => item.label === 'country_id');
    assert.equal(country?.insertText, '"country_id"');
    assert.equal(country?.detail, 'Country · many2one → res.country');
    assert.equal(answer.items.find((item) => item.label === 'name')?.detail, 'Name · char (required)');
    assert.deepEqual(sorted(answer).slice(0, 3), ['display_name', 'id', 'name']);
  });

  test("inside a string of a fields list, bare names over the string's content", async () => {
    const answer = await complete('POST res.partner/read\n{"ids": [1], "fields": ["name", "em‸"]}');
    assert.equal(answer.items.find((item) => item.label === 'email')?.insertText, 'email');
    assert.equal(replaced(answer, 'email'), 'em');
  });

  test('in the first element of a condition, at any depth after &, | and !', async () => {
    for (const body of ['[["‸"]]', '["|", ["name", "=", "a"], ["‸"]]', '["&", "!", ["is_company", "=", true], ["‸"]]', '["!", [‸]]']) {
      const answer = await complete(`POST res.partner/search\n{"domain": ${body}}`);
      assert.ok(labels(answer).includes('is_company'), body);
    }
  });

  test('in sub-domains of any: the fields of the related model', async () => {
    const answer = await complete('POST res.partner/search\n{"domain": [["country_id", "any", [["‸"]]]]}');
    assert.ok(labels(answer).includes('code'));
    assert.ok(!labels(answer).includes('email'));
  });

  test('dotted paths through two relations, each model fetched once and cached', async () => {
    const { text, offset } = cursorIn('POST res.partner/search\n{"domain": [["country_id.currency_id.sy‸", "=", "€"]]}');
    const { source, backend } = recordedSource();
    const answer = await completeAt(parseRequestFile(text), offset, source);
    assert.deepEqual(labels(answer).sort(), ['id', 'name', 'rounding', 'symbol']);
    const symbol = answer.items.find((item) => item.label === 'symbol');
    assert.equal(text.slice(symbol!.range.startOffset, symbol!.range.endOffset), 'sy');
    assert.deepEqual(
      backend.requests.filter((request) => request.endsWith('fields_get')),
      ['POST res.partner/fields_get', 'POST res.country/fields_get', 'POST res.currency/fields_get'],
    );
    await completeAt(parseRequestFile(text), offset, source);
    assert.equal(backend.requests.filter((request) => request.endsWith('fields_get')).length, 3, 'the second completion asks nothing');
  });

  test('in order, with asc and desc after a field', async () => {
    const fields = await complete('POST res.partner/search\n{"order": "name asc, cre‸"}');
    assert.ok(labels(fields).includes('create_date'));
    assert.equal(replaced(fields, 'create_date'), 'cre');
    const direction = await complete('POST res.partner/search\n{"order": "name d‸"}');
    assert.deepEqual(labels(direction), ['asc', 'desc']);
    assert.equal(replaced(direction, 'desc'), 'd');
  });

  test('in groupby and aggregates (with an aggregate function)', async () => {
    const groupby = await complete('POST res.partner/formatted_read_group\n{"domain": [], "groupby": ["‸"]}');
    assert.ok(labels(groupby).includes('country_id'));
    const aggregates = await complete('POST res.partner/formatted_read_group\n{"domain": [], "aggregates": [‸]}');
    assert.equal(sorted(aggregates)[0], '__count');
    assert.equal(aggregates.items.find((item) => item.label === 'credit_limit')?.insertText, '"credit_limit:${1|sum,avg,min,max|}"');
  });

  test('in vals and vals_list keys, required writable fields first for create', async () => {
    const create = await complete('POST res.partner/create\n{"vals_list": [{‸}]}');
    assert.deepEqual(sorted(create).slice(0, 2), ['name', 'ref']);
    assert.ok(sorted(create).indexOf('id') > sorted(create).indexOf('email'), 'readonly fields last');
    assert.equal(create.items.find((item) => item.label === 'email')?.insertText, '"email": $0');
    const write = await complete('POST res.partner/write\n{"ids": [1], "vals": {"em‸": "a@b.c"}}');
    assert.equal(write.items.find((item) => item.label === 'email')?.insertText, 'email');
    assert.equal(replaced(write, 'email'), 'em');
  });
});

describe('completion of operators and values', () => {
  test("operators filtered by the field's type, each explained", async () => {
    const text = await complete('POST res.partner/search\n{"domain": [["email", ‸]]}');
    assert.equal(sorted(text)[0], 'ilike');
    assert.ok(!labels(text).includes('child_of'));
    assert.match(text.items.find((item) => item.label === 'ilike')?.detail ?? '', /ignoring case/);
    const bool = await complete('POST res.partner/search\n{"domain": [["is_company", "‸"]]}');
    assert.deepEqual(labels(bool), ['=', '!=']);
    assert.equal(bool.items[0].insertText, '=');
    const relation = await complete('POST res.partner/search\n{"domain": [["child_ids", "‸"]]}');
    assert.ok(labels(relation).includes('any'));
    const path = await complete('POST res.partner/search\n{"domain": [["country_id.currency_id.rounding", ‸]]}');
    assert.ok(labels(path).includes('>='));
    assert.ok(!labels(path).includes('ilike'));
  });

  test('selection keys with their labels, booleans, date snippets', async () => {
    const selection = await complete('POST res.partner/search\n{"domain": [["type", "=", ‸]]}');
    assert.deepEqual(labels(selection), ['contact', 'invoice', 'delivery']);
    assert.equal(selection.items[1].detail, 'Invoice Address');
    assert.equal(selection.items[1].insertText, '"invoice"');
    const bool = await complete('POST res.partner/search\n{"domain": [["is_company", "=", ‸]]}');
    assert.deepEqual(labels(bool), ['true', 'false']);
    const date = await complete('POST res.partner/search\n{"domain": [["date", ">=", ‸]]}');
    assert.equal(date.items[0].insertText, '"${1:2026-11-22}"');
    assert.equal(date.items[0].snippet, true);
  });

  test('record names of a many2one through name_search, typed text as the search', async () => {
    const byId = await complete('POST res.partner/search\n{"domain": [["country_id", "=", ‸]]}');
    assert.equal(byId.incomplete, true);
    assert.deepEqual(byId.items.map((item) => [item.insertText, item.detail]).slice(0, 2), [
      ['21', 'Belgium'],
      ['75', 'France'],
    ]);
    const byName = await complete('POST res.partner/search\n{"domain": [["country_id", "=", "fra‸"]]}');
    assert.deepEqual(labels(byName), ['France']);
    assert.equal(replaced(byName, 'France'), 'fra');
    const list = await complete('POST res.partner/search\n{"domain": [["country_id", "in", ‸]]}');
    assert.equal(list.items.find((item) => item.detail === 'Belgium')?.insertText, '[21]');
    const inList = await complete('POST res.partner/search\n{"domain": [["country_id", "in", [21, ‸]]]}');
    assert.equal(inList.items.find((item) => item.detail === 'France')?.insertText, '75', 'inside the list: one id');
    const selectionInList = await complete('POST res.partner/search\n{"domain": [["type", "not in", ["‸"]]]}');
    assert.deepEqual(labels(selectionInList), ['contact', 'invoice', 'delivery']);
  });

  test('context keys, and installed languages for lang', async () => {
    const keys = await complete('POST res.partner/search\n{"domain": [], "context": {‸}}');
    assert.deepEqual(labels(keys), ['lang', 'tz', 'active_test', 'allowed_company_ids']);
    const lang = await complete('POST res.partner/search\n{"domain": [], "context": {"lang": "‸"}}');
    assert.deepEqual(
      lang.items.map((item) => [item.label, item.detail]),
      [
        ['en_US', 'English (US)'],
        ['fr_BE', 'French (BE)'],
      ],
    );
  });
});

describe('the schema behind completion', () => {
  test('offline: the cached schema, and a note saying so', async () => {
    const { text, offset } = cursorIn('POST res.partner/search\n{"domain": [["‸"]]}');
    const { source, backend, service } = recordedSource();
    await completeAt(parseRequestFile(text), offset, source);
    await service.fields('res.partner', { refresh: true }); // still live
    backend.offline = true;
    await service.invalidate('res.country'); // nothing else forgotten
    const answer = await completeAt(parseRequestFile(text), offset, source);
    assert.ok(labels(answer).includes('email'));
  });

  test('offline with a stale cache: answers from the cache with the note', async () => {
    const { text, offset } = cursorIn('POST res.partner/search\n{"domain": [["‸"]]}');
    const { backend } = recordedSource();
    let now = 0;
    const staleService = new SchemaService({ backend, connectionId: 'c', database: 'd', now: () => now });
    const source = new ServiceSchemaSource(staleService, backend);
    await completeAt(parseRequestFile(text), offset, source);
    now = 60 * 60_000;
    backend.offline = true;
    const answer = await completeAt(parseRequestFile(text), offset, source);
    assert.ok(labels(answer).includes('email'));
    assert.match(answer.note ?? '', /Offline/);
  });

  test('a server without ir.model: no models offered, yet the schema still counts as live', async () => {
    const { text, offset } = cursorIn('POST res.‸\n');
    const { source, backend } = recordedSource();
    backend.call = function (model: string, method: string) {
      this.requests.push(`POST ${model}/${method}`);
      return Promise.reject(
        new Json2Error({ status: 404, kind: 'notFound', message: "the model 'ir.model' does not exist", target: model }),
      );
    };
    const answer = await completeAt(parseRequestFile(text), offset, source);
    assert.deepEqual(answer.items, []);
    assert.equal(answer.note, undefined);
  });

  test('the first completion in a body costs one round trip when documents are readable', async () => {
    const answer = await complete('POST res.partner/search_read\n{"fields": [‸]}', { documents: true });
    assert.ok(labels(answer).includes('email'));
    // While it is unknown whether the key may read documents, fields_get goes out beside the document (one round trip).
    assert.deepEqual([...answer.requests].sort(), ['GET /doc-bearer/res.partner.json', 'POST res.partner/fields_get']);
  });
});
