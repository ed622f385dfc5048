// The generic record methods of every model: read, create, write, unlink, copy, name_create, default_get.
import { typeError, userError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import type { Model } from '../orm/modelDefinition';
import { defaultValues } from '../orm/recordDefaults';
import { floatValue } from '../orm/pythonFloat';
import { fromColumnValue } from '../orm/fieldValues';
import { displayNames, readRecords, readRows } from '../orm/recordRead';
import { createRecords, unlinkRecords, valuesList, writeRecords } from '../orm/recordWrite';
import { checkModelAccess } from '../orm/access/accessPolicy';
import { optional, required, type MethodDefinition } from '../orm/methodDefinition';

export const read: MethodDefinition = {
  name: 'read',
  level: 'records',
  parameters: [optional('fields', null), optional('load', '_classic_read')],
  doc: 'The records with the fields asked for (every readable field when none); id always included.',
  run: ({ env, model, ids, args }) => readRecords(env, model, ids, args.fields, args.load),
};

export const create: MethodDefinition = {
  name: 'create',
  level: 'model',
  parameters: [required('vals_list')],
  doc: 'Creates one record per mapping of vals_list (one mapping or a list); returns the list of new ids.',
  run: ({ env, model, args }) => createRecords(env, model, valuesList(args.vals_list)),
};

export const write: MethodDefinition = {
  name: 'write',
  level: 'records',
  parameters: [required('vals')],
  doc: 'Gives every record the same values.',
  async run({ env, model, ids, args }) {
    await writeRecords(env, model, ids, args.vals);
    return true;
  },
};

export const unlink: MethodDefinition = {
  name: 'unlink',
  level: 'records',
  parameters: [],
  doc: 'Deletes the records.',
  async run({ env, model, ids }) {
    await unlinkRecords(env, model, ids);
    return true;
  },
};

/**
 * Creates a copy of each record (copyable stored fields and many2many links, then the model's copy defaults, then
 * `defaults`).
 */
export async function copyRecords(env: Environment, model: Model, ids: readonly number[], defaults: unknown): Promise<number[]> {
  if (defaults !== null && defaults !== undefined && (typeof defaults !== 'object' || Array.isArray(defaults))) {
    throw typeError(`'default' must be a mapping of field names to values, got ${JSON.stringify(defaults)}`);
  }
  checkModelAccess(env, model, 'read');
  const copied = [...model.fields.values()].filter(
    (field) => field.copy && !field.builtin && (field.store || (field.type === 'many2many' && !field.readonly)),
  );
  const rows = await readRows(env, model, ids, copied);
  const list = rows.map((row) => {
    const values: Record<string, unknown> = {};
    for (const field of copied) {
      const raw = row[field.name];
      if (field.type === 'many2many') values[field.name] = [[6, 0, fromColumnValue(field, raw)]];
      else values[field.name] = raw === null || raw === undefined ? false : raw;
    }
    return { ...values, ...(model.hooks.copyDefaults?.(row) ?? {}), ...((defaults as Record<string, unknown> | null) ?? {}) };
  });
  return createRecords(env, model, list);
}

export const copy: MethodDefinition = {
  name: 'copy',
  level: 'records',
  parameters: [optional('default', null)],
  doc: 'Duplicates the records, with the values of default in place of the copied ones; returns the new ids.',
  run: ({ env, model, ids, args }) => copyRecords(env, model, ids, args.default),
};

export const name_create: MethodDefinition = {
  name: 'name_create',
  level: 'model',
  parameters: [required('name')],
  doc: 'Creates a record from its name alone; returns [id, display_name].',
  async run({ env, model, args }) {
    if (model.recName === 'id' || !model.fields.get(model.recName)?.store) {
      throw userError(`Cannot execute name_create, no _rec_name defined on ${model.name}`);
    }
    if (typeof args.name !== 'string') throw typeError(`'name' must be a string, got ${JSON.stringify(args.name)}`);
    const [id] = await createRecords(env, model, [{ [model.recName]: args.name }]);
    const names = await displayNames(env, model, [id]);
    return [id, names.get(id) ?? args.name];
  },
};

export const default_get: MethodDefinition = {
  name: 'default_get',
  level: 'model',
  parameters: [required('fields')],
  doc: 'The default values of the fields asked for (only fields that have one).',
  async run({ env, model, args }) {
    if (!Array.isArray(args.fields) || args.fields.some((name) => typeof name !== 'string')) {
      throw typeError(`'fields' must be a list of field names, got ${JSON.stringify(args.fields)}`);
    }
    const values = defaultValues(env, model, args.fields as string[]);
    // A float default is a float in the answer (0.0), as the reference converts defaults to their field's type.
    for (const [name, value] of Object.entries(values)) {
      const type = model.fields.get(name)?.type;
      if ((type === 'float' || type === 'monetary') && typeof value === 'number') values[name] = floatValue(value);
    }
    return values;
  },
};
