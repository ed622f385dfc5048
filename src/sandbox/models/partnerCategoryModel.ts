// res.partner.category: the tags of contacts, in a hierarchy (parent_id), linked to contacts through a relation table.
import { fields } from '../orm/fieldDefinition';
import { translatedSql } from '../orm/fieldSql';
import type { ModelSpec } from '../orm/modelDefinition';

export const partnerCategoryModel: ModelSpec = {
  name: 'res.partner.category',
  description: 'Partner Tags',
  order: 'name',
  displayNameSql: (alias) =>
    `CASE WHEN ${alias}.parent_id IS NOT NULL THEN COALESCE((SELECT ${translatedSql('pc', 'name')} FROM res_partner_category pc WHERE pc.id = ${alias}.parent_id), '') || ' / ' || ${translatedSql(alias, 'name')} ELSE ${translatedSql(alias, 'name')} END`,
  fields: {
    name: fields.char('Name', { required: true, translate: true }),
    color: fields.integer('Color', { default: 0 }),
    parent_id: fields.many2one('res.partner.category', 'Parent Category', { onDelete: 'cascade' }),
    child_ids: fields.one2many('res.partner.category', 'parent_id', 'Child Tags'),
    active: fields.boolean('Active', { default: true, help: 'The active field allows you to hide the category without removing it.' }),
    partner_ids: fields.many2many('res.partner', 'res_partner_res_partner_category_rel', 'category_id', 'partner_id', 'Partners'),
  },
  extraSchema: [
    'CREATE TABLE res_partner_res_partner_category_rel (category_id integer NOT NULL REFERENCES res_partner_category (id) ON DELETE CASCADE, partner_id integer NOT NULL REFERENCES res_partner (id) ON DELETE CASCADE, PRIMARY KEY (category_id, partner_id))',
    'CREATE INDEX res_partner_res_partner_category_rel_partner_id_idx ON res_partner_res_partner_category_rel (partner_id)',
  ],
};
