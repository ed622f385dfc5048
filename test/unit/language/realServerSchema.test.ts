// Completion and the explorer's listing on a real 19.0 server's schema (recorded in test/fixtures/real-server: 275
// models, 6,414 fields), with and without the documents, through the real SchemaService.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { filterModels, groupModels, sortedFields } from '../../../src/core/explorer/modelListing';
import { completeAt } from '../../../src/core/language';
import { parseRequestFile } from '../../../src/core/requestFile';
import { recordedDocuments, recordedFieldsGet, recordedRealSource } from '../../support/recordedRealServer';
import { cursorIn } from './recordedSchema';

async function complete(marked: string, source: ReturnType<typeof recordedRealSource>['source']) {
  const { text, offset } = cursorIn(marked);
  return completeAt(parseRequestFile(text), offset, source);
}

describe("a real 19.0 server's schema (275 models)", () => {
  test('the recording: 275 models, 6,414 fields, 13 model documents', () => {
    const fields = recordedFieldsGet();
    assert.equal(Object.keys(fields).length, 275);
    assert.equal(
      Object.values(fields).reduce((total, modelFields) => total + Object.keys(modelFields).length, 0),
      6414,
    );
    assert.equal(Object.keys(recordedDocuments()).length, 14, 'the index and 13 models');
  });

  for (const documents of [true, false]) {
    const how = documents ? 'from the documents' : 'without documents (ir.model and fields_get)';
    test(`model completion offers the 275 models, ${how}`, async () => {
      const { source, backend } = recordedRealSource({ documents });
      const answer = await complete('POST sale.or‸', source);
      assert.equal(answer.items.length, 275);
      const saleOrder = answer.items.find((item) => item.label === 'sale.order');
      assert.equal(saleOrder?.detail, 'Sales Order');
      // The first lookup of a connection asks both at once (the service's rule), one round trip either way.
      assert.deepEqual([...backend.requests].sort(), ['GET /doc-bearer/index.json', 'POST ir.model/search_read']);
    });

    test(`field completion: every field of a documented model and of one with no document, ${how}`, async () => {
      const { source, backend } = recordedRealSource({ documents });
      const documented = await complete('POST sale.order/search_read\n{"fields": ["‸"]}', source);
      assert.equal(documented.items.length, Object.keys(recordedFieldsGet()['sale.order']).length);
      assert.ok(documented.items.some((item) => item.label === 'amount_total'));
      const undocumented = await complete('POST account.account/search_read\n{"fields": ["‸"]}', source);
      assert.equal(undocumented.items.length, Object.keys(recordedFieldsGet()['account.account']).length);
      assert.ok(undocumented.items.some((item) => item.label === 'account_type'));
      if (documents) assert.ok(backend.requests.includes('GET /doc-bearer/account.account.json'), 'the document was asked for first');
      assert.ok(backend.requests.includes('POST account.account/fields_get'), 'then fields_get');
    });
  }

  test('a dotted path walks the relations of the recorded models', async () => {
    const { source } = recordedRealSource();
    const answer = await complete('POST sale.order/search_read\n{"domain": [["partner_id.country_id.‸"]]}', source);
    const labels = answer.items.map((item) => item.label);
    assert.ok(labels.includes('code') && labels.includes('currency_id'), labels.join(', '));
    assert.equal(answer.items.length, Object.keys(recordedFieldsGet()['res.country']).length);
  });

  test("the explorer's listing: 275 models in groups, the filter finding the sales order, fields sorted id first", async () => {
    const { service } = recordedRealSource();
    const models = await service.models();
    assert.equal(models.length, 275);
    const groups = groupModels(filterModels(models, ''));
    assert.equal(
      groups.reduce((total, group) => total + group.models.length, 0),
      275,
    );
    assert.ok(groups.some((group) => group.name === 'sale' && group.models.some((model) => model.model === 'sale.order.line')));
    assert.deepEqual(
      filterModels(models, 'sales order').map((model) => model.model),
      ['sale.order', 'sale.order.line'],
    );
    const fields = sortedFields(await service.fields('res.partner'));
    assert.equal(fields[0].name, 'id');
    assert.equal(fields.length, Object.keys(recordedFieldsGet()['res.partner']).length);
  });
});
