// The names of res.partner as the reference server computes and stores them: the commercial entity (the nearest
// company above a contact, or the top of its chain), the commercial company's name, and the complete name
// ("Company, Contact") that is the display name, the default order and what name_search matches with the e-mail and
// the reference; and the name and e-mail of a name_create text.
import type { Environment } from '../orm/environment';

/** How far up (and down) a chain of parents the names are followed (parent cycles are refused elsewhere). */
const MAX_DEPTH = 64;

/** The address types whose label stands in for a missing name of a contact under a parent. */
const NAMELESS_TYPE_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['invoice', 'Invoice'],
  ['delivery', 'Delivery'],
  ['other', 'Other'],
];

/** The fields the stored names depend on: writing one of them computes the names of the partner and those below. */
export const NAME_DEPENDENCIES = [
  'name',
  'parent_id',
  'is_company',
  'type',
  'complete_name',
  'commercial_partner_id',
  'commercial_company_name',
];

/** SQL of the complete name of `t` (its commercial entity `cp`, its parent `pp`), as the reference's _get_complete_name. */
function completeNameSql(): string {
  const labels = NAMELESS_TYPE_LABELS.map(([type, label]) => `WHEN '${type}' THEN '${label}'`).join(' ');
  const own = `CASE WHEN COALESCE(t.name, '') = '' THEN CASE t.type ${labels} ELSE '' END ELSE t.name END`;
  // Python's f"{company or parent.name}, {name}" writes a parent without a name as False.
  const company = `COALESCE(NULLIF(CASE WHEN COALESCE(cp.is_company, false) THEN cp.name END, ''), pp.name, 'False')`;
  return (
    `btrim(CASE WHEN t.parent_id IS NULL THEN COALESCE(t.name, '') WHEN COALESCE(t.is_company, false) THEN ${own} ` +
    `ELSE ${company} || ', ' || ${own} END, E' \\t\\n\\r')`
  );
}

/**
 * Computes and stores the names of the partners `ids` and of every partner below them (as the reference's stored
 * computed fields): `commercial_partner_id` (the partner itself when it is a company or has no parent, else its
 * parent's), `commercial_company_name` (that entity's name when it is a company) and `complete_name`.
 */
export async function storePartnerNames(env: Environment, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await env.cr.query(
    `WITH RECURSIVE
       below(id, depth) AS (
         SELECT id, 0 FROM res_partner WHERE id = ANY($1::bigint[])
         UNION SELECT p.id, below.depth + 1 FROM res_partner p JOIN below ON p.parent_id = below.id WHERE below.depth < ${MAX_DEPTH}),
       up(start, id, parent_id, is_company, depth) AS (
         SELECT p.id, p.id, p.parent_id, COALESCE(p.is_company, false), 0 FROM res_partner p WHERE p.id IN (SELECT id FROM below)
         UNION ALL SELECT up.start, q.id, q.parent_id, COALESCE(q.is_company, false), up.depth + 1
           FROM up JOIN res_partner q ON q.id = up.parent_id WHERE NOT up.is_company AND up.depth < ${MAX_DEPTH}),
       commercial AS (
         SELECT DISTINCT ON (start) start, id FROM up WHERE is_company OR parent_id IS NULL OR depth = ${MAX_DEPTH} ORDER BY start, depth),
       computed AS (
         SELECT t.id, cp.id AS commercial_id, CASE WHEN COALESCE(cp.is_company, false) THEN cp.name END AS company_name,
                ${completeNameSql()} AS complete
           FROM res_partner t JOIN commercial c ON c.start = t.id JOIN res_partner cp ON cp.id = c.id
           LEFT JOIN res_partner pp ON pp.id = t.parent_id)
     UPDATE res_partner t SET commercial_partner_id = computed.commercial_id, commercial_company_name = computed.company_name,
            complete_name = computed.complete
       FROM computed WHERE t.id = computed.id`,
    [[...ids]],
  );
}

/**
 * The name and e-mail of a `name_create` text, as the reference parses it: "Name <email>", "Name email" or a bare
 * address (the name is then empty); anything without an address is all name.
 */
export function parseNameAndEmail(text: string): { name: string; email: string | null } {
  const address = '([^<>\\s@"]+@[^<>\\s@"]+)';
  const match = new RegExp(`^\\s*(.*?)\\s*<\\s*${address}\\s*>\\s*$`).exec(text) ?? new RegExp(`^\\s*(.*?)\\s*${address}\\s*$`).exec(text);
  if (!match) return { name: text, email: null };
  return { name: match[1].replace(/^"(.*)"$/, '$1'), email: match[2].toLowerCase() };
}
