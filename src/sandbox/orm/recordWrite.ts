// Creates, updates and deletes records: checks rights, converts values, fills defaults and built-in fields.
import { keyError, typeError, userError, valueError } from '../errors/serviceErrors';
import { checkFieldAccess, checkModelAccess, recordRuleDomain } from './access/accessPolicy';
import type { Environment } from './environment';
import { formatDatetime, toColumnValue } from './fieldValues';
import { mandatoryFieldError, mapIntegrityError } from './integrityErrors';
import type { Model } from './modelDefinition';
import { checkRecords } from './recordAccess';
import { defaultValues } from './recordDefaults';
import { applyCommands, takeRelationValues } from './relationCommands';
import { SqlParams } from './sqlParams';
import { quoteIdentifier } from '../storage/sqlQuoting';

/** Built-in fields: set by the sandbox, silently ignored in values given by callers. */
const MAGIC_FIELDS = new Set(['id', 'create_uid', 'create_date', 'write_uid', 'write_date', 'display_name']);

function valuesObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw typeError(`values must be a mapping of field names to values, got ${JSON.stringify(value)}`);
  return { ...(value as Record<string, unknown>) };
}

function refuseGenericWrites(env: Environment, model: Model): void {
  if (!model.genericWrites && !env.su)
    throw userError(
      `Records of '${model.description}' (${model.name}) cannot be created or changed this way; use the model's own methods.`,
    );
}

/** The text given to a translated field, stored in the language of the call (see translatedValueSql). */
class TranslatedText {
  constructor(readonly text: string | null) {}
}

/** The language a call writes translated fields in: the context's `lang`, else en_US. */
function writeLang(env: Environment): string {
  return typeof env.context.lang === 'string' && env.context.lang !== '' ? env.context.lang : 'en_US';
}

/**
 * SQL of a column value to store: plain values as a parameter; a translated text as the jsonb of its languages (a new
 * record gets en_US and the call's language; a change sets the call's language only; an empty value clears them all).
 */
function storedValueSql(env: Environment, name: string, value: unknown, params: SqlParams, creating: boolean): string {
  if (!(value instanceof TranslatedText)) return params.add(value);
  if (value.text === null) return 'NULL';
  const text = params.add(value.text, 'text');
  const lang = writeLang(env);
  if (creating)
    return lang === 'en_US'
      ? `jsonb_build_object('en_US', ${text})`
      : `jsonb_build_object('en_US', ${text}, ${params.add(lang, 'text')}, ${text})`;
  return `COALESCE(${quoteIdentifier(name)}, '{}'::jsonb) || jsonb_build_object(${params.add(lang, 'text')}, ${text})`;
}

/** Column values to store for `values`; ValueError for an unknown field, validation error for an emptied required one. */
async function columnValues(
  env: Environment,
  model: Model,
  given: Record<string, unknown>,
  creating: boolean,
): Promise<Map<string, unknown>> {
  const values = { ...given };
  const columns = new Map<string, unknown>();
  if (model.hooks.privateValues) {
    for (const [column, value] of Object.entries(await model.hooks.privateValues(env, values))) columns.set(column, value);
  }
  for (const [name, value] of Object.entries(values)) {
    if (MAGIC_FIELDS.has(name)) continue;
    const field = model.fields.get(name);
    // The reference's create names the model; its write looks the field up in a mapping (a bare KeyError).
    if (!field) throw creating ? valueError(`Invalid field '${name}' in '${model.name}'`) : keyError(name);
    if (!field.store) continue;
    const column = toColumnValue(model, field, value);
    if (field.required && (column === null || column === '')) throw mandatoryFieldError(model, name);
    columns.set(name, field.translate ? new TranslatedText(column as string | null) : column);
  }
  if (creating) {
    for (const field of model.fields.values()) {
      if (field.required && field.store && !field.builtin && !columns.has(field.name)) throw mandatoryFieldError(model, field.name);
    }
  }
  return columns;
}

/** The list of value objects of `create`: one object or a list of objects. */
export function valuesList(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.map(valuesObject);
  return [valuesObject(value)];
}

/** Most rows one INSERT statement carries: PostgreSQL takes at most 65,535 parameters, a row up to three per column. */
const ROW_PARAMS_LIMIT = 30_000;

/**
 * Rows waiting to be inserted together: consecutive new records with the same columns and nothing to do between their
 * inserts go in one multi-row INSERT, whose rows PostgreSQL inserts in order (same ids, same first failing row).
 */
class PendingInserts {
  #rows: Array<Map<string, unknown>> = [];
  #columns = '';

  constructor(
    private readonly env: Environment,
    private readonly model: Model,
    private readonly ids: number[],
  ) {}

  async add(columns: Map<string, unknown>): Promise<void> {
    const names = [...columns.keys()].join('\u0000');
    if (this.#rows.length > 0 && (names !== this.#columns || (this.#rows.length + 1) * columns.size * 3 > ROW_PARAMS_LIMIT))
      await this.flush();
    this.#columns = names;
    this.#rows.push(columns);
  }

  /** Inserts the waiting rows, appending their ids. */
  async flush(): Promise<void> {
    const rows = this.#rows;
    if (rows.length === 0) return;
    this.#rows = [];
    const { env, model } = this;
    const params = new SqlParams();
    const names = [...rows[0].keys()].map(quoteIdentifier);
    const tuples = rows.map(
      (columns) => `(${[...columns.entries()].map(([name, value]) => storedValueSql(env, name, value, params, true)).join(', ')})`,
    );
    try {
      const result = await env.cr.query<{ id: number }>(
        `INSERT INTO ${quoteIdentifier(model.table)} (${names.join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`,
        params.values,
      );
      for (const row of result.rows) this.ids.push(row.id);
    } catch (error) {
      throw mapIntegrityError(env.registry, model, error);
    }
  }
}

/**
 * Creates one record per values object; returns the new ids in order. Records are inserted together (PendingInserts)
 * until one needs those before it in the database: a hook that reads it before the insert (beforeCreateReads,
 * privateValues) or relation commands after it. A failure inserts what came before it first, so the sequence hands
 * out the same ids as one insert per record would.
 */
export async function createRecords(env: Environment, model: Model, list: ReadonlyArray<Record<string, unknown>>): Promise<number[]> {
  refuseGenericWrites(env, model);
  checkModelAccess(env, model, 'create');
  const ids: number[] = [];
  const created: Array<Record<string, unknown>> = [];
  const now = formatDatetime(env.now);
  const { hooks } = model;
  const readsFirst = (values: Record<string, unknown>): boolean =>
    hooks.privateValues !== undefined || (hooks.beforeCreate !== undefined && (hooks.beforeCreateReads?.(values) ?? true));
  const pending = new PendingInserts(env, model, ids);
  for (const given of list) {
    let relations: ReturnType<typeof takeRelationValues>;
    let columns: Map<string, unknown>;
    try {
      checkFieldAccess(
        env,
        model,
        Object.keys(given).filter((name) => !MAGIC_FIELDS.has(name)),
        'create',
      );
      const values = { ...defaultValues(env, model, null), ...given };
      if (readsFirst(values)) await pending.flush();
      await hooks.beforeCreate?.(env, values);
      created.push(values);
      relations = takeRelationValues(model, values);
      columns = await columnValues(env, model, values, true);
    } catch (error) {
      await pending.flush();
      throw error;
    }
    columns.set('create_uid', env.uid);
    columns.set('write_uid', env.uid);
    columns.set('create_date', now);
    columns.set('write_date', now);
    await pending.add(columns);
    if (relations.length === 0) continue;
    await pending.flush();
    for (const [field, commands] of relations) await applyCommands(env, field, [ids[ids.length - 1]], commands);
  }
  await pending.flush();
  // The new records must satisfy the create rules (the reference server checks them after the insert).
  if (ids.length > 0 && recordRuleDomain(env, model, 'create')) await checkRecords(env, model, ids, 'create');
  if (model.hooks.afterCreate && ids.length > 0) await model.hooks.afterCreate(env, ids, created);
  if (ids.length > 0) env.services.recordsChanged(model.name);
  return ids;
}

/** Gives every record of `ids` the same values. */
export async function writeRecords(env: Environment, model: Model, ids: readonly number[], given: unknown): Promise<void> {
  refuseGenericWrites(env, model);
  checkModelAccess(env, model, 'write');
  const values = valuesObject(given);
  checkFieldAccess(
    env,
    model,
    Object.keys(values).filter((name) => !MAGIC_FIELDS.has(name)),
    'write',
  );
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await checkRecords(env, model, unique, 'write');
  const before = await model.hooks.beforeWrite?.(env, unique, values);
  const relations = takeRelationValues(model, values);
  const columns = await columnValues(env, model, values, false);
  columns.set('write_uid', env.uid);
  columns.set('write_date', formatDatetime(env.now));
  const params = new SqlParams();
  const assignments = [...columns.entries()].map(
    ([name, value]) => `${quoteIdentifier(name)} = ${storedValueSql(env, name, value, params, false)}`,
  );
  try {
    await env.cr.query(
      `UPDATE ${quoteIdentifier(model.table)} SET ${assignments.join(', ')} WHERE id = ANY(${params.add(unique, 'bigint[]')})`,
      params.values,
    );
  } catch (error) {
    throw mapIntegrityError(env.registry, model, error);
  }
  for (const [field, commands] of relations) await applyCommands(env, field, unique, commands);
  await model.hooks.afterWrite?.(env, unique, { ...values, ...Object.fromEntries(relations.map(([field]) => [field.name, true])) }, before);
  env.services.recordsChanged(model.name);
}

/** Deletes the records `ids`. */
export async function unlinkRecords(env: Environment, model: Model, ids: readonly number[]): Promise<void> {
  checkModelAccess(env, model, 'unlink');
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await checkRecords(env, model, unique, 'unlink');
  const afterUnlink = await model.hooks.beforeUnlink?.(env, unique);
  try {
    await env.cr.query(`DELETE FROM ${quoteIdentifier(model.table)} WHERE id = ANY($1::bigint[])`, [unique]);
  } catch (error) {
    throw mapIntegrityError(env.registry, model, error);
  }
  if (afterUnlink) await afterUnlink();
  env.services.recordsChanged(model.name);
}
