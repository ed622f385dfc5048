// The schema documents of /doc-bearer: the index of the models a user may read, and one model's fields and methods.
import { userFieldsGet } from '../methods/fieldsGet';
import type { Environment } from '../orm/environment';
import type { Model } from '../orm/modelDefinition';
import { fieldAllowed, hasModelAccess } from '../orm/access/accessPolicy';
import { methodDoc, type MethodDoc } from './methodDocs';

/** True when the user may see `model` in the documents: read access, or a model without records (methods only). */
export function documentedModel(env: Environment, model: Model): boolean {
  return model.abstract || hasModelAccess(env, model, 'read');
}

function publicMethods(env: Environment, model: Model): string[] {
  return env.registry.methodNames(model).filter((name) => !name.startsWith('_') && !env.registry.method(model, name)?.private);
}

/** `{modules, models: [{model, name, fields: {name: {string}}, methods: [names]}]}`. */
export async function indexDocument(env: Environment): Promise<Record<string, unknown>> {
  const modules = (await env.cr.query<{ module: string }>('SELECT DISTINCT module FROM ir_model_data ORDER BY module')).rows.map(
    (row) => row.module,
  );
  const models = [...env.registry.models.values()]
    .filter((model) => documentedModel(env, model))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((model) => ({
      model: model.name,
      name: model.description,
      fields: Object.fromEntries(
        [...model.fields.values()]
          .filter((field) => fieldAllowed(env, model, field.name))
          .map((field) => [field.name, { string: field.string }]),
      ),
      methods: publicMethods(env, model),
    }));
  return { modules, models };
}

/** `{model, name, doc, fields: <fields_get>, methods: {name: {signature, parameters, return, doc, api}}}`. */
export function modelDocument(env: Environment, model: Model): Record<string, unknown> {
  const methods: Record<string, MethodDoc> = {};
  for (const name of publicMethods(env, model))
    methods[name] = methodDoc(env.registry.method(model, name) as NonNullable<ReturnType<typeof env.registry.method>>);
  return {
    model: model.name,
    name: model.description,
    doc: model.state === 'manual' ? `Custom model ${model.name}, created through ir.model.` : `${model.description} (${model.name}).`,
    fields: userFieldsGet(env, model, null, null),
    methods,
  };
}
