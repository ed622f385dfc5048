// Compiles a parsed domain to an SQL condition: one function per operator, dotted paths through many2one fields as
// sub-selects, a relational field compared with a string matched on the related display name.
import { valueError } from '../errors/serviceErrors';
import { existsLinked, hierarchyCondition, inSubselect, isX2many, newAlias } from './domainRelations';
import type { DomainNode } from './domainParser';
import { parseDomain } from './domainParser';
import type { FieldDefinition } from './fieldDefinition';
import { emptySql, isEmpty, isNoText, typedValue, wholeDayBound, type Operand } from './conditionValues';
import { fieldSql } from './fieldSql';
import type { Model } from './modelDefinition';
import { conditionRepr, pythonRepr } from './pythonRepr';
import type { Registry } from './registry';
import { type SqlParams } from './sqlParams';
import { quoteIdentifier } from '../storage/sqlQuoting';

interface Compilation {
  registry: Registry;
  params: SqlParams;
  aliasCount: number;
  /** Throws when the caller may not search on the field (fields restricted to groups). */
  checkField?: (model: Model, field: string) => void;
}

type Condition = Extract<DomainNode, { kind: 'condition' }>;

// Maps, not object literals: an operator named `constructor` or `__proto__` must find nothing.
const NEGATIVE_LIKE_ENTRIES = [
  ['not like', 'like'],
  ['not ilike', 'ilike'],
  ['not =like', '=like'],
  ['not =ilike', '=ilike'],
] as const;
const NEGATIVE_LIKE = new Map<string, string>(NEGATIVE_LIKE_ENTRIES);
const LIKE_SQL = new Map<string, { sql: string; wrap: boolean }>([
  ['like', { sql: 'LIKE', wrap: true }],
  ['ilike', { sql: 'ILIKE', wrap: true }],
  ['=like', { sql: 'LIKE', wrap: false }],
  ['=ilike', { sql: 'ILIKE', wrap: false }],
]);
const COMPARISONS = new Set(['<', '>', '<=', '>=']);

/** A placeholder for `value` compared with `field`, cast to the column's type. */
function typedParam(operand: Operand, value: unknown, compilation: Compilation, condition: Condition): string {
  const typed = typedValue(operand, value, condition.term);
  return compilation.params.add(typed.value, typed.cast);
}

/** One array parameter for `values` (a list of any length costs the database one literal, not one node each). */
function arrayParam(operand: Operand, values: unknown[], compilation: Compilation, condition: Condition): string {
  const typed = values.map((value) => typedValue(operand, value, condition.term));
  // An integer column compared with 1.5 among whole numbers: the whole list as float8.
  const cast = typed.some((item) => item.cast === 'float8') ? 'float8' : typed[0].cast;
  return compilation.params.add(
    typed.map((item) => item.value),
    `${cast}[]`,
  );
}

function equals(operand: Operand, value: unknown, compilation: Compilation, condition: Condition): string {
  if (operand.field.type === 'boolean') return value ? `${operand.sql} = true` : `(${operand.sql} IS NULL OR ${operand.sql} = false)`;
  if (isEmpty(value) || isNoText(operand, value)) return emptySql(operand);
  return `${operand.sql} = ${typedParam(operand, value, compilation, condition)}`;
}

function membership(operand: Operand, value: unknown, compilation: Compilation, condition: Condition): string {
  const values = Array.isArray(value) ? value : [value];
  if (operand.field.type === 'boolean') {
    const wanted = [...new Set(values.map((item) => Boolean(item)))];
    if (wanted.length === 0) return 'FALSE';
    return `COALESCE(${operand.sql}, false) = ANY(${compilation.params.add(wanted, 'boolean[]')})`;
  }
  const present = values.filter((item) => !isEmpty(item) && !isNoText(operand, item));
  const parts: string[] = [];
  if (present.length > 0) parts.push(`${operand.sql} = ANY(${arrayParam(operand, present, compilation, condition)})`);
  if (present.length < values.length) parts.push(emptySql(operand));
  return parts.length === 0 ? 'FALSE' : `(${parts.join(' OR ')})`;
}

function likePattern(value: unknown, wrap: boolean): string {
  const text = isEmpty(value) ? '' : typeof value === 'string' ? value : String(value);
  return wrap ? `%${text}%` : text;
}

/** Operand SQL for the display name of `model`'s records whose id is the operand. */
function relatedDisplayName(operand: Operand, operator: string, value: unknown, compilation: Compilation, condition: Condition): string {
  const related = compilation.registry.require(operand.field.relation as string);
  const alias = newAlias(compilation);
  const inner = compileCondition(related, alias, { ...condition, path: 'display_name', operator, value }, compilation);
  return inSubselect(operand.sql, `SELECT ${alias}.id FROM ${quoteIdentifier(related.table)} ${alias} WHERE ${inner}`);
}

/** The SQL of a condition whose operator is not negative. */
function compilePositive(operand: Operand, operator: string, value: unknown, compilation: Compilation, condition: Condition): string {
  if (operand.field.type === 'many2one' && typeof value === 'string' && (operator === '=' || LIKE_SQL.has(operator))) {
    return relatedDisplayName(operand, operator, value, compilation, condition);
  }
  if (operator === '=') return equals(operand, value, compilation, condition);
  if (operator === '=?') return isEmpty(value) ? 'TRUE' : equals(operand, value, compilation, condition);
  if (operator === 'in') return membership(operand, value, compilation, condition);
  if (COMPARISONS.has(operator)) {
    if (isEmpty(value)) return 'FALSE';
    const day = wholeDayBound(operand, operator, value);
    if (day) return `${operand.sql} ${day.operator} ${compilation.params.add(day.value, 'timestamp')}`;
    return `${operand.sql} ${operator} ${typedParam(operand, value, compilation, condition)}`;
  }
  const like = LIKE_SQL.get(operator);
  if (like) {
    return `${operand.sql}::text ${like.sql} ${compilation.params.add(likePattern(value, like.wrap), 'text')}`;
  }
  if (operator === 'any') {
    if (operand.field.type !== 'many2one')
      throw valueError(`Operator 'any' needs a relational field in condition ${conditionRepr(condition.term)}`);
    const related = compilation.registry.require(operand.field.relation as string);
    const alias = newAlias(compilation);
    const inner = compileNode(related, subdomainOf(condition), alias, compilation);
    return inSubselect(operand.sql, `SELECT ${alias}.id FROM ${quoteIdentifier(related.table)} ${alias} WHERE ${inner}`);
  }
  throw valueError(`Invalid operator in condition ${conditionRepr(condition.term)}`);
}

/** The parsed sub-domain of an `any` condition (parsed with the domain; a value that is not a list is parsed here). */
function subdomainOf(condition: Condition): DomainNode {
  return condition.subdomain ?? parseDomain(condition.value);
}

function compileOperator(operand: Operand, condition: Condition, compilation: Compilation): string {
  const { operator, value } = condition;
  if (operator === '!=') {
    if (operand.field.type === 'boolean') return value ? `(${operand.sql} IS NULL OR ${operand.sql} = false)` : `${operand.sql} = true`;
    if (isEmpty(value) || isNoText(operand, value)) return `(${emptySql(operand)}) IS NOT TRUE`;
    return `(${operand.sql} IS NULL OR NOT (${compilePositive(operand, '=', value, compilation, condition)}))`;
  }
  const positive = operator === 'not in' ? 'in' : operator === 'not any' ? 'any' : NEGATIVE_LIKE.get(operator);
  if (positive !== undefined) {
    // Not true, rather than NOT: an empty column matches `not in [x]` but not `not in [False, x]` (the positive
    // condition is then true for it), and `not ilike` / `not any` as the reference matches them.
    return `(${compilePositive(operand, positive, value, compilation, condition)}) IS NOT TRUE`;
  }
  return compilePositive(operand, operator, value, compilation, condition);
}

const NEGATIVE_X2MANY = new Map<string, string>([['!=', '='], ['not in', 'in'], ['not any', 'any'], ...NEGATIVE_LIKE_ENTRIES]);

/**
 * A condition on a one2many or many2many field: true when some linked record matches (ids, a display name, a
 * domain with any); `= false` when none is linked; the negative operators when no linked record matches.
 */
function compileX2many(field: FieldDefinition, alias: string, condition: Condition, compilation: Compilation): string {
  const { value } = condition;
  const positive = NEGATIVE_X2MANY.get(condition.operator);
  const operator = positive ?? condition.operator;
  const negate = (sql: string) => (positive === undefined ? sql : `NOT ${sql}`);
  const nothing = value === false || value === null || (operator === '=' && Array.isArray(value) && value.length === 0);
  // `in []` is false and `not in []` true, as for any field (the reference's empty-list rule); `= []` means no link.
  if (operator === 'in' && Array.isArray(value) && value.length === 0) return positive === undefined ? 'FALSE' : 'TRUE';
  if (operator === 'any')
    return negate(
      existsLinked(field, alias, compilation, (related, relatedAlias) =>
        compileNode(related, subdomainOf(condition), relatedAlias, compilation),
      ),
    );
  if ((operator === '=' || operator === 'in') && nothing)
    return positive === undefined
      ? `NOT ${existsLinked(field, alias, compilation, () => 'TRUE')}`
      : existsLinked(field, alias, compilation, () => 'TRUE');
  if (operator === '=' || operator === 'in' || LIKE_SQL.has(operator)) {
    return negate(
      existsLinked(field, alias, compilation, (related, relatedAlias) => {
        if (typeof value === 'string' || LIKE_SQL.has(operator)) {
          const nameOperator = operator === 'in' ? '=' : operator;
          return compileCondition(
            related,
            relatedAlias,
            { ...condition, path: 'display_name', operator: nameOperator, value },
            compilation,
          );
        }
        return compilePositive(
          { sql: `${relatedAlias}.id`, field: related.fields.get('id') as FieldDefinition, model: related },
          'in',
          value,
          compilation,
          condition,
        );
      }),
    );
  }
  throw valueError(
    `Invalid operator ${pythonRepr(condition.operator)} for the ${field.type} field in condition ${conditionRepr(condition.term)}`,
  );
}

const NEGATIVE_OPERATORS = new Set(['!=', 'not like', 'not ilike', 'not =like', 'not =ilike', 'not in', 'not any']);

/**
 * A condition on the display name of a model that names the fields it is searched on (`recNamesSearch`, the
 * reference's `_rec_names_search`): the same condition on each of them, any of them (all of them when negative).
 */
function displayNameSearch(model: Model, alias: string, condition: Condition, compilation: Compilation): string {
  const parts = model.recNamesSearch.map((field) => compileCondition(model, alias, { ...condition, path: field }, compilation));
  return `(${parts.join(NEGATIVE_OPERATORS.has(condition.operator) ? ' AND ' : ' OR ')})`;
}

function compileCondition(model: Model, alias: string, condition: Condition, compilation: Compilation): string {
  if (condition.path === 'display_name' && !model.recNamesSearch.includes('display_name'))
    return displayNameSearch(model, alias, condition, compilation);
  const [name, ...rest] = condition.path.split('.');
  const field = model.fields.get(name);
  if (!field) throw valueError(`Invalid field ${model.name}.${name} in condition ${conditionRepr(condition.term)}`);
  compilation.checkField?.(model, name);
  if (rest.length > 0 && isX2many(field)) {
    return existsLinked(field, alias, compilation, (related, relatedAlias) =>
      compileCondition(related, relatedAlias, { ...condition, path: rest.join('.') }, compilation),
    );
  }
  if (rest.length === 0 && (condition.operator === 'child_of' || condition.operator === 'parent_of')) {
    return hierarchyCondition(model, field, alias, condition.operator, condition.value, compilation, condition.term);
  }
  if (rest.length === 0 && isX2many(field)) return compileX2many(field, alias, condition, compilation);
  if (rest.length > 0) {
    // A path through a field that is not relational reads as a property of that field, which it does not have.
    if (field.type !== 'many2one') throw valueError(`Invalid field property ${pythonRepr(rest.join('.'))} on ${model.name}.${name}`);
    const related = compilation.registry.require(field.relation as string);
    const inner = newAlias(compilation);
    const nested = compileCondition(related, inner, { ...condition, path: rest.join('.') }, compilation);
    return inSubselect(fieldSql(field, alias), `SELECT ${inner}.id FROM ${quoteIdentifier(related.table)} ${inner} WHERE ${nested}`);
  }
  let sql: string;
  if (field.store || field.computeSql) sql = fieldSql(field, alias);
  else throw valueError(`Non-stored field ${model.name}.${name} cannot be searched in condition ${conditionRepr(condition.term)}`);
  return compileOperator({ sql, field, model }, condition, compilation);
}

function compileNode(model: Model, node: DomainNode, alias: string, compilation: Compilation): string {
  switch (node.kind) {
    case 'constant':
      return node.value ? 'TRUE' : 'FALSE';
    case 'not':
      // A condition on an empty column is unknown (NULL) in SQL but false in a domain: `!` must turn it into true.
      return `(${compileNode(model, node.child, alias, compilation)}) IS NOT TRUE`;
    case 'and':
    case 'or':
      return `(${node.children.map((child) => compileNode(model, child, alias, compilation)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
    case 'condition':
      return compileCondition(model, alias, node, compilation);
  }
}

/** The SQL condition of `domain` over `model`'s table aliased `alias`, adding its parameters to `params`. */
export function domainToSql(
  registry: Registry,
  model: Model,
  domain: DomainNode,
  alias: string,
  params: SqlParams,
  checkField?: (model: Model, field: string) => void,
): string {
  return compileNode(model, domain, alias, { registry, params, aliasCount: 0, checkField });
}
