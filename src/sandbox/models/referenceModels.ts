// res.country and res.lang: the reference lists (countries and installed languages).
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';

export const countryModel: ModelSpec = {
  name: 'res.country',
  description: 'Country',
  order: 'name',
  fields: {
    name: fields.char('Country Name', { required: true, translate: true }),
    code: fields.char('Country Code', { size: 2, required: true, help: 'The ISO country code in two chars.' }),
    phone_code: fields.integer('Country Calling Code'),
  },
  constraints: [
    { name: 'name_uniq', definition: 'UNIQUE (name)', message: 'The name of the country must be unique!' },
    { name: 'code_uniq', definition: 'UNIQUE (code)', message: 'The code of the country must be unique!' },
  ],
};

export const langModel: ModelSpec = {
  name: 'res.lang',
  description: 'Languages',
  order: 'active desc, name',
  fields: {
    name: fields.char('Name', { required: true }),
    code: fields.char('Locale Code', { required: true, help: 'This field is used to set/get locales for user' }),
    iso_code: fields.char('ISO code'),
    url_code: fields.char('URL Code', { required: true }),
    active: fields.boolean('Active', { default: false }),
    direction: fields.selection(
      'Direction',
      [
        ['ltr', 'Left-to-Right'],
        ['rtl', 'Right-to-Left'],
      ],
      { required: true, default: 'ltr' },
    ),
    date_format: fields.char('Date Format', { required: true, default: '%m/%d/%Y' }),
    time_format: fields.char('Time Format', { required: true, default: '%H:%M:%S' }),
    decimal_point: fields.char('Decimal Separator', { required: true, default: '.' }),
    thousands_sep: fields.char('Thousands Separator', { default: ',' }),
  },
  constraints: [
    { name: 'name_uniq', definition: 'UNIQUE (name)', message: 'The name of the language must be unique!' },
    { name: 'code_uniq', definition: 'UNIQUE (code)', message: 'The code of the language must be unique!' },
  ],
};
