// The context keys completion offers, with what each does and a sensible value.

export interface ContextKey {
  readonly key: string;
  readonly explanation: string;
  /** Snippet of a value. */
  readonly value: string;
}

export const CONTEXT_KEYS: readonly ContextKey[] = [
  { key: 'lang', explanation: 'language of translated fields and messages (an installed language code)', value: '"${1:en_US}"' },
  { key: 'tz', explanation: 'time zone used to compute dates shown to the user', value: '"${1:Europe/Brussels}"' },
  { key: 'active_test', explanation: 'false includes archived records (active = false) in searches', value: '${1:false}' },
  { key: 'allowed_company_ids', explanation: 'the companies the call may see and act in; the first is the current one', value: '[${1:1}]' },
];
