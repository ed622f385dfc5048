// How a method is documented in a schema document: its Python-like signature, parameters, return value and api flags.
import type { MethodDefinition } from '../orm/methodDefinition';
import { pythonRepr } from '../orm/pythonRepr';

/** What the methods of the notes' table return. */
const RETURNS: Record<string, string> = {
  search: 'list[int]: the ids of the matching records',
  search_count: 'int: the number of matching records',
  read: 'list[dict]: one object per record, id first',
  search_read: 'list[dict]: one object per matching record',
  fields_get: 'dict: {field: {attribute: value}}',
  create: 'list[int]: the ids of the new records',
  write: 'bool: True',
  unlink: 'bool: True',
  name_search: 'list[tuple[int, str]]: [id, display_name] pairs',
  name_create: 'tuple[int, str]: [id, display_name] of the new record',
  default_get: 'dict: {field: default}',
  copy: 'list[int]: the ids of the copies',
  check_access: 'None',
  has_access: 'bool',
  context_get: 'dict: lang, tz, uid',
  generate: 'str: the new API key',
  revoke: 'None',
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
  return: { annotation: string | null };
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
    if (parameter.doc) entry.doc = parameter.doc;
    parameters[parameter.name] = entry;
  }
  const api: string[] = [];
  if (method.level === 'model') api.push('model');
  if (READONLY.has(method.name)) api.push('readonly');
  return { signature: signatureOf(method), parameters, return: { annotation: RETURNS[method.name] ?? null }, doc: method.doc ?? '', api };
}
