// Writes one2many and many2many fields with the command table of the notes: [0, 0, vals] create, [1, id, vals]
// update, [2, id] delete, [3, id] unlink, [4, id] link, [5] unlink all, [6, 0, ids] replace; any other number does
// nothing.
import { userError, valueError } from '../errors/serviceErrors';
import type { Environment } from './environment';
import type { FieldDefinition } from './fieldDefinition';
import type { Model } from './modelDefinition';
import { pythonRepr } from './pythonRepr';
import { createRecords, unlinkRecords, writeRecords } from './recordWrite';
import { quoteIdentifier as q } from '../storage/sqlQuoting';

export type Command = [number, number, unknown];

/** Takes the one2many and many2many values out of `values`: field and its commands. */
export function takeRelationValues(model: Model, values: Record<string, unknown>): Array<[FieldDefinition, Command[]]> {
  const taken: Array<[FieldDefinition, Command[]]> = [];
  for (const [name, value] of Object.entries(values)) {
    const field = model.fields.get(name);
    if (!field || (field.type !== 'one2many' && field.type !== 'many2many')) continue;
    delete values[name];
    if (field.readonly) throw userError(`The field '${field.string}' (${model.name}.${name}) cannot be written.`);
    taken.push([field, parseCommands(model, field, value)]);
  }
  return taken;
}

export function parseCommands(model: Model, field: FieldDefinition, value: unknown): Command[] {
  if (value === false || value === null) return [[5, 0, 0]];
  const wrong = () => valueError(`Wrong value for ${model.name}.${field.name}: ${pythonRepr(value)}`);
  if (!Array.isArray(value)) throw wrong();
  if (value.every((item) => typeof item === 'number')) return [[6, 0, value]];
  return value.map((item) => {
    // A command number the reference does not know is skipped, as its command loop skips it (see applyCommands).
    if (!Array.isArray(item) || item.length === 0 || item.length > 3 || typeof item[0] !== 'number' || !Number.isInteger(item[0]))
      throw wrong();
    const [code, id = 0, data = 0] = item as [number, unknown, unknown];
    if (typeof id !== 'number' || !Number.isInteger(id)) throw wrong();
    if ((code === 0 || code === 1) && (data === null || typeof data !== 'object' || Array.isArray(data))) throw wrong();
    if (code === 6 && (!Array.isArray(data) || data.some((linked) => typeof linked !== 'number'))) throw wrong();
    return [code, id, data] as Command;
  });
}

async function linkedIds(env: Environment, field: FieldDefinition, recordId: number): Promise<number[]> {
  const sql =
    field.type === 'one2many'
      ? `SELECT id FROM ${q((field.relation as string).replace(/\./g, '_'))} WHERE ${q(field.relationField as string)} = $1 ORDER BY id`
      : `SELECT ${q(field.column2 as string)} AS id FROM ${q(field.relationTable as string)} WHERE ${q(field.column1 as string)} = $1 ORDER BY 1`;
  return (await env.cr.query<{ id: number }>(sql, [recordId])).rows.map((row) => row.id);
}

/** Links `ids` to the record (many2many rows, or the inverse many2one of a one2many). */
async function link(env: Environment, related: Model, field: FieldDefinition, recordId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (field.type === 'one2many') {
    await writeRecords(env, related, ids, { [field.relationField as string]: recordId });
    return;
  }
  const [table, c1, c2] = [q(field.relationTable as string), q(field.column1 as string), q(field.column2 as string)];
  await env.cr.query(`INSERT INTO ${table} (${c1}, ${c2}) SELECT $1, x FROM unnest($2::int[]) x ON CONFLICT DO NOTHING`, [
    recordId,
    [...ids],
  ]);
}

/** Unlinks `ids` from the record; for a one2many, deletes them when the inverse cannot be emptied. */
async function unlink(env: Environment, related: Model, field: FieldDefinition, recordId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (field.type === 'one2many') {
    const inverse = related.fields.get(field.relationField as string) as FieldDefinition;
    if (inverse.required || inverse.onDelete === 'cascade') await unlinkRecords(env, related, ids);
    else await writeRecords(env, related, ids, { [inverse.name]: false });
    return;
  }
  await env.cr.query(
    `DELETE FROM ${q(field.relationTable as string)} WHERE ${q(field.column1 as string)} = $1 AND ${q(field.column2 as string)} = ANY($2::int[])`,
    [recordId, [...ids]],
  );
}

/** Runs the commands of `field` on each of `recordIds`. */
export async function applyCommands(
  env: Environment,
  field: FieldDefinition,
  recordIds: readonly number[],
  commands: readonly Command[],
): Promise<void> {
  const related = env.registry.require(field.relation as string);
  for (const recordId of recordIds) {
    for (const [code, id, data] of commands) {
      switch (code) {
        case 0: {
          const values = { ...(data as Record<string, unknown>) };
          if (field.type === 'one2many') values[field.relationField as string] = recordId;
          const [created] = await createRecords(env, related, [values]);
          if (field.type === 'many2many') await link(env, related, field, recordId, [created]);
          break;
        }
        case 1:
          await writeRecords(env, related, [id], data);
          break;
        case 2:
          await unlinkRecords(env, related, [id]);
          break;
        case 3:
          await unlink(env, related, field, recordId, [id]);
          break;
        case 4:
          await link(env, related, field, recordId, [id]);
          break;
        case 5:
          await unlink(env, related, field, recordId, await linkedIds(env, field, recordId));
          break;
        case 6: {
          const wanted = data as number[];
          await unlink(
            env,
            related,
            field,
            recordId,
            (await linkedIds(env, field, recordId)).filter((linked) => !wanted.includes(linked)),
          );
          await link(env, related, field, recordId, wanted);
          break;
        }
      }
    }
  }
}
