// What the company and language switchers (and completion of `context` values) offer: the companies the connection's
// user may use (res.users `company_ids`, the default `company_id` first), the active languages of res.lang and the
// time zones the server offers (res.users `tz` selection, else the runtime's IANA list).
import type { MethodCall } from './connectionClient';
import type { DefaultContext } from './defaultContext';

export interface CompanyChoice {
  readonly id: number;
  readonly name: string;
}

export interface LanguageChoice {
  readonly code: string;
  readonly name: string;
}

export interface ContextChoices {
  readonly user: { readonly id: number; readonly name: string };
  /** The user's default company: the current one when the context names none. */
  readonly defaultCompanyId: number;
  /** The companies the user may use, the default one first. */
  readonly companies: readonly CompanyChoice[];
  /** The user's own language (when the context names none). */
  readonly userLang?: string;
  readonly languages: readonly LanguageChoice[];
  /** The user's own time zone (when the context names none). */
  readonly userTz?: string;
  /** The time zones `tz` may take: the server's selection of res.users `tz`, else the runtime's list. */
  readonly timezones: readonly string[];
}

type Caller = (call: MethodCall) => Promise<unknown>;

const many2oneId = (value: unknown): number | undefined =>
  Array.isArray(value) && Number.isInteger(value[0]) ? (value[0] as number) : Number.isInteger(value) ? (value as number) : undefined;

/** The user behind a key and the companies they may use, as the server keeps them (no default context applied). */
export interface UserAndCompanies {
  readonly user: { readonly id: number; readonly name: string; readonly login: string };
  /** The user's default company (res.users `company_id`): the current one when the context names none. */
  readonly defaultCompanyId: number;
  /** The companies the user may use (res.users `company_ids`), the default one first. */
  readonly companies: readonly CompanyChoice[];
  readonly lang?: string;
  readonly tz?: string;
}

/** Reads the user (`context_get` when its id is not known) and their companies: the one place core asks for them. */
export async function loadUserAndCompanies(call: Caller, userId: number | undefined): Promise<UserAndCompanies> {
  const uid = userId ?? Number(((await call({ model: 'res.users', method: 'context_get' })) as { uid?: unknown }).uid);
  if (!Number.isInteger(uid)) throw new Error('The server did not say which user the key belongs to.');
  const [user] = (await call({
    model: 'res.users',
    method: 'read',
    ids: [uid],
    args: { fields: ['name', 'login', 'company_id', 'company_ids', 'lang', 'tz'] },
  })) as Record<string, unknown>[];
  if (!user) throw new Error(`The user ${uid} cannot be read.`);
  const defaultCompanyId = many2oneId(user.company_id) ?? 0;
  const ids = Array.isArray(user.company_ids) ? (user.company_ids as unknown[]).filter((id): id is number => Number.isInteger(id)) : [];
  const rows =
    ids.length === 0
      ? []
      : ((await call({ model: 'res.company', method: 'read', ids, args: { fields: ['name'] } })) as { id: number; name: string }[]);
  const companies = rows
    .map((row) => ({ id: row.id, name: String(row.name) }))
    .sort((a, b) => Number(b.id === defaultCompanyId) - Number(a.id === defaultCompanyId) || a.name.localeCompare(b.name));
  return {
    user: { id: uid, name: String(user.name ?? ''), login: typeof user.login === 'string' ? user.login : '' },
    defaultCompanyId,
    companies,
    ...(typeof user.lang === 'string' ? { lang: user.lang } : {}),
    ...(typeof user.tz === 'string' && user.tz ? { tz: user.tz } : {}),
  };
}

/**
 * Asks the server, without any default context (so that the answer is the user's own): the user (`context_get` when
 * its id is not known), their companies, the active languages.
 */
export async function loadContextChoices(call: Caller, userId: number | undefined): Promise<ContextChoices> {
  const { user, defaultCompanyId, companies, lang, tz } = await loadUserAndCompanies(call, userId);
  const languages = (
    (await call({
      model: 'res.lang',
      method: 'search_read',
      args: { domain: [['active', '=', true]], fields: ['code', 'name'], order: 'name' },
    })) as { code: string; name: string }[]
  ).map((row) => ({ code: String(row.code), name: String(row.name) }));
  const timezones = await loadTimezones(call);
  return {
    user: { id: user.id, name: user.name },
    defaultCompanyId,
    companies,
    languages,
    ...(lang !== undefined ? { userLang: lang } : {}),
    ...(tz !== undefined ? { userTz: tz } : {}),
    timezones,
  };
}

/** The values of res.users `tz` when the server declares it a selection (as the reference server does), else IANA's. */
async function loadTimezones(call: Caller): Promise<readonly string[]> {
  const fields = (await call({
    model: 'res.users',
    method: 'fields_get',
    args: { allfields: ['tz'], attributes: ['type', 'selection'] },
  }).catch(() => undefined)) as { tz?: { type?: unknown; selection?: unknown } } | undefined;
  const selection = fields?.tz?.type === 'selection' && Array.isArray(fields.tz.selection) ? fields.tz.selection : undefined;
  if (selection)
    return selection
      .filter((pair): pair is [string, unknown] => Array.isArray(pair) && typeof pair[0] === 'string')
      .map(([value]) => value);
  return Intl.supportedValuesOf('timeZone');
}

/** The default context with `key` set to `value`, or without it when `value` is undefined (the user's own). */
export function withContextKey(context: DefaultContext | undefined, key: string, value: unknown): DefaultContext | undefined {
  const next: Record<string, unknown> = { ...(context ?? {}) };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return Object.keys(next).length === 0 ? undefined : next;
}

/** The current company and language a default context gives, for the status bar: names when the choices are known. */
export function describeIdentity(
  context: DefaultContext | undefined,
  choices: ContextChoices | undefined,
): { company: string; language: string } {
  const ids = Array.isArray(context?.allowed_company_ids) ? (context.allowed_company_ids as number[]) : undefined;
  const nameOf = (id: number) => choices?.companies.find((company) => company.id === id)?.name ?? `#${id}`;
  const company =
    ids && ids.length > 0
      ? `${nameOf(ids[0])}${ids.length > 1 ? ` +${ids.length - 1}` : ''}`
      : choices
        ? `${nameOf(choices.defaultCompanyId)} (default)`
        : 'default company';
  const lang = typeof context?.lang === 'string' ? context.lang : choices?.userLang ? `${choices.userLang} (user's)` : "user's language";
  return { company, language: lang };
}

/**
 * `allowed_company_ids` for a subset of companies checked in a list, as the reference web client's company selector
 * orders them: the companies active before keep their order (so the current company stays first while it is
 * checked), newly checked ones follow in the list's order. Empty when nothing is checked.
 */
export function orderChosenCompanies(active: readonly number[], checked: readonly number[]): number[] {
  const kept = active.filter((id) => checked.includes(id));
  return [...kept, ...checked.filter((id) => !kept.includes(id))];
}
