// The generic search methods of every model: search, search_count, search_read, name_search.
import { typeError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import type { Model } from '../orm/modelDefinition';
import { displayNames, readRecords } from '../orm/recordRead';
import { searchCount, searchIds } from '../orm/recordSearch';
import { optional, required, type MethodDefinition } from '../orm/methodDefinition';

const NAME_OPERATORS_WITHOUT_EMPTY_NAME = new Set(['ilike', 'like', '=ilike', '=like']);

export const search: MethodDefinition = {
  name: 'search',
  level: 'model',
  parameters: [required('domain'), optional('offset', 0), optional('limit', null), optional('order', null)],
  doc: 'Ids of the records matching the domain, in order, after offset and limit.',
  run: ({ env, model, args }) => searchIds(env, model, { domain: args.domain, offset: args.offset, limit: args.limit, order: args.order }),
};

export const search_count: MethodDefinition = {
  name: 'search_count',
  level: 'model',
  parameters: [required('domain'), optional('limit', null)],
  doc: 'How many records match the domain.',
  run: ({ env, model, args }) => searchCount(env, model, args.domain, args.limit),
};

export const search_read: MethodDefinition = {
  name: 'search_read',
  level: 'model',
  parameters: [
    optional('domain', null),
    optional('fields', null),
    optional('offset', 0),
    optional('limit', null),
    optional('order', null),
    optional('load', '_classic_read'),
  ],
  doc: 'search and read in one transaction: the matching records with the fields asked for.',
  async run({ env, model, args }) {
    const ids = await searchIds(env, model, { domain: args.domain, offset: args.offset, limit: args.limit, order: args.order });
    return readRecords(env, model, ids, args.fields, args.load);
  },
};

/** `[[id, display_name], ...]` of the records matching `name` with `operator` within `domain`. */
export async function nameSearch(env: Environment, model: Model, args: Record<string, unknown>): Promise<Array<[number, string]>> {
  const name = args.name ?? '';
  if (typeof name !== 'string') throw typeError(`'name' must be a string, got ${JSON.stringify(name)}`);
  if (typeof args.operator !== 'string') throw typeError(`'operator' must be a string, got ${JSON.stringify(args.operator)}`);
  const domain: unknown[] = Array.isArray(args.domain) ? [...(args.domain as unknown[])] : [];
  if (args.domain !== null && args.domain !== undefined && !Array.isArray(args.domain))
    throw typeError(`'domain' must be a list, got ${JSON.stringify(args.domain)}`);
  if (name !== '' || !NAME_OPERATORS_WITHOUT_EMPTY_NAME.has(args.operator)) {
    // Top-level terms are and-ed, so the name condition can simply lead.
    domain.unshift(['display_name', args.operator, name]);
  }
  const ids = await searchIds(env, model, { domain, limit: args.limit });
  const names = await displayNames(env, model, ids);
  return ids.map((id) => [id, names.get(id) ?? '']);
}

export const name_search: MethodDefinition = {
  name: 'name_search',
  level: 'model',
  parameters: [optional('name', ''), optional('domain', null), optional('operator', 'ilike'), optional('limit', 100)],
  doc: 'Records whose display name matches: a list of [id, display_name].',
  run: ({ env, model, args }) => nameSearch(env, model, args),
};

export const search_fetch: MethodDefinition = {
  name: 'search_fetch',
  level: 'model',
  private: true,
  parameters: [required('domain'), required('field_names'), optional('offset', 0), optional('limit', null), optional('order', null)],
  doc: 'Internal: search and fetch into the cache. Not callable remotely.',
  run: ({ env, model, args }) => searchIds(env, model, { domain: args.domain, offset: args.offset, limit: args.limit, order: args.order }),
};
