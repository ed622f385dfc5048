// read_group (deprecated, still callable) and formatted_read_group: grouped reads with counts and aggregates, shaped as
// the reference server answers them.
import { typeError, valueError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import { andDomains, groupDomain } from '../orm/groupDomains';
import { periodLabel, weekRules } from '../orm/groupPeriods';
import {
  aggregateValue,
  defaultAggregator,
  groupRows,
  parseAggregate,
  parseGroupBy,
  type Aggregate,
  type GroupBy,
  type GroupRow,
} from '../orm/groupQuery';
import type { Model } from '../orm/modelDefinition';
import { pythonRepr } from '../orm/pythonRepr';
import { displayNames } from '../orm/recordRead';
import { fromColumnValue } from '../orm/fieldValues';
import { optional, required, type MethodDefinition } from '../orm/methodDefinition';

function specList(name: string, value: unknown): unknown[] {
  if (value === undefined || value === null || value === false) return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) throw typeError(`'${name}' must be a list, got ${pythonRepr(value)}`);
  return value;
}

/** Display names of the many2one keys of every groupby, fetched once per related model. */
async function relatedNames(
  env: Environment,
  groupby: readonly GroupBy[],
  rows: readonly GroupRow[],
): Promise<Array<Map<number, string> | null>> {
  return Promise.all(
    groupby.map(async (group, index) => {
      if (group.field.type !== 'many2one' && group.field.type !== 'many2many') return null;
      const ids = rows.map((row) => row[`g${index}`]).filter((id): id is number => typeof id === 'number');
      return displayNames(env, env.registry.require(group.field.relation as string), ids);
    }),
  );
}

function isRelationalGroup(group: GroupBy): boolean {
  return group.field.type === 'many2one' || group.field.type === 'many2many';
}

function plainValue(group: GroupBy, raw: unknown): unknown {
  if (raw === null || raw === undefined) return false;
  if (group.field.type === 'boolean') return raw === true;
  return fromColumnValue(group.field, raw);
}

/** formatted_read_group: `[{<groupby>: value, <aggregate>: value, __extra_domain: [...]}]`. */
export async function formattedReadGroup(
  env: Environment,
  model: Model,
  args: Record<string, unknown>,
): Promise<Array<Record<string, unknown>>> {
  const groupby = specList('groupby', args.groupby).map((spec) => parseGroupBy(model, spec));
  const aggregates = specList('aggregates', args.aggregates).map((spec) => parseAggregate(model, spec));
  const rows = await groupRows(env, model, {
    domain: args.domain,
    groupby,
    aggregates,
    having: args.having,
    offset: args.offset,
    limit: args.limit,
    order: args.order,
  });
  const names = await relatedNames(env, groupby, rows);
  const week = weekRules(env.context.lang);
  return rows.map((row) => {
    const result: Record<string, unknown> = {};
    groupby.forEach((group, index) => {
      const raw = row[`g${index}`];
      if (raw === null || raw === undefined) result[group.spec] = false;
      else if (isRelationalGroup(group)) result[group.spec] = [raw, names[index]?.get(raw as number) ?? ''];
      // A period is its first value as the field stores it (a UTC datetime or a date) and its local label.
      else if (group.granularity) result[group.spec] = [row[`b${index}`], periodLabel(String(raw), group.granularity, week)];
      else result[group.spec] = plainValue(group, raw);
    });
    aggregates.forEach((aggregate, index) => {
      result[aggregate.spec] = aggregateValue(aggregate, row[`a${index}`]);
    });
    const extra = andDomains(groupby.map((group, index) => groupDomain(group, row, index)));
    // Without groupby the group is every record: the reference writes its domain as the always-true term.
    result.__extra_domain = extra.length > 0 ? extra : [[1, '=', 1]];
    return result;
  });
}

/** read_group's `fields`: `field` (its default aggregate), `field:agg` or `alias:agg(field)`; keyed by name or alias. */
function readGroupAggregates(model: Model, fields: unknown[], groupby: readonly GroupBy[]): Array<{ key: string; aggregate: Aggregate }> {
  const result: Array<{ key: string; aggregate: Aggregate }> = [];
  for (const spec of fields) {
    if (typeof spec !== 'string') throw typeError(`'fields' must be a list of strings, got ${pythonRepr(spec)}`);
    if (spec === '__count') continue;
    const aliased = /^(\w+):(\w+)\((\w+)\)$/.exec(spec);
    if (aliased) {
      result.push({ key: aliased[1], aggregate: parseAggregate(model, `${aliased[3]}:${aliased[2]}`) });
      continue;
    }
    const [name, aggregator] = spec.split(':');
    const field = model.fields.get(name);
    if (!field) throw valueError(`Invalid field ${pythonRepr(name)} on model ${pythonRepr(model.name)}`);
    if (groupby.some((group) => group.field.name === name)) continue;
    const chosen = aggregator ?? defaultAggregator(field);
    if (chosen) result.push({ key: name, aggregate: parseAggregate(model, `${name}:${chosen}`) });
  }
  return result;
}

/**
 * read_group's `orderby` in terms of the grouped query: a term naming an aggregated field (its key in the answer, as
 * `color` for `color:sum`) orders by that aggregate, `<groupby>_count` by the count; other terms are kept.
 */
function readGroupOrder(
  orderby: unknown,
  aggregates: ReadonlyArray<{ key: string; aggregate: Aggregate }>,
  groupby: readonly GroupBy[],
): unknown {
  if (typeof orderby !== 'string' || orderby.trim() === '') return orderby;
  return orderby
    .split(',')
    .map((part) => {
      const [name, ...rest] = part.trim().split(/\s+/);
      const entry = aggregates.find((candidate) => candidate.key === name);
      if (!entry || groupby.some((group) => group.spec === name || group.field.name === name)) return part;
      return [entry.aggregate.spec, ...rest].join(' ');
    })
    .join(',');
}

/** read_group: groups keyed by the groupby, `<field>_count` (lazy) or `__count`, the aggregates, `__domain` and more. */
async function readGroup(env: Environment, model: Model, args: Record<string, unknown>): Promise<Array<Record<string, unknown>>> {
  const lazy = args.lazy !== false && args.lazy !== null && args.lazy !== 0;
  const allGroupby = specList('groupby', args.groupby);
  const groupby = (lazy ? allGroupby.slice(0, 1) : allGroupby).map((spec) => parseGroupBy(model, spec));
  const fields = readGroupAggregates(model, specList('fields', args.fields), groupby);
  const countKey = lazy && groupby.length > 0 ? `${groupby[0].field.name}_count` : '__count';
  const aggregates = [{ key: countKey, aggregate: parseAggregate(model, '__count') }, ...fields];
  const rows = await groupRows(env, model, {
    domain: args.domain,
    groupby,
    aggregates: aggregates.map((entry) => entry.aggregate),
    offset: args.offset,
    limit: args.limit,
    order: readGroupOrder(args.orderby, aggregates, groupby),
  });
  const names = await relatedNames(env, groupby, rows);
  const domain = Array.isArray(args.domain) ? args.domain : [];
  const week = weekRules(env.context.lang);
  return rows.map((row) => {
    const result: Record<string, unknown> = {};
    const ranges: Record<string, unknown> = {};
    groupby.forEach((group, index) => {
      const raw = row[`g${index}`];
      if (group.granularity) {
        const empty = raw === null || raw === undefined;
        result[group.spec] = empty ? false : periodLabel(String(raw), group.granularity, week);
        ranges[group.spec] = empty ? false : { from: row[`b${index}`], to: row[`e${index}`] };
      } else if (isRelationalGroup(group)) {
        result[group.spec] = raw === null || raw === undefined ? false : [raw, names[index]?.get(raw as number) ?? ''];
      } else {
        result[group.spec] = plainValue(group, raw);
      }
    });
    aggregates.forEach((entry, index) => {
      result[entry.key] = aggregateValue(entry.aggregate, row[`a${index}`]);
    });
    if (Object.keys(ranges).length > 0) result.__range = ranges;
    result.__domain = andDomains([domain, ...groupby.map((group, index) => groupDomain(group, row, index))]);
    if (lazy && allGroupby.length > 1) result.__context = { group_by: allGroupby.slice(1) };
    return result;
  });
}

export const read_group: MethodDefinition = {
  name: 'read_group',
  level: 'model',
  parameters: [
    required('domain'),
    required('fields'),
    required('groupby'),
    optional('offset', 0),
    optional('limit', null),
    optional('orderby', false),
    optional('lazy', true),
  ],
  doc: 'Deprecated (use formatted_read_group): groups of the matching records with their count and aggregated fields.',
  run: ({ env, model, args }) => readGroup(env, model, args),
};

export const formatted_read_group: MethodDefinition = {
  name: 'formatted_read_group',
  level: 'model',
  parameters: [
    required('domain'),
    optional('groupby', []),
    optional('aggregates', []),
    optional('having', []),
    optional('offset', 0),
    optional('limit', null),
    optional('order', null),
  ],
  doc: 'Groups of the matching records: each groupby value, the aggregates asked (__count, field:sum, field:min, ...) and __extra_domain.',
  run: ({ env, model, args }) => formattedReadGroup(env, model, args),
};
