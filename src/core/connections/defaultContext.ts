// A connection's default context (`lang`, `tz`, `allowed_company_ids`, ...): how it is read and checked, and how it
// is merged into a call's own context, key by key, with where each key came from.

/** Context keys a connection (or `--context`) may set for every call. */
export type DefaultContext = Readonly<Record<string, unknown>>;

/** Where a key of the context sent came from. */
export type ContextSource = 'request' | 'connection' | 'command line';

export interface ContextKeySource {
  readonly key: string;
  readonly value: unknown;
  readonly source: ContextSource;
}

/** The keys the switchers and completion know, with what their value must be. */
export const DEFAULT_CONTEXT_KEYS = ['lang', 'tz', 'allowed_company_ids'] as const;

/** What is wrong with one key's value, or undefined when it is fine (unknown keys: any JSON value). */
function keyProblem(key: string, value: unknown): string | undefined {
  if (key === 'lang' || key === 'tz')
    return typeof value === 'string' && value.trim() !== ''
      ? undefined
      : `"${key}" must be a non-empty text (such as ${key === 'lang' ? '"fr_FR"' : '"Europe/Brussels"'}).`;
  if (key === 'allowed_company_ids') {
    return Array.isArray(value) && value.length > 0 && value.every((id) => Number.isInteger(id) && (id as number) > 0)
      ? undefined
      : '"allowed_company_ids" must be a non-empty list of company ids (the first is the current company).';
  }
  if (key === 'uid') return '"uid" cannot be set: the server takes the user from the API key.';
  return undefined;
}

/** Reads a `defaultContext` value of the settings (or `--context`): problems are added, never thrown. */
export function readDefaultContext(value: unknown, problems: string[], label = 'defaultContext'): DefaultContext | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`"${label}" must be an object such as {"lang": "fr_FR", "allowed_company_ids": [1]}.`);
    return undefined;
  }
  const context: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const problem = keyProblem(key, item);
    if (problem) problems.push(`${label}: ${problem}`);
    else context[key] = item;
  }
  return context;
}

/** `--context '{"lang":"fr_FR"}'`: the object, or a problem that says what is wrong. */
export function parseContextOption(text: string): { context: DefaultContext } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { problem: `--context must be a JSON object: ${(error as Error).message}` };
  }
  const problems: string[] = [];
  const context = readDefaultContext(value, problems, '--context');
  if (problems.length > 0 || context === undefined) return { problem: problems.join(' ') || '--context must be a JSON object.' };
  return { context };
}

/** The layers of defaults, weakest first (the connection's, then `--context`). */
export interface ContextDefaults {
  readonly values: DefaultContext;
  readonly source: Exclude<ContextSource, 'request'>;
}

/**
 * The context a call sends: the call's own keys win, then the strongest layer of defaults that sets the key. Returns
 * undefined for the context when the call has none and no default applies; `own` that is not an object (a value
 * the server will refuse) is kept as it is.
 */
export function mergeContext(own: unknown, layers: readonly ContextDefaults[]): { context: unknown; sources: ContextKeySource[] } {
  if (own !== undefined && (own === null || typeof own !== 'object' || Array.isArray(own))) return { context: own, sources: [] };
  const mine = (own ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = {};
  const sources = new Map<string, ContextKeySource>();
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer.values)) {
      if (key in mine) continue;
      merged[key] = value;
      sources.set(key, { key, value, source: layer.source });
    }
  }
  for (const [key, value] of Object.entries(mine)) sources.set(key, { key, value, source: 'request' });
  const context = { ...merged, ...mine };
  return { context: own === undefined && Object.keys(context).length === 0 ? undefined : context, sources: [...sources.values()] };
}

/** One line saying the context sent and where each key came from, as the panel shows it: `lang = "fr_FR" (connection)`. */
export function contextSourcesText(sources: readonly ContextKeySource[]): string {
  return sources.map((entry) => `${entry.key} = ${JSON.stringify(entry.value)} (${entry.source})`).join(', ');
}
