// Writes the ir.model and ir.model.fields rows of models defined in code (state base), in a few bulk statements.
import type { Environment } from '../orm/environment';
import type { FieldDefinition } from '../orm/fieldDefinition';
import { formatDatetime } from '../orm/fieldValues';
import type { Model } from '../orm/modelDefinition';
import { SqlParams } from '../orm/sqlParams';
import { MODEL_ACCESS, RECORD_RULES } from '../orm/access/accessRules';

/** `[('key', 'Label'), ...]`, as the reference server stores a selection. */
export function selectionRepr(selection: ReadonlyArray<readonly [string, string]>): string {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return `[${selection.map(([key, label]) => `(${quote(key)}, ${quote(label)})`).join(', ')}]`;
}

function fieldRow(modelId: number, model: Model, field: FieldDefinition, state: string): unknown[] {
  return [
    field.name,
    model.name,
    modelId,
    field.string,
    field.help ?? null,
    field.type,
    state,
    Boolean(field.required),
    Boolean(field.readonly),
    field.store,
    field.selection ? selectionRepr(field.selection) : null,
    field.size ?? null,
    field.type === 'many2one' ? (field.onDelete ?? 'set null') : null,
    field.relation ?? null,
    field.relationField ?? null,
    field.relationTable ?? null,
    field.column1 ?? null,
    field.column2 ?? null,
  ];
}

const FIELD_COLUMNS = [
  'name',
  'model',
  'model_id',
  'field_description',
  'help',
  'ttype',
  'state',
  'required',
  'readonly',
  'store',
  'selection',
  'size',
  'on_delete',
  'relation',
  'relation_field',
  'relation_table',
  'column1',
  'column2',
];

/** Inserts the field rows of `fields` of `model` (record `modelId`) in one statement. */
export async function insertFieldRows(
  env: Environment,
  modelId: number,
  model: Model,
  fields: readonly FieldDefinition[],
  state: string,
): Promise<void> {
  if (fields.length === 0) return;
  const params = new SqlParams();
  const now = params.add(formatDatetime(env.now));
  const uid = params.add(env.uid);
  const rows = fields.map(
    (field) =>
      `(${fieldRow(modelId, model, field, state)
        .map((value) => params.add(value))
        .join(', ')}, '[]', ${params.add(Boolean(field.translate))}, false, ${uid}, ${now}, ${uid}, ${now})`,
  );
  const inserted = await env.cr.query<{ id: number; name: string }>(
    `INSERT INTO ir_model_fields (${FIELD_COLUMNS.join(', ')}, domain, translate, index, create_uid, create_date, write_uid, write_date) VALUES ${rows.join(', ')} RETURNING id, name`,
    params.values,
  );
  const restricted = fields.filter((field) => field.groups);
  if (restricted.length === 0) return;
  const groups = await groupIds(env);
  const fieldIds = new Map(inserted.rows.map((row) => [row.name, row.id]));
  const pairs = restricted.flatMap((field) =>
    (field.groups as string).split(',').map((xmlId) => [fieldIds.get(field.name), groups.get(xmlId.trim())]),
  );
  await env.cr.query(
    'INSERT INTO ir_model_fields_group_rel (field_id, group_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING',
    [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
  );
}

/** Group ids by external id (`base.group_user`). */
async function groupIds(env: Environment): Promise<Map<string, number>> {
  return new Map(
    (
      await env.cr.query<{ xml: string; res_id: number }>(
        "SELECT module || '.' || name AS xml, res_id FROM ir_model_data WHERE model = 'res.groups'",
      )
    ).rows.map((row) => [row.xml, row.res_id]),
  );
}

/** Adds the rows of every model of the registry that ir.model does not list yet, with their fields and access rows. */
export async function syncMetaModels(env: Environment): Promise<void> {
  const known = new Set((await env.cr.query<{ model: string }>('SELECT model FROM ir_model')).rows.map((row) => row.model));
  const missing = [...env.registry.models.values()].filter((model) => !known.has(model.name));
  if (missing.length === 0) return;
  const params = new SqlParams();
  const now = params.add(formatDatetime(env.now));
  const values = missing.map(
    (model) =>
      `(${params.add(model.description)}, ${params.add(model.name)}, ${params.add(model.state)}, ${params.add(env.uid)}, ${now}, ${params.add(env.uid)}, ${now})`,
  );
  const inserted = await env.cr.query<{ id: number; model: string }>(
    `INSERT INTO ir_model (name, model, state, create_uid, create_date, write_uid, write_date) VALUES ${values.join(', ')} RETURNING id, model`,
    params.values,
  );
  const ids = new Map(inserted.rows.map((row) => [row.model, row.id]));
  for (const model of missing) await insertFieldRows(env, ids.get(model.name) as number, model, [...model.fields.values()], model.state);
  await insertAccessRows(env, ids);
  await insertRuleRows(env, ids);
}

/** The ir.model.access rows of the rights in code (`orm/access/accessRules.ts`) for the models of `ids`. */
async function insertAccessRows(env: Environment, ids: ReadonlyMap<string, number>): Promise<void> {
  const groups = await groupIds(env);
  const rows = MODEL_ACCESS.filter((row) => ids.has(row.model));
  if (rows.length === 0) return;
  const params = new SqlParams();
  const values = rows.map((row) => {
    const name = `access_${row.model.replace(/\./g, '_')}_${(row.group ?? 'all').replace(/\./g, '_')}`;
    const group = row.group === null ? null : (groups.get(row.group) ?? null);
    return `(${[name, ids.get(row.model), group, row.read, row.write, row.create, row.unlink].map((value) => params.add(value)).join(', ')}, true)`;
  });
  await env.cr.query(
    `INSERT INTO ir_model_access (name, model_id, group_id, perm_read, perm_write, perm_create, perm_unlink, active) VALUES ${values.join(', ')}`,
    params.values,
  );
}

/** The ir.rule rows of `orm/access/accessRules.ts` for the models of `ids`. */
async function insertRuleRows(env: Environment, ids: ReadonlyMap<string, number>): Promise<void> {
  const groups = await groupIds(env);
  for (const rule of RECORD_RULES.filter((row) => ids.has(row.model))) {
    const inserted = await env.cr.query<{ id: number }>(
      'INSERT INTO ir_rule (name, model_id, domain_force, perm_read, perm_write, perm_create, perm_unlink, active) VALUES ($1, $2, $3, $4, $5, $6, $7, true) RETURNING id',
      [
        rule.name,
        ids.get(rule.model),
        rule.domain,
        ...(['read', 'write', 'create', 'unlink'] as const).map((operation) => rule.operations.includes(operation)),
      ],
    );
    for (const group of rule.groups)
      await env.cr.query('INSERT INTO rule_group_rel (rule_group_id, group_id) VALUES ($1, $2)', [inserted.rows[0].id, groups.get(group)]);
  }
}
