// web_read, web_search_read and web_save: the reference server's (release 17 and later) read with a specification,
// its search with `{length, records}`, and its create-or-write that answers the saved records read the same way.
import { typeError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import type { Model } from '../orm/modelDefinition';
import { limitOf, offsetOf } from '../orm/pagination';
import { resolveReadFields } from '../orm/recordRead';
import { searchCount, searchIds } from '../orm/recordSearch';
import { createRecords, valuesList, writeRecords } from '../orm/recordWrite';
import { truthy } from '../orm/fieldValues';
import { optional, required, type MethodDefinition } from '../orm/methodDefinition';
import { webRead } from './webRead';
import { pythonTypeName, specificationOf } from './webSpecification';

export const web_read: MethodDefinition = {
  name: 'web_read',
  level: 'records',
  parameters: [required('specification')],
  doc: 'The records read with a specification: {field: {}} for a value, {many2one: {fields: {...}}} or {x2many: {fields, order, limit, context}} for related records.',
  run: ({ env, model, ids, args }) => webRead(env, model, ids, args.specification),
};

/** `{length, records}`: the total is counted only when a page came back full (at most `count_limit`). */
async function webSearchRead(
  env: Environment,
  model: Model,
  args: Record<string, unknown>,
): Promise<{ length: number; records: unknown[] }> {
  const specification = specificationOf(args.specification, 'keys');
  // search_fetch checks the field names before searching.
  resolveReadFields(model, Object.keys(specification).length > 0 ? Object.keys(specification) : null);
  const ids = await searchIds(env, model, { domain: args.domain, offset: args.offset, limit: args.limit, order: args.order });
  const records = await webRead(env, model, ids, specification);
  if (records.length === 0) return { length: 0, records: [] };
  const limit = limitOf(args.limit);
  const countLimit = args.count_limit;
  if (countLimit !== undefined && countLimit !== null && countLimit !== false && typeof countLimit !== 'number') {
    throw typeError(`'<=' not supported between instances of '${pythonTypeName(countLimit)}' and 'int'`);
  }
  const current = records.length + offsetOf(args.offset);
  const countLimitReached = truthy(countLimit) && (countLimit as number) <= current;
  const full = records.length === limit;
  if (limit !== null && ((full && !countLimitReached) || truthy(env.context.force_search_count))) {
    return { length: await searchCount(env, model, args.domain, countLimit), records };
  }
  return { length: current, records };
}

export const web_search_read: MethodDefinition = {
  name: 'web_search_read',
  level: 'model',
  parameters: [
    required('domain'),
    required('specification'),
    optional('offset', 0),
    optional('limit', null),
    optional('order', null),
    optional('count_limit', null),
  ],
  doc: 'Searches and reads with a specification: {length, records}; length counts every match (up to count_limit) when the page is full.',
  run: ({ env, model, args }) => webSearchRead(env, model, args),
};

export const web_save: MethodDefinition = {
  name: 'web_save',
  level: 'records',
  parameters: [required('vals'), required('specification'), optional('next_id', null)],
  doc: 'Writes vals on the records (creates one when there are none), then answers them (or next_id) read with the specification.',
  async run({ env, model, ids, args }) {
    let saved = ids;
    if (ids.length > 0) await writeRecords(env, model, ids, args.vals);
    else saved = await createRecords(env, model, valuesList(args.vals));
    if (truthy(args.next_id)) {
      if (typeof args.next_id !== 'number' || !Number.isInteger(args.next_id))
        throw typeError(`next_id must be a record id, got ${JSON.stringify(args.next_id)}`);
      saved = [args.next_id];
    }
    return webRead(env.withContext({ ...env.context, bin_size: true }), model, saved, args.specification);
  },
};
