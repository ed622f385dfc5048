// The questions of the editor's `Generate Types…` on the input port: the database (unless a node gave it), the models
// (unless a selection gave them), the language and, for TypeScript, the typed client; the options `json2 types` takes.
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
}

export interface TypesChoice {
  readonly target: TypesTarget;
  readonly options: TypeGenerationOptions;
}

const TITLE = 'Generate Types';

/** How a database is named in the pick and the progress (`production / prod`). */
export const typesTargetLabel = (target: TypesTarget): string => `${target.connectionName} / ${target.database || '(server default)'}`;

/** The file name the save dialog suggests for a language. */
export const defaultTypesFileName = (lang: TypeLanguage): string => (lang === 'python' ? 'odoo_types.py' : 'odooTypes.ts');

type Step = 'target' | 'models' | 'lang' | 'client';
type Draft = { target?: TypesTarget; models?: readonly string[]; lang?: TypeLanguage; client?: boolean };

/** Asks what is missing; undefined when the person gives up. Back goes one step back. */
export async function generateTypesFlow(port: InputPort, context: TypesFlowContext): Promise<TypesChoice | undefined> {
  const draft: Draft = {
    ...(context.target ? { target: context.target } : {}),
    ...(context.givenModels && context.givenModels.length > 0 ? { models: context.givenModels } : {}),
  };
  const stepsOf = (): Step[] => [
    ...(context.target ? [] : ['target' as const]),
    ...(context.givenModels && context.givenModels.length > 0 ? [] : ['models' as const]),
    'lang',
    ...(draft.lang === 'python' ? [] : ['client' as const]),
  ];
  let index = 0;
  for (;;) {
    const steps = stepsOf();
    if (index >= steps.length) break;
    const position = { title: TITLE, step: index + 1, totalSteps: steps.length };
    const answer = await ask(port, steps[index], position, draft, context);
    if (answer === undefined) return undefined;
    if (answer === BACK) {
      if (index === 0) return undefined;
      index -= 1;
      continue;
    }
    index += 1;
  }
  const { target, models, lang, client } = draft;
  if (!target || !models || !lang) return undefined;
  return { target, options: { lang, models, depth: 0, client: lang === 'ts' && client === true } };
}

type Position = { readonly title: string; readonly step: number; readonly totalSteps: number };

/** Asks one step and keeps its answer in the draft; true when answered. */
async function ask(
  port: InputPort,
  step: Step,
  position: Position,
  draft: Draft,
  context: TypesFlowContext,
): Promise<true | typeof BACK | undefined> {
  switch (step) {
    case 'target': {
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
    }
    case 'models': {
      if (!port.pickMany || !draft.target) return undefined;
      const models = await context.modelsOf(draft.target);
      const items = models.map((info) => ({ label: info.model, description: info.name, value: info.model }));
      const answer = await port.pickMany({
        id: 'typesModels',
        ...position,
        placeholder: 'The models to describe',
        items,
        ...(draft.models ? { selected: draft.models } : {}),
      });
      if (answer === undefined || answer === BACK) return answer;
      if (answer.length === 0) return undefined;
      draft.models = answer;
      return true;
    }
    case 'lang': {
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
    }
    case 'client': {
      const items: PickItem<'yes' | 'no'>[] = [
        { label: 'Types and typed client', description: 'Json2Client: call(model, method, args) checked by the types', value: 'yes' },
        { label: 'Types only', value: 'no' },
      ];
      const active = draft.client === undefined ? 'yes' : draft.client ? 'yes' : 'no';
      const answer = await port.pick({ id: 'typesClient', ...position, placeholder: 'Include the typed client?', items, active });
      if (answer === undefined || answer === BACK) return answer;
      draft.client = answer === 'yes';
      return true;
    }
  }
}
