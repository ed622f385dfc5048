// What creating, changing and deleting ir.model and ir.model.fields records does to the schema: custom models get a
// table and custom fields a column at once (state manual), in the call's transaction; code-defined ones cannot go.
import { userError, validationError } from '../errors/serviceErrors';
import { CUSTOM_FIELD_TYPES, currencyFieldOf, customFieldSpec, many2manyNames, parseSelection, type FieldRow } from '../orm/customFields';
import { addFieldSql, createModelTableSql, dropFieldSql, dropModelSql, notNullSql } from '../orm/customSchemaSql';
import type { Environment } from '../orm/environment';
import type { FieldDefinition } from '../orm/fieldDefinition';
import { resolveModel, type ModelHooks } from '../orm/modelDefinition';
import { createRecords, unlinkRecords, writeRecords } from '../orm/recordWrite';
import { applyCommands, parseCommands } from '../orm/relationCommands';
import { insertFieldRows, selectionRepr } from './metaModelSync';

const NAME = /^x_[a-z0-9_]*[a-z0-9]$/;
const MODEL_NAME = /^x_[a-z0-9_.]*[a-z0-9]$/;

/** The field a new custom model gets when it is created without fields, as on the reference: its name, `x_name`. */
const DEFAULT_MODEL_FIELDS = [[0, 0, { name: 'x_name', field_description: 'Name', ttype: 'char', state: 'manual' }]];

/** The reference's checks of a custom model's name: the `x_` prefix first, then the characters. */
function checkModelName(name: unknown): void {
  if (typeof name !== 'string' || !name.startsWith('x_')) throw validationError("The model name must start with 'x_'.");
  if (!MODEL_NAME.test(name)) throw validationError('The model name can only contain lowercase characters, digits, underscores and dots.');
}

async function rowsOf<T>(env: Environment, table: string, ids: readonly number[]): Promise<T[]> {
  return (await env.cr.query<T>(`SELECT * FROM ${table} WHERE id = ANY($1::bigint[])`, [[...ids]])).rows;
}

/** Commands given to a new model for fields and views: applied once its table exists (see afterCreate). */
const pendingLinks = new WeakMap<Record<string, unknown>, { fields?: unknown; views?: unknown }>();

export const modelHooks: ModelHooks = {
  async beforeCreate(env, values) {
    const manual = values.state === 'manual';
    if ('field_id' in values || 'view_ids' in values || manual) {
      // Given fields replace the default x_name; an empty list gives none (the built-in fields are always there).
      const given = values.field_id;
      const fields = Array.isArray(given) && given.length === 0 ? undefined : (given ?? (manual ? DEFAULT_MODEL_FIELDS : undefined));
      pendingLinks.set(values, { fields, views: values.view_ids });
      delete values.field_id;
      delete values.view_ids;
    }
    if (!manual) return;
    const name = values.model;
    checkModelName(name);
    if (env.registry.model(name as string)) throw validationError(`The model '${String(name)}' already exists.`);
    if ('methods' in values) throw userError('New methods cannot be added to custom models, only fields.');
  },
  async afterCreate(env, ids, list) {
    for (const [index, values] of list.entries()) {
      const links = pendingLinks.get(values);
      if (values.state !== 'manual') {
        if (links) await applyModelLinks(env, ids[index], String(values.model), links);
        continue;
      }
      const name = values.model as string;
      await env.cr.query(createModelTableSql(name));
      const model = resolveModel({ name, description: String(values.name), fields: {}, state: 'manual' });
      await insertFieldRows(env, ids[index], model, [...model.fields.values()], 'base');
      // No access row: as on the reference, nobody (the administrator included) may use the model's records until an
      // ir.model.access row grants it. Fields given with the model are added in this same call, with the new model known to this call's models.
      if (links)
        await applyModelLinks(
          env.withRegistry(env.registry.extended([{ name, description: String(values.name), fields: {}, state: 'manual' }])),
          ids[index],
          name,
          links,
        );
    }
  },
  async beforeWrite(env, ids, values) {
    if ('model' in values || 'state' in values) throw userError('The technical name and the state of a model cannot be changed.');
    if ('view_ids' in values) {
      const views = values.view_ids;
      delete values.view_ids;
      for (const row of await rowsOf<{ id: number; model: string }>(env, 'ir_model', ids))
        await applyModelLinks(env, row.id, row.model, { views });
    }
  },
  async beforeUnlink(env, ids) {
    const rows = await rowsOf<{ model: string; state: string | null }>(env, 'ir_model', ids);
    const base = rows.find((row) => row.state === 'base');
    if (base) throw userError(`Model '${base.model}' is defined in code and cannot be deleted.`);
    for (const row of rows) {
      const model = env.registry.model(row.model);
      if (row.state !== 'manual' || !model) continue;
      const pointing = await env.cr.query<{ id: number }>(
        "SELECT id FROM ir_model_fields WHERE state = 'manual' AND (relation = $1 OR model = $1)",
        [row.model],
      );
      if (pointing.rows.length > 0)
        await fieldHooks.beforeUnlink?.(
          env,
          pointing.rows.map((field) => field.id),
        );
      await env.cr.query('DELETE FROM ir_model_fields WHERE id = ANY($1::bigint[])', [pointing.rows.map((field) => field.id)]);
      await env.cr.query(dropModelSql(model));
    }
  },
};

/**
 * Runs the field_id and view_ids commands given to model record `id` (technical name `name`). Views name their model by
 * its technical name (ir.ui.view.model), so linking a view sets that name and unlinking one clears it.
 */
async function applyModelLinks(env: Environment, id: number, name: string, links: { fields?: unknown; views?: unknown }): Promise<void> {
  const irModel = env.model('ir.model');
  if (links.fields !== undefined)
    await applyCommands(
      env,
      irModel.fields.get('field_id') as FieldDefinition,
      [id],
      parseCommands(irModel, irModel.fields.get('field_id') as FieldDefinition, links.fields),
    );
  if (links.views === undefined) return;
  const views = env.model('ir.ui.view');
  const linked = async () =>
    (await env.cr.query<{ id: number }>('SELECT id FROM ir_ui_view WHERE model = $1', [name])).rows.map((row) => row.id);
  for (const [code, viewId, data] of parseCommands(irModel, irModel.fields.get('view_ids') as FieldDefinition, links.views)) {
    switch (code) {
      case 0:
        await createRecords(env, views, [{ ...(data as Record<string, unknown>), model: name }]);
        break;
      case 1:
        await writeRecords(env, views, [viewId], data);
        break;
      case 2:
        await unlinkRecords(env, views, [viewId]);
        break;
      case 3:
        await writeRecords(env, views, [viewId], { model: false });
        break;
      case 4:
        await writeRecords(env, views, [viewId], { model: name });
        break;
      case 5:
        await writeRecords(env, views, await linked(), { model: false });
        break;
      case 6: {
        const wanted = data as number[];
        await writeRecords(
          env,
          views,
          (await linked()).filter((view) => !wanted.includes(view)),
          { model: false },
        );
        await writeRecords(env, views, wanted, { model: name });
        break;
      }
    }
  }
}

function fieldError(message: string): Error {
  return validationError(message);
}

/** Checks a new custom field and completes its values (model name, selection text, relation table names). */
async function prepareField(env: Environment, values: Record<string, unknown>): Promise<void> {
  for (const key of ['default', 'onchange', 'methods']) {
    if (key in values)
      throw userError(
        `Default values, onchange behaviour and methods cannot be set on fields created through ir.model.fields ('${key}' given).`,
      );
  }
  const modelRow =
    typeof values.model_id === 'number'
      ? (await rowsOf<{ model: string; state: string }>(env, 'ir_model', [values.model_id]))[0]
      : undefined;
  if (modelRow) values.model = modelRow.model;
  if (values.state !== 'manual') return;
  if (
    (typeof values.compute === 'string' && values.compute.trim() !== '') ||
    (typeof values.depends === 'string' && values.depends.trim() !== '')
  ) {
    throw userError('Computed fields cannot be added through ir.model.fields: leave compute and depends empty.');
  }
  const name = values.name;
  if (typeof name !== 'string' || !NAME.test(name))
    throw fieldError(`Custom fields must have a name that starts with 'x_' (lowercase letters, digits and '_'), got '${String(name)}'.`);
  if (!modelRow) throw fieldError('A custom field needs the model it belongs to (model_id).');
  const model = env.registry.model(modelRow.model);
  if (!model) throw fieldError(`The model '${modelRow.model}' is not loaded (its state is not 'manual'): fields cannot be added to it.`);
  if (model.fields.has(name)) throw fieldError(`The field '${name}' already exists on '${model.name}'.`);
  const type = String(values.ttype);
  if (!(CUSTOM_FIELD_TYPES as readonly string[]).includes(type))
    throw userError(`Custom fields of type '${type}' cannot be created in the sandbox (supported: ${CUSTOM_FIELD_TYPES.join(', ')}).`);
  if (Array.isArray(values.selection)) values.selection = selectionRepr(values.selection as Array<[string, string]>);
  if (type === 'monetary') {
    const currency = model.fields.get(currencyFieldOf([...model.fields.keys()]) ?? '');
    if (!currency || currency.relation !== 'res.currency')
      throw fieldError(
        `The monetary field '${name}' needs a many2one to res.currency named x_currency_id or currency_id on '${model.name}'.`,
      );
  }
  if (type === 'selection' && !parseSelection(String(values.selection ?? '')))
    throw fieldError(`The selection field '${name}' needs its options, as [('key', 'Label'), ...].`);
  if (type === 'many2one' || type === 'one2many' || type === 'many2many') {
    const related = typeof values.relation === 'string' ? env.registry.model(values.relation) : undefined;
    if (!related) throw fieldError(`Unknown model '${String(values.relation)}' in the relation of '${name}'.`);
    if (type === 'one2many') {
      const inverse = related.fields.get(String(values.relation_field));
      if (!inverse || inverse.type !== 'many2one' || inverse.relation !== model.name)
        throw fieldError(`The one2many '${name}' needs relation_field: a many2one of '${related.name}' to '${model.name}'.`);
    }
    if (type === 'many2many')
      Object.assign(
        values,
        many2manyNames({
          model: model.name,
          relation: related.name,
          relation_table: (values.relation_table as string) || null,
          column1: (values.column1 as string) || null,
          column2: (values.column2 as string) || null,
        }),
      );
  }
  if (type === 'many2many') {
    values.relation_table = values.table;
    delete values.table;
  }
}

async function fieldDefinitions(
  env: Environment,
  ids: readonly number[],
): Promise<Array<{ row: FieldRow & { state: string | null }; field: FieldDefinition }>> {
  const rows = await rowsOf<FieldRow & { state: string | null }>(env, 'ir_model_fields', ids);
  return rows.map((row) => ({ row, field: { name: row.name, ...customFieldSpec(row) } }));
}

export const fieldHooks: ModelHooks = {
  beforeCreate: prepareField,
  async afterCreate(env, ids, list) {
    const manual = ids.filter((_, index) => list[index].state === 'manual');
    for (const { row, field } of await fieldDefinitions(env, manual)) {
      const model = env.registry.require(row.model);
      const related = field.relation ? env.registry.require(field.relation).table : null;
      for (const statement of addFieldSql(model, field, related)) await env.cr.query(statement);
      const notNull = notNullSql(model, field);
      if (notNull && (await env.cr.query<{ complete: boolean }>(notNull.check)).rows[0].complete) await env.cr.query(notNull.statement);
    }
  },
  async beforeWrite(_env, _ids, values) {
    const locked = Object.keys(values).filter((key) => !['field_description', 'help', 'readonly', 'domain', 'groups'].includes(key));
    if (locked.length > 0) throw userError(`These attributes of a field cannot be changed once it exists: ${locked.join(', ')}.`);
  },
  async beforeUnlink(env, ids) {
    const rows = await rowsOf<{ id: number; model: string; name: string; state: string | null }>(env, 'ir_model_fields', ids);
    const base = rows.find((row) => row.state === 'base');
    if (base) throw userError(`The field '${base.model}.${base.name}' is defined in code and cannot be deleted.`);
    const custom = rows.filter((row) => row.state === 'manual').map((row) => row.id);
    for (const { row, field } of await fieldDefinitions(env, custom)) {
      const model = env.registry.model(row.model);
      if (model?.fields.has(row.name)) for (const statement of dropFieldSql(model, field)) await env.cr.query(statement);
    }
  },
};
