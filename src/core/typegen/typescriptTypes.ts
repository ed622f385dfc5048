// Generates the TypeScript of a schema: per model a read type, a write type, a field-name union, typed domain
// conditions (dotted paths one step into described models) and each public method's arguments and result.
import type { MethodInfo } from '../schema/schemaTypes';
import { textOfHtml } from '../client/htmlText';
import { typescriptConditionLines, typescriptConditionTypes } from './typescriptConditions';
import { readType, writable, writeType } from './fieldTypes';
import { headerLines, type TypeGenerationOptions } from './generatedHeader';
import { typeOfAnnotation } from './pythonAnnotation';
import { summaryLines } from './schemaSummary';
import { commentText, typeBaseNames } from './typeNames';
import { propertyName, quote, TypeScriptNames } from './typescriptRender';
import type { TypedModel, TypeSchema } from './typeSchema';
import { typescriptClientLines } from './typescriptClient';

/** Declarations every file shares, whatever its models. */
const SHARED = `/** A many2one value as read: the record's id and display name, or false when empty. */
export type Json2Many2one = [id: number, label: string] | false;

/** One command of an x2many field in create and write, W being the related model's values. */
export type Json2X2manyCommand<W> =
  | [0, 0, W]
  | [1, number, W]
  | [2, number]
  | [3, number]
  | [4, number]
  | [5]
  | [6, 0, number[]];

/** The prefix operators that join a domain's conditions. */
export type Json2Logic = '&' | '|' | '!';

/** The context a call may carry (\`lang\`, \`tz\`, \`allowed_company_ids\`, …). */
export type Json2Context = Record<string, unknown>;`;

/** The TypeScript file of a schema: formatted, and the same bytes for the same schema, options and date. */
export function typescriptTypes(schema: TypeSchema, options: TypeGenerationOptions, generatedAt: Date): string {
  const names = typeBaseNames(schema.models.map((typed) => typed.model));
  const blocks = [headerLines(schema, options, generatedAt, '//').join('\n'), SHARED, typescriptConditionTypes().join('\n')];
  for (const typed of schema.models) blocks.push(modelBlock(typed, new TypeScriptNames(names, typed.model)));
  blocks.push(registryBlock(schema.models, names));
  if (options.client) blocks.push(typescriptClientLines().join('\n'));
  blocks.push(summaryLines(schema.models, '//').join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

function doc(text: string | undefined, indent = ''): string[] {
  const line = text === undefined ? '' : commentText(text);
  return line === '' ? [] : [`${indent}/** ${line} */`];
}

function modelBlock(typed: TypedModel, names: TypeScriptNames): string {
  const base = names.base(undefined) as string;
  const title = `${typed.model} (${commentText(typed.name, 80)})`;
  const lines = [`// ${title}`, '', `/** A ${typed.model} record as read and search_read return it. */`, `export interface ${base}Read {`];
  for (const field of typed.fields)
    lines.push(...doc(field.string, '  '), `  ${propertyName(field.name)}: ${names.render(readType(field))};`);
  lines.push(
    '}',
    '',
    `/** Values ${typed.model}'s create and write take; read-only fields are left out. */`,
    `export interface ${base}Write {`,
  );
  for (const field of typed.fields.filter(writable))
    lines.push(
      ...doc(field.string, '  '),
      `  ${propertyName(field.name)}?: ${names.render(writeType(field, (model) => names.base(model) !== undefined))};`,
    );
  lines.push('}', '', `/** A field name of ${typed.model}. */`, `export type ${base}Field =`);
  lines.push(...typed.fields.map((field, index) => `  | ${quote(field.name)}${index === typed.fields.length - 1 ? ';' : ''}`));
  lines.push('', ...typescriptConditionLines(typed, names));
  // An interface, not an alias: conditions of related models refer back to it (\`any\` takes a domain).
  lines.push('', `/** A domain on ${typed.model}. */`, `export interface ${base}Domain extends Array<${base}Condition | Json2Logic> {}`);
  lines.push('', ...methodLines(typed, names, base));
  return lines.join('\n');
}

function methodLines(typed: TypedModel, names: TypeScriptNames, base: string): string[] {
  const lines = [`/** The public methods of ${typed.model}: their named arguments and result. */`, `export interface ${base}Methods {`];
  for (const method of typed.methods) lines.push(...doc(methodSummary(method), '  '), ...methodEntry(method, names));
  lines.push('}');
  return lines;
}

function methodSummary(method: MethodInfo): string | undefined {
  if (method.doc === undefined) return undefined;
  const text = textOfHtml(method.doc);
  return /^[^.!?]*[.!?]/.exec(text)?.[0] ?? text;
}

function methodEntry(method: MethodInfo, names: TypeScriptNames): string[] {
  const args = [
    ...(method.level === 'records' ? ['ids: number[]'] : []),
    ...method.parameters.map(
      (parameter) =>
        `${propertyName(parameter.name)}${parameter.required ? '' : '?'}: ${names.render(typeOfAnnotation(parameter.annotation, 'argument', parameter.name))}`,
    ),
    'context?: Json2Context',
  ];
  const result = names.render(typeOfAnnotation(method.returns, 'result'));
  return [`  ${propertyName(method.name)}: {`, `    args: { ${args.join('; ')} };`, `    result: ${result};`, '  };'];
}

function registryBlock(models: readonly TypedModel[], names: ReadonlyMap<string, string>): string {
  const lines = ['/** The models of this file by technical name. */', 'export interface Json2Models {'];
  for (const typed of models) {
    const base = names.get(typed.model) as string;
    lines.push(
      `  ${quote(typed.model)}: { read: ${base}Read; write: ${base}Write; field: ${base}Field; domain: ${base}Domain; methods: ${base}Methods };`,
    );
  }
  lines.push('}');
  return lines.join('\n');
}
