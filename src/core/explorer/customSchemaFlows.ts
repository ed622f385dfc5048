// The `Create Custom Model…` and `Add Custom Field…` flows on the input port: each answer checked by the rules as it is
// typed, the record created when the last answer is accepted, and the server's refusal shown on that same input.
import { BACK, type InputPort, type PickItem } from '../connections/inputPort';
import type { FieldInfo, ModelInfo } from '../schema/schemaTypes';
import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
  customFieldNameProblem,
  customModelNameProblem,
  inverseCandidates,
  labelProblem,
  type NewCustomField,
  type NewCustomModel,
  needsRelation,
  parseSelectionValues,
} from './customSchemaRules';
import { schemaChangeProblem } from './schemaChangeErrors';

export interface CustomModelContext {
  readonly existingModels: readonly string[];
  /** Creates the ir.model record; rejects with the server's error. */
  create(model: NewCustomModel, signal: AbortSignal): Promise<void>;
}

/** Asks name then label and creates the model; undefined when the person gives up. */
export async function createCustomModelFlow(port: InputPort, context: CustomModelContext): Promise<NewCustomModel | undefined> {
  const title = 'Create Custom Model';
  let model: string | undefined;
  for (;;) {
    const name = await port.askText<string>({
      id: 'modelName',
      title,
      step: 1,
      totalSteps: 2,
      prompt: 'Technical name of the new model (it must start with x_)',
      placeholder: 'x_library.book',
      value: model,
      validate: (value) => customModelNameProblem(value.trim(), context.existingModels),
      check: async (value) => ({ value: value.trim() }),
    });
    if (name === undefined || name === BACK) return undefined;
    model = name;
    const created = await port.askText<NewCustomModel>({
      id: 'modelLabel',
      title,
      step: 2,
      totalSteps: 2,
      prompt: `Label of ${name} (what people see)`,
      placeholder: 'Book',
      validate: labelProblem,
      check: async (value, signal) => {
        const wanted = { model: name, name: value.trim() };
        try {
          await context.create(wanted, signal);
          return { value: wanted };
        } catch (error) {
          return { problem: schemaChangeProblem(error, `the model ${name}`) };
        }
      },
    });
    if (created === BACK) continue;
    return created;
  }
}

export interface CustomFieldContext {
  readonly model: string;
  readonly existingFields: readonly string[];
  /** The database's models, for the related model of a relational field. */
  readonly models: readonly ModelInfo[];
  /** Fields of another model (the one a one2many points to, for its inverse many2one). */
  fieldsOf(model: string): Promise<Readonly<Record<string, FieldInfo>>>;
  /** Creates the ir.model.fields record; rejects with the server's error. */
  create(field: NewCustomField, signal: AbortSignal): Promise<void>;
}

type Step = 'name' | 'type' | 'relation' | 'inverse' | 'selection' | 'label';

/** Asks name, type, (related model, inverse, values) and label, then creates the field; undefined when given up. */
export async function addCustomFieldFlow(port: InputPort, context: CustomFieldContext): Promise<NewCustomField | undefined> {
  const title = `Add Custom Field to ${context.model}`;
  const draft: { name?: string; type?: CustomFieldType; relation?: string; relationField?: string; selection?: Array<[string, string]> } =
    {};
  const stepsOf = (): Step[] => [
    'name',
    'type',
    ...(draft.type && needsRelation(draft.type) ? ['relation' as const] : []),
    ...(draft.type === 'one2many' ? ['inverse' as const] : []),
    ...(draft.type === 'selection' ? ['selection' as const] : []),
    'label',
  ];
  let index = 0;
  for (;;) {
    const steps = stepsOf();
    const step = steps[index];
    const position = { title, step: index + 1, totalSteps: steps.length };
    let answer: unknown;
    switch (step) {
      case 'name':
        answer = await port.askText<string>({
          id: 'fieldName',
          ...position,
          prompt: 'Technical name of the new field (it must start with x_)',
          placeholder: 'x_rating',
          value: draft.name,
          validate: (value) => customFieldNameProblem(value.trim(), context.existingFields),
          check: async (value) => ({ value: value.trim() }),
        });
        if (typeof answer === 'string') draft.name = answer;
        break;
      case 'type':
        answer = await port.pick<CustomFieldType>({
          id: 'fieldType',
          ...position,
          placeholder: 'Type of the field',
          active: draft.type,
          items: CUSTOM_FIELD_TYPES.map((type) => ({
            label: type,
            value: type,
            ...(needsRelation(type) ? { description: 'points to another model' } : {}),
          })),
        });
        if (typeof answer === 'string') {
          if (answer !== draft.type) Object.assign(draft, { relation: undefined, relationField: undefined, selection: undefined });
          draft.type = answer as CustomFieldType;
        }
        break;
      case 'relation':
        answer = await port.pick<string>({
          id: 'fieldRelation',
          ...position,
          placeholder: `The model the ${draft.type} field points to`,
          active: draft.relation,
          items: context.models.map((model): PickItem<string> => ({ label: model.model, description: model.name, value: model.model })),
        });
        if (typeof answer === 'string') draft.relation = answer;
        break;
      case 'inverse': {
        const relation = draft.relation as string;
        const candidates = inverseCandidates(context.model, await context.fieldsOf(relation));
        // Without a many2one back to this model there is nothing a one2many could go through: say so on a text input.
        answer =
          candidates.length > 0
            ? await port.pick<string>({
                id: 'fieldInverse',
                ...position,
                placeholder: `The many2one of ${relation} that points back to ${context.model}`,
                active: draft.relationField,
                items: candidates.map((field) => ({ label: field.name, description: field.string, value: field.name })),
              })
            : await port.askText<string>({
                id: 'fieldInverse',
                ...position,
                prompt: `${relation} has no many2one to ${context.model}: add one there first (go back to pick another type)`,
                validate: () => `${relation} has no many2one field pointing to ${context.model}.`,
                check: async () => ({ problem: 'No inverse field.' }),
              });
        if (typeof answer === 'string') draft.relationField = answer;
        break;
      }
      case 'selection':
        answer = await port.askText<Array<[string, string]>>({
          id: 'fieldSelection',
          ...position,
          prompt: 'The values, as value:Label separated by commas',
          placeholder: 'draft:Draft, done:Done',
          validate: (value) => {
            const parsed = parseSelectionValues(value);
            return 'problem' in parsed ? parsed.problem : undefined;
          },
          check: async (value) => {
            const parsed = parseSelectionValues(value);
            return 'problem' in parsed ? parsed : { value: parsed.pairs };
          },
        });
        if (Array.isArray(answer)) draft.selection = answer;
        break;
      case 'label':
        answer = await port.askText<NewCustomField>({
          id: 'fieldLabel',
          ...position,
          prompt: `Label of ${draft.name} (what people see)`,
          placeholder: 'Rating',
          validate: labelProblem,
          check: async (value, signal) => {
            const field = fieldOf(draft, value.trim());
            try {
              await context.create(field, signal);
              return { value: field };
            } catch (error) {
              return { problem: schemaChangeProblem(error, `the field ${field.name}`) };
            }
          },
        });
        if (answer !== undefined && answer !== BACK) return answer as NewCustomField;
        break;
    }
    if (answer === undefined) return undefined;
    if (answer === BACK) {
      if (index === 0) return undefined;
      index -= 1;
    } else {
      index += 1;
    }
  }
}

function fieldOf(
  draft: { name?: string; type?: CustomFieldType; relation?: string; relationField?: string; selection?: Array<[string, string]> },
  label: string,
): NewCustomField {
  return {
    name: draft.name as string,
    label,
    type: draft.type as CustomFieldType,
    ...(draft.relation ? { relation: draft.relation } : {}),
    ...(draft.relationField ? { relationField: draft.relationField } : {}),
    ...(draft.selection ? { selection: draft.selection } : {}),
  };
}
