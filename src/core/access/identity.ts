// Who a key acts as: the user, their groups as the server names them (by application), their companies, language,
// time zone and the key's own record when the user may read it. Read with the key's own rights, nothing assumed.
import type { MethodCall } from '../connections/connectionClient';
import { loadUserAndCompanies, type UserAndCompanies } from '../connections/contextChoices';

export interface AccessGroup {
  id: number;
  name: string;
  /** as the server shows it, e.g. 'Sales / User: Own Documents Only' or 'Role / Administrator' */
  fullName: string;
  /** the application (privilege's category) it belongs to, when any */
  application: string | null;
  xmlId: string | null;
  /** The group's privilege (res.groups.privilege), when it has one the user may see. */
  privilege: string | null;
  /** True when the user is in the group only because another of their groups implies it. */
  implied: boolean;
}

/** One API key record of the user (res.users.apikeys): never the key itself, which the server does not give back. */
export interface AccessKeyRecord {
  name: string;
  scope: string | null;
  /** ISO 8601 in UTC (`2026-12-01T10:00:00Z`), or null for a key that does not expire. */
  expiresAt: string | null;
}

export interface AccessIdentity {
  database: string | null;
  user: { id: number; name: string; login: string };
  groups: AccessGroup[];
  companies: { current: { id: number; name: string }; allowed: Array<{ id: number; name: string }> };
  lang: string | null;
  tz: string | null;
  /** the key's own record when the user may read it; otherwise why not */
  key: AccessKeyRecord | UnknownKey;
  /** What the user may not read of themselves, and the server's reason (name, login and companies then stay empty). */
  problems?: string[];
}

/** Why the key's record is not known; with several valid keys of the user, those that may be this one. */
export interface UnknownKey {
  unavailable: string;
  candidates?: AccessKeyRecord[];
}

type Caller = (call: MethodCall) => Promise<unknown>;

const many2one = (value: unknown): { id: number; name: string } | null =>
  Array.isArray(value) && Number.isInteger(value[0]) ? { id: value[0] as number, name: String(value[1] ?? '') } : null;

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/**
 * Reads who the key behind `call` acts as. Every call runs with the key's own rights and without a default context,
 * so the answer is what the server says of this user; parts the user may not read say so instead of failing.
 */
export async function readIdentity(
  call: Caller,
  options: { database?: string | null; signal?: AbortSignal; now?: Date } = {},
): Promise<AccessIdentity> {
  const { signal } = options;
  signal?.throwIfAborted();
  const problems: string[] = [];
  const base = await loadUserAndCompanies(call, undefined).catch((error: unknown) => {
    if (!isRefusal(error)) throw error;
    problems.push(`The user may not read their own user record (res.users): ${messageOf(error)}`);
    return contextOnly(call);
  });
  signal?.throwIfAborted();
  const groups =
    problems.length > 0
      ? []
      : await readUserGroups(call, base.user.id).catch((error: unknown) => {
          if (!isRefusal(error)) throw error;
          problems.push(`The user may not read their groups (res.groups): ${messageOf(error)}`);
          return [];
        });
  signal?.throwIfAborted();
  const key = await readOwnKey(call, base.user.id, options.now ?? new Date());
  const current = base.companies.find((company) => company.id === base.defaultCompanyId) ?? {
    id: base.defaultCompanyId,
    name: base.defaultCompanyId ? `#${base.defaultCompanyId}` : '',
  };
  return {
    database: options.database ?? null,
    user: { ...base.user },
    groups,
    companies: { current: { ...current }, allowed: base.companies.map((company) => ({ ...company })) },
    lang: base.lang ?? null,
    tz: base.tz ?? null,
    key,
    ...(problems.length > 0 ? { problems } : {}),
  };
}

/** A refusal of the server (403, an AccessError) rather than a failure to reach it. */
const isRefusal = (error: unknown): boolean =>
  (error as { status?: unknown }).status === 403 || /AccessError/.test(String((error as { name?: unknown }).name));

/** What `context_get` alone tells of a user who may not read their own record: id, language, time zone. */
async function contextOnly(call: Caller): Promise<UserAndCompanies> {
  const context = (await call({ model: 'res.users', method: 'context_get' })) as { uid?: unknown; lang?: unknown; tz?: unknown };
  return {
    user: { id: Number(context.uid), name: '', login: '' },
    defaultCompanyId: 0,
    companies: [],
    ...(typeof context.lang === 'string' ? { lang: context.lang } : {}),
    ...(typeof context.tz === 'string' && context.tz ? { tz: context.tz } : {}),
  };
}

/** The user's group ids: 19.0's `group_ids` and `all_group_ids` (with implied groups), else the older `groups_id`. */
async function readGroupIds(call: Caller, uid: number): Promise<{ explicit: number[]; all: number[] }> {
  try {
    const [row] = (await call({
      model: 'res.users',
      method: 'read',
      ids: [uid],
      args: { fields: ['group_ids', 'all_group_ids'] },
    })) as Record<string, unknown>[];
    const explicit = idsOf(row?.group_ids);
    return { explicit, all: [...new Set([...explicit, ...idsOf(row?.all_group_ids)])] };
  } catch (error) {
    // Servers before 19.0 name the field groups_id; anything else is the server's answer to report.
    if (isRefusal(error) || !/group_ids/.test(messageOf(error))) throw error;
    const [row] = (await call({ model: 'res.users', method: 'read', ids: [uid], args: { fields: ['groups_id'] } })) as Record<
      string,
      unknown
    >[];
    const explicit = idsOf(row?.groups_id);
    return { explicit, all: explicit };
  }
}

async function readUserGroups(call: Caller, uid: number): Promise<AccessGroup[]> {
  const { explicit, all } = await readGroupIds(call, uid);
  if (all.length === 0) return [];
  const rows = (await call({
    model: 'res.groups',
    method: 'read',
    ids: all,
    args: { fields: ['name', 'full_name', 'privilege_id'] },
  })) as Record<string, unknown>[];
  const privileges = rows.map((row) => many2one(row.privilege_id));
  const applications = await readApplications(call, privileges);
  const xmlIds = await readXmlIds(call, all);
  return rows
    .map((row, index): AccessGroup => {
      const privilege = privileges[index];
      return {
        id: row.id as number,
        name: String(row.name ?? ''),
        fullName: String(row.full_name || row.name || ''),
        application: privilege ? (applications.get(privilege.id) ?? null) : null,
        xmlId: xmlIds.get(row.id as number) ?? null,
        privilege: privilege?.name ?? null,
        implied: !explicit.includes(row.id as number),
      };
    })
    .sort(byApplicationThenName);
}

function byApplicationThenName(a: AccessGroup, b: AccessGroup): number {
  if (a.application !== b.application) {
    if (a.application === null) return 1;
    if (b.application === null) return -1;
    return a.application.localeCompare(b.application);
  }
  return a.fullName.localeCompare(b.fullName);
}

/** Privilege id → its category's name (the application), for the privileges the user may read. */
async function readApplications(call: Caller, privileges: ReadonlyArray<{ id: number } | null>): Promise<Map<number, string>> {
  const ids = [...new Set(privileges.filter((privilege) => privilege !== null).map((privilege) => privilege.id))];
  if (ids.length === 0) return new Map();
  try {
    const rows = (await call({ model: 'res.groups.privilege', method: 'read', ids, args: { fields: ['category_id'] } })) as Record<
      string,
      unknown
    >[];
    return new Map(
      rows.flatMap((row) => (many2one(row.category_id) ? [[row.id as number, (many2one(row.category_id) as { name: string }).name]] : [])),
    );
  } catch {
    return new Map();
  }
}

/** Group id → external id (`module.name`), when the user may read ir.model.data. */
async function readXmlIds(call: Caller, ids: readonly number[]): Promise<Map<number, string>> {
  try {
    const rows = (await call({
      model: 'ir.model.data',
      method: 'search_read',
      args: {
        domain: [
          ['model', '=', 'res.groups'],
          ['res_id', 'in', ids],
        ],
        fields: ['module', 'name', 'res_id'],
        order: 'id',
      },
    })) as { module: string; name: string; res_id: number }[];
    const found = new Map<number, string>();
    for (const row of rows) if (!found.has(row.res_id)) found.set(row.res_id, `${row.module}.${row.name}`);
    return found;
  } catch {
    return new Map();
  }
}

/** `2026-12-01 10:00:00` (the server's UTC text) as ISO 8601. */
const isoDatetime = (value: unknown): string | null =>
  typeof value === 'string' && value ? `${value.replace(' ', 'T')}${value.includes('T') || value.endsWith('Z') ? '' : 'Z'}` : null;

/** Scopes a key may have and still open JSON-2 and RPC calls: none, or `rpc`. */
const CALL_SCOPES = new Set<string | null>([null, 'rpc']);

/**
 * The key's own record. The server never says which key a call used, so this is the one key of the user that could
 * have opened the call (scope none or `rpc`, not expired); with several, the candidates are listed instead.
 */
async function readOwnKey(call: Caller, uid: number, now: Date): Promise<AccessIdentity['key']> {
  let rows: Record<string, unknown>[];
  try {
    rows = (await call({
      model: 'res.users.apikeys',
      method: 'search_read',
      args: { domain: [['user_id', '=', uid]], fields: ['name', 'scope', 'expiration_date'], order: 'id' },
    })) as Record<string, unknown>[];
  } catch (error) {
    return { unavailable: `The user may not read their API keys (res.users.apikeys): ${messageOf(error)}` };
  }
  const records = rows.map(
    (row): AccessKeyRecord => ({
      name: String(row.name ?? ''),
      scope: typeof row.scope === 'string' && row.scope ? row.scope : null,
      expiresAt: isoDatetime(row.expiration_date),
    }),
  );
  const usable = records.filter(
    (record) => CALL_SCOPES.has(record.scope) && (record.expiresAt === null || new Date(record.expiresAt) > now),
  );
  if (usable.length === 1) return usable[0];
  if (usable.length === 0)
    return { unavailable: 'The server shows no valid API key of this user (the connection may sign in with a password).' };
  return {
    unavailable: `The user has ${usable.length} valid API keys; the server does not say which one this connection uses.`,
    candidates: usable,
  };
}
