// Reads the schema documents (`/doc-bearer/index.json`, `/doc-bearer/<model>.json`) and meta-model answers into schema data.
import { type KnownMethod, knownMethodsOf } from '../client/methodCatalog';
import { isCallableMethod } from '../client/methodVisibility';
import type { FieldInfo, MethodInfo, ModelInfo } from './schemaTypes';

/** Malformed schema data: the server's document does not have the documented shape. */
export class SchemaFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaFormatError';
  }
}

/** Models of `index.json`: `{"modules": [...], "models": [{"model", "name", ...}]}`. */
export function modelsOfIndex(document: unknown): ModelInfo[] {
  const models = objectOf(document, 'index.json').models;
  if (!Array.isArray(models)) throw new SchemaFormatError('index.json has no models list.');
  return models
    .map((entry, index) => {
      const record = objectOf(entry, `index.json models[${index}]`);
      if (typeof record.model !== 'string') throw new SchemaFormatError(`index.json models[${index}] has no model name.`);
      return { model: record.model, name: typeof record.name === 'string' ? record.name : record.model };
    })
    .sort((a, b) => a.model.localeCompare(b.model));
}

/** Models from an `ir.model` `search_read` of `model`, `name`, `state`. */
export function modelsOfMetaModel(records: unknown): ModelInfo[] {
  if (!Array.isArray(records)) throw new SchemaFormatError('ir.model search_read did not return a list.');
  return records
    .map((entry) => {
      const record = objectOf(entry, 'ir.model record');
      if (typeof record.model !== 'string') throw new SchemaFormatError('an ir.model record has no model.');
      return {
        model: record.model,
        name: typeof record.name === 'string' ? record.name : record.model,
        ...(typeof record.state === 'string' ? { state: record.state } : {}),
      };
    })
    .sort((a, b) => a.model.localeCompare(b.model));
}

/** Fields from a `fields_get` result (also the `fields` of a model document). */
export function fieldsOfFieldsGet(result: unknown): Record<string, FieldInfo> {
  const fields: Record<string, FieldInfo> = {};
  for (const [name, value] of Object.entries(objectOf(result, 'fields_get result'))) {
    const attributes = objectOf(value, `field ${name}`);
    const field: Record<string, unknown> = { name, type: typeof attributes.type === 'string' ? attributes.type : 'unknown' };
    if (typeof attributes.string === 'string') field.string = attributes.string;
    if (typeof attributes.help === 'string' && attributes.help !== '') field.help = attributes.help;
    if (typeof attributes.relation === 'string' && attributes.relation !== '') field.relation = attributes.relation;
    if (typeof attributes.required === 'boolean') field.required = attributes.required;
    if (typeof attributes.readonly === 'boolean') field.readonly = attributes.readonly;
    if (Array.isArray(attributes.selection)) {
      field.selection = attributes.selection
        .filter((option): option is [string, string] => Array.isArray(option) && option.length >= 2)
        .map(([value, label]) => [String(value), String(label)] as const);
    }
    fields[name] = field as unknown as FieldInfo;
  }
  return fields;
}

/** Parameter kinds that gather what is left (`*args`, `**kwargs`): never an argument name of a JSON-2 call. */
const GATHERING_KINDS: ReadonlySet<unknown> = new Set(['VAR_POSITIONAL', 'VAR_KEYWORD']);

/**
 * Methods of a model document: `{name: {signature, parameters: {name: {kind?, default?, annotation?, doc?}}, return:
 * {annotation?, doc?}, doc, api}}`. Private methods (methodVisibility.ts) are left out, and so are `*args`/`**kwargs`
 * parameters (kind `VAR_POSITIONAL`/`VAR_KEYWORD`); a `**kwargs` one sets `extraKeywords`.
 */
export function methodsOfModelDocument(methods: unknown): MethodInfo[] {
  return Object.entries(objectOf(methods ?? {}, 'methods'))
    .filter(([name]) => isCallableMethod(name))
    .map(([name, value]) => {
      const method = objectOf(value, `method ${name}`);
      const api = Array.isArray(method.api) ? method.api.filter((a): a is string => typeof a === 'string') : [];
      const declared = Object.entries(objectOf(method.parameters ?? {}, `parameters of ${name}`)).map(
        ([parameterName, raw]) => [parameterName, objectOf(raw, `parameter ${parameterName}`)] as const,
      );
      const parameters = declared
        .filter(([, parameter]) => !GATHERING_KINDS.has(parameter.kind))
        .map(([parameterName, parameter]) => ({
          name: parameterName,
          required: !('default' in parameter),
          ...('default' in parameter ? { default: parameter.default } : {}),
          ...(typeof parameter.annotation === 'string' ? { annotation: parameter.annotation } : {}),
          ...(typeof parameter.doc === 'string' ? { doc: parameter.doc } : {}),
        }));
      if (typeof method.signature === 'string') parameters.sort(bySignature(method.signature));
      const returns = returnOf(method.return);
      return {
        name,
        parameters,
        level: api.includes('model') ? ('model' as const) : ('records' as const),
        readonly: api.includes('readonly'),
        ...(declared.some(([, parameter]) => parameter.kind === 'VAR_KEYWORD') ? { extraKeywords: true } : {}),
        ...(typeof method.signature === 'string' ? { signature: method.signature } : {}),
        ...(returns ? { returns } : {}),
        ...(typeof method.doc === 'string' ? { doc: method.doc } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Parameters in the order of the signature (`(domain=None, fields=None, offset=0, ...)`): a document's `parameters`
 * object may come with its keys sorted (a recording's are), and the order is what signature help shows.
 */
function bySignature(signature: string): (a: { name: string }, b: { name: string }) => number {
  const list = signature.split('->')[0];
  const position = (name: string) => {
    const found = new RegExp(`[(,*\\s]${name.replace(/[^\w]/g, '')}\\s*[=,:)]`).exec(list);
    return found ? found.index : Number.MAX_SAFE_INTEGER;
  };
  return (a, b) => position(a.name) - position(b.name);
}

/** What a method returns: a plain string, or the `annotation` of `{annotation, doc}` (the server's form). */
function returnOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const annotation = (value as Record<string, unknown>).annotation;
    if (typeof annotation === 'string' && annotation !== '') return annotation;
  }
  return undefined;
}

/** Methods of a model from the notes' table, when no document describes them. */
export function methodsOfTable(model: string): MethodInfo[] {
  return knownMethodsOf(model).map((method: KnownMethod) => ({
    name: method.name,
    level: method.level,
    returns: method.returns,
    readonly: method.readOnly,
    parameters: method.parameters.map((p) => ({
      name: p.name,
      required: p.required,
      ...('default' in p ? { default: p.default } : {}),
      ...(p.doc ? { doc: p.doc } : {}),
    })),
  }));
}

function objectOf(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new SchemaFormatError(`${what} is not an object.`);
  return value as Record<string, unknown>;
}
