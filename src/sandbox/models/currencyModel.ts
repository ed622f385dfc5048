// res.currency: the currencies that monetary fields are expressed in.
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';

export const currencyModel: ModelSpec = {
  name: 'res.currency',
  description: 'Currency',
  order: 'active desc, name',
  fields: {
    name: fields.char('Currency', { required: true, size: 3, help: 'Currency Code (ISO 4217)' }),
    full_name: fields.char('Name'),
    symbol: fields.char('Symbol', { required: true, help: 'Currency sign, to be used when printing amounts.' }),
    rounding: fields.float('Rounding Factor', { default: 0.01 }),
    decimal_places: fields.integer('Decimal Places', { default: 2 }),
    position: fields.selection(
      'Symbol Position',
      [
        ['after', 'After Amount'],
        ['before', 'Before Amount'],
      ],
      { default: 'after' },
    ),
    active: fields.boolean('Active', { default: true }),
  },
  constraints: [{ name: 'unique_name', definition: 'UNIQUE (name)', message: 'The currency code must be unique!' }],
};
