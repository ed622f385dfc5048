// The questions the database flows ask: which database, a new database's name, a yes/no choice.
import type { SavedConnection } from '../connections/connectionProfile';
import { BACK, type InputPort } from '../connections/inputPort';
import { escapeThemeIcons } from '../untrustedText/linkedText';
import { newDatabaseNameProblem } from './databaseNames';

/**
 * The node's database when the command came from one, else one picked from the server's list (`listed`), or typed when
 * the server does not list them. Undefined when the person cancels.
 */
export async function chooseDatabase(
  input: () => InputPort,
  saved: SavedConnection,
  title: string,
  fromNode: string | undefined,
  listed: () => Promise<string[] | undefined>,
): Promise<string | undefined> {
  if (fromNode !== undefined) return fromNode;
  const names = await listed();
  if (names !== undefined && names.length > 0) {
    const picked = await input().pick({
      id: 'database',
      title,
      step: 1,
      totalSteps: 1,
      placeholder: `Which database of ${saved.profile.name}?`,
      active: saved.profile.database,
      items: names.map((name) => ({ label: escapeThemeIcons(name), value: name })),
    });
    return picked === BACK ? undefined : picked;
  }
  const typed = await input().askText<string>({
    id: 'databaseName',
    title,
    step: 1,
    totalSteps: 1,
    value: saved.profile.database ?? '',
    prompt: 'The database name (the server does not list its databases).',
    validate: (value) => (value.trim() === '' ? 'Type the database name.' : undefined),
    check: async (value) => ({ value: value.trim() }),
  });
  return typed === BACK ? undefined : typed;
}

/** A name for a new database that none of `existing` has. */
export async function askNewName(
  input: InputPort,
  title: string,
  existing: readonly string[],
  value: string,
  prompt: string,
): Promise<string | undefined> {
  const answer = await input.askText<string>({
    id: 'newDatabase',
    title,
    step: 1,
    totalSteps: 1,
    value,
    prompt,
    validate: (text) => newDatabaseNameProblem(text, existing),
    check: async (text) => ({ value: text.trim() }),
  });
  return answer === BACK ? undefined : answer;
}

export interface YesNo {
  readonly id: string;
  readonly placeholder: string;
  readonly yes: string;
  readonly no: string;
  /** The answer selected at first. */
  readonly active: boolean;
}

export async function askYesNo(input: InputPort, title: string, question: YesNo): Promise<boolean | undefined> {
  const answer = await input.pick({
    id: question.id,
    title,
    step: 1,
    totalSteps: 1,
    placeholder: question.placeholder,
    active: question.active,
    items: [
      { label: question.yes, value: true },
      { label: question.no, value: false },
    ],
  });
  return answer === BACK ? undefined : answer;
}

/** A required line of text (a login, a password, a confirmation); undefined when the person cancels. */
export async function askLine(
  input: InputPort,
  question: {
    id: string;
    title: string;
    prompt: string;
    value?: string;
    password?: boolean;
    problem: (value: string) => string | undefined;
    trim: boolean;
    step?: number;
    totalSteps?: number;
  },
): Promise<string | undefined> {
  const answer = await input.askText<string>({
    id: question.id,
    title: question.title,
    step: question.step ?? 1,
    totalSteps: question.totalSteps ?? 1,
    prompt: question.prompt,
    ...(question.value !== undefined ? { value: question.value } : {}),
    ...(question.password ? { password: true } : {}),
    validate: question.problem,
    check: async (value) => ({ value: question.trim ? value.trim() : value }),
  });
  return answer === BACK ? undefined : answer;
}
