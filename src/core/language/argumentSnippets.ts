// Sensible value snippets for a method's arguments, and the method arguments of a request as the schema knows them.
import { knownMethod } from '../client/methodCatalog';
import { isPrivateMethod } from '../client/methodVisibility';
import type { MethodInfo, MethodParameterInfo } from '../schema/schemaTypes';
import { docstringMarkdown } from '../untrustedText/docstringMarkdown';
import { escapeMarkdown } from '../untrustedText/markdownEscape';
import type { SchemaSource } from './languageTypes';

const SNIPPETS: Readonly<Record<string, string>> = {
  domain: '[$0]',
  fields: '[$0]',
  allfields: '[$0]',
  attributes: '["string", "type"$0]',
  groupby: '[$0]',
  aggregates: '["__count"$0]',
  having: '[$0]',
  offset: '${1:0}',
  limit: '${1:80}',
  order: '"${1:id desc}"',
  orderby: '"${1:id desc}"',
  vals: '{$0}',
  vals_list: '[{$0}]',
  default: '{$0}',
  ids: '[${1:1}]',
  context: '{"lang": "${1:en_US}"}',
  name: '"$1"',
  operator: '"${1:ilike}"',
  load: '"${1:_classic_read}"',
  lazy: '${1:true}',
  operation: '"${1|read,write,create,unlink|}"',
  key: '"$1"',
  scope: '"${1:rpc}"',
  expiration_date: '"${1:YYYY-MM-DD}"',
};

/** The snippet of a value for an argument name (its default when known, else an empty placeholder). */
export function argumentSnippet(name: string, parameter?: MethodParameterInfo): string {
  if (Object.hasOwn(SNIPPETS, name)) return SNIPPETS[name];
  if (parameter && 'default' in parameter && parameter.default !== undefined)
    return `\${1:${JSON.stringify(parameter.default).replace(/[$}\\]/g, '\\$&')}}`;
  return '$0';
}

/** The method of a request as the schema (or the notes' table) describes it; undefined when unknown or private. */
export async function methodOf(
  source: SchemaSource,
  model: string,
  method: string,
  signal?: AbortSignal,
): Promise<{ method: MethodInfo | undefined; complete: boolean }> {
  const { methods, complete } = await source.methods(model, signal);
  if (isPrivateMethod(method)) return { method: undefined, complete };
  const found = methods.find((candidate) => candidate.name === method);
  if (found) return { method: found, complete };
  const table = knownMethod(model, method);
  return {
    method: table && {
      name: table.name,
      level: table.level,
      returns: table.returns,
      parameters: table.parameters.map((p) => ({
        name: p.name,
        required: p.required,
        ...('default' in p ? { default: p.default } : {}),
        ...(p.doc ? { doc: p.doc } : {}),
      })),
    },
    complete,
  };
}

/** `name(a, b=0, c=None)` for a method, with the offsets of each parameter in it and its doc as Markdown (escaped). */
export function signatureLabel(method: MethodInfo): {
  label: string;
  parameters: Array<{ name: string; start: number; end: number; documentation?: string }>;
} {
  let label = `${method.name}(`;
  const parameters: Array<{ name: string; start: number; end: number; documentation?: string }> = [];
  method.parameters.forEach((parameter, index) => {
    if (index > 0) label += ', ';
    const text =
      'default' in parameter && parameter.default !== undefined ? `${parameter.name}=${JSON.stringify(parameter.default)}` : parameter.name;
    parameters.push({
      name: parameter.name,
      start: label.length,
      end: label.length + text.length,
      ...(parameter.doc ? { documentation: docstringMarkdown(parameter.doc) } : {}),
    });
    label += text;
  });
  label += ')';
  if (method.returns) label += ` → ${method.returns}`;
  return { label, parameters };
}

/** Markdown for a method: signature, level, documentation; every text of the server in it is escaped. */
export function methodMarkdown(model: string, method: MethodInfo): string {
  const lines = [escapeMarkdown(`${model}.${signatureLabel(method).label}`, 'code')];
  if (method.level) lines.push('', method.level === 'model' ? 'Model method: no `ids`.' : 'Record method: runs on `ids`.');
  if (method.doc) lines.push('', docstringMarkdown(method.doc));
  const documented = method.parameters.filter((parameter) => parameter.doc);
  if (documented.length)
    lines.push(
      '',
      ...documented.map((parameter) => `- ${escapeMarkdown(parameter.name, 'code')}: ${docstringMarkdown(parameter.doc ?? '', 'inline')}`),
    );
  return lines.join('\n');
}
