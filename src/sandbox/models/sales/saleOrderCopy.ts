// copy of sales orders: the order's copyable fields, then its lines (down payments left out), as the reference's
// copy_data of sale.order does; a new name comes from the sequence.
import type { Environment } from '../../orm/environment';
import type { Model } from '../../orm/modelDefinition';
import { readRecords } from '../../orm/recordRead';
import { createRecords } from '../../orm/recordWrite';
import { copyRecords } from '../../methods/recordMethods';
import { optional, type MethodDefinition } from '../../orm/methodDefinition';

const LINE_FIELDS = [
  'sequence',
  'display_type',
  'product_id',
  'name',
  'product_uom_qty',
  'product_uom_id',
  'price_unit',
  'discount',
  'customer_lead',
  'tax_ids',
];

async function copyOrders(env: Environment, model: Model, ids: readonly number[], defaults: unknown): Promise<number[]> {
  const copies = await copyRecords(env, model, ids, defaults);
  if (defaults !== null && typeof defaults === 'object' && 'order_line' in defaults) return copies;
  const lines = env.registry.require('sale.order.line');
  for (const [index, source] of ids.entries()) {
    const lineIds = (
      await env.cr.query<{ id: number }>(
        'SELECT id FROM sale_order_line WHERE order_id = $1 AND NOT COALESCE(is_downpayment, false) ORDER BY sequence, id',
        [source],
      )
    ).rows.map((row) => Number(row.id));
    const rows = await readRecords(env, lines, lineIds, LINE_FIELDS, null);
    if (rows.length === 0) continue;
    await createRecords(
      env,
      lines,
      rows.map(({ id: _id, tax_ids: taxes, ...values }) => ({ ...values, order_id: copies[index], tax_ids: [[6, 0, taxes]] })),
    );
  }
  return copies;
}

export const saleOrderCopy: MethodDefinition = {
  name: 'copy',
  level: 'records',
  parameters: [optional('default', null)],
  doc: 'Duplicates the orders as new quotations with their lines (down payments left out); returns the new ids.',
  run: ({ env, model, ids, args }) => copyOrders(env, model, ids, args.default),
};
