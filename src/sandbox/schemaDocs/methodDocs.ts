// How a method is documented in a schema document: its Python-like signature, parameters, return value and api flags.
import type { MethodDefinition } from '../orm/methodDefinition';
import { pythonRepr } from '../orm/pythonRepr';
import { PARAMETER_ANNOTATIONS, RESULT_ANNOTATIONS } from './methodAnnotations';

/** What methods outside the recorded table return (their own, not the ORM's). */
const OTHER_RESULTS: Record<string, { annotation: string; doc?: string }> = {
  check_access: { annotation: 'None' },
  context_get: { annotation: 'dict', doc: 'lang, tz, uid' },
  generate: { annotation: 'str', doc: 'the new API key' },
  revoke: { annotation: 'None' },
};

/** Methods that only read. */
const READONLY = new Set([
  'search',
  'search_count',
  'read',
  'search_read',
  'fields_get',
  'name_search',
  'default_get',
  'check_access',
  'has_access',
  'context_get',
  'read_group',
  'formatted_read_group',
]);

export interface ParameterDoc {
  name: string;
  default?: unknown;
  annotation?: string;
  doc?: string;
}

export interface MethodDoc {
  signature: string;
  parameters: Record<string, ParameterDoc>;
  return: { annotation: string | null; doc?: string };
  doc: string;
  api: string[];
}

/** The signature as Python shows it: `(self, domain, offset=0, limit=None)`. */
export function signatureOf(method: MethodDefinition): string {
  const parameters = method.parameters.map((parameter) =>
    parameter.required ? parameter.name : `${parameter.name}=${pythonRepr(parameter.default)}`,
  );
  return `(${['self', ...parameters].join(', ')})`;
}

export function methodDoc(method: MethodDefinition): MethodDoc {
  const parameters: Record<string, ParameterDoc> = {};
  for (const parameter of method.parameters) {
    const entry: ParameterDoc = { name: parameter.name };
    if (!parameter.required) entry.default = parameter.default ?? null;
    const annotation = PARAMETER_ANNOTATIONS[method.name]?.[parameter.name];
    if (annotation !== undefined) entry.annotation = annotation;
    if (parameter.doc) entry.doc = parameter.doc;
    parameters[parameter.name] = entry;
  }
  const api: string[] = [];
  if (method.level === 'model') api.push('model');
  if (READONLY.has(method.name)) api.push('readonly');
  const result = Object.hasOwn(RESULT_ANNOTATIONS, method.name) ? RESULT_ANNOTATIONS[method.name] : OTHER_RESULTS[method.name];
  const returns = result ? { annotation: result.annotation, ...(result.doc ? { doc: `<p>${result.doc}</p>` } : {}) } : { annotation: null };
  return { signature: signatureOf(method), parameters, return: returns, doc: method.doc ?? '', api };
}
