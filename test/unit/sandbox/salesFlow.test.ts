// The sales flow of the demo database over real HTTP, checked against the reference server's behaviour: products and
// their variants, orders created with their lines in one call, computed amounts, the S00001 sequence, confirm / cancel /
// back to quotation with their refusals, locked orders, and who may sell and who may configure taxes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { fails, ok } from '../../support/sandboxHttp';

let sandbox: StartedSandbox;
type Row = Record<string, unknown>;
let chair: number;
let azure: number;
let tax15: number;

before(async () => {
  sandbox = await startSandbox();
  [chair] = await ok<number[]>(sandbox, 'product.product', 'search', { domain: [['default_code', '=', 'FURN_0001']] });
  [azure] = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [['name', '=', 'Azure Interior']] });
  [tax15] = await ok<number[]>(sandbox, 'account.tax', 'search', {
    domain: [
      ['name', '=', '15%'],
      ['type_tax_use', '=', 'sale'],
    ],
  });
});
after(async () => {
  await sandbox?.stop();
});

const as = (who: 'admin' | 'user' | 'robot') => ({ key: sandbox.keys[who] });
const orders = (method: string, body: Row, who: 'admin' | 'user' | 'robot' = 'admin') =>
  ok<unknown>(sandbox, 'sale.order', method, body, as(who));
const round2 = (value: number) => Math.round(value * 100 + 1e-9) / 100;

/** The totals of an order computed here from its lines' prices, quantities, discounts and tax percentages. */
async function expectedTotals(orderId: number): Promise<{ untaxed: number; tax: number }> {
  const lines = await ok<Row[]>(sandbox, 'sale.order.line', 'search_read', {
    domain: [
      ['order_id', '=', orderId],
      ['display_type', '=', false],
    ],
    fields: ['price_unit', 'product_uom_qty', 'discount', 'tax_ids'],
  });
  let untaxed = 0;
  let tax = 0;
  for (const line of lines) {
    const base = (line.price_unit as number) * (line.product_uom_qty as number) * (1 - (line.discount as number) / 100);
    untaxed += round2(base);
    const taxes = await ok<Row[]>(sandbox, 'account.tax', 'read', { ids: line.tax_ids, fields: ['amount'] });
    for (const row of taxes) tax += round2((base * (row.amount as number)) / 100);
  }
  return { untaxed: round2(untaxed), tax: round2(tax) };
}

describe('demo sales data', () => {
  it('has two dozen orders in every state and two currencies, named from the sequence, with consistent totals', async () => {
    const all = (await orders('search_read', {
      domain: [],
      fields: ['name', 'state', 'currency_id', 'amount_untaxed', 'amount_tax', 'amount_total', 'user_id'],
      order: 'id',
    })) as Row[];
    assert.ok(all.length >= 24, `${all.length} orders`);
    assert.deepEqual([...new Set(all.map((order) => order.state))].sort(), ['cancel', 'draft', 'sale', 'sent']);
    assert.deepEqual([...new Set(all.map((order) => (order.currency_id as [number, string])[1]))].sort(), ['EUR', 'USD']);
    assert.deepEqual(
      all.slice(0, 3).map((order) => order.name),
      ['S00001', 'S00002', 'S00003'],
    );
    for (const order of all.slice(0, 8)) {
      const expected = await expectedTotals(order.id as number);
      assert.equal(order.amount_untaxed, expected.untaxed, String(order.name));
      assert.equal(order.amount_tax, expected.tax, String(order.name));
      assert.equal(order.amount_total, round2(expected.untaxed + expected.tax), String(order.name));
    }
  });

  it('has products with variants, categories by path, units and taxes', async () => {
    const [variant] = await ok<Row[]>(sandbox, 'product.product', 'read', {
      ids: [chair],
      fields: ['display_name', 'lst_price', 'product_tmpl_id', 'categ_id', 'uom_id', 'taxes_id', 'barcode', 'type', 'sale_ok'],
    });
    assert.equal(variant.display_name, '[FURN_0001] Office Chair');
    assert.equal(variant.lst_price, 70);
    assert.deepEqual((variant.categ_id as unknown[])[1], 'All / Saleable / Office Furniture');
    assert.deepEqual((variant.uom_id as unknown[])[1], 'Units');
    assert.deepEqual(variant.taxes_id, [tax15]);
    assert.deepEqual([variant.type, variant.sale_ok], ['consu', true]);
    const [dozen] = await ok<Row[]>(sandbox, 'uom.uom', 'search_read', {
      domain: [['name', '=', 'Dozens']],
      fields: ['factor', 'relative_uom_id'],
    });
    assert.equal(dozen.factor, 12);
    const fields = await ok<Record<string, Row>>(sandbox, 'sale.order', 'fields_get', {
      attributes: ['type', 'required', 'selection', 'readonly'],
    });
    assert.deepEqual(fields.state.selection, [
      ['draft', 'Quotation'],
      ['sent', 'Quotation Sent'],
      ['sale', 'Sales Order'],
      ['cancel', 'Cancelled'],
    ]);
    assert.deepEqual([fields.partner_id.required, fields.amount_total.type, fields.amount_total.readonly], [true, 'monetary', true]);
  });
});

describe('an order created with its lines in one call', () => {
  it('gets the next reference, the addresses, currency, salesperson, product prices and taxes, and computed amounts', async () => {
    const [id] = (await orders(
      'create',
      {
        vals_list: [
          {
            partner_id: azure,
            order_line: [
              [0, 0, { product_id: chair, product_uom_qty: 2 }],
              [0, 0, { product_id: chair, product_uom_qty: 1, discount: 10 }],
            ],
          },
        ],
      },
      'user',
    )) as number[];
    const [order] = (await orders(
      'read',
      {
        ids: [id],
        fields: [
          'name',
          'state',
          'partner_invoice_id',
          'partner_shipping_id',
          'currency_id',
          'user_id',
          'amount_untaxed',
          'amount_tax',
          'amount_total',
          'order_line',
        ],
      },
      'user',
    )) as Row[];
    assert.match(order.name as string, /^S\d{5}$/);
    assert.equal(order.state, 'draft');
    const invoiceContacts = await ok<number[]>(sandbox, 'res.partner', 'search', {
      domain: [
        ['parent_id', '=', azure],
        ['type', '=', 'invoice'],
      ],
      order: 'id',
    });
    assert.equal(
      (order.partner_invoice_id as unknown[])[0],
      invoiceContacts[0] ?? azure,
      "the customer's invoice address, as address_get finds it",
    );
    assert.equal(
      (order.partner_shipping_id as unknown[])[0],
      (
        await ok<number[]>(sandbox, 'res.partner', 'search', {
          domain: [
            ['parent_id', '=', azure],
            ['type', '=', 'delivery'],
          ],
          order: 'id',
        })
      )[0] ?? azure,
    );
    assert.equal((order.currency_id as unknown[])[1], 'USD');
    assert.equal((order.user_id as unknown[])[0], sandbox.users.user.id);
    assert.deepEqual([order.amount_untaxed, order.amount_tax, order.amount_total], [203, 30.45, 233.45]);
    const lines = await ok<Row[]>(
      sandbox,
      'sale.order.line',
      'read',
      { ids: order.order_line, fields: ['name', 'price_unit', 'tax_ids', 'price_subtotal', 'price_tax', 'price_total', 'state'] },
      as('user'),
    );
    assert.deepEqual(
      lines.map((line) => [line.price_subtotal, line.price_tax, line.price_total]),
      [
        [140, 21, 161],
        [63, 9.45, 72.45],
      ],
    );
    assert.ok(
      lines.every(
        (line) =>
          String(line.name).startsWith('[FURN_0001] Office Chair') && line.price_unit === 70 && (line.tax_ids as number[])[0] === tax15,
      ),
    );
  });

  it('recomputes the totals when lines change, are added or removed, and reads them with web_read', async () => {
    const [id] = (await orders('create', {
      vals_list: { partner_id: azure, order_line: [[0, 0, { product_id: chair, product_uom_qty: 1 }]] },
    })) as number[];
    const [line] = ((await orders('read', { ids: [id], fields: ['order_line'] })) as Row[])[0].order_line as number[];
    await orders('write', {
      ids: [id],
      vals: {
        order_line: [
          [1, line, { product_uom_qty: 3, price_unit: 100 }],
          [0, 0, { product_id: chair, product_uom_qty: 1, tax_ids: [[6, 0, []]] }],
        ],
      },
    });
    let [order] = (await orders('web_read', {
      ids: [id],
      specification: {
        amount_untaxed: {},
        amount_total: {},
        order_line: { fields: { price_subtotal: {}, product_id: { fields: { display_name: {} } } } },
      },
    })) as Row[];
    assert.deepEqual([order.amount_untaxed, order.amount_total], [370, 415]);
    assert.deepEqual(
      (order.order_line as Row[]).map((row) => row.price_subtotal),
      [300, 70],
    );
    assert.deepEqual(((order.order_line as Row[])[0].product_id as Row).display_name, '[FURN_0001] Office Chair');
    await orders('write', { ids: [id], vals: { order_line: [[2, line]] } });
    [order] = (await orders('read', { ids: [id], fields: ['amount_total'] })) as Row[];
    assert.equal(order.amount_total, 70);
  });

  it('copies an order as a new quotation with its lines', async () => {
    const [first] = (await orders('search', { domain: [['name', '=', 'S00001']] })) as number[];
    const [copy] = (await orders('copy', { ids: [first] })) as number[];
    const [source, copied] = (await orders('read', {
      ids: [first, copy],
      fields: ['name', 'state', 'amount_total', 'order_line', 'partner_id'],
    })) as Row[];
    assert.notEqual(copied.name, source.name);
    assert.match(copied.name as string, /^S\d{5}$/);
    assert.deepEqual(
      [copied.state, copied.amount_total, (copied.order_line as number[]).length, copied.partner_id],
      ['draft', source.amount_total, (source.order_line as number[]).length, source.partner_id],
    );
  });

  it("refuses a line without a product (the reference's accountable-line constraint), and nothing is created", async () => {
    const before = await orders('search_count', { domain: [] });
    const error = await fails(sandbox, 422, 'sale.order', 'create', {
      vals_list: [{ partner_id: azure, order_line: [[0, 0, { name: 'Free text', price_unit: 5 }]] }],
    });
    assert.deepEqual(
      [error.name, error.message],
      ['odoo.exceptions.ValidationError', 'The operation cannot be completed: Missing required fields on accountable sale order line.'],
    );
    assert.equal(await orders('search_count', { domain: [] }), before);
    const missing = await fails(sandbox, 422, 'sale.order', 'create', { vals_list: [{ order_line: [] }] });
    assert.match(missing.message, /Field: Customer \(partner_id\)/);
  });
});

describe('confirming, cancelling and going back to quotation', () => {
  async function newQuotation(who: 'admin' | 'user' = 'admin'): Promise<number> {
    const [id] = (await orders(
      'create',
      { vals_list: [{ partner_id: azure, order_line: [[0, 0, { product_id: chair, product_uom_qty: 1 }]] }] },
      who,
    )) as number[];
    return id;
  }
  const stateOf = async (id: number) => ((await orders('read', { ids: [id], fields: ['state'] })) as Row[])[0].state;

  it("confirms a quotation once; a confirmed order's lines can no longer be removed, and it cannot be deleted", async () => {
    const id = await newQuotation('user');
    assert.equal(await orders('action_confirm', { ids: [id] }, 'user'), true);
    const [order] = (await orders('read', { ids: [id], fields: ['state', 'invoice_status', 'order_line'] }, 'user')) as Row[];
    assert.deepEqual([order.state, order.invoice_status], ['sale', 'to invoice']);
    const [line] = await ok<Row[]>(sandbox, 'sale.order.line', 'read', { ids: order.order_line, fields: ['state', 'qty_to_invoice'] });
    assert.deepEqual([line.state, line.qty_to_invoice], ['sale', 1]);
    const again = await fails(sandbox, 422, 'sale.order', 'action_confirm', { ids: [id] });
    assert.deepEqual([again.name, again.message], ['odoo.exceptions.UserError', 'Some orders are not in a state requiring confirmation.']);
    const removeLine = await fails(sandbox, 422, 'sale.order', 'write', {
      ids: [id],
      vals: { order_line: [[2, (order.order_line as number[])[0]]] },
    });
    assert.match(removeLine.message, /^Once a sales order is confirmed, you can't remove one of its lines/);
    const remove = await fails(sandbox, 422, 'sale.order', 'unlink', { ids: [id] });
    assert.equal(remove.message, 'You can not delete a sent quotation or a confirmed sales order. You must first cancel it.');
    assert.equal((await fails(sandbox, 403, 'sale.order', 'unlink', { ids: [id] }, as('user'))).name, 'odoo.exceptions.AccessError');
  });

  it("cancels through the wizard's action unless disable_cancel_warning; refuses a locked order; goes back to quotation", async () => {
    const id = await newQuotation();
    await orders('action_confirm', { ids: [id] });
    const wizard = (await orders('action_cancel', { ids: [id] })) as Row;
    assert.deepEqual([wizard.type, wizard.res_model, wizard.target], ['ir.actions.act_window', 'sale.order.cancel', 'new']);
    assert.equal(await stateOf(id), 'sale', 'the wizard action cancels nothing');
    await orders('action_lock', { ids: [id] });
    const locked = await fails(sandbox, 422, 'sale.order', 'action_cancel', { ids: [id], context: { disable_cancel_warning: true } });
    assert.equal(locked.message, 'You cannot cancel a locked order. Please unlock it first.');
    const [line] = ((await orders('read', { ids: [id], fields: ['order_line'] })) as Row[])[0].order_line as number[];
    const protectedField = await fails(sandbox, 422, 'sale.order.line', 'write', { ids: [line], vals: { price_unit: 1 } });
    assert.equal(protectedField.message, 'It is forbidden to modify the following fields in a locked order:\nUnit Price');
    await orders('action_unlock', { ids: [id] });
    assert.equal(await orders('action_cancel', { ids: [id], context: { disable_cancel_warning: true } }), true);
    assert.equal(await stateOf(id), 'cancel');
    assert.equal(await orders('action_draft', { ids: [id] }), true);
    assert.equal(await stateOf(id), 'draft');
    const draft = await newQuotation();
    assert.equal(await orders('action_cancel', { ids: [draft] }), true, 'a draft is cancelled without the wizard');
    assert.equal(await stateOf(draft), 'cancel');
  });
});

describe('who may sell and who may configure', () => {
  it('Marc Demo sells (his orders and unassigned ones) and reads taxes, but cannot configure taxes or products', async () => {
    const everything = (await orders('search_count', { domain: [] })) as number;
    const his = (await orders('search_count', { domain: [] }, 'user')) as number;
    const visible = (await orders('search_count', {
      domain: ['|', ['user_id', '=', sandbox.users.user.id], ['user_id', '=', false]],
    })) as number;
    assert.equal(his, visible);
    assert.ok(his < everything);
    assert.ok((await ok<number[]>(sandbox, 'account.tax', 'search', { domain: [] }, as('user'))).length >= 4);
    const tax = await fails(sandbox, 403, 'account.tax', 'create', { vals_list: [{ name: 'Sneaky 1%', amount: 1 }] }, as('user'));
    assert.match(
      tax.message,
      /^You are not allowed to create 'Tax' \(account\.tax\) records\.\n\nThis operation is allowed for the following groups:\n\t- Accounting\/Administrator/,
    );
    assert.equal(
      (await fails(sandbox, 403, 'account.tax', 'write', { ids: [tax15], vals: { amount: 16 } }, as('user'))).name,
      'odoo.exceptions.AccessError',
    );
    assert.equal(
      (await fails(sandbox, 403, 'product.template', 'create', { vals_list: [{ name: 'Mine' }] }, as('user'))).name,
      'odoo.exceptions.AccessError',
    );
    assert.equal((await fails(sandbox, 403, 'sale.order', 'search', { domain: [] }, as('robot'))).name, 'odoo.exceptions.AccessError');
  });
});

describe('products and variants', () => {
  it('a template gets a variant; a variant created alone gets a template; changes follow; barcodes are unique', async () => {
    const [template] = await ok<number[]>(sandbox, 'product.template', 'create', {
      vals_list: [{ name: 'Standing Desk', list_price: 500, default_code: 'FURN_9001', barcode: '5400000009999' }],
    });
    const [variant] = await ok<Row[]>(sandbox, 'product.product', 'search_read', {
      domain: [['product_tmpl_id', '=', template]],
      fields: ['name', 'lst_price', 'default_code', 'barcode', 'taxes_id'],
    });
    assert.deepEqual(
      [variant.name, variant.lst_price, variant.default_code, variant.barcode, variant.taxes_id],
      ['Standing Desk', 500, 'FURN_9001', '5400000009999', [tax15]],
    );
    await ok(sandbox, 'product.template', 'write', { ids: [template], vals: { list_price: 520, name: 'Standing Desk XL' } });
    const [changed] = await ok<Row[]>(sandbox, 'product.product', 'read', {
      ids: [variant.id],
      fields: ['name', 'lst_price', 'display_name'],
    });
    assert.deepEqual([changed.name, changed.lst_price, changed.display_name], ['Standing Desk XL', 520, '[FURN_9001] Standing Desk XL']);
    const [alone] = await ok<number[]>(sandbox, 'product.product', 'create', {
      vals_list: [{ name: 'Monitor Arm', list_price: 80, type: 'consu' }],
    });
    const [aloneRow] = await ok<Row[]>(sandbox, 'product.product', 'read', { ids: [alone], fields: ['product_tmpl_id', 'name'] });
    const [aloneTemplate] = await ok<Row[]>(sandbox, 'product.template', 'read', {
      ids: [(aloneRow.product_tmpl_id as number[])[0]],
      fields: ['name', 'list_price', 'product_variant_ids'],
    });
    assert.deepEqual([aloneTemplate.name, aloneTemplate.list_price, aloneTemplate.product_variant_ids], ['Monitor Arm', 80, [alone]]);
    const clash = await fails(sandbox, 422, 'product.product', 'write', { ids: [alone], vals: { barcode: '5400000009999' } });
    assert.equal(clash.name, 'odoo.exceptions.ValidationError');
    assert.match(clash.message, /^Barcode\(s\) already assigned:\n\n- Barcode "5400000009999" already assigned to product\(s\): /);
  });

  it('next_by_code gives the next sales order reference to a user who may read sequences', async () => {
    const next = await ok<string>(sandbox, 'ir.sequence', 'next_by_code', { sequence_code: 'sale.order' }, as('user'));
    assert.match(next, /^S\d{5}$/);
    assert.equal(await ok(sandbox, 'ir.sequence', 'next_by_code', { sequence_code: 'no.such.code' }, as('user')), false);
  });
});
