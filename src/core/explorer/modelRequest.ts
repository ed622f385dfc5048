// The request file the explorer writes for a model: a search_read with its most useful fields and a sample domain.
import type { FieldInfo } from '../schema/schemaTypes';

/** Types that make a read heavy or unreadable in a table. */
const HEAVY = new Set(['binary', 'image', 'html', 'one2many', 'many2many', 'properties', 'json', 'properties_definition']);
const TECHNICAL = new Set(['id', 'display_name', 'create_uid', 'create_date', 'write_uid', 'write_date', '__last_update']);
/** Fields people look at first on most models. */
const FAMILIAR = [
  'name',
  'display_name',
  'state',
  'email',
  'phone',
  'date',
  'partner_id',
  'company_id',
  'user_id',
  'amount_total',
  'active',
];

/** Up to `max` fields worth reading: familiar ones, then required ones, then the rest, none heavy or technical. */
export function usefulFields(fields: Readonly<Record<string, FieldInfo>>, max = 6): string[] {
  const light = Object.values(fields).filter(
    (field) => !HEAVY.has(field.type) && !TECHNICAL.has(field.name) && !field.name.startsWith('__'),
  );
  const rank = (field: FieldInfo): number => {
    const familiar = FAMILIAR.indexOf(field.name);
    if (familiar >= 0) return familiar;
    if (field.required) return FAMILIAR.length;
    return FAMILIAR.length + 1;
  };
  const chosen = light
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((field) => field.name);
  return chosen.length > 0 ? chosen : ['display_name'];
}

/** A domain that shows how conditions look on this model: its active records, a state, or records with a name. */
export function sampleDomain(fields: Readonly<Record<string, FieldInfo>>): unknown[] {
  const active = fields.active;
  if (active?.type === 'boolean') return [['active', '=', true]];
  const state = fields.state;
  if (state?.type === 'selection' && state.selection && state.selection.length > 0) return [['state', '=', state.selection[0][0]]];
  const name = fields.name;
  if (name && (name.type === 'char' || name.type === 'text')) return [['name', '!=', false]];
  return [['id', '>', 0]];
}

export interface ModelRequestOptions {
  readonly connectionName: string;
  readonly model: string;
  readonly label: string;
  readonly fields: readonly string[];
  readonly domain: readonly unknown[];
  readonly limit: number;
  /** Set when the request must name a database other than the connection's (with the connection's header). */
  readonly database?: { readonly header: string; readonly name: string };
}

/** The text of a .json2 file with one search_read on the model. */
export function modelRequestText(options: ModelRequestOptions): string {
  const header = options.database ? `${options.database.header}: ${options.database.name}\n` : '';
  return `# @connection ${options.connectionName}

### ${options.label.replace(/[\r\n]+/g, ' ')} (${options.model})
POST ${options.model}/search_read
${header}{
  "domain": ${JSON.stringify(options.domain)},
  "fields": ${JSON.stringify(options.fields)},
  "limit": ${options.limit}
}
`;
}

/**
 * The server's documentation page of a model (`/doc/<model>` under the connection's address, path prefix kept). The
 * page is session-based: with `database` (the server has other databases, or does not say), the address is the login
 * page choosing that database and leading on to the page, which goes straight there when already logged in on it.
 */
export function documentationUrl(baseUrl: string, model: string, database?: string): string {
  const url = new URL(baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const page = `${prefix}/doc/${encodeURIComponent(model)}`;
  url.hash = '';
  if (database === undefined) {
    url.pathname = page;
    url.search = '';
  } else {
    url.pathname = `${prefix}/web/login`;
    url.search = new URLSearchParams({ db: database, redirect: page }).toString();
  }
  return url.toString();
}
