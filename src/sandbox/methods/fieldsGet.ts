// fields_get: each field's attributes (all, or those asked for), as the reference server describes fields.
import { typeError } from '../errors/serviceErrors';
import type { FieldDefinition } from '../orm/fieldDefinition';
import type { Model } from '../orm/modelDefinition';
import type { Environment } from '../orm/environment';
import { fieldAllowed } from '../orm/access/accessPolicy';
import { optional, type MethodDefinition } from '../orm/methodDefinition';

/** Every attribute of `field`, keys sorted by name. */
export function fieldDescription(field: FieldDefinition): Record<string, unknown> {
  const searchable = field.store || Boolean(field.computeSql);
  const description: Record<string, unknown> = {
    change_default: false,
    company_dependent: false,
    depends: field.computeSql ? (field.name === 'display_name' ? [] : ['write_date', 'create_date']) : [],
    manual: false,
    name: field.name,
    readonly: Boolean(field.readonly),
    required: Boolean(field.required),
    searchable,
    sortable: searchable && field.type !== 'one2many' && field.type !== 'many2many',
    store: field.store,
    string: field.string,
    type: field.type,
  };
  if (field.help) description.help = field.help;
  if (field.type === 'char' || field.type === 'text' || field.type === 'html') description.translate = Boolean(field.translate);
  if (field.type === 'monetary') description.currency_field = field.currencyField;
  if (field.type === 'char' && field.size) description.size = field.size;
  if (field.type === 'selection') description.selection = (field.selection ?? []).map(([key, label]) => [key, label]);
  if (field.type === 'one2many') description.relation_field = field.relationField;
  if (field.type === 'many2one' || field.type === 'one2many' || field.type === 'many2many') {
    description.relation = field.relation;
    description.domain = [];
    description.context = {};
  }
  return Object.fromEntries(Object.entries(description).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function nameList(name: string, value: unknown): string[] | null {
  if (value === null || value === undefined || value === false) return null;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw typeError(`'${name}' must be a list of names, got ${JSON.stringify(value)}`);
  return value as string[];
}

/**
 * `{field: {attribute: value}}` for the fields of `model` (all, or `allfields`), with every or the given attributes.
 * `readonly` is the field's own flag, whatever the user may write (as on the reference since its 17.0).
 */
export function fieldsGet(
  model: Model,
  allfields: unknown,
  attributes: unknown,
  visible: (name: string) => boolean = () => true,
): Record<string, Record<string, unknown>> {
  const wantedFields = nameList('allfields', allfields);
  const wantedAttributes = nameList('attributes', attributes);
  const result: Record<string, Record<string, unknown>> = {};
  for (const field of model.fields.values()) {
    if (wantedFields && wantedFields.length > 0 && !wantedFields.includes(field.name)) continue;
    if (!visible(field.name)) continue;
    const description = fieldDescription(field);
    result[field.name] =
      wantedAttributes && wantedAttributes.length > 0
        ? Object.fromEntries(wantedAttributes.filter((name) => Object.hasOwn(description, name)).map((name) => [name, description[name]]))
        : description;
  }
  return result;
}

export const fields_get: MethodDefinition = {
  name: 'fields_get',
  level: 'model',
  parameters: [optional('allfields', null), optional('attributes', null)],
  doc: 'The fields of the model with their attributes.',
  run: async ({ env, model, args }) => userFieldsGet(env, model, args.allfields, args.attributes),
};

/** fields_get as the calling user sees it: the fields of groups they are not in are left out. */
export function userFieldsGet(
  env: Environment,
  model: Model,
  allfields: unknown,
  attributes: unknown,
): Record<string, Record<string, unknown>> {
  return fieldsGet(model, allfields, attributes, (name) => fieldAllowed(env, model, name));
}
