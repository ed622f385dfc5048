// Completion of `context` keys and values from the connection's own lists (the switchers' lists): the companies the
// user may use for `allowed_company_ids`, the active res.lang for `lang`, the server's time zones for `tz`.
import type { ContextChoices } from '../connections/contextChoices';
import type { DefaultContext } from '../connections/defaultContext';
import { CONTEXT_KEYS } from './contextKeys';
import { jsonStringText } from './insertedText';
import type { DraftItem } from './valueCompletions';

/** What completion knows of the connection: its lists (when they could be read) and its default context. */
export interface ContextLists {
  readonly choices?: ContextChoices;
  readonly defaults?: DefaultContext;
}

export interface ContextKeyEntry {
  readonly name: string;
  readonly detail: string;
  readonly value: string;
  readonly rank: number;
  readonly doc: string | undefined;
}

/** Text for a snippet choice (`${1|a,b|}`): its own separators and escapes are escaped. */
const choiceText = (text: string) => text.replace(/[\\,|$}]/g, (character) => `\\${character}`);

/** The value snippet of a key: a choice among the connection's values when they are known, else the static one. */
function keySnippet(key: string, choices: ContextChoices | undefined, fallback: string): string {
  if (!choices) return fallback;
  const choice = (values: readonly string[]) => (values.length > 0 ? `\${1|${values.map(choiceText).join(',')}|}` : undefined);
  if (key === 'lang') {
    const codes = choices.languages.map((language) => language.code);
    const own = choices.userLang && codes.includes(choices.userLang) ? [choices.userLang] : [];
    const values = choice([...own, ...codes.filter((code) => !own.includes(code))]);
    return values ? `"${values}"` : fallback;
  }
  if (key === 'allowed_company_ids') {
    const values = choice(choices.companies.map((company) => String(company.id)));
    return values ? `[${values}]` : fallback;
  }
  if (key === 'tz' && choices.userTz) return `"\${1:${choiceText(choices.userTz)}}"`;
  return fallback;
}

/** The keys offered in a `context` object, with what the connection sends for each unless the request sets it. */
export function contextKeyEntries(lists: ContextLists): ContextKeyEntry[] {
  return CONTEXT_KEYS.map((entry, index) => {
    const sent = lists.defaults?.[entry.key];
    return {
      name: entry.key,
      detail: entry.explanation,
      value: keySnippet(entry.key, lists.choices, entry.value),
      rank: index,
      doc: sent === undefined ? undefined : `The connection's default context sends ${JSON.stringify(sent)} unless the request sets it.`,
    };
  });
}

const rankOf = (index: number) => String(index).padStart(4, '0');

function companyItems(choices: ContextChoices, inList: boolean, inString: boolean): DraftItem[] {
  if (inString) return [];
  const label = (id: number) => (id === choices.defaultCompanyId ? 'default company' : 'company');
  if (inList)
    return choices.companies.map((company, index) => ({
      label: String(company.id),
      kind: 'value' as const,
      detail: `${company.name} (${label(company.id)})`,
      sortText: rankOf(index),
      filterText: `${company.id} ${company.name}`,
    }));
  const items: DraftItem[] = choices.companies.map((company, index) => ({
    label: `[${company.id}]`,
    kind: 'value' as const,
    detail: `${company.name} (${label(company.id)})`,
    sortText: rankOf(index),
    filterText: `[${company.id}] ${company.name}`,
  }));
  if (choices.companies.length > 1) {
    const all = `[${choices.companies.map((company) => company.id).join(', ')}]`;
    items.push({ label: all, kind: 'value', detail: 'all my companies, the default one current', sortText: rankOf(items.length) });
  }
  return items;
}

function textItems(values: ReadonlyArray<readonly [string, string | undefined]>, own: string | undefined, inString: boolean): DraftItem[] {
  return values.map(([value, detail], index) => ({
    label: value,
    kind: 'value' as const,
    ...(detail !== undefined || value === own
      ? { detail: [detail, value === own ? "the user's own" : undefined].filter(Boolean).join(' · ') }
      : {}),
    insertText: jsonStringText(value, !inString),
    sortText: value === own ? '0000' : rankOf(index + 1),
    filterText: inString ? value : jsonStringText(value, true),
  }));
}

/**
 * Values of a `context` key from the connection's lists; undefined when the lists do not cover the key (the caller's
 * own values apply). `inList` is a cursor on an element of the key's list (`allowed_company_ids: [1, |]`).
 */
export function contextValueItems(
  key: string,
  choices: ContextChoices | undefined,
  inString: boolean,
  inList: boolean,
): DraftItem[] | undefined {
  if (!choices) return undefined;
  if (key === 'allowed_company_ids') return companyItems(choices, inList, inString);
  if (inList) return undefined;
  if (key === 'lang')
    return textItems(
      choices.languages.map((language) => [language.code, language.name] as const),
      choices.userLang,
      inString,
    );
  if (key === 'tz')
    return textItems(
      choices.timezones.map((zone) => [zone, undefined] as const),
      choices.userTz,
      inString,
    );
  return undefined;
}
