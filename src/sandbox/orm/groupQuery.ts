// Grouped reads in SQL: the groups of the records matching a domain (by many2one, selection, boolean, char, integer, or
// date parts), with count, sum, min, max, avg (and count_distinct, bool_and, bool_or) of fields per group. The
// record rules and archived records apply as in search; read_group and formatted_read_group shape the rows.
import { valueError } from '../errors/serviceErrors';
import { checkFieldAccess, checkModelAccess } from './access/accessPolicy';
import { parseDomain, type DomainNode } from './domainParser';
import type { Environment } from './environment';
import type { FieldDefinition } from './fieldDefinition';
import { fieldSql } from './fieldSql';
import type { Model } from './modelDefinition';
import { GRANULARITIES, periodSql, weekRules, type Granularity, type PeriodSettings } from './groupPeriods';
import { limitOf, offsetOf } from './pagination';
import { floatValue } from './pythonFloat';
import { pythonRepr } from './pythonRepr';
import { whereClause } from './recordSearch';
import { SqlParams } from './sqlParams';
import { quoteIdentifier } from '../storage/sqlQuoting';

const AGGREGATORS = ['sum', 'min', 'max', 'avg', 'count', 'count_distinct', 'bool_and', 'bool_or'] as const;
type Aggregator = (typeof AGGREGATORS)[number];

const GROUPABLE = new Set(['many2one', 'many2many', 'selection', 'boolean', 'char', 'integer', 'date', 'datetime', 'text']);
const NUMERIC = new Set(['integer', 'float', 'monetary']);

export interface GroupBy {
  spec: string;
  field: FieldDefinition;
  granularity: Granularity | null;
}

export interface Aggregate {
  spec: string;
  field: FieldDefinition | null;
  aggregator: Aggregator | 'count_all';
}

export interface GroupQuery {
  domain: unknown;
  groupby: GroupBy[];
  aggregates: Aggregate[];
  having?: unknown;
  offset?: unknown;
  limit?: unknown;
  order?: unknown;
}

/** One group: the raw key of each groupby (`g0`...) and the value of each aggregate (`a0`...). */
export type GroupRow = Record<string, unknown>;

/** `field` or `field:granularity`; a date or datetime without granularity groups by month. */
export function parseGroupBy(model: Model, spec: unknown): GroupBy {
  if (typeof spec !== 'string' || spec === '') throw valueError(`Invalid groupby specification ${pythonRepr(spec)}`);
  const [name, granularity, extra] = spec.split(':');
  const field = model.fields.get(name);
  if (!field || extra !== undefined) throw valueError(`Invalid field ${pythonRepr(name)} on model ${pythonRepr(model.name)}`);
  if (!GROUPABLE.has(field.type) || !(field.store || field.computeSql))
    throw valueError(`Field ${model.name}.${name} of type ${field.type} cannot be grouped`);
  const isDate = field.type === 'date' || field.type === 'datetime';
  if (granularity !== undefined && (!isDate || !(GRANULARITIES as readonly string[]).includes(granularity))) {
    throw valueError(
      `Invalid granularity ${pythonRepr(granularity)} for ${model.name}.${name} (date and datetime fields: ${GRANULARITIES.join(', ')})`,
    );
  }
  return { spec, field, granularity: isDate ? ((granularity as Granularity | undefined) ?? 'month') : null };
}

/** `__count` or `field:aggregator`. */
export function parseAggregate(model: Model, spec: unknown): Aggregate {
  if (spec === '__count') return { spec, field: null, aggregator: 'count_all' };
  if (typeof spec !== 'string') throw valueError(`Invalid aggregate specification ${pythonRepr(spec)}`);
  const [name, aggregator] = spec.split(':');
  const field = model.fields.get(name);
  if (!field || !(field.store || field.computeSql) || field.type === 'one2many' || field.type === 'many2many')
    throw valueError(`Invalid field ${pythonRepr(name)} on model ${pythonRepr(model.name)}`);
  if (!(AGGREGATORS as readonly string[]).includes(aggregator))
    throw valueError(`Invalid aggregate method ${pythonRepr(aggregator ?? null)} for ${pythonRepr(spec)}.`);
  if ((aggregator === 'sum' || aggregator === 'avg') && !NUMERIC.has(field.type))
    throw valueError(`Cannot compute ${aggregator} of the ${field.type} field ${model.name}.${name}`);
  return { spec, field, aggregator: aggregator as Aggregator };
}

/** The default aggregate of a field named alone in read_group's `fields`: sum for numbers, none otherwise. */
export function defaultAggregator(field: FieldDefinition): Aggregator | null {
  return NUMERIC.has(field.type) && field.name !== 'id' ? 'sum' : null;
}

/** The SQL of a many2many group's value: the related id of each link (a record without links is one NULL group). */
function linkSql(index: number): string {
  return `l${index}.value`;
}

/** The lateral join that gives each record one row per link of a many2many groupby (one NULL row without links). */
function linkJoin(group: GroupBy, index: number): string {
  const field = group.field;
  const table = quoteIdentifier(field.relationTable as string);
  return ` LEFT JOIN LATERAL (SELECT r.${quoteIdentifier(field.column2 as string)} AS value FROM ${table} r WHERE r.${quoteIdentifier(field.column1 as string)} = t.id) l${index} ON TRUE`;
}

function groupSql(group: GroupBy, index: number, settings: PeriodSettings): string {
  if (group.field.type === 'many2many') return linkSql(index);
  const value = fieldSql(group.field, 't');
  if (group.field.type === 'boolean') return `COALESCE(${value}, false)`;
  if (!group.granularity) return value;
  return periodSql(group.field.type as 'date' | 'datetime', group.granularity, value, settings).key;
}

/** The first and the next period's first value of each date groupby (`b<i>`, `e<i>`: the same for every row of a group). */
function boundsSql(query: GroupQuery, settings: PeriodSettings): string[] {
  return query.groupby.flatMap((group, index) => {
    if (!group.granularity) return [];
    const period = periodSql(group.field.type as 'date' | 'datetime', group.granularity, fieldSql(group.field, 't'), settings);
    return [`min(${period.start}) AS b${index}`, `min(${period.end}) AS e${index}`];
  });
}

/** The time zone of the call when PostgreSQL knows it (else UTC, as the reference ignores an unknown one). */
async function periodSettings(env: Environment): Promise<PeriodSettings> {
  const tz = env.context.tz;
  let known: string | null = null;
  if (typeof tz === 'string' && tz !== '' && tz !== 'UTC') {
    const found = await env.cr.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', [tz]);
    if (found.rows.length > 0) known = tz;
  }
  return { tz: known, week: weekRules(env.context.lang) };
}

function aggregateSql(aggregate: Aggregate): string {
  if (aggregate.aggregator === 'count_all') return 'count(*)::int';
  const field = aggregate.field as FieldDefinition;
  const value = fieldSql(field, 't');
  switch (aggregate.aggregator) {
    case 'count':
      return `count(${value})::int`;
    case 'count_distinct':
      return `count(DISTINCT ${value})::int`;
    case 'sum':
      return `COALESCE(sum(${value}), 0)::float8`;
    case 'avg':
      return `avg(${value})::float8`;
    case 'bool_and':
    case 'bool_or':
      return `${aggregate.aggregator}(${value})`;
    case 'min':
    case 'max':
      if (NUMERIC.has(field.type)) return `${aggregate.aggregator}(${value})::float8`;
      if (field.type === 'date') return `to_char(${aggregate.aggregator}(${value}), 'YYYY-MM-DD')`;
      if (field.type === 'datetime') return `to_char(${aggregate.aggregator}(${value}), 'YYYY-MM-DD HH24:MI:SS')`;
      return `${aggregate.aggregator}(${value}${field.type === 'boolean' ? '::int' : ''})`;
  }
}

/** SQL ORDER BY of a groupby: many2one groups by the related display name, others by value; empty groups last. */
function groupOrderSql(env: Environment, group: GroupBy, index: number, settings: PeriodSettings): string {
  if (group.field.type !== 'many2one') return `g${index}`;
  const related = env.registry.require(group.field.relation as string);
  return `(SELECT ${related.displayNameSql('o')} FROM ${quoteIdentifier(related.table)} o WHERE o.id = ${groupSql(group, index, settings)})`;
}

const ORDER_TERM = /^\s*([\w.:]+)(?:\s+(asc|desc))?\s*$/i;

function orderSql(env: Environment, query: GroupQuery, model: Model, settings: PeriodSettings): string {
  const terms: string[] = [];
  const ordered = new Set<number>();
  const given = typeof query.order === 'string' && query.order.trim() !== '' ? query.order : null;
  if (query.order !== undefined && query.order !== null && query.order !== false && given === null && query.order !== '')
    throw valueError(`Invalid "order" specified (${pythonRepr(query.order)})`);
  if (given) {
    for (const part of given.split(',')) {
      const match = ORDER_TERM.exec(part);
      if (!match) throw valueError(`Invalid "order" specified (${given})`);
      const [, spec, direction = 'asc'] = match;
      const groupIndex = query.groupby.findIndex((group) => group.spec === spec || group.field.name === spec);
      const aggregateIndex = query.aggregates.findIndex(
        (aggregate) => aggregate.spec === spec || (spec === '__count' && aggregate.aggregator === 'count_all'),
      );
      if (groupIndex >= 0) {
        ordered.add(groupIndex);
        terms.push(`${groupOrderSql(env, query.groupby[groupIndex], groupIndex, settings)} ${direction.toUpperCase()}`);
      } else if (aggregateIndex >= 0) terms.push(`a${aggregateIndex} ${direction.toUpperCase()}`);
      else if (spec === '__count') terms.push(`count(*) ${direction.toUpperCase()}`);
      else throw valueError(`Invalid "order" specified (${given}): ${spec} is neither a groupby nor an aggregate of ${model.name}`);
    }
  }
  query.groupby.forEach((group, index) => {
    if (!ordered.has(index)) terms.push(`${groupOrderSql(env, group, index, settings)} ASC`);
  });
  return terms.length > 0 ? ` ORDER BY ${terms.join(', ')}` : '';
}

const HAVING_OPERATORS = new Map([
  ['=', '='],
  ['!=', '<>'],
  ['<', '<'],
  ['>', '>'],
  ['<=', '<='],
  ['>=', '>='],
]);

/** The HAVING condition of a domain over aggregate specifications (`[('__count', '>', 2)]`). */
function havingSql(model: Model, query: GroupQuery, params: SqlParams): string | null {
  if (
    query.having === undefined ||
    query.having === null ||
    query.having === false ||
    (Array.isArray(query.having) && query.having.length === 0)
  )
    return null;
  const compile = (node: DomainNode): string => {
    switch (node.kind) {
      case 'constant':
        return node.value ? 'TRUE' : 'FALSE';
      case 'not':
        return `NOT COALESCE((${compile(node.child)}), false)`;
      case 'and':
      case 'or':
        return `(${node.children.map(compile).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
      case 'condition': {
        const aggregate =
          node.path === '__count' ? { spec: '__count', field: null, aggregator: 'count_all' as const } : parseAggregate(model, node.path);
        const operator = HAVING_OPERATORS.get(node.operator);
        if (!operator || typeof node.value !== 'number')
          throw valueError(
            `Invalid having condition ${pythonRepr(node.term)}: compare an aggregate with a number using =, !=, <, >, <= or >=`,
          );
        return `${aggregateSql(aggregate)} ${operator} ${params.add(node.value, 'float8')}`;
      }
    }
  };
  return compile(parseDomain(query.having));
}

/** Runs the grouped query: one row per group, keys `g<i>` and aggregates `a<i>`, in the order asked. */
export async function groupRows(env: Environment, model: Model, query: GroupQuery): Promise<GroupRow[]> {
  checkModelAccess(env, model, 'read');
  checkFieldAccess(
    env,
    model,
    new Set([
      ...query.groupby.map((group) => group.field.name),
      ...query.aggregates.flatMap((aggregate) => (aggregate.field ? [aggregate.field.name] : [])),
    ]),
    'read',
  );
  const params = new SqlParams();
  const settings = await periodSettings(env);
  const where = whereClause(env, model, parseDomain(query.domain), params, 't');
  const groups = query.groupby.map((group, index) => `${groupSql(group, index, settings)} AS g${index}`);
  const aggregates = query.aggregates.map((aggregate, index) => `${aggregateSql(aggregate)} AS a${index}`);
  const selected = [...groups, ...boundsSql(query, settings), ...aggregates];
  const joins = query.groupby.map((group, index) => (group.field.type === 'many2many' ? linkJoin(group, index) : '')).join('');
  let sql = `SELECT ${selected.length > 0 ? selected.join(', ') : 'count(*)::int AS a_count'} FROM ${quoteIdentifier(model.table)} t${joins} WHERE ${where}`;
  if (groups.length > 0) sql += ` GROUP BY ${query.groupby.map((group, index) => groupSql(group, index, settings)).join(', ')}`;
  const having = havingSql(model, query, params);
  if (having) sql += ` HAVING ${having}`;
  sql += orderSql(env, query, model, settings);
  const limit = limitOf(query.limit);
  const offset = offsetOf(query.offset);
  if (limit !== null) sql += ` LIMIT ${params.add(limit, 'bigint')}`;
  if (offset) sql += ` OFFSET ${params.add(offset, 'bigint')}`;
  return (await env.cr.query<GroupRow>(sql, params.values)).rows;
}

/** The value of an aggregate for the answer (empty sums are 0; an empty min, max or avg is false). */
export function aggregateValue(aggregate: Aggregate, raw: unknown): unknown {
  if (raw === null || raw === undefined)
    return aggregate.aggregator === 'count' || aggregate.aggregator === 'count_distinct' || aggregate.aggregator === 'count_all'
      ? 0
      : false;
  const type = aggregate.field?.type;
  if (aggregate.aggregator === 'sum' && type === 'integer') return Math.round(Number(raw));
  if ((aggregate.aggregator === 'min' || aggregate.aggregator === 'max') && type === 'integer') return Number(raw);
  // Floats stay floats (`20.0`); an average is a float even over integers.
  const floatAggregate = ['sum', 'min', 'max'].includes(aggregate.aggregator) && (type === 'float' || type === 'monetary');
  if (aggregate.aggregator === 'avg' || floatAggregate)
    return typeof raw === 'number' || typeof raw === 'string' ? floatValue(Number(raw)) : raw;
  return raw;
}
