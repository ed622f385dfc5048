// The stored computed fields of sales orders, recomputed in the call's transaction whenever what they depend on
// changes: the lines' copies of their order's fields, the lines' amounts and invoicing quantities, the orders' totals.
import type { Environment } from '../../orm/environment';
import { computeLineTaxes, type TaxRow } from './taxModel';

interface LineRow {
  id: number;
  price_unit: number;
  discount: number;
  qty: number;
  display: boolean;
  digits: number;
}

/** Copies the order's state, currency, company, customer and salesperson onto its lines (the reference's related fields). */
export async function syncLinesFromOrders(env: Environment, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await env.cr.query(
    `UPDATE sale_order_line l SET state = o.state, currency_id = o.currency_id, company_id = o.company_id,
      order_partner_id = o.partner_id, salesman_id = o.user_id
    FROM sale_order o WHERE l.order_id = o.id AND o.id = ANY($1::int[])`,
    [[...orderIds]],
  );
}

/** Recomputes price_subtotal, price_tax, price_total and the reduced prices of the lines (rounded to their currency). */
export async function recomputeLineAmounts(env: Environment, lineIds: readonly number[]): Promise<void> {
  if (lineIds.length === 0) return;
  const lines = (
    await env.cr.query<LineRow>(
      `SELECT l.id, l.price_unit, COALESCE(l.discount, 0) AS discount, l.product_uom_qty AS qty,
      l.display_type IS NOT NULL AS display, COALESCE(c.decimal_places, 2) AS digits
    FROM sale_order_line l LEFT JOIN res_currency c ON c.id = l.currency_id WHERE l.id = ANY($1::int[])`,
      [[...lineIds]],
    )
  ).rows;
  const taxRows = (
    await env.cr.query<TaxRow & { line: number }>(
      `SELECT r.sale_order_line_id AS line, t.id, t.amount_type, t.amount, t.price_include_override
    FROM account_tax_sale_order_line_rel r JOIN account_tax t ON t.id = r.account_tax_id WHERE r.sale_order_line_id = ANY($1::int[]) ORDER BY t.sequence, t.id`,
      [[...lineIds]],
    )
  ).rows;
  const ids: number[] = [];
  const subtotals: number[] = [];
  const taxes: number[] = [];
  for (const line of lines) {
    const amounts = line.display
      ? { subtotal: 0, tax: 0 }
      : computeLineTaxes(
          Number(line.price_unit) * (1 - Number(line.discount) / 100),
          Number(line.qty),
          taxRows.filter((tax) => Number(tax.line) === Number(line.id)),
          Number(line.digits),
        );
    ids.push(Number(line.id));
    subtotals.push(amounts.subtotal);
    taxes.push(amounts.tax);
  }
  await env.cr.query(
    `UPDATE sale_order_line l SET price_subtotal = v.subtotal, price_tax = v.tax, price_total = v.subtotal + v.tax,
      price_reduce_taxexcl = CASE WHEN l.product_uom_qty <> 0 THEN v.subtotal / l.product_uom_qty ELSE 0 END,
      price_reduce_taxinc = CASE WHEN l.product_uom_qty <> 0 THEN (v.subtotal + v.tax) / l.product_uom_qty ELSE 0 END
    FROM unnest($1::int[], $2::float8[], $3::float8[]) AS v(id, subtotal, tax) WHERE l.id = v.id`,
    [ids, subtotals, taxes],
  );
}

/**
 * The invoicing quantities of the lines (nothing is ever invoiced in the sandbox: a confirmed line has all its ordered
 * quantity to invoice), then each order's totals and invoice status.
 */
export async function recomputeOrders(env: Environment, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await env.cr.query(
    `UPDATE sale_order_line SET
      qty_to_invoice = CASE WHEN state = 'sale' AND display_type IS NULL THEN product_uom_qty - COALESCE(qty_invoiced, 0) ELSE 0 END,
      invoice_status = CASE WHEN state IS DISTINCT FROM 'sale' THEN 'no'
        WHEN display_type IS NULL AND product_uom_qty - COALESCE(qty_invoiced, 0) <> 0 THEN 'to invoice'
        WHEN COALESCE(qty_invoiced, 0) >= product_uom_qty THEN 'invoiced' ELSE 'no' END
    WHERE order_id = ANY($1::int[])`,
    [[...orderIds]],
  );
  await env.cr.query(
    `UPDATE sale_order o SET amount_untaxed = s.untaxed, amount_tax = s.tax, amount_total = s.untaxed + s.tax,
      invoice_status = CASE WHEN o.state <> 'sale' THEN 'no' WHEN s.to_invoice THEN 'to invoice' WHEN s.lines > 0 AND s.all_invoiced THEN 'invoiced' ELSE 'no' END
    FROM (SELECT o2.id, COALESCE(round(sum(l.price_subtotal)::numeric, max(COALESCE(c.decimal_places, 2))), 0)::float8 AS untaxed,
                 COALESCE(round(sum(l.price_tax)::numeric, max(COALESCE(c.decimal_places, 2))), 0)::float8 AS tax,
                 COALESCE(bool_or(l.invoice_status = 'to invoice'), false) AS to_invoice,
                 COALESCE(bool_and(l.invoice_status = 'invoiced'), false) AS all_invoiced,
                 count(l.id) FILTER (WHERE l.display_type IS NULL) AS lines
            FROM sale_order o2 LEFT JOIN sale_order_line l ON l.order_id = o2.id AND l.display_type IS NULL
            LEFT JOIN res_currency c ON c.id = o2.currency_id
           WHERE o2.id = ANY($1::int[]) GROUP BY o2.id) s
    WHERE o.id = s.id`,
    [[...orderIds]],
  );
}

/** The orders of `lineIds`. */
export async function ordersOfLines(env: Environment, lineIds: readonly number[]): Promise<number[]> {
  if (lineIds.length === 0) return [];
  return (
    await env.cr.query<{ order_id: number }>('SELECT DISTINCT order_id FROM sale_order_line WHERE id = ANY($1::int[])', [[...lineIds]])
  ).rows.map((row) => Number(row.order_id));
}

/** Everything that follows a change of lines: their copies of the order, their amounts, their orders' totals. */
export async function refreshLines(env: Environment, lineIds: readonly number[]): Promise<void> {
  const orders = await ordersOfLines(env, lineIds);
  await syncLinesFromOrders(env, orders);
  await recomputeLineAmounts(env, lineIds);
  await recomputeOrders(env, orders);
}

/** Everything that follows a change of orders: their lines' copies, their lines' amounts (currency), their totals. */
export async function refreshOrders(env: Environment, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await syncLinesFromOrders(env, orderIds);
  const lines = (
    await env.cr.query<{ id: number }>('SELECT id FROM sale_order_line WHERE order_id = ANY($1::int[])', [[...orderIds]])
  ).rows.map((row) => Number(row.id));
  await recomputeLineAmounts(env, lines);
  await recomputeOrders(env, orderIds);
}
