// Reads of the access model as the calling user: a read the user may not make comes back as "denied", never as a throw.
import { Json2Error } from '../client/clientErrors';
import type { AccessCall } from './explainTypes';

/** Rows, or `denied` when the server refused the read (403: the user may not read that model). */
export type Readable<T> = { readonly denied: false; readonly rows: T } | { readonly denied: true };

/** Runs a read; a 403 answer is `denied`, anything else thrown goes on. */
export async function readable<T>(read: () => Promise<T>): Promise<Readable<T>> {
  try {
    return { denied: false, rows: await read() };
  } catch (error) {
    if (error instanceof Json2Error && error.status === 403) return { denied: true };
    throw error;
  }
}

/** search_read as the user. */
export function searchRead<T = Record<string, unknown>>(
  call: AccessCall,
  model: string,
  domain: unknown[],
  fields: string[],
  context?: Readonly<Record<string, unknown>>,
): Promise<Readable<T[]>> {
  return readable(() => call<T[]>({ model, method: 'search_read', args: { domain, fields }, ...(context ? { context } : {}) }));
}

/** search_count as the user, with the given context. */
export function searchCount(
  call: AccessCall,
  model: string,
  domain: readonly unknown[],
  context?: Readonly<Record<string, unknown>>,
): Promise<number> {
  return call<number>({ model, method: 'search_count', args: { domain: [...domain] }, ...(context ? { context } : {}) });
}

/** The model's fields as the user sees them (label, type), or denied. */
export function fieldsOf(call: AccessCall, model: string): Promise<Readable<Record<string, { string?: string; type?: string }>>> {
  return readable(() => call({ model, method: 'fields_get', args: { attributes: ['string', 'type', 'relation'] } }));
}

/** `[id, name]` of a many2one value, else undefined. */
export function many2one(value: unknown): { id: number; name: string } | undefined {
  return Array.isArray(value) && typeof value[0] === 'number' ? { id: value[0], name: String(value[1]) } : undefined;
}

/**
 * The names of groups as the server shows them: `full_name` ("Sales / Administrator") where the server has it, else
 * the display name. Groups the user may not read keep `group #id`.
 */
export async function groupNames(call: AccessCall, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>(ids.map((id) => [id, `group #${id}`]));
  if (ids.length === 0) return names;
  const fields = await fieldsOf(call, 'res.groups');
  const nameField = !fields.denied && 'full_name' in fields.rows ? 'full_name' : 'display_name';
  const rows = await searchRead<Record<string, unknown>>(call, 'res.groups', [['id', 'in', [...ids]]], [nameField], {
    active_test: false,
  });
  if (!rows.denied) for (const row of rows.rows) names.set(row.id as number, String(row[nameField]));
  return names;
}

/** `'a', 'b' and 'c'` */
export function quotedList(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}
