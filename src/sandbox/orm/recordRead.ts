// Reads records: the fields asked for (or every readable field), `id` always first, values as the API shows them.
import { typeError, valueError } from '../errors/serviceErrors';
import { checkFieldAccess, checkModelAccess, fieldAllowed } from './access/accessPolicy';
import type { Environment } from './environment';
import type { FieldDefinition } from './fieldDefinition';
import { fieldSql } from './fieldSql';
import { fromColumnValue, truthy } from './fieldValues';
import type { Model } from './modelDefinition';
import { reportInaccessible, ruleCondition } from './recordAccess';
import { SqlParams } from './sqlParams';
import { quoteIdentifier } from '../storage/sqlQuoting';

/** The fields to read: all of them for null, else the named ones (ValueError for an unknown name). */
export function resolveReadFields(model: Model, names: unknown): FieldDefinition[] {
  if (names === null || names === undefined || names === false || (Array.isArray(names) && names.length === 0))
    return [...model.fields.values()];
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string'))
    throw typeError(`'fields' must be a list of field names, got ${JSON.stringify(names)}`);
  const result: FieldDefinition[] = [];
  for (const name of names as string[]) {
    const field = model.fields.get(name);
    if (!field) throw valueError(`Invalid field '${name}' on '${model.name}'`);
    if (!result.includes(field)) result.push(field);
  }
  return result;
}

/** Display names of `ids` of `model` (read without access checks, as the reference server reads related names). */
export async function displayNames(env: Environment, model: Model, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await env.cr.query<{ id: number; name: string | null }>(
    `SELECT t.id, ${model.displayNameSql('t')} AS name FROM ${quoteIdentifier(model.table)} t WHERE t.id = ANY($1::bigint[])`,
    [[...new Set(ids)]],
  );
  return new Map(result.rows.map((row) => [row.id, row.name ?? '']));
}

/** The column of `field`; a stored binary reads as its size (`12 bytes`) when the context has `bin_size`, as the reference does. */
function columnSql(env: Environment, field: FieldDefinition): string {
  if (field.type === 'binary' && field.store && truthy(env.context.bin_size))
    return `pg_size_pretty(length(t.${quoteIdentifier(field.name)})::bigint)`;
  return fieldSql(field, 't');
}

/**
 * Ids per statement of a large read, as the reference server reads records (`cr.split_for_in_conditions`, 1,000 ids
 * at a time): the rows of one batch are what the database, its worker and the main thread hold at once, never the
 * rows of the whole read.
 */
export const READ_BATCH_IDS = 1000;

/** The columns of `fields` (but `id`) as `c<index>`, and with `withNames` each many2one's display name as `n<index>`. */
function selectedColumns(env: Environment, fields: readonly FieldDefinition[], withNames: boolean): string[] {
  const selected = fields.map((field, index) => `${columnSql(env, field)} AS c${index}`);
  fields.forEach((field, index) => {
    if (!withNames || field.type !== 'many2one') return;
    const related = env.registry.require(field.relation as string);
    selected.push(
      `(SELECT ${related.displayNameSql('r')} FROM ${quoteIdentifier(related.table)} r WHERE r.id = ${columnSql(env, field)}) AS n${index}`,
    );
  });
  return selected;
}

/** Which of `ids` exist, each with whether the read rules let the user see it (one statement over every id). */
async function readAllowed(env: Environment, model: Model, ids: readonly number[]): Promise<Map<number, boolean>> {
  const params = new SqlParams();
  const idsParam = params.add(ids, 'bigint[]');
  const allowed = ruleCondition(env, model, 'read', 't', params);
  const result = await env.cr.query<{ id: number; allowed: boolean }>(
    `SELECT t.id, (${allowed}) AS allowed FROM ${quoteIdentifier(model.table)} t WHERE t.id = ANY(${idsParam})`,
    params.values,
  );
  return new Map(result.rows.map((row) => [row.id, row.allowed === true]));
}

/** The rows of `ids` (all of them readable: checked before), keyed by id. */
async function readColumns(
  env: Environment,
  model: Model,
  ids: readonly number[],
  selected: readonly string[],
  withAllowed: boolean,
): Promise<Array<Record<string, unknown>>> {
  const params = new SqlParams();
  const idsParam = params.add(ids, 'bigint[]');
  const columns = ['t.id'];
  if (withAllowed) columns.push(`(${ruleCondition(env, model, 'read', 't', params)}) AS allowed`);
  const result = await env.cr.query<Record<string, unknown>>(
    `SELECT ${[...columns, ...selected].join(', ')} FROM ${quoteIdentifier(model.table)} t WHERE t.id = ANY(${idsParam})`,
    params.values,
  );
  return result.rows;
}

/**
 * Rows of raw column values for `ids` (in the order of `ids`, duplicates removed), batch by batch, after telling
 * missing records (missing-record error, or left out with `skipMissing`) and records hidden by the rules (access
 * error) before any value is read. With
 * `withNames`, each many2one also gets its related display name under `<field>.display_name`. Up to READ_BATCH_IDS ids
 * take one statement; a larger read first checks every id, then reads the values a batch at a time.
 */
export async function* readRowBatches(
  env: Environment,
  model: Model,
  ids: readonly number[],
  fields: readonly FieldDefinition[],
  withNames = false,
  skipMissing = false,
): AsyncGenerator<Array<Record<string, unknown>>> {
  let unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const others = fields.filter((field) => field.name !== 'id');
  const selected = selectedColumns(env, others, withNames);
  const toRow = (id: number, raw: Record<string, unknown>): Record<string, unknown> => {
    const row: Record<string, unknown> = { id };
    others.forEach((field, index) => {
      row[field.name] = raw[`c${index}`];
      if (`n${index}` in raw) row[`${field.name}.display_name`] = raw[`n${index}`];
    });
    return row;
  };
  // Ids of records that do not exist are left out when `skipMissing` (the reference's read), else reported.
  const check = (found: ReadonlyMap<number, boolean>) => {
    if (skipMissing) unique = unique.filter((id) => found.has(id));
    reportInaccessible(env, model, unique, found, 'read');
  };
  const single = unique.length <= READ_BATCH_IDS;
  if (!single) check(await readAllowed(env, model, unique));
  for (let start = 0; start < unique.length; start += READ_BATCH_IDS) {
    const batch = single ? unique : unique.slice(start, start + READ_BATCH_IDS);
    const raws = await readColumns(env, model, batch, selected, single);
    if (single) check(new Map(raws.map((raw) => [raw.id as number, raw.allowed === true])));
    const byId = new Map(raws.map((raw) => [raw.id as number, raw]));
    yield (single ? unique : batch).map((id) => toRow(id, byId.get(id) as Record<string, unknown>));
  }
}

/** Every row of readRowBatches in one list. */
export async function readRows(
  env: Environment,
  model: Model,
  ids: readonly number[],
  fields: readonly FieldDefinition[],
  withNames = false,
): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for await (const batch of readRowBatches(env, model, ids, fields, withNames)) rows.push(...batch);
  return rows;
}

/**
 * `read`: the records `ids` that exist with `id` first and then the fields in the order asked. A many2one reads as
 * `[id, display name]`, or as the bare id when `load` is null.
 */
export async function readRecords(
  env: Environment,
  model: Model,
  ids: readonly number[],
  fieldNames: unknown,
  load: unknown,
): Promise<Array<Record<string, unknown>>> {
  checkModelAccess(env, model, 'read');
  const fields = resolveReadFields(model, fieldNames);
  if (Array.isArray(fieldNames) && fieldNames.length > 0)
    checkFieldAccess(
      env,
      model,
      fields.map((field) => field.name),
      'read',
    );
  else fields.splice(0, fields.length, ...fields.filter((field) => fieldAllowed(env, model, field.name)));
  const classic = load !== null && load !== false;
  const records: Array<Record<string, unknown>> = [];
  // Each batch of rows becomes records before the next is read: the rows of only one batch are held at a time.
  // As the reference's read, records that do not exist are left out of the answer (no missing-record error).
  for await (const rows of readRowBatches(env, model, ids, fields, classic, true)) {
    for (const row of rows) {
      const record: Record<string, unknown> = { id: row.id };
      for (const field of fields) {
        if (field.name === 'id') continue;
        const raw = row[field.name];
        if (field.type === 'many2one') {
          if (typeof raw !== 'number') record[field.name] = false;
          else record[field.name] = classic ? [raw, (row[`${field.name}.display_name`] as string | null) ?? ''] : raw;
        } else {
          record[field.name] = fromColumnValue(field, raw);
        }
      }
      records.push(record);
    }
  }
  return records;
}
