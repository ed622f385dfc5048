// action_archive and action_unarchive: every model with an `active` field can hide and show its records again.
import { valueError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import type { Model } from '../orm/modelDefinition';
import { writeRecords } from '../orm/recordWrite';
import type { MethodDefinition } from '../orm/methodDefinition';
import { quoteIdentifier } from '../storage/sqlQuoting';

/** Sets `active` on the records of `ids` that do not have it yet; ValueError on a model without `active`. */
export async function setActive(env: Environment, model: Model, ids: readonly number[], active: boolean): Promise<void> {
  if (model.fields.get('active')?.type !== 'boolean')
    throw valueError(`Model '${model.name}' has no 'active' field: it cannot be archived.`);
  const changing = (
    await env.cr.query<{ id: number }>(
      `SELECT id FROM ${quoteIdentifier(model.table)} WHERE id = ANY($1::bigint[]) AND COALESCE(active, false) <> $2`,
      [[...ids], active],
    )
  ).rows.map((row) => row.id);
  if (changing.length > 0) await writeRecords(env, model, changing, { active });
}

export const action_archive: MethodDefinition = {
  name: 'action_archive',
  level: 'records',
  parameters: [],
  doc: 'Archives the records (active = False): they leave searches but stay readable by id.',
  async run({ env, model, ids }) {
    await setActive(env, model, ids, false);
    return null;
  },
};

export const action_unarchive: MethodDefinition = {
  name: 'action_unarchive',
  level: 'records',
  parameters: [],
  doc: 'Restores archived records (active = True).',
  async run({ env, model, ids }) {
    await setActive(env, model, ids, true);
    return null;
  },
};
