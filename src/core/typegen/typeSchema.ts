// The schema a generated file describes: the chosen models and those their relations reach to a chosen depth, read
// through the schema service (documents, else ir.model and fields_get), with where it came from.
import { ClientError } from '../client/clientErrors';
import type { LookupOptions } from '../schema/schemaService';
import type { FieldInfo, MethodInfo, ModelInfo } from '../schema/schemaTypes';
import { isRelational } from './fieldTypes';

/** What the loader needs from a schema service (`SchemaService` has this shape). */
export interface TypeSchemaSource {
  models(options?: LookupOptions): Promise<ModelInfo[]>;
  fields(model: string, options?: LookupOptions): Promise<Readonly<Record<string, FieldInfo>>>;
  methods(model: string, options?: LookupOptions): Promise<readonly MethodInfo[]>;
}

export interface TypedModel {
  readonly model: string;
  readonly name: string;
  /** By name. */
  readonly fields: readonly FieldInfo[];
  /** Public methods by name (schemaDocuments.ts leaves private ones and `*args`/`**kwargs` out). */
  readonly methods: readonly MethodInfo[];
}

/** Where the schema came from, named in the generated file's header. */
export interface TypeSchemaOrigin {
  readonly server: string;
  readonly database: string | undefined;
  readonly release: string;
}

export interface TypeSchema extends TypeSchemaOrigin {
  /** By technical name. */
  readonly models: readonly TypedModel[];
}

/** A request the loader cannot answer: a model the database does not have, a bad depth. */
export class TypeSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TypeSchemaError';
  }
}

export interface LoadTypeSchemaOptions {
  readonly models: readonly string[];
  /** How many relation steps from the chosen models are described too (0: the chosen models alone). */
  readonly depth: number;
  readonly signal?: AbortSignal;
  readonly refresh?: boolean;
}

/** A model's technical name as a server's `ir.model` allows it; others are left out (a hostile server's). */
const MODEL_NAME = /^[A-Za-z0-9_.]+$/;
/** A field, method or parameter name is a Python identifier on a real server; others are left out. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names every JSON-2 call takes beside a method's own parameters. */
const CALL_NAMES: ReadonlySet<string> = new Set(['ids', 'context']);

const refused = (error: unknown): boolean => error instanceof ClientError && (error.kind === 'access' || error.kind === 'notFound');

/**
 * The chosen models, then breadth-first the models their relational fields name, `depth` steps away. A related model
 * this key may not read is left out (its relations are then typed by ids alone); a chosen one it may not read fails.
 * Names no real server sends (a model name with other than letters, digits, `_` and `.`; a field, method or parameter
 * name that is no identifier) are left out, so that nothing a server sends can become code; so are method
 * parameters named `ids` or `context`, which every call takes anyway.
 */
export async function loadTypedModels(source: TypeSchemaSource, options: LoadTypeSchemaOptions): Promise<TypedModel[]> {
  if (!Number.isInteger(options.depth) || options.depth < 0)
    throw new TypeSchemaError(`depth must be a whole number ≥ 0, not ${options.depth}`);
  const lookup: LookupOptions = { ...(options.signal ? { signal: options.signal } : {}), ...(options.refresh ? { refresh: true } : {}) };
  const known = new Map((await source.models(lookup)).filter((info) => MODEL_NAME.test(info.model)).map((info) => [info.model, info]));
  const missing = options.models.filter((model) => !known.has(model));
  if (missing.length > 0) throw new TypeSchemaError(`no model ${missing.map((model) => `'${model}'`).join(', ')} on this database`);
  const loaded = new Map<string, TypedModel>();
  const visited = new Set<string>();
  let level = [...new Set(options.models)];
  for (let step = 0; level.length > 0; step += 1) {
    level.forEach((model) => visited.add(model));
    const chosen = step === 0;
    const models = await Promise.all(level.map((model) => loadOne(source, known.get(model) as ModelInfo, lookup, chosen)));
    const next = new Set<string>();
    for (const typed of models) {
      if (!typed) continue;
      loaded.set(typed.model, typed);
      if (step >= options.depth) continue;
      for (const field of typed.fields)
        if (isRelational(field) && known.has(field.relation as string) && !visited.has(field.relation as string))
          next.add(field.relation as string);
    }
    level = [...next].sort();
  }
  return [...loaded.values()].sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

async function loadOne(source: TypeSchemaSource, info: ModelInfo, lookup: LookupOptions, chosen: boolean): Promise<TypedModel | undefined> {
  try {
    const [fields, methods] = await Promise.all([source.fields(info.model, lookup), source.methods(info.model, lookup)]);
    return {
      model: info.model,
      name: info.name,
      fields: Object.values(fields)
        .filter((field) => IDENTIFIER.test(field.name))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      methods: methods
        .filter((method) => IDENTIFIER.test(method.name))
        .map((method) => ({
          ...method,
          parameters: method.parameters.filter((parameter) => IDENTIFIER.test(parameter.name) && !CALL_NAMES.has(parameter.name)),
        }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    };
  } catch (error) {
    if (!chosen && refused(error)) return undefined;
    throw error;
  }
}
