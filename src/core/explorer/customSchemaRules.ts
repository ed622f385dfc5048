// The rules for custom models and fields made through ir.model / ir.model.fields (service-api.md, meta-models): the
// `x_` prefix, state `manual`, the types allowed and the relation a relational field needs; and the records to create.
import type { FieldInfo } from '../schema/schemaTypes';

/** The field types a custom field may have. */
export const CUSTOM_FIELD_TYPES = [
  'char',
  'text',
  'html',
  'integer',
  'float',
  'monetary',
  'boolean',
  'date',
  'datetime',
  'selection',
  'binary',
  'many2one',
  'one2many',
  'many2many',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

const RELATIONAL: ReadonlySet<string> = new Set(['many2one', 'one2many', 'many2many']);
const MODEL_NAME = /^x_[a-z0-9_]+(\.[a-z0-9_]+)*$/;
const FIELD_NAME = /^x_[a-z0-9_]+$/;
const MAX_NAME = 63;

export function isCustomFieldType(type: string): type is CustomFieldType {
  return (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);
}

export function needsRelation(type: string): boolean {
  return RELATIONAL.has(type);
}

/** What is wrong with a new custom model's technical name; undefined when it is fine. */
export function customModelNameProblem(name: string, existingModels: readonly string[]): string | undefined {
  if (name === '') return 'Type the technical name, for example x_library.book.';
  if (!name.startsWith('x_')) return `A custom model's name must start with "x_" (for example x_${name.replace(/^x?_?/, '')}).`;
  if (name.length > MAX_NAME) return `The name is ${name.length} characters long; at most ${MAX_NAME}.`;
  if (!MODEL_NAME.test(name)) return 'Use lowercase letters, digits and "_", with dots between words (x_library.book).';
  if (existingModels.includes(name)) return `The model ${name} already exists.`;
  return undefined;
}

/** What is wrong with a new custom field's technical name on a model with `existingFields`; undefined when fine. */
export function customFieldNameProblem(name: string, existingFields: readonly string[]): string | undefined {
  if (name === '') return 'Type the technical name, for example x_rating.';
  if (!name.startsWith('x_')) return `A custom field's name must start with "x_" (for example x_${name.replace(/^x?_?/, '')}).`;
  if (name.length > MAX_NAME) return `The name is ${name.length} characters long; at most ${MAX_NAME}.`;
  if (!FIELD_NAME.test(name)) return 'Use lowercase letters, digits and "_" only (x_rating).';
  if (existingFields.includes(name)) return `The model already has a field ${name}.`;
  return undefined;
}

export function labelProblem(label: string): string | undefined {
  return label.trim() === '' ? 'Type a label, the name people see.' : undefined;
}

/** A relational field's comodel must be an existing model; other types take none. */
export function relationProblem(type: string, relation: string | undefined, knownModels: readonly string[]): string | undefined {
  if (!needsRelation(type)) return relation ? `A ${type} field has no related model.` : undefined;
  if (!relation) return `A ${type} field needs the model it points to.`;
  if (!knownModels.includes(relation)) return `There is no model ${relation} in this database.`;
  return undefined;
}

/** The many2one fields of the comodel that point back to `model`: the inverses a one2many may use. */
export function inverseCandidates(model: string, comodelFields: Readonly<Record<string, FieldInfo>>): FieldInfo[] {
  return Object.values(comodelFields)
    .filter((field) => field.type === 'many2one' && field.relation === model)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `draft:Draft, done:Done` (or one value per comma without a label) as selection pairs, or the problem with it. */
export function parseSelectionValues(text: string): { pairs: Array<[string, string]> } | { problem: string } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { problem: 'Type the values, for example draft:Draft, done:Done.' };
  const pairs: Array<[string, string]> = [];
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const value = (colon < 0 ? entry : entry.slice(0, colon)).trim();
    const label = (colon < 0 ? entry : entry.slice(colon + 1)).trim();
    if (value === '' || label === '') return { problem: `"${entry}" needs a value and a label (value:Label).` };
    if (pairs.some(([known]) => known === value)) return { problem: `The value ${value} is listed twice.` };
    pairs.push([value, label]);
  }
  return { pairs };
}

export interface NewCustomModel {
  readonly model: string;
  readonly name: string;
}

/**
 * The ir.model record of a new custom model; `state` must be `manual` or the model is not loaded. With
 * `administratorsGroup` (the id of `base.group_system`), the record brings an access right giving that group every
 * operation: a real server makes none, so without one nobody, the administrator included, may use the model.
 */
export function customModelValues(model: NewCustomModel, administratorsGroup?: number): Record<string, unknown> {
  const values: Record<string, unknown> = { model: model.model, name: model.name.trim(), state: 'manual' };
  if (administratorsGroup === undefined) return values;
  const access = {
    name: `${model.model} administrators`,
    group_id: administratorsGroup,
    perm_read: true,
    perm_write: true,
    perm_create: true,
    perm_unlink: true,
  };
  return { ...values, access_ids: [[0, 0, access]] };
}

/** The search_read that finds the administrators' group (`base.group_system`) by its external id. */
export const ADMINISTRATORS_GROUP_LOOKUP = {
  model: 'ir.model.data',
  method: 'search_read',
  args: {
    domain: [
      ['module', '=', 'base'],
      ['name', '=', 'group_system'],
      ['model', '=', 'res.groups'],
    ],
    fields: ['res_id'],
    limit: 1,
  },
} as const;

export interface NewCustomField {
  readonly name: string;
  readonly label: string;
  readonly type: CustomFieldType;
  readonly relation?: string;
  /** The comodel's many2one a one2many goes through. */
  readonly relationField?: string;
  readonly selection?: ReadonlyArray<readonly [string, string]>;
}

/** The ir.model.fields record of a new custom field on the ir.model record `modelId`; only `manual` fields load. */
export function customFieldValues(modelId: number, field: NewCustomField): Record<string, unknown> {
  return {
    model_id: modelId,
    name: field.name,
    field_description: field.label.trim(),
    ttype: field.type,
    state: 'manual',
    ...(field.relation ? { relation: field.relation } : {}),
    ...(field.relationField ? { relation_field: field.relationField } : {}),
    // A list of pairs in JSON is also a Python literal, which is what the server evaluates.
    ...(field.selection ? { selection: JSON.stringify(field.selection) } : {}),
  };
}
