// ir.config_parameter: the system parameters (key and value), readable and writable by settings administrators only.
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';

export const configParameterModel: ModelSpec = {
  name: 'ir.config_parameter',
  description: 'System Parameter',
  order: 'key',
  recName: 'key',
  fields: {
    key: fields.char('Key', { required: true }),
    value: fields.text('Value', { required: true }),
  },
  constraints: [{ name: 'key_uniq', definition: 'UNIQUE (key)', message: 'Key must be unique.' }],
};

export const modelDataModel: ModelSpec = {
  name: 'ir.model.data',
  description: 'Model Data',
  order: 'module, model, name',
  fields: {
    name: fields.char('External Identifier', { required: true }),
    module: fields.char('Module', { required: true }),
    model: fields.char('Model Name', { required: true }),
    res_id: fields.integer('Record ID'),
    noupdate: fields.boolean('Non Updatable', { default: false }),
  },
  displayNameSql: (alias) => `${alias}.module || '.' || ${alias}.name`,
  constraints: [
    { name: 'name_nospaces', definition: 'UNIQUE (module, name)', message: 'You cannot have multiple records with the same external ID!' },
  ],
};
