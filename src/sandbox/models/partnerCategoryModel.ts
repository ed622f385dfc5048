// res.partner.category: the tags of contacts, in a hierarchy (parent_id), linked to contacts through a relation table.
import { fields } from '../orm/fieldDefinition';
import { translatedSql } from '../orm/fieldSql';
import type { ModelSpec } from '../orm/modelDefinition';

/** How many parents up a tag's name is followed (parent cycles aside, trees of tags are shallow). */
const MAX_DEPTH = 32;

/** The display name of a tag: the names of its parents and its own, from the top, joined with " / " (as the reference). */
function categoryPath(alias: string): string {
  return (
    `(WITH RECURSIVE category_up(parent_id, name, depth) AS (SELECT ${alias}.parent_id, ${translatedSql(alias, 'name')}, 0 ` +
    `UNION ALL SELECT category_above.parent_id, ${translatedSql('category_above', 'name')}, category_up.depth + 1 ` +
    `FROM category_up JOIN res_partner_category category_above ON category_above.id = category_up.parent_id WHERE category_up.depth < ${MAX_DEPTH}) ` +
    `SELECT string_agg(COALESCE(name, ''), ' / ' ORDER BY depth DESC) FROM category_up)`
  );
}

export const partnerCategoryModel: ModelSpec = {
  name: 'res.partner.category',
  description: 'Partner Tags',
  order: 'name',
  displayNameSql: categoryPath,
  fields: {
    name: fields.char('Name', { required: true, translate: true }),
    color: fields.integer('Color', { default: 0 }),
    parent_id: fields.many2one('res.partner.category', 'Parent Category', { onDelete: 'cascade' }),
    child_ids: fields.one2many('res.partner.category', 'parent_id', 'Child Tags'),
    active: fields.boolean('Active', { default: true, help: 'The active field allows you to hide the category without removing it.' }),
    partner_ids: fields.many2many('res.partner', 'res_partner_res_partner_category_rel', 'category_id', 'partner_id', 'Partners', {
      copy: false,
    }),
  },
  extraSchema: [
    'CREATE TABLE res_partner_res_partner_category_rel (category_id integer NOT NULL REFERENCES res_partner_category (id) ON DELETE CASCADE, partner_id integer NOT NULL REFERENCES res_partner (id) ON DELETE CASCADE, PRIMARY KEY (category_id, partner_id))',
    'CREATE INDEX res_partner_res_partner_category_rel_partner_id_idx ON res_partner_res_partner_category_rel (partner_id)',
  ],
};
