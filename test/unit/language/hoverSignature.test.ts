// Hover texts and signature help on recorded schemas.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hoverAt, signatureAt } from '../../../src/core/language';
import { parseRequestFile } from '../../../src/core/requestFile';
import { cursorIn, recordedSource } from './recordedSchema';

async function hover(marked: string, options: { documents?: boolean } = {}) {
  const { text, offset } = cursorIn(marked);
  const answer = await hoverAt(parseRequestFile(text), offset, recordedSource(options).source);
  return answer && { contents: answer.contents, text: text.slice(answer.range.startOffset, answer.range.endOffset) };
}

describe('hover', () => {
  test('on the model and the method', async () => {
    assert.deepEqual(await hover('POST res.pa‸rtner/search_read\n{}'), {
      contents: '**Contact** `res.partner`\n\n15 fields',
      text: 'res.partner',
    });
    const method = await hover('POST res.partner/search_r‸ead\n{}', { documents: true });
    assert.match(
      method?.contents ?? '',
      /res\.partner\.search_read\(domain=null, fields=null, offset=0, limit=null, order=null\) → list\[dict\]/,
    );
    assert.match(method?.contents ?? '', /Search and read in one call/);
  });

  test('on an argument, a field, each step of a path, an operator, a context key', async () => {
    assert.match(
      (await hover('POST res.partner/search\n{"lim‸it": 3}'))?.contents ?? '',
      /`limit`: argument of `res.partner.search` \(default `null`\)/,
    );
    const field = await hover('POST res.partner/search_read\n{"fields": ["ty‸pe"]}');
    assert.equal(field?.text, 'type');
    assert.match(field?.contents ?? '', /Address Type.*\n\nType: `selection`[\s\S]*`invoice` \(Invoice Address\)/);
    const middle = await hover('POST res.partner/search\n{"domain": [["country_id.curr‸ency_id.symbol", "=", "€"]]}');
    assert.equal(middle?.text, 'currency_id');
    assert.match(middle?.contents ?? '', /`res.country.currency_id`[\s\S]*`many2one` → `res.currency`/);
    const last = await hover('POST res.partner/search\n{"domain": [["country_id.code", "=", "BE"]]}'.replace('code', 'co‸de'));
    assert.match(last?.contents ?? '', /The ISO country code/);
    assert.match((await hover('POST res.partner/search\n{"domain": [["name", "il‸ike", "a"]]}'))?.contents ?? '', /ignoring case/);
    assert.match((await hover('POST res.partner/search\n{"order": "name, create‸_date desc"}'))?.contents ?? '', /Created on/);
    assert.match((await hover('POST res.partner/search\n{"domain": [], "context": {"active‸_test": false}}'))?.contents ?? '', /archived/);
  });

  test('nothing on plain values', async () => {
    assert.equal(await hover('POST res.partner/search\n{"domain": [["name", "=", "Az‸ure"]]}'), undefined);
  });
});

describe('signature help', () => {
  test("the method's arguments with the one at the cursor highlighted", async () => {
    const { text, offset } = cursorIn('POST res.partner/search_read\n{"domain": [], "fields": [‸]}');
    const answer = await signatureAt(parseRequestFile(text), offset, recordedSource().source);
    assert.equal(answer?.label, 'search_read(domain=null, fields=null, offset=0, limit=null, order=null) → records');
    assert.equal(answer?.activeParameter, 1);
    const active = answer!.parameters[answer!.activeParameter];
    assert.equal(answer?.label.slice(active.start, active.end), 'fields=null');
  });

  test('no argument at the cursor: none highlighted; outside a body: nothing', async () => {
    const start = cursorIn('POST res.partner/write\n{‸}');
    assert.equal((await signatureAt(parseRequestFile(start.text), start.offset, recordedSource().source))?.activeParameter, -1);
    const line = cursorIn('POST res.part‸ner/write\n{}');
    assert.equal(await signatureAt(parseRequestFile(line.text), line.offset, recordedSource().source), undefined);
  });
});
