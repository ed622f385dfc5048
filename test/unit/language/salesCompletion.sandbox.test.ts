// Completion meets a realistic model: the sandbox's sale.order and its lines, as a person writes a request file for
// them (model names, fields through order_line.product_id, the state selection, a method of the model).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import { completeAt, ServiceSchemaSource } from '../../../src/core/language';
import { parseRequestFile } from '../../../src/core/requestFile';
import { SchemaService } from '../../../src/core/schema/schemaService';
import { MemorySchemaStorage } from '../../../src/core/schema/schemaStorage';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { cursorIn } from './recordedSchema';

describe("completion on the sandbox's sales models", () => {
  let sandbox: StartedSandbox;
  let client: Json2Client;
  let source: ServiceSchemaSource;

  before(async () => {
    sandbox = await startSandbox();
    client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.user, database: sandbox.database });
    const schema = new SchemaService({
      backend: client,
      connectionId: `sales\u0000${sandbox.url}`,
      database: sandbox.database,
      storage: new MemorySchemaStorage(),
    });
    source = new ServiceSchemaSource(schema, client);
  });
  after(async () => {
    await client?.close();
    await sandbox?.stop();
  });

  async function labels(marked: string): Promise<string[]> {
    const { text, offset } = cursorIn(marked);
    return (await completeAt(parseRequestFile(text), offset, source)).items.map((item) => item.label);
  }

  test('models, fields through the lines to the product, the states and the actions', async () => {
    const models = await labels('POST sale.o‸');
    assert.ok(models.includes('sale.order') && models.includes('sale.order.line'), models.join(', '));
    const orderFields = await labels('POST sale.order/search_read\n{"fields": ["‸"]}');
    for (const name of ['partner_id', 'order_line', 'amount_total', 'state', 'date_order']) assert.ok(orderFields.includes(name), name);
    const productFields = await labels('POST sale.order/search_read\n{"domain": [["order_line.product_id.‸", "=", 1]]}');
    for (const name of ['default_code', 'barcode', 'categ_id', 'lst_price']) assert.ok(productFields.includes(name), name);
    const states = await labels('POST sale.order/search_read\n{"domain": [["state", "=", "‸"]]}');
    assert.deepEqual([...states].sort(), ['cancel', 'draft', 'sale', 'sent']);
  });
});
