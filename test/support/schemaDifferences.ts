// Makes two sandbox databases' schemas differ the way a module update does, through ir.model / ir.model.fields create
// as the Add Custom Field flow does, and says what a comparison from the first to the second must then report.
import { customFieldValues, customModelValues, type NewCustomField } from '../../src/core/explorer/customSchemaRules';

/** What the helper needs of a client bound to one database (`Json2Client` has it). */
export interface SchemaCaller {
  call<T = unknown>(model: string, method: string, args?: Readonly<Record<string, unknown>>): Promise<T>;
}

type Field = NewCustomField & { readonly required?: boolean };

/** Fields of res.partner in "before" (left) and "after" (right); custom models only on one side. */
const BEFORE_FIELDS: readonly Field[] = [
  { name: 'x_note', label: 'Note', type: 'char' },
  { name: 'x_level', label: 'Level', type: 'char' },
  {
    name: 'x_rating',
    label: 'Rating',
    type: 'selection',
    selection: [
      ['good', 'Good'],
      ['bad', 'Bad'],
    ],
  },
  { name: 'x_buddy_id', label: 'Buddy', type: 'many2one', relation: 'res.users' },
];
const AFTER_FIELDS: readonly Field[] = [
  { name: 'x_score', label: 'Score', type: 'integer' },
  { name: 'x_level', label: 'Level', type: 'integer', required: true },
  {
    name: 'x_rating',
    label: 'Rating',
    type: 'selection',
    selection: [
      ['good', 'Good'],
      ['bad', 'Bad'],
      ['ugly', 'Ugly'],
    ],
  },
  { name: 'x_buddy_id', label: 'Buddy', type: 'many2one', relation: 'res.partner' },
];
export const REMOVED_MODEL = 'x_retired_report';
export const ADDED_MODEL = 'x_compare_book';

async function addFields(client: SchemaCaller, model: string, fields: readonly Field[]): Promise<void> {
  const [record] = await client.call<Array<{ id: number }>>('ir.model', 'search_read', { domain: [['model', '=', model]], fields: ['id'] });
  const values = fields.map((field) => ({ ...customFieldValues(record.id, field), ...(field.required ? { required: true } : {}) }));
  await client.call('ir.model.fields', 'create', { vals_list: values });
}

/**
 * Creates a custom model readable by settings administrators: as on the reference, a new custom model has no access
 * row, and the schema documents list only the models the key may read (a module update brings its access rows too).
 */
async function createReadableModel(client: SchemaCaller, model: string, name: string): Promise<void> {
  const [system] = await client.call<Array<{ res_id: number }>>('ir.model.data', 'search_read', {
    domain: [
      ['module', '=', 'base'],
      ['name', '=', 'group_system'],
    ],
    fields: ['res_id'],
  });
  const access = { name: `${model} readers`, group_id: system.res_id, perm_read: true };
  await client.call('ir.model', 'create', { vals_list: [{ ...customModelValues({ model, name }), access_ids: [[0, 0, access]] }] });
}

/** Changes both databases: afterwards "before" has what "after" lost, and "after" what it gained or changed. */
export async function makeSchemasDiffer(before: SchemaCaller, after: SchemaCaller): Promise<void> {
  await createReadableModel(before, REMOVED_MODEL, 'Retired Report');
  await createReadableModel(after, ADDED_MODEL, 'Compare Book');
  await addFields(before, 'res.partner', BEFORE_FIELDS);
  await addFields(after, 'res.partner', AFTER_FIELDS);
}

/** What `compareSchemas(before, after)` must report after `makeSchemasDiffer`, in the comparison's shape. */
export const EXPECTED_DIFFERENCES = {
  addedModels: [ADDED_MODEL],
  removedModels: [REMOVED_MODEL],
  changedModels: [
    {
      model: 'res.partner',
      addedFields: ['x_score'],
      removedFields: ['x_note'],
      changedFields: [
        { field: 'x_buddy_id', changes: [{ attribute: 'relation', before: 'res.users', after: 'res.partner' }] },
        {
          field: 'x_level',
          changes: [
            { attribute: 'type', before: 'char', after: 'integer' },
            { attribute: 'required', before: 'false', after: 'true' },
          ],
        },
        { field: 'x_rating', changes: [{ attribute: 'selection', before: 'good, bad', after: 'good, bad, ugly' }] },
      ],
    },
  ],
};

/** A comparison reduced to names, for `deepEqual` with `EXPECTED_DIFFERENCES`. */
export function differencesOf(comparison: {
  addedModels: readonly { model: string }[];
  removedModels: readonly { model: string }[];
  changedModels: readonly {
    model: string;
    addedFields: readonly { name: string }[];
    removedFields: readonly { name: string }[];
    changedFields: readonly unknown[];
  }[];
}): typeof EXPECTED_DIFFERENCES {
  return {
    addedModels: comparison.addedModels.map((model) => model.model),
    removedModels: comparison.removedModels.map((model) => model.model),
    changedModels: comparison.changedModels.map((model) => ({
      model: model.model,
      addedFields: model.addedFields.map((field) => field.name),
      removedFields: model.removedFields.map((field) => field.name),
      changedFields: model.changedFields as (typeof EXPECTED_DIFFERENCES)['changedModels'][number]['changedFields'],
    })),
  };
}
