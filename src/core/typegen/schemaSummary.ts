// The schema a generated file was made from, summarised in comment lines at its end (per model: each field's type,
// relation, required flag and selection values; each public method's level and arguments), and what differs between
// that summary and today's schema: what `json2 types --check` reports.
import { compareSchemas, type SchemaSnapshot } from '../schema/schemaComparison';
import type { FieldInfo, MethodInfo } from '../schema/schemaTypes';
import { GeneratedFileError } from './generatedHeader';
import { UNPRINTABLE, unicodeEscape } from './typeNames';
import type { TypedModel } from './typeSchema';

const MARK = 'json2-schema';

/** A field as summarised: `[type, relation, required (1/0), ...selection values]`. */
type FieldSummary = [string, string, number, ...string[]];
/** A method as summarised: `[level, ...arguments]`, an optional argument's name ending with `?`. */
type MethodSummary = string[];

interface ModelSummary {
  readonly name: string;
  readonly fields: Record<string, FieldSummary>;
  readonly methods: Record<string, MethodSummary>;
}

const methodSummary = (method: MethodInfo): MethodSummary => [
  method.level ?? 'unknown',
  ...method.parameters.map((parameter) => (parameter.required ? parameter.name : `${parameter.name}?`)),
];

/** The comment lines (with `prefix`) that close a generated file: one per model. */
export function summaryLines(models: readonly TypedModel[], prefix: string): string[] {
  return models.map((typed) => {
    const summary: ModelSummary = {
      name: typed.name,
      fields: Object.fromEntries(
        typed.fields.map((field) => [
          field.name,
          [field.type, field.relation ?? '', field.required ? 1 : 0, ...(field.selection ?? []).map(([value]) => value)] as FieldSummary,
        ]),
      ),
      methods: Object.fromEntries(typed.methods.map((method) => [method.name, methodSummary(method)])),
    };
    // U+2028 and U+2029 end a line comment in TypeScript: written as escapes, which JSON reads back the same.
    return `${prefix} ${MARK} ${typed.model} ${JSON.stringify(summary).replace(UNPRINTABLE, unicodeEscape)}`;
  });
}

/** The models summarised in a generated file, as typed models (labels and method details are not kept). */
export function readSummary(text: string): TypedModel[] {
  const models: TypedModel[] = [];
  for (const match of text.matchAll(/^(?:\/\/|#) json2-schema (\S+) (\{.*\})$/gm)) {
    let summary: ModelSummary;
    try {
      summary = JSON.parse(match[2]) as ModelSummary;
    } catch {
      throw new GeneratedFileError(`its schema line of ${match[1]} is not valid JSON`);
    }
    const fields = Object.entries(summary.fields ?? {}).map(
      ([name, [type, relation, required, ...selection]]): FieldInfo => ({
        name,
        type,
        ...(relation ? { relation } : {}),
        required: required === 1,
        ...(selection.length > 0 || type === 'selection' ? { selection: selection.map((value) => [value, value] as const) } : {}),
      }),
    );
    const methods = Object.entries(summary.methods ?? {}).map(
      ([name, [level, ...parameters]]): MethodInfo => ({
        name,
        level: level === 'model' || level === 'records' ? level : undefined,
        parameters: parameters.map((parameter) => ({ name: parameter.replace(/\?$/, ''), required: !parameter.endsWith('?') })),
      }),
    );
    models.push({ model: match[1], name: summary.name ?? match[1], fields, methods });
  }
  if (models.length === 0) throw new GeneratedFileError('it has no "json2-schema" lines: was it written by json2 types?');
  return models;
}

const snapshotOf = (label: string, models: readonly TypedModel[]): SchemaSnapshot => ({
  label,
  models: models.map(({ model, name }) => ({ model, name })),
  fields: Object.fromEntries(models.map((typed) => [typed.model, Object.fromEntries(typed.fields.map((field) => [field.name, field]))])),
});

/**
 * What differs between the schema a file was generated from and today's, one sentence each (empty: nothing): models
 * gone or newly reached, fields removed, added or changed (type, relation, required, selection values), methods
 * removed, added or whose level or arguments changed.
 */
export function schemaDifferences(generated: readonly TypedModel[], today: readonly TypedModel[]): string[] {
  const comparison = compareSchemas(snapshotOf('generated', generated), snapshotOf('today', today));
  const lines: string[] = [
    ...comparison.removedModels.map((info) => `${info.model}: the model is gone (or no longer reached)`),
    ...comparison.addedModels.map((info) => `${info.model}: the model is now reached by a relation; the file does not describe it`),
  ];
  for (const changed of comparison.changedModels) {
    for (const field of changed.removedFields) lines.push(`${changed.model}: field ${field.name} was removed`);
    for (const field of changed.addedFields) lines.push(`${changed.model}: field ${field.name} was added (${field.type})`);
    for (const field of changed.changedFields)
      for (const change of field.changes)
        lines.push(`${changed.model}: field ${field.field}: ${change.attribute} changed from "${change.before}" to "${change.after}"`);
  }
  const todayByName = new Map(today.map((typed) => [typed.model, typed]));
  for (const before of generated) {
    const after = todayByName.get(before.model);
    if (after) lines.push(...methodDifferences(before.model, before.methods, after.methods));
  }
  return lines;
}

function methodDifferences(model: string, before: readonly MethodInfo[], after: readonly MethodInfo[]): string[] {
  const now = new Map(after.map((method) => [method.name, methodSummary(method).join(', ')]));
  const was = new Map(before.map((method) => [method.name, methodSummary(method).join(', ')]));
  const lines: string[] = [];
  for (const [name, summary] of was) {
    const current = now.get(name);
    if (current === undefined) lines.push(`${model}: method ${name} was removed`);
    else if (current !== summary) lines.push(`${model}: method ${name} changed from (${summary}) to (${current})`);
  }
  for (const name of now.keys()) if (!was.has(name)) lines.push(`${model}: method ${name} was added`);
  return lines;
}
