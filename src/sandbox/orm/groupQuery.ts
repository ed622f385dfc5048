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
import { limitOf, offsetOf } from './pagination';
import { pythonRepr } from './pythonRepr';
import { whereClause } from './recordSearch';
import { SqlParams } from './sqlParams';
import { quoteIdentifier } from '../storage/sqlQuoting';

export const GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const AGGREGATORS = ['sum', 'min', 'max', 'avg', 'count', 'count_distinct', 'bool_and', 'bool_or'] as const;
type Aggregator = (typeof AGGREGATORS)[number];

const GROUPABLE = new Set(['many2one', 'selection', 'boolean', 'char', 'integer', 'date', 'datetime', 'text']);
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
    throw valueError(
      `Invalid aggregate function ${pythonRepr(aggregator ?? null)} in ${pythonRepr(spec)} (known: ${AGGREGATORS.join(', ')})`,
    );
  if ((aggregator === 'sum' || aggregator === 'avg') && !NUMERIC.has(field.type))
    throw valueError(`Cannot compute ${aggregator} of the ${field.type} field ${model.name}.${name}`);
  return { spec, field, aggregator: aggregator as Aggregator };
}

/** The default aggregate of a field named alone in read_group's `fields`: sum for numbers, none otherwise. */
export function defaultAggregator(field: FieldDefinition): Aggregator | null {
  return NUMERIC.has(field.type) && field.name !== 'id' ? 'sum' : null;
}

function groupSql(group: GroupBy): string {
  const value = fieldSql(group.field, 't');
  if (group.field.type === 'boolean') return `COALESCE(${value}, false)`;
  if (!group.granularity) return value;
  return `to_char(date_trunc('${group.granularity}', ${value}), 'YYYY-MM-DD')`;
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
function groupOrderSql(env: Environment, group: GroupBy, index: number): string {
  if (group.field.type !== 'many2one') return `g${index}`;
  const related = env.registry.require(group.field.relation as string);
  return `(SELECT ${related.displayNameSql('o')} FROM ${quoteIdentifier(related.table)} o WHERE o.id = ${groupSql(group)})`;
}

const ORDER_TERM = /^\s*([\w.:]+)(?:\s+(asc|desc))?\s*$/i;

function orderSql(env: Environment, query: GroupQuery, model: Model): string {
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
        terms.push(`${groupOrderSql(env, query.groupby[groupIndex], groupIndex)} ${direction.toUpperCase()}`);
      } else if (aggregateIndex >= 0) terms.push(`a${aggregateIndex} ${direction.toUpperCase()}`);
      else if (spec === '__count') terms.push(`count(*) ${direction.toUpperCase()}`);
      else throw valueError(`Invalid "order" specified (${given}): ${spec} is neither a groupby nor an aggregate of ${model.name}`);
    }
  }
  query.groupby.forEach((group, index) => {
    if (!ordered.has(index)) terms.push(`${groupOrderSql(env, group, index)} ASC`);
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
  const where = whereClause(env, model, parseDomain(query.domain), params, 't');
  const groups = query.groupby.map((group, index) => `${groupSql(group)} AS g${index}`);
  const aggregates = query.aggregates.map((aggregate, index) => `${aggregateSql(aggregate)} AS a${index}`);
  const selected = [...groups, ...aggregates];
  let sql = `SELECT ${selected.length > 0 ? selected.join(', ') : 'count(*)::int AS a_count'} FROM ${quoteIdentifier(model.table)} t WHERE ${where}`;
  if (groups.length > 0) sql += ` GROUP BY ${query.groupby.map((group) => groupSql(group)).join(', ')}`;
  const having = havingSql(model, query, params);
  if (having) sql += ` HAVING ${having}`;
  sql += orderSql(env, query, model);
  const limit = limitOf(query.limit);
  const offset = offsetOf(query.offset);
  if (limit !== null) sql += ` LIMIT ${params.add(limit, 'bigint')}`;
  if (offset) sql += ` OFFSET ${params.add(offset, 'bigint')}`;
  return (await env.cr.query<GroupRow>(sql, params.values)).rows;
}

/** The first day after the period of `granularity` that starts on `start` (`YYYY-MM-DD`). */
export function periodEnd(start: string, granularity: Granularity): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (granularity === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else if (granularity === 'week') date.setUTCDate(date.getUTCDate() + 7);
  else if (granularity === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else if (granularity === 'quarter') date.setUTCMonth(date.getUTCMonth() + 3);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** ISO week number and year of a date (weeks start on Monday). */
function isoWeek(date: Date): [number, number] {
  const thursday = new Date(date);
  thursday.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const week =
    1 + Math.round(((thursday.getTime() - firstThursday.getTime()) / 86_400_000 - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7);
  return [week, thursday.getUTCFullYear()];
}

/** The label of a period, as the reference server shows it in English: `January 2024`, `W03 2024`, `Q1 2024`. */
export function periodLabel(start: string, granularity: Granularity): string {
  const date = new Date(`${start}T00:00:00Z`);
  const year = date.getUTCFullYear();
  switch (granularity) {
    case 'day':
      return `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()].slice(0, 3)} ${year}`;
    case 'week': {
      const [week, weekYear] = isoWeek(date);
      return `W${String(week).padStart(2, '0')} ${weekYear}`;
    }
    case 'month':
      return `${MONTHS[date.getUTCMonth()]} ${year}`;
    case 'quarter':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${year}`;
    case 'year':
      return String(year);
  }
}

/** The domain that selects the records of one group on `group` (the group's key is `raw`). */
export function groupDomain(group: GroupBy, raw: unknown): unknown[] {
  const name = group.field.name;
  if (raw === null || raw === undefined) return [[name, '=', false]];
  if (group.granularity) {
    const end = periodEnd(String(raw), group.granularity);
    const bound = (day: string) => (group.field.type === 'datetime' ? `${day} 00:00:00` : day);
    return ['&', [name, '>=', bound(String(raw))], [name, '<', bound(end)]];
  }
  return [[name, '=', raw]];
}

/** Domains and-ed, in prefix notation (empty ones left out). */
export function andDomains(domains: ReadonlyArray<readonly unknown[]>): unknown[] {
  const present = domains.filter((domain) => domain.length > 0);
  if (present.length === 0) return [];
  return [...Array(present.length - 1).fill('&'), ...present.flat()];
}

/** The value of an aggregate for the answer (empty sums are 0; an empty min, max or avg is false). */
export function aggregateValue(aggregate: Aggregate, raw: unknown): unknown {
  if (raw === null || raw === undefined)
    return aggregate.aggregator === 'count' || aggregate.aggregator === 'count_distinct' || aggregate.aggregator === 'count_all'
      ? 0
      : false;
  if (typeof raw === 'string' && aggregate.field && NUMERIC.has(aggregate.field.type)) return Number(raw);
  if (aggregate.aggregator === 'sum' && aggregate.field?.type === 'integer') return Math.round(Number(raw));
  if ((aggregate.aggregator === 'min' || aggregate.aggregator === 'max') && aggregate.field?.type === 'integer') return Number(raw);
  return raw;
}
