// Reads records: the fields asked for (or every readable field), `id` always first, values as the API shows them.
import { typeError, valueError } from '../errors/serviceErrors';
import { checkModelAccess } from '../security/accessPolicy';
import type { Environment } from './environment';
import type { FieldDefinition } from './fieldDefinition';
import { fromColumnValue } from './fieldValues';
import type { Model } from './modelDefinition';
import { checkRecords } from './recordAccess';
import { quoteIdentifier, SqlParams } from './sqlParams';

/** The fields to read: all of them for null, else the named ones (ValueError for an unknown name). */
export function resolveReadFields(model: Model, names: unknown): FieldDefinition[] {
  if (names === null || names === undefined || names === false || (Array.isArray(names) && names.length === 0)) return [...model.fields.values()];
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) throw typeError(`'fields' must be a list of field names, got ${JSON.stringify(names)}`);
  const result: FieldDefinition[] = [];
  for (const name of names as string[]) {
    const field = model.fields.get(name);
    if (!field) throw valueError(`Invalid field '${name}' on model '${model.name}'`);
    if (!result.includes(field)) result.push(field);
  }
  return result;
}

/** Display names of `ids` of `model` (read without access checks, as the reference server reads related names). */
export async function displayNames(env: Environment, model: Model, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await env.cr.query<{ id: number; name: string | null }>(
    `SELECT t.id, ${model.displayNameSql('t')} AS name FROM ${quoteIdentifier(model.table)} t WHERE t.id = ANY($1::bigint[])`, [[...new Set(ids)]]);
  return new Map(result.rows.map((row) => [row.id, row.name ?? '']));
}

function columnSql(field: FieldDefinition): string {
  if (field.store) return `t.${quoteIdentifier(field.name)}`;
  return field.computeSql ? `(${field.computeSql('t')})` : 'NULL';
}

/** Rows of raw column values for `ids` (in the order of `ids`, duplicates removed), checking that they exist. */
export async function readRows(env: Environment, model: Model, ids: readonly number[], fields: readonly FieldDefinition[]): Promise<Array<Record<string, unknown>>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  await checkRecords(env, model, unique, 'read');
  const params = new SqlParams();
  const selected = fields.filter((field) => field.name !== 'id').map((field, index) => `${columnSql(field)} AS c${index}`);
  const result = await env.cr.query<Record<string, unknown>>(
    `SELECT t.id${selected.length ? `, ${selected.join(', ')}` : ''} FROM ${quoteIdentifier(model.table)} t WHERE t.id = ANY(${params.add(unique, 'bigint[]')})`, params.values);
  const byId = new Map(result.rows.map((row) => [row.id as number, row]));
  const others = fields.filter((field) => field.name !== 'id');
  return unique.filter((id) => byId.has(id)).map((id) => {
    const raw = byId.get(id) as Record<string, unknown>;
    const row: Record<string, unknown> = { id };
    others.forEach((field, index) => { row[field.name] = raw[`c${index}`]; });
    return row;
  });
}

/**
 * `read`: the records `ids` with `id` first and then the fields in the order asked. A many2one reads as
 * `[id, display name]`, or as the bare id when `load` is null.
 */
export async function readRecords(env: Environment, model: Model, ids: readonly number[], fieldNames: unknown, load: unknown): Promise<Array<Record<string, unknown>>> {
  checkModelAccess(env, model, 'read');
  const fields = resolveReadFields(model, fieldNames);
  const rows = await readRows(env, model, ids, fields);
  const classic = load !== null && load !== false;
  const names = new Map<string, Map<number, string>>();
  if (classic) {
    for (const field of fields.filter((candidate) => candidate.type === 'many2one')) {
      const related = env.registry.require(field.relation as string);
      const wanted = rows.map((row) => row[field.name]).filter((value): value is number => typeof value === 'number');
      const known = names.get(related.name) ?? new Map<number, string>();
      const missing = wanted.filter((id) => !known.has(id));
      for (const [id, name] of await displayNames(env, related, missing)) known.set(id, name);
      names.set(related.name, known);
    }
  }
  return rows.map((row) => {
    const record: Record<string, unknown> = { id: row.id };
    for (const field of fields) {
      if (field.name === 'id') continue;
      const raw = row[field.name];
      if (field.type === 'many2one') {
        if (typeof raw !== 'number') record[field.name] = false;
        else record[field.name] = classic ? [raw, names.get(field.relation as string)?.get(raw) ?? ''] : raw;
      } else {
        record[field.name] = fromColumnValue(field, raw);
      }
    }
    return record;
  });
}
