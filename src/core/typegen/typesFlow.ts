// The questions of the editor's `Generate Types…` on the input port: the database (unless a node gave it), the models
// (unless a selection gave them: those the project uses, or picked), the depth, the language and, for TypeScript, the
// typed client; the options `json2 types` takes.
import { BACK, type InputPort, type PickItem } from '../connections/inputPort';
import type { ModelInfo } from '../schema/schemaTypes';
import type { TypeGenerationOptions, TypeLanguage } from './generatedHeader';

/** A database the types are read from: a connection's database ('' for the one the server picks). */
export interface TypesTarget {
  readonly connectionName: string;
  readonly database: string;
}

export interface TypesFlowContext {
  /** The database a node gave; else the flow asks among `targets()`. */
  readonly target?: TypesTarget;
  /** Every connection's databases, for the pick when no node gave one. */
  targets(): Promise<readonly TypesTarget[]>;
  /** The models a selection of model nodes gave; else the flow asks among `modelsOf()`. */
  readonly givenModels?: readonly string[];
  /** The database's models, for the pick when no selection gave them. */
  modelsOf(target: TypesTarget): Promise<readonly ModelInfo[]>;
  /** The models the workspace's request files and code use (sorted); absent when there is no workspace to scan. */
  projectModels?(): Promise<readonly string[]>;
}

/** The depths offered: the models their relations reach, up to as many steps as `json2 types --depth` allows. */
export const MAX_TYPES_DEPTH = 5;
/** The depth `json2 types` uses when none is given. */
export const DEFAULT_TYPES_DEPTH = 0;

export interface TypesChoice {
  readonly target: TypesTarget;
  readonly options: TypeGenerationOptions;
}

const TITLE = 'Generate Types';

/** How a database is named in the pick and the progress (`production / prod`). */
export const typesTargetLabel = (target: TypesTarget): string => `${target.connectionName} / ${target.database || '(server default)'}`;

/** The file name the save dialog suggests for a language. */
export const defaultTypesFileName = (lang: TypeLanguage): string => (lang === 'python' ? 'odoo_types.py' : 'odooTypes.ts');

type Step = 'target' | 'scope' | 'models' | 'depth' | 'lang' | 'client';
type Scope = 'project' | 'choose';
type Draft = {
  target?: TypesTarget;
  scope?: Scope;
  models?: readonly string[];
  depth?: number;
  lang?: TypeLanguage;
  client?: boolean;
};

/** Asks what is missing; undefined when the person gives up. Back goes one step back. */
export async function generateTypesFlow(port: InputPort, context: TypesFlowContext): Promise<TypesChoice | undefined> {
  const given = context.givenModels && context.givenModels.length > 0 ? context.givenModels : undefined;
  const draft: Draft = {
    ...(context.target ? { target: context.target } : {}),
    ...(given ? { models: given } : {}),
  };
  const projectModels = given ? [] : ((await context.projectModels?.()) ?? []);
  const stepsOf = (): Step[] => [
    ...(context.target ? [] : ['target' as const]),
    ...(given || projectModels.length === 0 ? [] : ['scope' as const]),
    ...(given || draft.scope === 'project' ? [] : ['models' as const]),
    'depth',
    'lang',
    ...(draft.lang === 'python' ? [] : ['client' as const]),
  ];
  let index = 0;
  for (;;) {
    const steps = stepsOf();
    if (index >= steps.length) break;
    const position = { title: TITLE, step: index + 1, totalSteps: steps.length };
    const answer = await ask(port, steps[index], position, draft, { ...context, projectModels: async () => projectModels });
    if (answer === undefined) return undefined;
    if (answer === BACK) {
      if (index === 0) return undefined;
      index -= 1;
      continue;
    }
    index += 1;
  }
  const { target, models, lang, client, depth } = draft;
  if (!target || !models || !lang) return undefined;
  return { target, options: { lang, models, depth: depth ?? DEFAULT_TYPES_DEPTH, client: lang === 'ts' && client === true } };
}

type Position = { readonly title: string; readonly step: number; readonly totalSteps: number };
type Answered = true | typeof BACK | undefined;
type StepAsker = (port: InputPort, position: Position, draft: Draft, context: ResolvedContext) => Promise<Answered>;
/** The context with the project's models already scanned. */
type ResolvedContext = TypesFlowContext & { readonly projectModels: () => Promise<readonly string[]> };

/** Asks one step and keeps its answer in the draft; true when answered. */
function ask(port: InputPort, step: Step, position: Position, draft: Draft, context: ResolvedContext): Promise<Answered> {
  return ASKERS[step](port, position, draft, context);
}

/** The models of `wanted` the database has, in `wanted`'s order. */
async function availableOf(wanted: readonly string[], target: TypesTarget, context: ResolvedContext): Promise<string[]> {
  const known = new Set((await context.modelsOf(target)).map((info) => info.model));
  return wanted.filter((model) => known.has(model));
}

const askTarget: StepAsker = async (port, position, draft, context) => {
  const targets = await context.targets();
  const byLabel = new Map(targets.map((target) => [typesTargetLabel(target), target]));
  const items: PickItem<string>[] = targets.map((target) => ({
    label: target.database || '(server default)',
    description: target.connectionName,
    value: typesTargetLabel(target),
  }));
  const active = draft.target && typesTargetLabel(draft.target);
  const answer = await port.pick({
    id: 'typesDatabase',
    ...position,
    placeholder: 'The database whose schema the types describe',
    items,
    ...(active ? { active } : {}),
  });
  if (answer === undefined || answer === BACK) return answer;
  const chosen = byLabel.get(answer);
  if (!chosen) return undefined;
  if (draft.target && typesTargetLabel(draft.target) !== answer) delete draft.models;
  draft.target = chosen;
  return true;
};

const listed = (models: readonly string[]): string =>
  models.length <= 4 ? models.join(', ') : `${models.slice(0, 4).join(', ')} and ${models.length - 4} more`;

const askScope: StepAsker = async (port, position, draft, context) => {
  if (!draft.target) return undefined;
  const used = await context.projectModels();
  const items: PickItem<Scope>[] = [
    { label: 'Models this project uses', description: listed(used), detail: 'from its .json2 request files and code', value: 'project' },
    { label: 'Choose models…', description: 'from the database’s list', value: 'choose' },
  ];
  const answer = await port.pick({
    id: 'typesScope',
    ...position,
    placeholder: 'Which models to describe',
    items,
    active: draft.scope ?? 'project',
  });
  if (answer === undefined || answer === BACK) return answer;
  const available = await availableOf(used, draft.target, context);
  // None of the project's models is on this database: the models are picked instead.
  draft.scope = answer === 'project' && available.length > 0 ? 'project' : 'choose';
  if (draft.scope === 'project') draft.models = available;
  else delete draft.models;
  return true;
};

const askModels: StepAsker = async (port, position, draft, context) => {
  if (!port.pickMany || !draft.target) return undefined;
  const models = await context.modelsOf(draft.target);
  const items = models.map((info) => ({ label: info.model, description: info.name, value: info.model }));
  const used = await context.projectModels();
  const selected = draft.models ?? (used.length > 0 ? await availableOf(used, draft.target, context) : []);
  const answer = await port.pickMany({
    id: 'typesModels',
    ...position,
    placeholder: 'The models to describe',
    items,
    ...(selected.length > 0 ? { selected } : {}),
  });
  if (answer === undefined || answer === BACK) return answer;
  if (answer.length === 0) return undefined;
  draft.models = answer;
  return true;
};

const depthDescription = (depth: number): string =>
  depth === 0
    ? 'only the chosen models'
    : depth === 1
      ? 'and the models their relations name'
      : `and the models reached through up to ${depth} relations`;

const askDepth: StepAsker = async (port, position, draft) => {
  const items: PickItem<number>[] = Array.from({ length: MAX_TYPES_DEPTH + 1 }, (_, depth) => ({
    label: String(depth),
    description: depthDescription(depth),
    value: depth,
  }));
  const answer = await port.pick({
    id: 'typesDepth',
    ...position,
    placeholder: 'How far to follow relations (json2 types --depth)',
    items,
    active: draft.depth ?? DEFAULT_TYPES_DEPTH,
  });
  if (answer === undefined || answer === BACK) return answer;
  draft.depth = answer;
  return true;
};

const askLanguage: StepAsker = async (port, position, draft) => {
  const items: PickItem<TypeLanguage>[] = [
    { label: 'TypeScript', description: 'types and, if you want, a typed fetch client', value: 'ts' },
    { label: 'Python', description: 'TypedDicts, Literal selections, typed method stubs for requests', value: 'python' },
  ];
  const answer = await port.pick({
    id: 'typesLanguage',
    ...position,
    placeholder: 'The language of the file',
    items,
    ...(draft.lang ? { active: draft.lang } : {}),
  });
  if (answer === undefined || answer === BACK) return answer;
  draft.lang = answer;
  return true;
};

const askClient: StepAsker = async (port, position, draft) => {
  const items: PickItem<'yes' | 'no'>[] = [
    { label: 'Types and typed client', description: 'Json2Client: call(model, method, args) checked by the types', value: 'yes' },
    { label: 'Types only', value: 'no' },
  ];
  const active = draft.client === undefined ? 'yes' : draft.client ? 'yes' : 'no';
  const answer = await port.pick({ id: 'typesClient', ...position, placeholder: 'Include the typed client?', items, active });
  if (answer === undefined || answer === BACK) return answer;
  draft.client = answer === 'yes';
  return true;
};

const ASKERS: Readonly<Record<Step, StepAsker>> = {
  target: askTarget,
  scope: askScope,
  models: askModels,
  depth: askDepth,
  lang: askLanguage,
  client: askClient,
};
