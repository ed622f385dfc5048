// Custom fields and models as stored in ir.model / ir.model.fields rows: turned into field and model definitions.
import { fields as f, type FieldDefinition, type OnDelete } from './fieldDefinition';
import type { ModelSpec } from './modelDefinition';

/** The types a custom field may have in the sandbox. */
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

/** One ir.model.fields row, as the loader and the hooks see it. */
export interface FieldRow {
  model: string;
  name: string;
  field_description: string;
  help: string | null;
  ttype: string;
  required: boolean;
  readonly: boolean;
  translate?: boolean | null;
  selection: string | null;
  size: number | null;
  on_delete: string | null;
  relation: string | null;
  relation_field: string | null;
  relation_table: string | null;
  column1: string | null;
  column2: string | null;
  /** For a monetary field: its currency many2one (not a column: found on the model when the field is loaded). */
  currency_field?: string | null;
}

/** The currency field of a monetary field on a model with `fieldNames`: `x_currency_id`, else `currency_id`. */
export function currencyFieldOf(fieldNames: readonly string[]): string | null {
  return fieldNames.includes('x_currency_id') ? 'x_currency_id' : fieldNames.includes('currency_id') ? 'currency_id' : null;
}

const PAIR = /\(\s*(['"])(.*?)\1\s*,\s*(['"])(.*?)\3\s*\)/g;

/** `[('a', 'A'), ...]` (or the JSON list of pairs) as a list of pairs; null when it lists none. */
export function parseSelection(text: string): Array<[string, string]> | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('[[')) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      if (
        Array.isArray(value) &&
        value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((item) => typeof item === 'string'))
      ) {
        return value.length > 0 ? (value as Array<[string, string]>) : null;
      }
    } catch {
      /* not JSON: read as Python below */
    }
  }
  const pairs = [...trimmed.matchAll(PAIR)].map((match) => [match[2], match[4]] as [string, string]);
  return pairs.length > 0 ? pairs : null;
}

/** The many2many relation table and columns of a custom field (the reference server's naming when none is given). */
export function many2manyNames(row: Pick<FieldRow, 'model' | 'relation' | 'relation_table' | 'column1' | 'column2'>): {
  table: string;
  column1: string;
  column2: string;
} {
  const own = row.model.replace(/\./g, '_');
  const other = (row.relation ?? '').replace(/\./g, '_');
  const [first, second] = [own, other].sort();
  return {
    table: row.relation_table || `x_${first}_${second}_rel`,
    column1: row.column1 || `${own}_id`,
    column2: row.column2 || (own === other ? `${other}_2_id` : `${other}_id`),
  };
}

/** The field definition (without its name) of a custom field row. */
export function customFieldSpec(row: FieldRow): Omit<FieldDefinition, 'name'> {
  const common = { required: row.required, readonly: row.readonly, help: row.help ?? undefined };
  const text = { ...common, translate: Boolean(row.translate) };
  const label = row.field_description;
  switch (row.ttype) {
    case 'char':
      return f.char(label, { ...text, size: row.size || undefined });
    case 'selection':
      return f.selection(label, parseSelection(row.selection ?? '') ?? [], common);
    case 'many2one':
      return f.many2one(row.relation as string, label, { ...common, onDelete: (row.on_delete ?? 'set null') as OnDelete });
    case 'one2many':
      return f.one2many(row.relation as string, row.relation_field as string, label, common);
    case 'many2many': {
      const names = many2manyNames(row);
      return f.many2many(row.relation as string, names.table, names.column1, names.column2, label, common);
    }
    case 'monetary':
      return f.monetary(label, { ...common, currencyField: row.currency_field ?? 'currency_id' });
    case 'text':
    case 'html':
      return f[row.ttype](label, text);
    case 'binary':
    case 'integer':
    case 'float':
    case 'boolean':
    case 'date':
    case 'datetime':
      return f[row.ttype](label, common);
    default:
      throw new Error(`custom field ${row.model}.${row.name}: unsupported type ${row.ttype}`);
  }
}

/**
 * The model definitions of one database: `base` with the custom fields of `fieldRows` added to their models, plus one
 * model per custom model of `modelRows` (with its custom fields).
 */
export function withCustomModels(
  base: readonly ModelSpec[],
  modelRows: ReadonlyArray<{ model: string; name: string }>,
  fieldRows: readonly FieldRow[],
): ModelSpec[] {
  const namesOf = (model: string) => [
    ...Object.keys(base.find((spec) => spec.name === model)?.fields ?? {}),
    ...fieldRows.filter((row) => row.model === model).map((row) => row.name),
  ];
  const fieldsOf = (model: string) =>
    Object.fromEntries(
      fieldRows
        .filter((row) => row.model === model)
        .map((row) => [row.name, customFieldSpec({ ...row, currency_field: currencyFieldOf(namesOf(model)) })]),
    );
  const specs = base.map((spec) => {
    const extra = fieldsOf(spec.name);
    return Object.keys(extra).length > 0 ? { ...spec, fields: { ...spec.fields, ...extra } } : spec;
  });
  for (const row of modelRows) {
    const own = fieldsOf(row.model);
    specs.push({
      name: row.model,
      description: row.name,
      fields: own,
      state: 'manual',
      recName: 'x_name' in own ? 'x_name' : undefined,
      order: 'id',
    });
  }
  return specs;
}
