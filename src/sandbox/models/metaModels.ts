// ir.model, ir.model.fields, ir.ui.view and ir.model.access: the models and fields of the database, as records.
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';
import { parseRuleDomain } from '../orm/access/ruleDomainText';
import { fieldHooks, modelHooks } from './customSchemaHooks';

const STATES: Array<[string, string]> = [
  ['manual', 'Custom Object'],
  ['base', 'Base Object'],
];

/** Every field type a field record may name (the sandbox creates the types of `CUSTOM_FIELD_TYPES` only). */
export const FIELD_TYPES: Array<[string, string]> = [
  'binary',
  'boolean',
  'char',
  'date',
  'datetime',
  'float',
  'html',
  'integer',
  'many2many',
  'many2one',
  'many2one_reference',
  'monetary',
  'one2many',
  'properties',
  'reference',
  'selection',
  'text',
].map((type) => [type, type]);

export const irModel: ModelSpec = {
  name: 'ir.model',
  description: 'Models',
  order: 'model',
  fields: {
    name: fields.char('Model Description', { required: true }),
    model: fields.char('Model', { required: true }),
    state: fields.selection('Type', STATES, { default: 'manual' }),
    info: fields.text('Information'),
    field_id: fields.one2many('ir.model.fields', 'model_id', 'Fields'),
    view_ids: fields.one2many('ir.ui.view', 'model', 'Views', {
      computeSql: (alias) => `COALESCE((SELECT json_agg(v.id ORDER BY v.id) FROM ir_ui_view v WHERE v.model = ${alias}.model), '[]'::json)`,
    }),
    access_ids: fields.one2many('ir.model.access', 'model_id', 'Access'),
  },
  constraints: [{ name: 'obj_name_uniq', definition: 'UNIQUE (model)', message: 'Each model must have a unique name.' }],
  hooks: modelHooks,
};

export const irModelFields: ModelSpec = {
  name: 'ir.model.fields',
  description: 'Fields',
  order: 'name',
  fields: {
    name: fields.char('Field Name', { required: true }),
    model: fields.char('Model Name', { help: 'The technical name of the model this field belongs to' }),
    model_id: fields.many2one('ir.model', 'Model', { required: true, onDelete: 'cascade' }),
    field_description: fields.char('Field Label', { required: true }),
    help: fields.text('Field Help'),
    ttype: fields.selection('Field Type', FIELD_TYPES, { required: true }),
    state: fields.selection('Type', STATES, { default: 'manual' }),
    required: fields.boolean('Required', { default: false }),
    readonly: fields.boolean('Readonly', { default: false }),
    translate: fields.boolean('Translatable', { default: false }),
    index: fields.boolean('Indexed', { default: false }),
    store: fields.boolean('Stored', { default: true }),
    groups: fields.many2many('res.groups', 'ir_model_fields_group_rel', 'field_id', 'group_id', 'Groups', {
      help: 'Only users of one of these groups see, read and write the field (none: everybody)',
    }),
    selection: fields.char('Selection Options', { help: "List of options for a selection field, as [('key', 'Label'), ...]" }),
    size: fields.integer('Size'),
    on_delete: fields.selection(
      'On Delete',
      [
        ['cascade', 'Cascade'],
        ['set null', 'Set NULL'],
        ['restrict', 'Restrict'],
      ],
      { default: 'set null' },
    ),
    relation: fields.char('Related Model', { help: 'For relationship fields, the technical name of the target model' }),
    relation_field: fields.char('Relation Field', {
      help: 'For one2many fields, the field on the target model that implements the opposite many2one relationship',
    }),
    relation_table: fields.char('Relation Table', { help: 'Used for custom many2many fields to define a custom relation table name' }),
    column1: fields.char('Column 1'),
    column2: fields.char('Column 2'),
    domain: fields.char('Domain', { default: '[]' }),
    compute: fields.text('Compute', { help: 'Code of a computed field: cannot be set through this model in the sandbox' }),
    depends: fields.char('Dependencies'),
  },
  constraints: [{ name: 'name_unique', definition: 'UNIQUE (model, name)', message: 'Field names must be unique per model.' }],
  extraSchema: [
    'CREATE TABLE ir_model_fields_group_rel (field_id integer NOT NULL REFERENCES ir_model_fields (id) ON DELETE CASCADE, group_id integer NOT NULL REFERENCES res_groups (id) ON DELETE CASCADE, PRIMARY KEY (field_id, group_id))',
  ],
  hooks: fieldHooks,
};

export const irUiView: ModelSpec = {
  name: 'ir.ui.view',
  description: 'View',
  order: 'priority, name',
  fields: {
    name: fields.char('View Name', { required: true }),
    model: fields.char('Model'),
    type: fields.selection('View Type', [
      ['list', 'List'],
      ['form', 'Form'],
      ['search', 'Search'],
      ['kanban', 'Kanban'],
    ]),
    arch: fields.text('View Architecture'),
    priority: fields.integer('Sequence', { default: 16 }),
    active: fields.boolean('Active', { default: true }),
  },
};

export const irModelAccess: ModelSpec = {
  name: 'ir.model.access',
  description: 'Model Access',
  order: 'model_id, group_id, name',
  fields: {
    name: fields.char('Name', { required: true }),
    model_id: fields.many2one('ir.model', 'Model', { required: true, onDelete: 'cascade' }),
    group_id: fields.many2one('res.groups', 'Group', { onDelete: 'restrict' }),
    perm_read: fields.boolean('Read Access', { default: false }),
    perm_write: fields.boolean('Write Access', { default: false }),
    perm_create: fields.boolean('Create Access', { default: false }),
    perm_unlink: fields.boolean('Delete Access', { default: false }),
    active: fields.boolean('Active', { default: true }),
  },
};

/** Checks the Python text of a rule's domain (literals and the user names of ruleDomainText.ts only). */
function checkRuleDomain(values: Record<string, unknown>): void {
  if ('domain_force' in values && values.domain_force !== false && values.domain_force !== null)
    parseRuleDomain(String(values.domain_force));
}

export const irRule: ModelSpec = {
  name: 'ir.rule',
  description: 'Record Rule',
  order: 'model_id DESC, id',
  fields: {
    name: fields.char('Name'),
    active: fields.boolean('Active', {
      default: true,
      help: 'If you uncheck the active field, it will disable the record rule without deleting it.',
    }),
    model_id: fields.many2one('ir.model', 'Model', { required: true, onDelete: 'cascade' }),
    groups: fields.many2many('res.groups', 'rule_group_rel', 'rule_group_id', 'group_id', 'Groups'),
    domain_force: fields.text('Domain', {
      help: 'Python text of a domain; it may use user.id, user.company_id.id, company_id, company_ids, user.partner_id.id',
    }),
    perm_read: fields.boolean('Apply for Read', { default: true }),
    perm_write: fields.boolean('Apply for Write', { default: true }),
    perm_create: fields.boolean('Apply for Create', { default: true }),
    perm_unlink: fields.boolean('Apply for Delete', { default: true }),
    global: {
      type: 'boolean',
      string: 'Global',
      store: false,
      copy: false,
      readonly: true,
      help: 'A rule without groups applies to every user',
      computeSql: (alias) => `NOT EXISTS (SELECT 1 FROM rule_group_rel g WHERE g.rule_group_id = ${alias}.id)`,
    },
  },
  extraSchema: [
    'CREATE TABLE rule_group_rel (rule_group_id integer NOT NULL REFERENCES ir_rule (id) ON DELETE CASCADE, group_id integer NOT NULL REFERENCES res_groups (id) ON DELETE CASCADE, PRIMARY KEY (rule_group_id, group_id))',
  ],
  hooks: {
    async beforeCreate(_env, values) {
      checkRuleDomain(values);
    },
    async beforeWrite(_env, _ids, values) {
      checkRuleDomain(values);
    },
  },
};

export const META_MODELS: readonly ModelSpec[] = [irModel, irModelFields, irUiView, irModelAccess, irRule];
