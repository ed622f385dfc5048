// Domain conditions on one2many and many2many fields (a record matches when some linked record does), and the
// hierarchy operators child_of and parent_of (recursive over the related model's parent_id, or over the many2one
// itself when it points to its own model).
import { valueError } from '../errors/serviceErrors';
import { DOMAIN_LIMITS } from './domainParser';
import type { FieldDefinition } from './fieldDefinition';
import type { Model } from './modelDefinition';
import { conditionRepr, pythonRepr } from './pythonRepr';
import type { Registry } from './registry';
import { type SqlParams } from './sqlParams';
import { quoteIdentifier as q } from '../storage/sqlQuoting';

export interface RelationCompilation {
  registry: Registry;
  params: SqlParams;
  aliasCount: number;
}

type Term = readonly unknown[];

export function isX2many(field: FieldDefinition): boolean {
  return field.type === 'one2many' || field.type === 'many2many';
}

/** A new table alias (`r3`) for one more table read by the domain's SQL; ValueError past the sandbox's limit. */
export function newAlias(compilation: RelationCompilation, prefix = 'r'): string {
  if (compilation.aliasCount >= DOMAIN_LIMITS.relatedTables) {
    throw valueError(
      `Domain too complex: its conditions read more than ${DOMAIN_LIMITS.relatedTables} related tables (dotted paths, any, one2many, many2many, names of related records, hierarchies; the sandbox's limit)`,
    );
  }
  return `${prefix}${compilation.aliasCount++}`;
}

/**
 * `expression IN (subselect)`, kept by PostgreSQL as one (hashed) sub-plan. Without `IS TRUE` the planner turns each
 * IN or EXISTS sub-select of a top-level AND into a semi-join, and a few hundred semi-joins make its planning time
 * and memory explode (200 dotted-path conditions: 100 s on PostgreSQL; PGlite's worker dies). An SQL NULL becomes
 * false, which is what a domain means by it.
 */
export function inSubselect(expression: string, subselect: string): string {
  return `(${expression} IN (${subselect})) IS TRUE`;
}

/**
 * True for the record of `alias` when a record linked through the x2many `field` satisfies `inner(relatedAlias)`.
 * The sub-select does not refer to `alias`: it is computed once per statement, not once per record.
 */
export function existsLinked(
  field: FieldDefinition,
  alias: string,
  compilation: RelationCompilation,
  inner: (related: Model, relatedAlias: string) => string,
): string {
  const related = compilation.registry.require(field.relation as string);
  const relatedAlias = newAlias(compilation);
  const condition = inner(related, relatedAlias);
  if (field.type === 'one2many') {
    return inSubselect(
      `${alias}.id`,
      `SELECT ${relatedAlias}.${q(field.relationField as string)} FROM ${q(related.table)} ${relatedAlias} WHERE ${condition}`,
    );
  }
  const link = newAlias(compilation, 'l');
  return inSubselect(
    `${alias}.id`,
    `SELECT ${link}.${q(field.column1 as string)} FROM ${q(field.relationTable as string)} ${link} JOIN ${q(related.table)} ${relatedAlias} ON ${relatedAlias}.id = ${link}.${q(field.column2 as string)} WHERE ${condition}`,
  );
}

function idList(value: unknown, term: Term): number[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.some((item) => typeof item !== 'number' || !Number.isInteger(item)))
    throw valueError(`Invalid value ${pythonRepr(value)} in condition ${conditionRepr(term)}`);
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
function hierarchyIdsSql(
  comodel: Model,
  parentName: string,
  operator: string,
  value: unknown,
  compilation: RelationCompilation,
  term: Term,
): string | null {
  if (value === false || value === null || (Array.isArray(value) && value.length === 0)) return null;
  const first = newAlias(compilation, 's');
  let start: string;
  if (typeof value === 'string') {
    start = `SELECT ${first}.id FROM ${q(comodel.table)} ${first} WHERE ${comodel.displayNameSql(first)} ILIKE ${compilation.params.add(`%${value}%`, 'text')}`;
  } else {
    start = `SELECT ${first}.id FROM ${q(comodel.table)} ${first} WHERE ${first}.id = ANY(${compilation.params.add(idList(value, term), 'bigint[]')})`;
  }
  const parent = comodel.fields.get(parentName);
  if (!parent || parent.type !== 'many2one' || parent.relation !== comodel.name || !parent.store) return start;
  const tree = newAlias(compilation, 'tree');
  const column = q(parentName);
  const step =
    operator === 'child_of'
      ? `SELECT c.id FROM ${q(comodel.table)} c JOIN ${tree} ON c.${column} = ${tree}.id`
      : `SELECT c.${column} FROM ${q(comodel.table)} c JOIN ${tree} ON c.id = ${tree}.id WHERE c.${column} IS NOT NULL`;
  return `WITH RECURSIVE ${tree}(id) AS (${start} UNION ${step}) SELECT id FROM ${tree}`;
}

/** SQL of `field child_of value` / `field parent_of value` over the record of `alias`. */
export function hierarchyCondition(
  model: Model,
  field: FieldDefinition,
  alias: string,
  operator: string,
  value: unknown,
  compilation: RelationCompilation,
  term: Term,
): string {
  const comodel = hierarchyModel(model, field, compilation, term);
  // A many2one to the model itself is the hierarchy: the records below (or above) the given ones, themselves included.
  const ownHierarchy = field.type === 'many2one' && field.relation === model.name;
  const ids = hierarchyIdsSql(comodel, ownHierarchy ? field.name : 'parent_id', operator, value, compilation, term);
  if (ids === null) return 'FALSE';
  if (isX2many(field)) return existsLinked(field, alias, compilation, (_related, relatedAlias) => inSubselect(`${relatedAlias}.id`, ids));
  return inSubselect(`${alias}.${q(ownHierarchy ? 'id' : field.name)}`, ids);
}
