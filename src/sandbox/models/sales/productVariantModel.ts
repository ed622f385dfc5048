// product.product: the variant that sales lines sell. It shows its template's fields as its own (the reference's
// `_inherits`): values of those fields given to a variant are written to the template (creating it when the variant
// comes without one), and the variant keeps copies that productTemplateModel.ts refreshes, so that reads, searches,
// orders and groupings of them work like any stored field.
import { validationError } from '../../errors/serviceErrors';
import type { Environment } from '../../orm/environment';
import { fields } from '../../orm/fieldDefinition';
import type { ModelSpec } from '../../orm/modelDefinition';
import { createRecords, unlinkRecords, writeRecords } from '../../orm/recordWrite';
import { INHERITED_FIELDS, PRODUCT_TYPES, productDisplayName, productTemplateModel, refreshVariants } from './productTemplateModel';

/** Takes the template's fields out of `values` (`lst_price` is the template's `list_price`). */
function takeTemplateValues(values: Record<string, unknown>): Record<string, unknown> {
  const taken: Record<string, unknown> = {};
  for (const name of INHERITED_FIELDS) {
    if (!(name in values)) continue;
    taken[name] = values[name];
    delete values[name];
  }
  if ('lst_price' in values) {
    taken.list_price = values.lst_price;
    delete values.lst_price;
  }
  return taken;
}

async function templatesOf(env: Environment, ids: readonly number[]): Promise<number[]> {
  const rows = await env.cr.query<{ tmpl: number }>(
    'SELECT DISTINCT product_tmpl_id AS tmpl FROM product_product WHERE id = ANY($1::int[])',
    [[...ids]],
  );
  return rows.rows.map((row) => Number(row.tmpl));
}

/** The template's internal reference follows its variant when it has a single one. */
async function referenceToTemplates(env: Environment, templateIds: readonly number[]): Promise<void> {
  await env.cr.query(
    `UPDATE product_template t SET default_code = v.default_code FROM product_product v
    WHERE v.product_tmpl_id = t.id AND t.id = ANY($1::int[]) AND (SELECT count(*) FROM product_product o WHERE o.product_tmpl_id = t.id) = 1`,
    [[...templateIds]],
  );
}

/** The reference's refusal of a barcode that another product already has. */
async function checkBarcodes(env: Environment, ids: readonly number[]): Promise<void> {
  const clashes = await env.cr.query<{ barcode: string; names: string[] }>(
    `
    SELECT p.barcode, array_agg(${productDisplayName('t')} ORDER BY o.id) AS names
      FROM product_product p JOIN product_product o ON o.barcode = p.barcode JOIN product_template t ON t.id = o.product_tmpl_id
     WHERE p.id = ANY($1::int[]) AND p.barcode IS NOT NULL AND p.barcode <> ''
     GROUP BY p.id, p.barcode HAVING count(*) > 1`,
    [[...ids]],
  );
  if (clashes.rows.length === 0) return;
  const lines = clashes.rows.map((row) => `- Barcode "${row.barcode}" already assigned to product(s): ${row.names.join(', ')}`);
  throw validationError(`Barcode(s) already assigned:\n\n${[...new Set(lines)].join('\n')}`);
}

const template = productTemplateModel.fields;
const copy = <T extends object>(field: T, extra: object = {}) => ({ ...field, default: undefined, ...extra });

export const productVariantModel: ModelSpec = {
  name: 'product.product',
  description: 'Product Variant',
  order: 'default_code, name, id',
  displayNameSql: (alias) => productDisplayName(alias),
  fields: {
    product_tmpl_id: fields.many2one('product.template', 'Product Template', { required: true, onDelete: 'cascade' }),
    default_code: fields.char('Internal Reference'),
    barcode: fields.char('Barcode', { copy: false, help: 'International Article Number used for product identification.' }),
    active: fields.boolean('Active', { default: true, help: 'If unchecked, it will allow you to hide the product without removing it.' }),
    name: copy(template.name),
    sequence: copy(template.sequence),
    description_sale: copy(template.description_sale),
    type: fields.selection('Product Type', PRODUCT_TYPES, { required: true }),
    categ_id: copy(template.categ_id),
    list_price: copy(template.list_price),
    lst_price: fields.float('Sales Price', {
      store: false,
      computeSql: (alias) => `${alias}.list_price`,
      help: 'The sale price is managed from the product template.',
    }),
    standard_price: copy(template.standard_price),
    sale_ok: copy(template.sale_ok),
    purchase_ok: copy(template.purchase_ok),
    uom_id: copy(template.uom_id),
    company_id: copy(template.company_id),
    taxes_id: fields.many2many('account.tax', 'product_product_taxes_rel', 'product_id', 'tax_id', 'Sales Taxes', {
      help: "The sales taxes of the product's template",
    }),
    code: fields.char('Reference', { store: false, readonly: true, computeSql: (alias) => `${alias}.default_code` }),
  },
  extraSchema: [
    'CREATE TABLE product_product_taxes_rel (product_id integer NOT NULL REFERENCES product_product (id) ON DELETE CASCADE, tax_id integer NOT NULL REFERENCES account_tax (id) ON DELETE CASCADE, PRIMARY KEY (product_id, tax_id))',
  ],
  hooks: {
    async beforeCreate(env, values) {
      const given = takeTemplateValues(values);
      const templates = env.registry.require('product.template');
      if (!values.product_tmpl_id) {
        [values.product_tmpl_id] = await createRecords(env.withContext({ ...env.context, create_product_product: false }), templates, [
          given,
        ]);
      } else if (Object.keys(given).length > 0) {
        await writeRecords(env, templates, [values.product_tmpl_id as number], given);
      }
      const row = await env.cr.query<{ name: string; type: string; uom_id: number }>(
        "SELECT name ->> 'en_US' AS name, type, uom_id FROM product_template WHERE id = $1",
        [values.product_tmpl_id],
      );
      Object.assign(values, row.rows[0] ?? {});
    },
    async afterCreate(env, ids) {
      const templateIds = await templatesOf(env, ids);
      await refreshVariants(env, templateIds);
      await referenceToTemplates(env, templateIds);
      await checkBarcodes(env, ids);
    },
    async beforeWrite(env, ids, values) {
      const given = takeTemplateValues(values);
      if (Object.keys(given).length > 0)
        await writeRecords(env, env.registry.require('product.template'), await templatesOf(env, ids), given);
    },
    async afterWrite(env, ids, values) {
      if ('barcode' in values) await checkBarcodes(env, ids);
      if ('default_code' in values && env.context.sandbox_from_template !== true)
        await referenceToTemplates(env, await templatesOf(env, ids));
    },
    async beforeUnlink(env, ids) {
      const templateIds = await templatesOf(env, ids);
      // A template whose last variant goes is removed with it, as the reference does.
      return async () => {
        const orphans = await env.cr.query<{ id: number }>(
          'SELECT t.id FROM product_template t WHERE t.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM product_product v WHERE v.product_tmpl_id = t.id)',
          [templateIds],
        );
        if (orphans.rows.length > 0)
          await unlinkRecords(
            env,
            env.registry.require('product.template'),
            orphans.rows.map((row) => Number(row.id)),
          );
      };
    },
  },
};
