// web_read_group: the grouped read of the reference server's list and kanban views (release 19): formatted_read_group
// on the first groupby with the number of groups, and, when asked, groups opened into subgroups (`__groups`) or into
// their records read with a specification (`__records`).
import { assertionError, typeError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import { andDomains } from '../orm/groupDomains';
import type { Model } from '../orm/modelDefinition';
import { limitOf, offsetOf } from '../orm/pagination';
import { searchIds } from '../orm/recordSearch';
import { formattedReadGroup } from './groupMethods';
import { optional, required, type MethodDefinition } from '../orm/methodDefinition';
import { webRead } from './webRead';

type Group = Record<string, unknown>;
const MAX_OPENED_GROUPS = 10;
const ORDER_PART = /^\s*([a-z0-9_]+(?:\.[a-z0-9_]+)?)(?:\s+(asc|desc))?(?:\s+(nulls first|nulls last))?\s*$/i;

interface Request {
  domain: unknown[];
  groupby: string[];
  aggregates: string[];
  /** field (or `__count`) → `ASC` / `DESC [NULLS ...]`, in the order given. */
  order: Map<string, string>;
  autoUnfold: boolean;
  unfoldSpecification: unknown;
  unfoldLimit: unknown;
}

function stringList(name: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw typeError(`'${name}' must be a list of strings, got ${JSON.stringify(value)}`);
  return value as string[];
}

function parseOrder(order: unknown): Map<string, string> {
  const result = new Map<string, string>();
  if (order === undefined || order === null || order === false || order === '') return result;
  if (typeof order !== 'string') throw typeError(`'order' must be a string, got ${JSON.stringify(order)}`);
  for (const part of order.split(',')) {
    const match = ORDER_PART.exec(part);
    if (!match) throw typeError(`Invalid order ${JSON.stringify(order)} for web_read_group()`);
    result.set(match[1], `${(match[2] ?? 'asc').toUpperCase()}${match[3] ? ` ${match[3].toUpperCase()}` : ''}`);
  }
  return result;
}

/** The order of formatted_read_group: the asked terms that name a groupby, `__count` or an aggregate, then the groupby. */
function groupOrder(request: Request, groupby: string[]): string {
  if (request.order.size === 0) return groupby.join(', ');
  const rest = [...groupby];
  const terms: string[] = [];
  for (const [name, direction] of request.order) {
    if (name === '__count') {
      terms.push(`__count ${direction}`);
      continue;
    }
    const group = rest.find((spec) => spec === name || spec.startsWith(`${name}:`));
    if (group) {
      rest.splice(rest.indexOf(group), 1);
      terms.push(`${group} ${direction}`);
    }
    const aggregate = request.aggregates.find((spec) => spec.startsWith(`${name}:`));
    if (aggregate) terms.push(`${aggregate} ${direction}`);
  }
  return [...terms, ...rest].join(', ');
}

/** The order of the records of an opened group: the asked terms that are not groupbys, then the model's own order. */
function recordOrder(model: Model, request: Request): string {
  const terms = [...request.order]
    .filter(([name]) => name !== '__count' && !request.groupby.includes(name))
    .map(([name, direction]) => `${name} ${direction}`);
  for (const part of model.order.split(',')) {
    const name = part.trim().split(' ')[0];
    if (!request.order.has(name) && !request.groupby.includes(name)) terms.push(part.trim());
  }
  return terms.join(', ');
}

async function groupsWithLength(
  env: Environment,
  model: Model,
  domain: unknown[],
  groupby: string,
  request: Request,
  offset: unknown,
  limit: unknown,
): Promise<{ groups: Group[]; length: number }> {
  const args = {
    domain,
    groupby: [groupby],
    aggregates: request.aggregates,
    having: [],
    offset,
    limit,
    order: groupOrder(request, [groupby]),
  };
  const groups = await formattedReadGroup(env, model, args);
  const pageLimit = limitOf(limit);
  if (groups.length === 0) return { groups, length: 0 };
  if (pageLimit !== null && groups.length === pageLimit) {
    return { groups, length: pageLimit + (await formattedReadGroup(env, model, { ...args, offset: pageLimit, limit: null })).length };
  }
  return { groups, length: groups.length + offsetOf(offset) };
}

/** Opens groups as the reference does: from the client's opening info, else the first ten when auto_unfold. */
async function openGroups(
  env: Environment,
  model: Model,
  request: Request,
  groups: Group[],
  groupby: string[],
  openingInfo: unknown,
  parentDomain: unknown[],
  autoUnfold: boolean,
): Promise<void> {
  const infos = new Map(
    (Array.isArray(openingInfo) ? openingInfo : []).map((info: Record<string, unknown>) => [JSON.stringify(info?.value ?? null), info]),
  );
  const field = model.fields.get(groupby[0].split(':')[0].split('.')[0]);
  let opened = 0;
  for (const group of groups) {
    const value = group[groupby[0]];
    const raw = Array.isArray(value) ? value[0] : value;
    const info = infos.get(JSON.stringify(raw));
    let [limit, offset] = [request.unfoldLimit, 0 as unknown];
    if (info) {
      if (info.folded) continue;
      [limit, offset] = [info.limit, info.offset ?? 0];
    } else if (!autoUnfold || opened >= MAX_OPENED_GROUPS || (field?.type === 'many2one' && value === false)) {
      continue;
    }
    opened += 1;
    const groupDomain = andDomains([parentDomain, group.__extra_domain as unknown[]]);
    if (groupby.length === 1) {
      const ids = group.__count
        ? await searchIds(env, model, {
            domain: andDomains([request.domain, groupDomain]),
            order: recordOrder(model, request),
            limit,
            offset,
          })
        : [];
      group.__records = await webRead(env, model, ids, request.unfoldSpecification ?? {});
    } else {
      const sub = await groupsWithLength(env, model, andDomains([groupDomain, request.domain]), groupby[1], request, offset, limit);
      group.__groups = sub;
      await openGroups(env, model, request, sub.groups, groupby.slice(1), info?.groups, groupDomain, false);
    }
  }
}

export const web_read_group: MethodDefinition = {
  name: 'web_read_group',
  level: 'model',
  parameters: [
    required('domain'),
    required('groupby'),
    optional('aggregates', []),
    optional('limit', null),
    optional('offset', 0),
    optional('order', null),
    optional('auto_unfold', false),
    optional('opening_info', null),
    optional('unfold_read_specification', null),
    optional('unfold_read_default_limit', 80),
    optional('groupby_read_specification', null),
  ],
  doc: 'Groups by the first groupby ({groups, length}); auto_unfold or opening_info open groups into __groups or __records (read with unfold_read_specification).',
  async run({ env, model, args }) {
    if (!Array.isArray(args.groupby) || args.groupby.length === 0) throw assertionError('groupby must be a non-empty list');
    const aggregates = stringList('aggregates', args.aggregates ?? []);
    const request: Request = {
      domain: Array.isArray(args.domain) ? args.domain : [],
      groupby: stringList('groupby', args.groupby),
      aggregates: aggregates.includes('__count') ? aggregates : [...aggregates, '__count'],
      order: parseOrder(args.order),
      autoUnfold: args.auto_unfold === true,
      unfoldSpecification: args.unfold_read_specification,
      unfoldLimit: args.unfold_read_default_limit,
    };
    const { groups, length } = await groupsWithLength(env, model, request.domain, request.groupby[0], request, args.offset, args.limit);
    await openGroups(env, model, request, groups, request.groupby, args.opening_info, [], request.autoUnfold);
    await addGroupbyValues(env, model, args.groupby_read_specification, request.groupby, groups);
    return { groups, length };
  },
};

/** `__values`: the grouped-by records read with groupby_read_specification, level by level. */
async function addGroupbyValues(env: Environment, model: Model, specification: unknown, groupby: string[], groups: Group[]): Promise<void> {
  if (!specification || typeof specification !== 'object' || Array.isArray(specification)) return;
  let level = groups;
  for (const spec of groupby) {
    const wanted = (specification as Record<string, unknown>)[spec];
    const field = model.fields.get(spec);
    if (wanted !== undefined && field?.relation) {
      const ids = level
        .map((group) => group[spec])
        .filter(Array.isArray)
        .map((value) => value[0] as number);
      const read = new Map((await webRead(env, env.registry.require(field.relation), ids, wanted)).map((row) => [row.id, row]));
      for (const group of level) group.__values = Array.isArray(group[spec]) ? read.get(group[spec][0]) : { id: false };
    }
    level = level.flatMap((group) => (group.__groups as { groups?: Group[] } | undefined)?.groups ?? []);
  }
}
