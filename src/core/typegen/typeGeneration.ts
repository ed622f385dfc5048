// Generating types from a database's schema and checking a generated file against it: what `json2 types` and the
// editor's command ask for, whatever the language.
import { readStamp, type TypeGenerationOptions } from './generatedHeader';
import { pythonTypes } from './pythonTypes';
import { readSummary, schemaDifferences } from './schemaSummary';
import { loadTypedModels, type TypeSchemaOrigin, type TypeSchemaSource } from './typeSchema';
import { typescriptTypes } from './typescriptTypes';

export interface GenerateTypesRequest {
  readonly source: TypeSchemaSource;
  readonly origin: TypeSchemaOrigin;
  readonly options: TypeGenerationOptions;
  /** The date the header names (today unless given: tests give one, so the bytes do not change). */
  readonly generatedAt?: Date;
  readonly signal?: AbortSignal;
}

export interface GeneratedTypes {
  readonly text: string;
  /** The models the file describes: the chosen ones and those reached to the depth. */
  readonly models: readonly string[];
}

/** The file of the chosen models' types. Throws TypeSchemaError for a model the database does not have. */
export async function generateTypes(request: GenerateTypesRequest): Promise<GeneratedTypes> {
  const { options } = request;
  const models = await loadTypedModels(request.source, {
    models: options.models,
    depth: options.depth,
    refresh: true,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const schema = { ...request.origin, models };
  const generatedAt = request.generatedAt ?? new Date();
  const text = options.lang === 'python' ? pythonTypes(schema, options, generatedAt) : typescriptTypes(schema, options, generatedAt);
  return { text, models: models.map((typed) => typed.model) };
}

export interface TypesCheck {
  /** The options stamped in the file. */
  readonly options: TypeGenerationOptions;
  /** One sentence per difference between the file's schema and today's; empty when the file is up to date. */
  readonly differences: readonly string[];
}

/**
 * Compares a generated file with the database's schema today: the same models reached with the file's options, each
 * field's type, relation, required flag and selection values, each method's level and arguments. Throws
 * GeneratedFileError for a file json2 types did not write.
 */
export async function checkTypes(text: string, source: TypeSchemaSource, signal?: AbortSignal): Promise<TypesCheck> {
  const options = readStamp(text);
  const generated = readSummary(text);
  const lookup = { refresh: true, ...(signal ? { signal } : {}) };
  const existing = new Set((await source.models(lookup)).map((info) => info.model));
  const today = await loadTypedModels(source, {
    models: options.models.filter((model) => existing.has(model)),
    depth: options.depth,
    ...lookup,
  });
  return { options, differences: schemaDifferences(generated, today) };
}
