// product.template: what is sold (name, type, prices, category, unit, sales taxes). Creating one creates its single
// variant (product.product), as the reference does for a template without attributes; the variant keeps copies of the
// template's fields (see productVariantModel.ts), refreshed here whenever the template changes.
import type { Environment } from '../../orm/environment';
import { fields } from '../../orm/fieldDefinition';
import { translatedSql } from '../../orm/fieldSql';
import type { ModelSpec } from '../../orm/modelDefinition';
import { createRecords, writeRecords } from '../../orm/recordWrite';
import { quoteIdentifier } from '../../storage/sqlQuoting';

/** Template fields that a variant shows as its own (the reference's `_inherits`); written through to the template. */
export const INHERITED_FIELDS = [
  'name',
  'sequence',
  'description_sale',
  'type',
  'categ_id',
  'list_price',
  'standard_price',
  'sale_ok',
  'purchase_ok',
  'uom_id',
  'company_id',
  'taxes_id',
] as const;
const INHERITED_COLUMNS = INHERITED_FIELDS.filter((name) => name !== 'taxes_id');

export const PRODUCT_TYPES: Array<[string, string]> = [
  ['consu', 'Goods'],
  ['service', 'Service'],
  ['combo', 'Combo'],
];

/** Copies the template fields onto the variants of `templateIds` (columns, sales taxes, and `active` when asked). */
export async function refreshVariants(env: Environment, templateIds: readonly number[], withActive = false): Promise<void> {
  if (templateIds.length === 0) return;
  const columns = [...INHERITED_COLUMNS, ...(withActive ? ['active'] : [])]
    .map((name) => `${quoteIdentifier(name)} = t.${quoteIdentifier(name)}`)
    .join(', ');
  await env.cr.query(
    `UPDATE product_product p SET ${columns} FROM product_template t WHERE p.product_tmpl_id = t.id AND t.id = ANY($1::int[])`,
    [[...templateIds]],
  );
  await env.cr.query(
    'DELETE FROM product_product_taxes_rel r USING product_product p WHERE r.product_id = p.id AND p.product_tmpl_id = ANY($1::int[])',
    [[...templateIds]],
  );
  await env.cr.query(
    'INSERT INTO product_product_taxes_rel (product_id, tax_id) SELECT p.id, r.tax_id FROM product_product p JOIN product_taxes_rel r ON r.prod_id = p.product_tmpl_id WHERE p.product_tmpl_id = ANY($1::int[])',
    [[...templateIds]],
  );
}

/** "[code] name" (the name in the call's language), or the name alone without an internal reference. */
export function productDisplayName(alias: string): string {
  return `CASE WHEN COALESCE(${alias}.default_code, '') <> '' THEN '[' || ${alias}.default_code || '] ' ELSE '' END || COALESCE(${translatedSql(alias, 'name')}, '')`;
}

/** The unit a product gets when none is given: Units (`uom.product_uom_unit`). */
async function defaultUnit(env: Environment): Promise<number | null> {
  const found = await env.cr.query<{ res_id: number }>(
    "SELECT res_id FROM ir_model_data WHERE module = 'uom' AND name = 'product_uom_unit'",
  );
  return found.rows[0]?.res_id ?? null;
}

/** The sales taxes a new product gets: its company's (or the user's company's) default sale tax. */
async function defaultSaleTaxes(env: Environment, companyId: unknown): Promise<unknown> {
  const company = typeof companyId === 'number' ? companyId : env.user.companyId;
  const tax = (
    await env.cr.query<{ account_sale_tax_id: number | null }>('SELECT account_sale_tax_id FROM res_company WHERE id = $1', [company])
  ).rows[0]?.account_sale_tax_id;
  return tax ? [[6, 0, [tax]]] : false;
}

/** The single variant of each template that has exactly one (barcode and internal reference follow it). */
async function singleVariants(env: Environment, templateIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await env.cr.query<{ tmpl: number; id: number }>(
    'SELECT product_tmpl_id AS tmpl, min(id) AS id FROM product_product WHERE product_tmpl_id = ANY($1::int[]) GROUP BY product_tmpl_id HAVING count(*) = 1',
    [[...templateIds]],
  );
  return new Map(rows.rows.map((row) => [Number(row.tmpl), Number(row.id)]));
}

export const productTemplateModel: ModelSpec = {
  name: 'product.template',
  description: 'Product',
  order: 'is_favorite desc, name',
  displayNameSql: (alias) => productDisplayName(alias),
  fields: {
    name: fields.char('Name', { required: true, translate: true }),
    sequence: fields.integer('Sequence', { default: 1, help: 'Gives the sequence order when displaying a product list' }),
    description: fields.html('Description', { translate: true }),
    description_sale: fields.text('Sales Description', {
      translate: true,
      help: 'A description of the product for customers, copied to every sales order line',
    }),
    type: fields.selection('Product Type', PRODUCT_TYPES, {
      required: true,
      default: 'consu',
      help: 'Goods are tangible materials and merchandise you provide.\nA service is a non-material product you provide.',
    }),
    categ_id: fields.many2one('product.category', 'Product Category'),
    list_price: fields.float('Sales Price', { default: 1, help: 'Price at which the product is sold to customers.' }),
    standard_price: fields.float('Cost', {
      groups: 'base.group_user',
      help: 'Value of the product, used to compute margins on sale orders.',
    }),
    sale_ok: fields.boolean('Sales', { default: true }),
    purchase_ok: fields.boolean('Purchase', { default: true }),
    uom_id: fields.many2one('uom.uom', 'Unit', {
      required: true,
      onDelete: 'restrict',
      help: 'Default unit of measure used for all stock operations.',
    }),
    company_id: fields.many2one('res.company', 'Company'),
    taxes_id: fields.many2many('account.tax', 'product_taxes_rel', 'prod_id', 'tax_id', 'Sales Taxes', {
      help: 'Default taxes used when selling the product',
    }),
    active: fields.boolean('Active', { default: true, help: 'If unchecked, it will allow you to hide the product without removing it.' }),
    color: fields.integer('Color Index'),
    is_favorite: fields.boolean('Favorite', { default: false }),
    default_code: fields.char('Internal Reference'),
    barcode: fields.char('Barcode', {
      store: false,
      computeSql: (alias) => `(SELECT min(v.barcode) FROM product_product v WHERE v.product_tmpl_id = ${alias}.id HAVING count(*) = 1)`,
    }),
    product_variant_ids: fields.one2many('product.product', 'product_tmpl_id', 'Products'),
    product_variant_count: fields.integer('# Product Variants', {
      store: false,
      readonly: true,
      computeSql: (alias) => `(SELECT count(*)::int FROM product_product v WHERE v.product_tmpl_id = ${alias}.id AND v.active)`,
    }),
  },
  extraSchema: [
    'CREATE TABLE product_taxes_rel (prod_id integer NOT NULL REFERENCES product_template (id) ON DELETE CASCADE, tax_id integer NOT NULL REFERENCES account_tax (id) ON DELETE CASCADE, PRIMARY KEY (prod_id, tax_id))',
  ],
  hooks: {
    async beforeCreate(env, values) {
      if (!values.uom_id) values.uom_id = await defaultUnit(env);
      if (!('taxes_id' in values)) values.taxes_id = await defaultSaleTaxes(env, values.company_id);
    },
    async afterCreate(env, ids, created) {
      if (env.context.create_product_product === false) return;
      const variants = env.registry.require('product.product');
      for (const [index, id] of ids.entries()) {
        const { default_code: code, barcode, active } = created[index];
        await createRecords(env, variants, [
          { product_tmpl_id: id, active: active !== false, ...(code ? { default_code: code } : {}), ...(barcode ? { barcode } : {}) },
        ]);
      }
    },
    async afterWrite(env, ids, values) {
      if (INHERITED_FIELDS.some((name) => name in values) || 'active' in values) await refreshVariants(env, ids, 'active' in values);
      if ('barcode' in values || 'default_code' in values) {
        const single = await singleVariants(env, ids);
        const change = Object.fromEntries(['barcode', 'default_code'].filter((name) => name in values).map((name) => [name, values[name]]));
        if (single.size > 0)
          await writeRecords(
            env.withContext({ ...env.context, sandbox_from_template: true }),
            env.registry.require('product.product'),
            [...single.values()],
            change,
          );
      }
    },
  },
};
