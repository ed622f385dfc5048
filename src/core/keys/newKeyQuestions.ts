// The questions of Generate API Key: a name, a scope and an expiration of at most three months (short by default).
import { BACK, type InputPort, type PickItem } from '../connections/inputPort';
import {
  DEFAULT_LIFETIME_ID,
  expirationDateFor,
  expirationDateProblem,
  LIFETIME_PRESETS,
  latestExpirationDate,
  lifetimePreset,
} from './keyExpiration';

export interface NewKeyAnswers {
  readonly name: string;
  readonly scope: string | null;
  /** `YYYY-MM-DD`. */
  readonly expirationDate: string;
  /** The preset chosen, or `date` when a date was typed: remembered for next time. */
  readonly lifetime: string;
}

export interface NewKeyDefaults {
  readonly connection: string;
  /** The scope chosen last time, else the connection key's scope when known. */
  readonly scope?: string | null;
  readonly lifetime?: string;
  readonly now: Date;
}

const SCOPE_NONE = '\u0000none';
const SCOPE_OTHER = '\u0000other';
const LIFETIME_DATE = 'date';

const LIFETIME_LABELS: Readonly<Record<string, string>> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  '3m': '3 months (the longest allowed)',
};

/** Asks the questions with a back button between them; undefined when the person gives up. */
export async function askNewKeyQuestions(port: InputPort, defaults: NewKeyDefaults): Promise<NewKeyAnswers | undefined> {
  const title = `Generate API Key (${defaults.connection})`;
  const total = 3;
  let name: string | undefined;
  let scope: string | null | undefined;
  for (let step = 1; step <= total; ) {
    if (step === 1) {
      const answer = await port.askText<string>({
        id: 'keyName',
        title,
        step,
        totalSteps: total,
        value: name ?? `${defaults.connection} ${defaults.now.toISOString().slice(0, 10)}`,
        prompt: "A name that tells you later what the key is for (shown in the user's preferences).",
        validate: (value) => (value.trim() === '' ? 'The key needs a name.' : undefined),
        check: async (value) => ({ value: value.trim() }),
      });
      if (answer === undefined) return undefined;
      if (answer === BACK) continue;
      name = answer;
      step = 2;
    } else if (step === 2) {
      const answer = await askScope(port, title, step, total, scope !== undefined ? scope : defaults.scope);
      if (answer === undefined) return undefined;
      if (answer === BACK) {
        step = 1;
        continue;
      }
      scope = answer;
      step = 3;
    } else {
      const answer = await askExpiration(port, title, step, total, defaults);
      if (answer === undefined) return undefined;
      if (answer === BACK) {
        step = 2;
        continue;
      }
      return { name: name as string, scope: scope as string | null, ...answer };
    }
  }
  return undefined;
}

async function askScope(
  port: InputPort,
  title: string,
  step: number,
  total: number,
  current: string | null | undefined,
): Promise<string | null | typeof BACK | undefined> {
  const known =
    current === undefined || current === null || current === 'rpc'
      ? []
      : [{ label: current, description: 'used last time', value: current }];
  const items: PickItem<string>[] = [
    { label: 'No scope', description: 'usable everywhere a key is accepted', value: SCOPE_NONE },
    { label: 'rpc', description: 'the generic scope for calls with a bearer key', value: 'rpc' },
    ...known,
    { label: 'Another scope…', value: SCOPE_OTHER },
  ];
  for (;;) {
    const picked = await port.pick({
      id: 'keyScope',
      title,
      step,
      totalSteps: total,
      items,
      active: current === null || current === undefined ? SCOPE_NONE : current,
      placeholder: 'The scope of the new key (a scoped key can only make keys of its own scope)',
    });
    if (picked === undefined || picked === BACK) return picked;
    if (picked === SCOPE_NONE) return null;
    if (picked !== SCOPE_OTHER) return picked;
    const typed = await port.askText<string>({
      id: 'keyScopeText',
      title,
      step,
      totalSteps: total,
      prompt: "The scope's name.",
      validate: (value) => (/^[\w.-]+$/.test(value.trim()) ? undefined : 'A scope is one word (letters, digits, "_", "-", ".").'),
      check: async (value) => ({ value: value.trim() }),
    });
    if (typed === undefined) return undefined;
    if (typed !== BACK) return typed;
  }
}

async function askExpiration(
  port: InputPort,
  title: string,
  step: number,
  total: number,
  defaults: NewKeyDefaults,
): Promise<{ expirationDate: string; lifetime: string } | typeof BACK | undefined> {
  const items: PickItem<string>[] = [
    ...LIFETIME_PRESETS.map((preset) => ({
      label: LIFETIME_LABELS[preset.id] ?? preset.id,
      description: `until ${expirationDateFor(preset.lifetime, defaults.now)}`,
      value: preset.id,
    })),
    { label: 'Choose a date…', description: `at most ${latestExpirationDate(defaults.now)}`, value: LIFETIME_DATE },
  ];
  const active =
    defaults.lifetime !== undefined && items.some((item) => item.value === defaults.lifetime) ? defaults.lifetime : DEFAULT_LIFETIME_ID;
  for (;;) {
    const picked = await port.pick({
      id: 'keyLifetime',
      title,
      step,
      totalSteps: total,
      items,
      active,
      placeholder: 'When the key expires (short is safer: keys live at most three months)',
    });
    if (picked === undefined || picked === BACK) return picked;
    const preset = lifetimePreset(picked);
    if (preset) return { expirationDate: expirationDateFor(preset, defaults.now), lifetime: picked };
    const typed = await port.askText<string>({
      id: 'keyDate',
      title,
      step,
      totalSteps: total,
      prompt: `The expiration date (YYYY-MM-DD), at most ${latestExpirationDate(defaults.now)}.`,
      validate: (value) => expirationDateProblem(value, defaults.now),
      check: async (value) => ({ value: value.trim() }),
    });
    if (typed === undefined) return undefined;
    if (typed !== BACK) return { expirationDate: typed, lifetime: LIFETIME_DATE };
  }
}
