// product.category (a tree named by its path, "All / Saleable") and uom.uom (units defined against a reference unit,
// release 19's model without categories: a dozen contains 12 units, its absolute factor is the product of the chain).
import { validationError } from '../../errors/serviceErrors';
import type { Environment } from '../../orm/environment';
import { fields } from '../../orm/fieldDefinition';
import type { ModelSpec } from '../../orm/modelDefinition';

/**
 * Fills the stored fields that follow a self-referencing tree: `parent_path` ("1/4/"), and `complete_name` (the names
 * joined by " / ") or `factor` (the product of the `relative_factor` of the chain), whichever `kind` asks for.
 */
async function refreshTree(env: Environment, table: string, parent: string, kind: 'complete_name' | 'factor'): Promise<void> {
  const [rootValue, childValue, assigned] =
    kind === 'complete_name'
      ? ['name::text', "tree.value || ' / ' || c.name::text", 'complete_name = tree.value']
      : ['relative_factor', 'tree.value * c.relative_factor', 'factor = tree.value'];
  await env.cr.query(`
    WITH RECURSIVE tree AS (
      SELECT id, id::text || '/' AS path, ${rootValue} AS value FROM ${table} WHERE ${parent} IS NULL
      UNION ALL
      SELECT c.id, tree.path || c.id::text || '/', ${childValue} FROM ${table} c JOIN tree ON c.${parent} = tree.id
    )
    UPDATE ${table} t SET parent_path = tree.path, ${assigned} FROM tree WHERE t.id = tree.id`);
}

/** Refuses a parent change that would make a record its own ancestor. */
async function refuseCycle(env: Environment, table: string, parent: string, ids: readonly number[], message: string): Promise<void> {
  const cycle = await env.cr.query(
    `
    WITH RECURSIVE up AS (
      SELECT id AS start, ${parent} AS ancestor FROM ${table} WHERE id = ANY($1::int[])
      UNION
      SELECT up.start, p.${parent} FROM up JOIN ${table} p ON p.id = up.ancestor WHERE up.ancestor <> up.start
    ) SELECT 1 FROM up WHERE ancestor = start LIMIT 1`,
    [[...ids]],
  );
  if (cycle.rows.length > 0) throw validationError(message);
}

const refreshCategories = (env: Environment) => refreshTree(env, 'product_category', 'parent_id', 'complete_name');
const refreshUnits = (env: Environment) => refreshTree(env, 'uom_uom', 'relative_uom_id', 'factor');

export const productCategoryModel: ModelSpec = {
  name: 'product.category',
  description: 'Product Category',
  order: 'complete_name',
  recName: 'complete_name',
  fields: {
    name: fields.char('Name', { required: true }),
    complete_name: fields.char('Complete Name', {
      readonly: true,
      help: 'The names of the parent categories and of this one, joined by " / "',
    }),
    parent_id: fields.many2one('product.category', 'Parent Category', { onDelete: 'cascade' }),
    parent_path: fields.char('Parent Path', { readonly: true }),
    child_id: fields.one2many('product.category', 'parent_id', 'Child Categories'),
    product_count: fields.integer('# Products', {
      store: false,
      readonly: true,
      help: 'The number of products under this category (Does not consider the children categories)',
      computeSql: (alias) => `(SELECT count(*)::int FROM product_template p WHERE p.categ_id = ${alias}.id)`,
    }),
  },
  hooks: {
    afterCreate: (env) => refreshCategories(env),
    async afterWrite(env, ids, values) {
      if ('parent_id' in values) await refuseCycle(env, 'product_category', 'parent_id', ids, 'You cannot create recursive categories.');
      if ('parent_id' in values || 'name' in values) await refreshCategories(env);
    },
  },
};

export const uomModel: ModelSpec = {
  name: 'uom.uom',
  description: 'Product Unit of Measure',
  order: 'sequence, relative_uom_id, id',
  fields: {
    name: fields.char('Unit Name', { required: true, translate: true }),
    sequence: fields.integer('Sequence'),
    relative_factor: fields.float('Contains', {
      required: true,
      default: 1,
      help: 'How much bigger or smaller this unit is compared to the reference UoM for this unit',
    }),
    rounding: fields.float('Rounding Precision', { store: false, readonly: true, computeSql: () => '0.01::double precision' }),
    active: fields.boolean('Active', { default: true, help: 'Uncheck the active field to disable a unit of measure without deleting it.' }),
    relative_uom_id: fields.many2one('uom.uom', 'Reference Unit', { onDelete: 'cascade' }),
    related_uom_ids: fields.one2many('uom.uom', 'relative_uom_id', 'Related UoMs'),
    factor: fields.float('Absolute Quantity', { readonly: true }),
    parent_path: fields.char('Parent Path', { readonly: true }),
  },
  constraints: [
    {
      name: 'factor_gt_zero',
      definition: 'CHECK (relative_factor <> 0)',
      message: 'The conversion ratio for a unit of measure cannot be 0!',
    },
  ],
  hooks: {
    async beforeCreate(_env, values) {
      if (values.sequence === undefined) values.sequence = Math.min(Math.trunc(Number(values.relative_factor ?? 1) * 100), 1000);
    },
    afterCreate: (env) => refreshUnits(env),
    async afterWrite(env, ids, values) {
      if ('relative_uom_id' in values) await refuseCycle(env, 'uom_uom', 'relative_uom_id', ids, 'Recursion Detected.');
      if ('relative_uom_id' in values || 'relative_factor' in values) await refreshUnits(env);
    },
  },
};
