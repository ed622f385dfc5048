// web_read: reads records with a specification, the reference server's way of reading related records in one call:
// `{field: {}}` for a plain value, `{many2one: {fields: {...}}}` for the related record as an object, and
// `{x2many: {fields, order, limit, context}}` for the related records as objects (ids only without `fields`).
import type { Environment } from '../orm/environment';
import type { FieldDefinition } from '../orm/fieldDefinition';
import { LANG_SETTING } from '../orm/fieldSql';
import type { Model } from '../orm/modelDefinition';
import { displayNames, readRecords } from '../orm/recordRead';
import { searchIds } from '../orm/recordSearch';
import { quoteLiteral } from '../storage/sqlQuoting';
import { contextOf, dictOf, sliceLimit, specificationOf, SubSpecification, type Specification } from './webSpecification';

type Row = Record<string, unknown>;

function callLang(env: Environment): string {
  return typeof env.context.lang === 'string' && env.context.lang !== '' ? env.context.lang : 'en_US';
}

/** Runs `work` with the context of `sub` (`with_context(**context)`), in its language when it names another one. */
async function withSubContext<T>(env: Environment, sub: SubSpecification, work: (env: Environment) => Promise<T>): Promise<T> {
  if (!sub.has('context')) return work(env);
  const inner = env.withContext({ ...env.context, ...contextOf(sub.get('context')) });
  const [before, after] = [callLang(env), callLang(inner)];
  if (before === after) return work(inner);
  await env.cr.query(`SELECT set_config(${quoteLiteral(LANG_SETTING)}, $1, true)`, [after]);
  try {
    return await work(inner);
  } finally {
    await env.cr.query(`SELECT set_config(${quoteLiteral(LANG_SETTING)}, $1, true)`, [before]);
  }
}

function unique(ids: Iterable<number>): number[] {
  return [...new Set(ids)];
}

/** A many2one with `fields`: the related record as an object (its `display_name` read as superuser, as the reference does). */
async function resolveMany2one(env: Environment, field: FieldDefinition, sub: SubSpecification, rows: Row[]): Promise<void> {
  if (!sub.has('fields')) return;
  const related = env.registry.require(field.relation as string);
  const ids = unique(rows.map((row) => row[field.name]).filter((id): id is number => typeof id === 'number'));
  await withSubContext(env, sub, async (coEnv) => {
    const wanted = dictOf(sub.get('fields'));
    const extra = { ...wanted };
    delete extra.display_name;
    const data = new Map((await webRead(coEnv, related, ids, extra)).map((values) => [values.id as number, values]));
    if (Object.hasOwn(wanted, 'display_name')) {
      for (const [id, name] of await displayNames(coEnv.sudo(), related, ids)) {
        const values = data.get(id);
        if (values) values.display_name = name;
      }
    }
    for (const row of rows) {
      if (typeof row[field.name] === 'number') row[field.name] = data.get(row[field.name] as number) ?? false;
    }
  });
}

/** A one2many or many2many: ids in the asked `order` (records the user cannot read left out), objects with `fields`. */
async function resolveX2many(env: Environment, field: FieldDefinition, sub: SubSpecification, rows: Row[]): Promise<void> {
  if (!sub.present) return;
  const related = env.registry.require(field.relation as string);
  let ids = unique(rows.flatMap((row) => row[field.name] as number[]));
  const order = sub.optional('order');
  if (order !== undefined && order !== null && order !== false && order !== '') {
    ids = await searchIds(env.withContext({ ...env.context, active_test: false }), related, { domain: [['id', 'in', ids]], order });
    const position = new Map(ids.map((id, index) => [id, index]));
    for (const row of rows) {
      row[field.name] = (row[field.name] as number[])
        .filter((id) => position.has(id))
        .sort((a, b) => (position.get(a) as number) - (position.get(b) as number));
    }
  }
  if (!sub.has('fields')) return;
  await withSubContext(env, sub, async (coEnv) => {
    const limit = sub.optional('limit');
    const toRead =
      limit === undefined || limit === null
        ? ids
        : unique(rows.flatMap((row) => (row[field.name] as number[]).slice(0, sliceLimit(limit))));
    const data = new Map((await webRead(coEnv, related, toRead, sub.get('fields'))).map((values) => [values.id as number, values]));
    for (const row of rows) row[field.name] = (row[field.name] as number[]).map((id) => data.get(id) ?? { id });
  });
}

/** The records `ids` of `model` read with `specification` (see the file comment). */
export async function webRead(env: Environment, model: Model, ids: readonly number[], specification: unknown): Promise<Row[]> {
  const spec: Specification = specificationOf(specification);
  const names = Object.keys(spec);
  const rows: Row[] =
    names.length === 0 || (names.length === 1 && names[0] === 'id')
      ? ids.map((id) => ({ id }))
      : await readRecords(env, model, ids, names, null);
  if (rows.length === 0) return rows;
  for (const [name, value] of Object.entries(spec)) {
    const field = model.fields.get(name);
    if (!field) continue;
    const sub = new SubSpecification(value);
    if (field.type === 'many2one') await resolveMany2one(env, field, sub, rows);
    else if (field.type === 'one2many' || field.type === 'many2many') await resolveX2many(env, field, sub, rows);
  }
  return rows;
}
