// sale.order.line: what an order sells. A product fills the description, unit, unit price and taxes that are not
// given; amounts are computed and stored (saleAmounts.ts); the reference's refusals on confirmed and locked orders.
import { userError } from '../../errors/serviceErrors';
import type { Environment } from '../../orm/environment';
import { fields } from '../../orm/fieldDefinition';
import type { ModelSpec } from '../../orm/modelDefinition';
import { ordersOfLines, recomputeOrders, refreshLines } from './saleAmounts';

const LINE_INVOICE_STATUS: Array<[string, string]> = [
  ['upselling', 'Upselling Opportunity'],
  ['invoiced', 'Fully Invoiced'],
  ['to invoice', 'To Invoice'],
  ['no', 'Nothing to Invoice'],
];
/** Fields a locked order's lines keep (the reference's `_get_protected_fields`). */
const PROTECTED_FIELDS = ['product_id', 'name', 'price_unit', 'product_uom_id', 'product_uom_qty', 'tax_ids', 'discount'];

interface ProductFacts {
  name: string;
  uom_id: number | null;
  list_price: number;
  taxes: number[];
}

/** What a line takes from its product: "[code] name" and the sales description, unit, price, taxes of the order's company. */
async function productFacts(env: Environment, productId: number, companyId: number | null): Promise<ProductFacts | null> {
  const found = await env.cr.query<{
    display: string;
    description: string | null;
    uom_id: number | null;
    list_price: number;
    taxes: number[] | null;
  }>(
    `
    SELECT CASE WHEN COALESCE(p.default_code, '') <> '' THEN '[' || p.default_code || '] ' ELSE '' END || COALESCE(p.name ->> 'en_US', '') AS display,
           p.description_sale ->> 'en_US' AS description, p.uom_id, p.list_price,
           ARRAY(SELECT r.tax_id FROM product_product_taxes_rel r JOIN account_tax t ON t.id = r.tax_id
                  WHERE r.product_id = p.id AND ($2::int IS NULL OR t.company_id = $2) ORDER BY t.sequence, t.id) AS taxes
      FROM product_product p WHERE p.id = $1`,
    [productId, companyId],
  );
  const row = found.rows[0];
  if (!row) return null;
  return {
    name: row.description ? `${row.display}\n${row.description}` : row.display,
    uom_id: row.uom_id,
    list_price: Number(row.list_price),
    taxes: (row.taxes ?? []).map(Number),
  };
}

/** The order's fields that a line keeps a copy of (the reference's related stored fields), set before the line is stored. */
async function orderCopies(env: Environment, orderId: unknown): Promise<Record<string, unknown>> {
  if (typeof orderId !== 'number') return {};
  const row = (
    await env.cr.query<Record<string, unknown>>(
      'SELECT company_id, currency_id, partner_id AS order_partner_id, user_id AS salesman_id, state FROM sale_order WHERE id = $1',
      [orderId],
    )
  ).rows[0];
  return row ? Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value ?? false])) : {};
}

/** Fills what the product gives and the caller did not (the reference's precomputed fields). */
async function fillFromProduct(env: Environment, values: Record<string, unknown>, companyId: number | null): Promise<void> {
  if (typeof values.product_id !== 'number') return;
  const facts = await productFacts(env, values.product_id, companyId);
  if (!facts) return;
  if (!('name' in values) || values.name === false) values.name = facts.name;
  if (!('product_uom_id' in values)) values.product_uom_id = facts.uom_id;
  if (!('price_unit' in values)) values.price_unit = facts.list_price;
  if (!('tax_ids' in values)) values.tax_ids = [[6, 0, facts.taxes]];
}

interface LineState {
  id: number;
  state: string | null;
  locked: boolean;
  display_type: string | null;
  is_downpayment: boolean;
  product_id: number | null;
}

async function lineStates(env: Environment, ids: readonly number[]): Promise<LineState[]> {
  return (
    await env.cr.query<LineState>(
      `SELECT l.id, o.state, COALESCE(o.locked, false) AS locked, l.display_type, COALESCE(l.is_downpayment, false) AS is_downpayment, l.product_id
    FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id WHERE l.id = ANY($1::int[])`,
      [[...ids]],
    )
  ).rows;
}

/** The reference's refusals of a change to lines: their type, their product once confirmed, protected fields when locked. */
async function refuseChange(env: Environment, lines: readonly LineState[], values: Record<string, unknown>): Promise<void> {
  if ('display_type' in values) {
    const wanted = values.display_type || null;
    if (lines.some((line) => line.display_type !== wanted && !(line.display_type === 'line_subsection' && wanted === 'line_section'))) {
      throw userError(
        'You cannot change the type of a sale order line. Instead you should delete the current line and create a new line of the proper type.',
      );
    }
  }
  const fixedProduct = (line: LineState) => line.is_downpayment || line.state === 'cancel' || (line.state === 'sale' && line.locked);
  if ('product_id' in values && lines.some((line) => line.product_id !== (values.product_id || null) && fixedProduct(line))) {
    throw userError('You cannot modify the product of this order line.');
  }
  const protectedNames = PROTECTED_FIELDS.filter(
    (name) => name in values && !(name === 'name' && lines.every((line) => line.is_downpayment)),
  );
  if (lines.some((line) => line.locked) && protectedNames.length > 0) {
    const labels = (
      await env.cr.query<{ label: string }>(
        "SELECT field_description AS label FROM ir_model_fields WHERE model = 'sale.order.line' AND name = ANY($1::text[]) ORDER BY id",
        [protectedNames],
      )
    ).rows;
    if (labels.length > 0)
      throw userError(`It is forbidden to modify the following fields in a locked order:\n${labels.map((row) => row.label).join('\n')}`);
  }
}

export const saleOrderLineModel: ModelSpec = {
  name: 'sale.order.line',
  description: 'Sales Order Line',
  order: 'order_id, sequence, id',
  displayNameSql: (alias) =>
    `(SELECT o.name FROM sale_order o WHERE o.id = ${alias}.order_id) || ' - ' || split_part(COALESCE(${alias}.name, ''), E'\\n', 1)`,
  fields: {
    order_id: fields.many2one('sale.order', 'Order Reference', { required: true, onDelete: 'cascade', copy: false }),
    sequence: fields.integer('Sequence', { default: 10 }),
    company_id: fields.many2one('res.company', 'Company', { readonly: true }),
    currency_id: fields.many2one('res.currency', 'Currency', { readonly: true }),
    order_partner_id: fields.many2one('res.partner', 'Customer', { readonly: true }),
    salesman_id: fields.many2one('res.users', 'Salesperson', { readonly: true }),
    state: fields.selection(
      'Order Status',
      [
        ['draft', 'Quotation'],
        ['sent', 'Quotation Sent'],
        ['sale', 'Sales Order'],
        ['cancel', 'Cancelled'],
      ],
      { readonly: true, copy: false },
    ),
    display_type: fields.selection(
      'Display Type',
      [
        ['line_section', 'Section'],
        ['line_subsection', 'Subsection'],
        ['line_note', 'Note'],
      ],
      { default: false },
    ),
    is_downpayment: fields.boolean('Is a down payment', {
      default: false,
      help: 'Down payments are made when creating invoices from a sales order. They are not copied when duplicating a sales order.',
    }),
    product_id: fields.many2one('product.product', 'Product', { onDelete: 'restrict' }),
    product_template_id: fields.many2one('product.template', 'Product Template', {
      store: false,
      computeSql: (alias) => `(SELECT p.product_tmpl_id FROM product_product p WHERE p.id = ${alias}.product_id)`,
    }),
    name: fields.text('Description', { required: true }),
    product_uom_qty: fields.float('Quantity', { required: true, default: 1 }),
    product_uom_id: fields.many2one('uom.uom', 'Unit', { onDelete: 'restrict' }),
    tax_ids: fields.many2many('account.tax', 'account_tax_sale_order_line_rel', 'sale_order_line_id', 'account_tax_id', 'Taxes'),
    price_unit: fields.float('Unit Price', { required: true }),
    discount: fields.float('Discount (%)'),
    price_subtotal: fields.monetary('Subtotal', { readonly: true }),
    price_tax: fields.float('Total Tax', { readonly: true }),
    price_total: fields.monetary('Total', { readonly: true }),
    price_reduce_taxexcl: fields.monetary('Price Reduce Tax excl', { readonly: true }),
    price_reduce_taxinc: fields.monetary('Price Reduce Tax incl', { readonly: true }),
    customer_lead: fields.float('Lead Time', {
      required: true,
      default: 0,
      help: 'Number of days between the order confirmation and the shipping of the products to the customer',
    }),
    qty_delivered: fields.float('Delivery Quantity', { copy: false }),
    qty_invoiced: fields.float('Invoiced Quantity', { readonly: true, copy: false }),
    qty_to_invoice: fields.float('Quantity To Invoice', { readonly: true, copy: false }),
    invoice_status: fields.selection('Invoice Status', LINE_INVOICE_STATUS, { readonly: true, copy: false, default: 'no' }),
  },
  constraints: [
    {
      name: 'accountable_required_fields',
      definition: 'CHECK (display_type IS NOT NULL OR is_downpayment OR (product_id IS NOT NULL AND product_uom_id IS NOT NULL))',
      message: 'Missing required fields on accountable sale order line.',
    },
    {
      name: 'non_accountable_null_fields',
      definition:
        'CHECK (display_type IS NULL OR (product_id IS NULL AND price_unit = 0 AND product_uom_qty = 0 AND product_uom_id IS NULL AND customer_lead = 0))',
      message: 'Forbidden values on non-accountable sale order line',
    },
  ],
  extraSchema: [
    'CREATE TABLE account_tax_sale_order_line_rel (sale_order_line_id integer NOT NULL REFERENCES sale_order_line (id) ON DELETE CASCADE, account_tax_id integer NOT NULL REFERENCES account_tax (id) ON DELETE CASCADE, PRIMARY KEY (sale_order_line_id, account_tax_id))',
  ],
  hooks: {
    async beforeCreate(env, values) {
      if (values.display_type) values.product_uom_qty = 0;
      const copies = await orderCopies(env, values.order_id);
      Object.assign(values, copies);
      await fillFromProduct(env, values, typeof copies.company_id === 'number' ? copies.company_id : null);
      if (!('price_unit' in values)) values.price_unit = 0;
    },
    afterCreate: (env, ids) => refreshLines(env, ids),
    async beforeWrite(env, ids, values) {
      const lines = await lineStates(env, ids);
      await refuseChange(env, lines, values);
      if (typeof values.product_id === 'number' && lines.some((line) => line.product_id !== values.product_id)) {
        const companies = await env.cr.query<{ company_id: number }>(
          'SELECT DISTINCT company_id FROM sale_order_line WHERE id = ANY($1::int[])',
          [[...ids]],
        );
        await fillFromProduct(env, values, companies.rows.length === 1 ? companies.rows[0].company_id : null);
      }
    },
    afterWrite: (env, ids) => refreshLines(env, ids),
    async beforeUnlink(env, ids) {
      const lines = await lineStates(env, ids);
      if (lines.some((line) => line.state === 'sale' && !line.is_downpayment && !line.display_type)) {
        throw userError(
          "Once a sales order is confirmed, you can't remove one of its lines (we need to track if something gets invoiced or delivered).\n                Set the quantity to 0 instead.",
        );
      }
      const orders = await ordersOfLines(env, ids);
      return () => recomputeOrders(env, orders);
    },
  },
};
