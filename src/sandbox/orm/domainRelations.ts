// Domain conditions on one2many and many2many fields (a record matches when some linked record does), and the
// hierarchy operators child_of and parent_of (recursive over the related model's parent_id).
import { valueError } from '../errors/serviceErrors';
import type { FieldDefinition } from './fieldDefinition';
import type { Model } from './modelDefinition';
import { conditionRepr, pythonRepr } from './pythonRepr';
import type { Registry } from './registry';
import { quoteIdentifier as q, type SqlParams } from './sqlParams';

export interface RelationCompilation {
  registry: Registry;
  params: SqlParams;
  aliasCount: number;
}

type Term = readonly unknown[];

export function isX2many(field: FieldDefinition): boolean {
  return field.type === 'one2many' || field.type === 'many2many';
}

/** SQL of the ids linked to the record of `alias` through the x2many `field`. */
export function linkedIdsSql(field: FieldDefinition, alias: string): string {
  if (field.type === 'one2many') return `SELECT c.id FROM ${q((field.relation as string).replace(/\./g, '_'))} c WHERE c.${q(field.relationField as string)} = ${alias}.id`;
  return `SELECT l.${q(field.column2 as string)} FROM ${q(field.relationTable as string)} l WHERE l.${q(field.column1 as string)} = ${alias}.id`;
}

/** `EXISTS` a record linked through `field` for which `inner(relatedAlias)` holds. */
export function existsLinked(field: FieldDefinition, alias: string, compilation: RelationCompilation, inner: (related: Model, relatedAlias: string) => string): string {
  const related = compilation.registry.require(field.relation as string);
  const relatedAlias = `r${compilation.aliasCount++}`;
  return `EXISTS (SELECT 1 FROM ${q(related.table)} ${relatedAlias} WHERE ${relatedAlias}.id IN (${linkedIdsSql(field, alias)}) AND ${inner(related, relatedAlias)})`;
}

function idList(value: unknown, term: Term): number[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.some((item) => typeof item !== 'number' || !Number.isInteger(item))) throw valueError(`Invalid value ${pythonRepr(value)} in condition ${conditionRepr(term)}`);
  return values as number[];
}

/** The model searched by a hierarchy operator on `field`: the field's related model, or the model itself for `id`. */
function hierarchyModel(model: Model, field: FieldDefinition, compilation: RelationCompilation, term: Term): Model {
  if (field.name === 'id') return model;
  if (field.relation) return compilation.registry.require(field.relation);
  throw valueError(`Operator ${pythonRepr(term[1])} needs a relational field or id in condition ${conditionRepr(term)}`);
}

/**
 * SQL of the ids given to child_of / parent_of and their descendants / ancestors. Names are matched on the display
 * name (ilike). A model without a `parent_id` to itself has no hierarchy: the ids alone.
 */
function hierarchyIdsSql(comodel: Model, operator: string, value: unknown, compilation: RelationCompilation, term: Term): string | null {
  if (value === false || value === null || (Array.isArray(value) && value.length === 0)) return null;
  let start: string;
  if (typeof value === 'string') {
    start = `SELECT s.id FROM ${q(comodel.table)} s WHERE ${comodel.displayNameSql('s')} ILIKE ${compilation.params.add(`%${value}%`, 'text')}`;
  } else {
    start = `SELECT s.id FROM ${q(comodel.table)} s WHERE s.id = ANY(${compilation.params.add(idList(value, term), 'bigint[]')})`;
  }
  const parent = comodel.fields.get('parent_id');
  if (!parent || parent.type !== 'many2one' || parent.relation !== comodel.name || !parent.store) return start;
  const step = operator === 'child_of'
    ? `SELECT c.id FROM ${q(comodel.table)} c JOIN tree ON c.parent_id = tree.id`
    : `SELECT c.parent_id FROM ${q(comodel.table)} c JOIN tree ON c.id = tree.id WHERE c.parent_id IS NOT NULL`;
  return `WITH RECURSIVE tree(id) AS (${start} UNION ${step}) SELECT id FROM tree`;
}

/** SQL of `field child_of value` / `field parent_of value` over the record of `alias`. */
export function hierarchyCondition(model: Model, field: FieldDefinition, alias: string, operator: string, value: unknown, compilation: RelationCompilation, term: Term): string {
  const comodel = hierarchyModel(model, field, compilation, term);
  const ids = hierarchyIdsSql(comodel, operator, value, compilation, term);
  if (ids === null) return 'FALSE';
  if (isX2many(field)) return existsLinked(field, alias, compilation, (_related, relatedAlias) => `${relatedAlias}.id IN (${ids})`);
  return `${alias}.${q(field.name)} IN (${ids})`;
}
