// get_metadata (who created and last changed the records, and their external ids) and exists (private since the
// reference server's release 18.2: it answers a recordset, so it cannot be called remotely).
import type { Environment } from '../orm/environment';
import type { Model } from '../orm/modelDefinition';
import { readRecords } from '../orm/recordRead';
import { quoteIdentifier } from '../storage/sqlQuoting';
import type { MethodDefinition } from '../orm/methodDefinition';

const LOG_ACCESS_FIELDS = ['create_uid', 'create_date', 'write_uid', 'write_date'];

/** The records of `ids` that exist, in the order given. */
export async function existingIds(env: Environment, model: Model, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await env.cr.query<{ id: number }>(`SELECT id FROM ${quoteIdentifier(model.table)} WHERE id = ANY($1::bigint[])`, [[...new Set(ids)]])
    ).rows.map((row) => Number(row.id)),
  );
  return ids.filter((id) => found.has(id));
}

export const exists: MethodDefinition = {
  name: 'exists',
  level: 'records',
  private: true,
  parameters: [],
  doc: 'Internal: the subset of the records that exist. Not callable remotely (it answers a recordset).',
  run: ({ env, model, ids }) => existingIds(env, model, ids),
};

/** The log fields of each record (read with the caller's rights), then its first external id and all of them. */
async function recordMetadata(env: Environment, model: Model, ids: readonly number[]): Promise<Array<Record<string, unknown>>> {
  const rows = await readRecords(env, model, ids, LOG_ACCESS_FIELDS, '_classic_read');
  const data = await env.cr.query<{ res_id: number; module: string; name: string; noupdate: boolean | null }>(
    'SELECT res_id, module, name, noupdate FROM ir_model_data WHERE model = $1 AND res_id = ANY($2::int[]) ORDER BY id',
    [model.name, rows.map((row) => row.id)],
  );
  const byRecord = new Map<number, Array<{ xmlid: string; noupdate: boolean }>>();
  for (const row of data.rows) {
    const list = byRecord.get(Number(row.res_id)) ?? [];
    list.push({ xmlid: `${row.module}.${row.name}`, noupdate: row.noupdate === true });
    byRecord.set(Number(row.res_id), list);
  }
  return rows.map((row) => {
    const xmlids = byRecord.get(row.id as number) ?? [];
    return { ...row, xmlid: xmlids[0]?.xmlid ?? false, noupdate: xmlids[0]?.noupdate ?? false, xmlids };
  });
}

export const get_metadata: MethodDefinition = {
  name: 'get_metadata',
  level: 'records',
  parameters: [],
  doc: 'For each record: id, create_uid, create_date, write_uid, write_date, xmlid (the first external id), noupdate and xmlids.',
  run: ({ env, model, ids }) => recordMetadata(env, model, ids),
};
