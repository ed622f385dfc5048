// sale.order: quotations and sales orders. A new order is named from the `sale.order` sequence (S00001), takes its
// invoice and delivery addresses, currency and salesperson when they are not given, and keeps its totals computed
// (saleAmounts.ts); the state changes are in saleOrderActions.ts.
import { userError } from '../../errors/serviceErrors';
import type { Environment } from '../../orm/environment';
import { fields } from '../../orm/fieldDefinition';
import { formatDate, formatDatetime } from '../../orm/fieldValues';
import type { ModelSpec } from '../../orm/modelDefinition';
import { GROUP_SALE_SALESMAN } from '../../orm/access/currentUser';
import { SALE_ORDER_ACTIONS } from './saleOrderActions';
import { saleOrderCopy } from './saleOrderCopy';
import { refreshOrders } from './saleAmounts';
import { nextByCode } from './sequenceModel';

export const SALE_ORDER_STATES: Array<[string, string]> = [
  ['draft', 'Quotation'],
  ['sent', 'Quotation Sent'],
  ['sale', 'Sales Order'],
  ['cancel', 'Cancelled'],
];
const INVOICE_STATUS: Array<[string, string]> = [
  ['upselling', 'Upselling Opportunity'],
  ['invoiced', 'Fully Invoiced'],
  ['to invoice', 'To Invoice'],
  ['no', 'Nothing to Invoice'],
];
const QUOTATION_VALIDITY_DAYS = 30;

/**
 * The address of `partner` for `type` (invoice or delivery), as the reference's address_get: the partner itself when
 * it has that type, else one of its contacts, else (for a person of a company) the company or one of its contacts, else
 * the partner.
 */
async function addressOf(env: Environment, partnerId: number, type: 'invoice' | 'delivery'): Promise<number> {
  const found = await env.cr.query<{ id: number }>(
    `
    SELECT c.id FROM res_partner p JOIN res_partner c ON c.id = p.id OR c.parent_id = p.id OR (NOT COALESCE(p.is_company, false) AND (c.id = p.parent_id OR c.parent_id = p.parent_id))
     WHERE p.id = $1 AND c.type = $2 AND c.active
     ORDER BY (c.id = p.id) DESC, (c.parent_id = p.id) DESC, (c.id = p.parent_id) DESC, c.id LIMIT 1`,
    [partnerId, type],
  );
  return found.rows[0]?.id ?? partnerId;
}

async function companyCurrency(env: Environment, companyId: unknown): Promise<number | null> {
  if (typeof companyId !== 'number') return null;
  return (
    (await env.cr.query<{ currency_id: number | null }>('SELECT currency_id FROM res_company WHERE id = $1', [companyId])).rows[0]
      ?.currency_id ?? null
  );
}

export const saleOrderModel: ModelSpec = {
  name: 'sale.order',
  description: 'Sales Order',
  order: 'date_order desc, id desc',
  fields: {
    name: fields.char('Order Reference', { required: true, copy: false, default: 'New' }),
    company_id: fields.many2one('res.company', 'Company', { required: true, onDelete: 'restrict', default: (source) => source.companyId }),
    partner_id: fields.many2one('res.partner', 'Customer', { required: true, onDelete: 'restrict' }),
    state: fields.selection('Status', SALE_ORDER_STATES, { readonly: true, copy: false, default: 'draft' }),
    locked: fields.boolean('Locked', { default: false, copy: false, help: 'Locked orders cannot be modified.' }),
    client_order_ref: fields.char('Customer Reference', { copy: false }),
    commitment_date: fields.datetime('Delivery Date', { copy: false, help: 'This is the delivery date promised to the customer.' }),
    date_order: fields.datetime('Order Date', {
      required: true,
      copy: false,
      default: (source) => formatDatetime(source.now),
      help: 'Creation date of draft/sent orders,\nConfirmation date of confirmed orders.',
    }),
    origin: fields.char('Source Document', { help: 'Reference of the document that generated this sales order request' }),
    reference: fields.char('Payment Ref.', { copy: false, help: 'The payment communication of this sale order.' }),
    validity_date: fields.date('Expiration', {
      copy: false,
      help: 'Validity of the order, after that you will not able to sign & pay the quotation.',
    }),
    note: fields.html('Terms and conditions'),
    partner_invoice_id: fields.many2one('res.partner', 'Invoice Address', { required: true, onDelete: 'restrict' }),
    partner_shipping_id: fields.many2one('res.partner', 'Delivery Address', { required: true, onDelete: 'restrict' }),
    currency_id: fields.many2one('res.currency', 'Currency', { onDelete: 'restrict' }),
    currency_rate: fields.float('Currency Rate', { default: 1 }),
    user_id: fields.many2one('res.users', 'Salesperson'),
    order_line: fields.one2many('sale.order.line', 'order_id', 'Order Lines'),
    amount_untaxed: fields.monetary('Untaxed Amount', { readonly: true }),
    amount_tax: fields.monetary('Taxes', { readonly: true }),
    amount_total: fields.monetary('Total', { readonly: true }),
    invoice_status: fields.selection('Invoice Status', INVOICE_STATUS, { readonly: true, copy: false, default: 'no' }),
    type_name: fields.char('Type Name', {
      store: false,
      readonly: true,
      computeSql: (alias) => `CASE WHEN ${alias}.state IN ('draft', 'sent', 'cancel') THEN 'Quotation' ELSE 'Sales Order' END`,
    }),
  },
  constraints: [
    {
      name: 'date_order_conditional_required',
      definition: "CHECK ((state = 'sale' AND date_order IS NOT NULL) OR state <> 'sale')",
      message: 'A confirmed sales order requires a confirmation date.',
    },
  ],
  methods: [...SALE_ORDER_ACTIONS, saleOrderCopy],
  hooks: {
    async beforeCreate(env, values) {
      if (!values.name || values.name === 'New')
        values.name =
          (await nextByCode(env.sudo(), 'sale.order', typeof values.date_order === 'string' ? values.date_order : undefined)) || 'New';
      if (typeof values.partner_id === 'number') {
        if (!values.partner_invoice_id) values.partner_invoice_id = await addressOf(env, values.partner_id, 'invoice');
        if (!values.partner_shipping_id) values.partner_shipping_id = await addressOf(env, values.partner_id, 'delivery');
      }
      if (!values.currency_id) values.currency_id = await companyCurrency(env, values.company_id);
      if (!('user_id' in values) && env.user.groups.has(GROUP_SALE_SALESMAN)) values.user_id = env.uid;
      if (!('validity_date' in values))
        values.validity_date = formatDate(new Date(env.now.getTime() + QUOTATION_VALIDITY_DAYS * 86_400_000));
    },
    async beforeWrite(env, _ids, values) {
      if (typeof values.partner_id === 'number') {
        if (!('partner_invoice_id' in values)) values.partner_invoice_id = await addressOf(env, values.partner_id, 'invoice');
        if (!('partner_shipping_id' in values)) values.partner_shipping_id = await addressOf(env, values.partner_id, 'delivery');
      }
    },
    async afterWrite(env, ids, values) {
      if (['state', 'currency_id', 'company_id', 'partner_id', 'user_id', 'order_line'].some((name) => name in values))
        await refreshOrders(env, ids);
    },
    async beforeUnlink(env, ids) {
      const kept = await env.cr.query("SELECT 1 FROM sale_order WHERE id = ANY($1::int[]) AND state NOT IN ('draft', 'cancel') LIMIT 1", [
        [...ids],
      ]);
      if (kept.rows.length > 0)
        throw userError('You can not delete a sent quotation or a confirmed sales order. You must first cancel it.');
    },
  },
};
