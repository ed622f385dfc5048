// External ids (ir.model.data rows, `module.name`) of the records a new database is filled with.
import type { Environment } from '../orm/environment';
import { createRecords } from '../orm/recordWrite';

/** Gives record `resId` of `model` the external id `xmlId` (`module.name`). */
export async function addExternalId(env: Environment, xmlId: string, model: string, resId: number): Promise<void> {
  const [module, name] = xmlId.split('.');
  await createRecords(env, env.model('ir.model.data'), [{ module, name, model, res_id: resId, noupdate: true }]);
}

/** Record ids by external id, for the external ids of `model`. */
export async function externalIds(env: Environment, model: string): Promise<Map<string, number>> {
  const rows = await env.cr.query<{ xml: string; res_id: number }>(
    "SELECT module || '.' || name AS xml, res_id FROM ir_model_data WHERE model = $1",
    [model],
  );
  return new Map(rows.rows.map((row) => [row.xml, Number(row.res_id)]));
}
