// sandbox.wide: one model with several hundred fields of every type (for completion, trees and large reads), and
// sandbox.wide.line behind its one2many.
import { fields, type FieldSpecs } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';

/** How many fields of each repeated type the wide model has. */
export const WIDE_PER_TYPE = 25;
export const WIDE_MANY2MANY = 5;
const SELECTION: Array<[string, string]> = [
  ['draft', 'Draft'],
  ['open', 'Open'],
  ['done', 'Done'],
  ['cancel', 'Cancelled'],
];
const REPEATED = [
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
] as const;

const number = (index: number) => String(index).padStart(2, '0');

function wideFields(): FieldSpecs {
  const result: FieldSpecs = {
    name: fields.char('Name', { required: true }),
    currency_id: fields.many2one('res.currency', 'Currency'),
    line_ids: fields.one2many('sandbox.wide.line', 'wide_id', 'Lines'),
  };
  for (const type of REPEATED) {
    for (let index = 1; index <= WIDE_PER_TYPE; index += 1) {
      const name = `${type}_${number(index)}`;
      const label = `${type[0].toUpperCase()}${type.slice(1)} ${number(index)}`;
      if (type === 'selection') result[name] = fields.selection(label, SELECTION, { help: `Selection field number ${index}` });
      else if (type === 'many2one') result[`partner_${number(index)}_id`] = fields.many2one('res.partner', `Partner ${number(index)}`);
      else result[name] = fields[type](label, { help: `${label} of the wide model` });
    }
  }
  for (let index = 1; index <= WIDE_MANY2MANY; index += 1) {
    result[`tag_${number(index)}_ids`] = fields.many2many(
      'res.partner.category',
      `sandbox_wide_tag_${number(index)}_rel`,
      'wide_id',
      'category_id',
      `Tags ${number(index)}`,
    );
  }
  return result;
}

export const wideModel: ModelSpec = {
  name: 'sandbox.wide',
  description: 'Wide Record',
  order: 'name',
  fields: wideFields(),
  extraSchema: Array.from(
    { length: WIDE_MANY2MANY },
    (_, index) =>
      `CREATE TABLE sandbox_wide_tag_${number(index + 1)}_rel (wide_id integer NOT NULL REFERENCES sandbox_wide (id) ON DELETE CASCADE, category_id integer NOT NULL REFERENCES res_partner_category (id) ON DELETE CASCADE, PRIMARY KEY (wide_id, category_id))`,
  ),
};

export const wideLineModel: ModelSpec = {
  name: 'sandbox.wide.line',
  description: 'Wide Record Line',
  order: 'sequence, id',
  fields: {
    name: fields.char('Description', { required: true }),
    sequence: fields.integer('Sequence', { default: 10 }),
    wide_id: fields.many2one('sandbox.wide', 'Wide Record', { required: true, onDelete: 'cascade' }),
    quantity: fields.float('Quantity', { default: 1 }),
    price: fields.monetary('Price'),
    currency_id: fields.many2one('res.currency', 'Currency'),
  },
};
