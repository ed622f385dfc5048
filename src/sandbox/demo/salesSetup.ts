// Creates the sales data of a new database (salesRecords.ts): the reference data every database has, and the demo
// catalog and orders. Orders are created the way a client would (lines by commands), then moved to their state.
import type { Environment } from '../orm/environment';
import { createRecords, writeRecords } from '../orm/recordWrite';
import { addExternalId, externalIds } from './externalIds';
import { CATEGORIES, DEFAULT_SALE_TAX, EURO_SALE_TAX, ORDERS, PRODUCTS, TAXES, UNITS } from './salesRecords';

async function createNamed(env: Environment, model: string, xmlId: string, values: Record<string, unknown>): Promise<number> {
  const [id] = await createRecords(env, env.model(model), [values]);
  await addExternalId(env, xmlId, model, id);
  return id;
}

/** Units, the "All" category, the sales order sequence and the taxes; every company in dollars with the 15% sales tax. */
export async function createSalesReferenceData(env: Environment): Promise<void> {
  const units = new Map<string, number>();
  for (const [xmlId, name, factor, reference] of UNITS) {
    units.set(
      xmlId,
      await createNamed(env, 'uom.uom', xmlId, {
        name,
        relative_factor: factor,
        relative_uom_id: reference ? units.get(reference) : false,
      }),
    );
  }
  const [all] = CATEGORIES;
  await createNamed(env, 'product.category', all[0], { name: all[1] });
  await createNamed(env, 'ir.sequence', 'sale.seq_sale_order', {
    name: 'Sales Order',
    code: 'sale.order',
    prefix: 'S',
    padding: 5,
    company_id: false,
  });
  const taxes = new Map<string, number>();
  for (const [xmlId, name, use, amount, label] of TAXES) {
    taxes.set(
      xmlId,
      await createNamed(env, 'account.tax', xmlId, {
        name,
        type_tax_use: use,
        amount_type: 'percent',
        amount,
        invoice_label: label,
        company_id: env.user.companyId,
      }),
    );
  }
  await env.cr.query("UPDATE res_company SET currency_id = (SELECT id FROM res_currency WHERE name = 'USD'), account_sale_tax_id = $1", [
    taxes.get(DEFAULT_SALE_TAX),
  ]);
}

async function createCatalog(env: Environment): Promise<Map<string, number>> {
  const categories = await externalIds(env, 'product.category');
  for (const [xmlId, name, parent] of CATEGORIES.slice(1)) {
    categories.set(xmlId, await createNamed(env, 'product.category', xmlId, { name, parent_id: parent ? categories.get(parent) : false }));
  }
  const units = await externalIds(env, 'uom.uom');
  const variants = new Map<string, number>();
  for (const product of PRODUCTS) {
    const [template] = await createRecords(env, env.model('product.template'), [
      {
        name: product.name,
        default_code: product.code,
        type: product.type,
        categ_id: categories.get(product.category),
        list_price: product.price,
        standard_price: product.cost,
        uom_id: units.get(product.unit),
        barcode: product.barcode ?? false,
        description_sale: product.description ?? false,
        sale_ok: product.saleOk ?? true,
        active: product.active ?? true,
      },
    ]);
    const variant = await env.cr.query<{ id: number }>('SELECT id FROM product_product WHERE product_tmpl_id = $1', [template]);
    variants.set(product.code, Number(variant.rows[0].id));
  }
  return variants;
}

/** The demo orders, created by admin or Marc Demo as a client would, then confirmed, sent or cancelled. */
async function createOrders(env: Environment, variants: ReadonlyMap<string, number>): Promise<void> {
  const taxes = await externalIds(env, 'account.tax');
  const users = new Map(
    (await env.cr.query<{ login: string; id: number }>("SELECT login, id FROM res_users WHERE login IN ('admin', 'demo')")).rows.map(
      (row) => [row.login, Number(row.id)],
    ),
  );
  const currencies = new Map(
    (await env.cr.query<{ name: string; id: number }>("SELECT name, id FROM res_currency WHERE name IN ('USD', 'EUR')")).rows.map((row) => [
      row.name,
      Number(row.id),
    ]),
  );
  const partners = new Map(
    (
      await env.cr.query<{ name: string; id: number }>(
        'SELECT name, id FROM res_partner WHERE is_company AND parent_id IS NULL ORDER BY id',
      )
    ).rows.map((row) => [row.name, Number(row.id)]),
  );
  for (const order of ORDERS) {
    const euroTaxes = order.currency === 'EUR' ? { tax_ids: [[6, 0, [taxes.get(EURO_SALE_TAX)]]] } : {};
    const lines = order.lines.map((line, index) =>
      'section' in line
        ? [0, 0, { display_type: 'line_section', name: line.section, sequence: index + 1 }]
        : [
            0,
            0,
            { product_id: variants.get(line[0]), product_uom_qty: line[1], discount: line[2] ?? 0, sequence: index + 1, ...euroTaxes },
          ],
    );
    const [id] = await createRecords(env, env.model('sale.order'), [
      {
        partner_id: partners.get(order.customer),
        date_order: order.date,
        currency_id: currencies.get(order.currency),
        user_id: order.salesperson ? users.get(order.salesperson) : false,
        client_order_ref: order.reference ?? false,
        order_line: lines,
      },
    ]);
    if (order.state !== 'draft') await writeRecords(env, env.model('sale.order'), [id], { state: order.state });
  }
}

/** The demo catalog (categories and products) and the demo orders. */
export async function createSalesDemoData(env: Environment): Promise<void> {
  await createOrders(env, await createCatalog(env));
}
