// res.partner: companies and their contacts.
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';
import { partnerArchive, partnerNameCreate, partnerUnarchive } from './partnerActions';
import { partnerHooks } from './partnerSync';

/** The display name: the stored complete name (a partner written to the table by other means shows its name). */
const displayName = (alias: string) => `COALESCE(${alias}.complete_name, ${alias}.name, '')`;

export const partnerModel: ModelSpec = {
  name: 'res.partner',
  description: 'Contact',
  order: 'complete_name, id desc',
  displayNameSql: displayName,
  recNamesSearch: ['complete_name', 'email', 'ref'],
  fields: {
    // Not required: an invoice, delivery or other address may have no name (the check_name constraint below).
    name: fields.char('Name'),
    // Computed and stored after each change they depend on (partnerNames.ts), as the reference stores them.
    complete_name: fields.char('Complete Name', { readonly: true, copy: false, index: true }),
    is_company: fields.boolean('Is a Company', { default: false, help: 'Check if the contact is a company, otherwise it is a person' }),
    // Deleting a company leaves its contacts without one (the reference's default ondelete, `set null`).
    parent_id: fields.many2one('res.partner', 'Related Company'),
    commercial_partner_id: fields.many2one('res.partner', 'Commercial Entity', { readonly: true, copy: false, index: true }),
    commercial_company_name: fields.char('Company Name Entity', { readonly: true, copy: false }),
    type: fields.selection(
      'Address Type',
      [
        ['contact', 'Contact'],
        ['invoice', 'Invoice'],
        ['delivery', 'Delivery'],
        ['other', 'Other'],
      ],
      { default: 'contact' },
    ),
    function: fields.char('Job Position'),
    email: fields.char('Email'),
    phone: fields.char('Phone'),
    website: fields.char('Website Link'),
    street: fields.char('Street'),
    city: fields.char('City'),
    zip: fields.char('Zip', { size: 24 }),
    country_id: fields.many2one('res.country', 'Country', { onDelete: 'restrict' }),
    company_id: fields.many2one('res.company', 'Company', { index: true }),
    ref: fields.char('Reference'),
    comment: fields.html('Notes'),
    credit_limit: fields.float('Credit Limit', {
      groups: 'base.group_erp_manager',
      help: 'Visible to the Access Rights group only (a field restricted to groups)',
    }),
    date: fields.date('Date'),
    color: fields.integer('Color Index', { default: 0 }),
    partner_latitude: fields.float('Geo Latitude'),
    partner_longitude: fields.float('Geo Longitude'),
    active: fields.boolean('Active', { default: true }),
    child_ids: fields.one2many('res.partner', 'parent_id', 'Contact'),
    category_id: fields.many2many('res.partner.category', 'res_partner_res_partner_category_rel', 'partner_id', 'category_id', 'Tags'),
    user_ids: fields.one2many('res.users', 'partner_id', 'Users'),
  },
  constraints: [
    {
      name: 'check_name',
      definition: "CHECK ((type = 'contact' AND name IS NOT NULL) OR (type IS DISTINCT FROM 'contact'))",
      message: 'Contacts require a name',
    },
  ],
  methods: [partnerArchive, partnerUnarchive, partnerNameCreate],
  hooks: {
    ...partnerHooks,
    copyDefaults: (record) => ({ name: `${String(record.name ?? '')} (copy)` }),
  },
};
