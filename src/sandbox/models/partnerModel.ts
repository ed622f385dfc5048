// res.partner: companies and their contacts.
import { fields } from '../orm/fieldDefinition';
import type { ModelSpec } from '../orm/modelDefinition';
import { partnerArchive, partnerUnarchive } from './partnerActions';

/** "Company, Contact" for a contact of a company, else the name (as the reference server shows partners). */
function partnerDisplayName(alias: string): string {
  return (
    `CASE WHEN ${alias}.parent_id IS NOT NULL AND NOT COALESCE(${alias}.is_company, false)` +
    ` THEN COALESCE((SELECT pp.name FROM res_partner pp WHERE pp.id = ${alias}.parent_id), '') || ', ' || COALESCE(${alias}.name, '')` +
    ` ELSE COALESCE(${alias}.name, '') END`
  );
}

export const partnerModel: ModelSpec = {
  name: 'res.partner',
  description: 'Contact',
  order: 'display_name, id desc',
  displayNameSql: partnerDisplayName,
  fields: {
    name: fields.char('Name', { required: true }),
    is_company: fields.boolean('Is a Company', { default: false, help: 'Check if the contact is a company, otherwise it is a person' }),
    parent_id: fields.many2one('res.partner', 'Related Company', { onDelete: 'restrict' }),
    type: fields.selection(
      'Address Type',
      [
        ['contact', 'Contact'],
        ['invoice', 'Invoice Address'],
        ['delivery', 'Delivery Address'],
        ['other', 'Other Address'],
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
    comment: fields.text('Notes'),
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
  methods: [partnerArchive, partnerUnarchive],
  hooks: {
    copyDefaults: (record) => ({ name: `${String(record.name ?? '')} (copy)` }),
  },
};
