// What a request asks for, as the access model sees it: the operation, the records (a domain), the fields asked.
import type { AnswerSituation, ExplainedAnswer, ExplainedRequest } from './explainTypes';

export type AccessOperation = 'read' | 'write' | 'create' | 'unlink';

const WRITE_METHODS = new Set(['write', 'web_save', 'action_archive', 'action_unarchive', 'toggle_active']);
const CREATE_METHODS = new Set(['create', 'name_create', 'copy']);

/** The access operation a method needs (everything but writes, creates and deletes reads). */
export function operationOf(method: string): AccessOperation {
  if (method === 'unlink') return 'unlink';
  if (CREATE_METHODS.has(method)) return 'create';
  if (WRITE_METHODS.has(method)) return 'write';
  return 'read';
}

/** The verb access errors use for an operation. */
export const OPERATION_WORDS: Readonly<Record<AccessOperation, string>> = {
  read: 'read',
  write: 'write',
  create: 'create',
  unlink: 'delete',
};

/** The records a request is about, as a domain: its `domain` argument, else its ids; undefined when neither. */
export function domainOf(request: ExplainedRequest): unknown[] | undefined {
  const domain = request.args?.domain;
  if (Array.isArray(domain)) return domain;
  const ids = request.ids ?? (Array.isArray(request.args?.ids) ? (request.args.ids as number[]) : undefined);
  if (ids && ids.length > 0) return [['id', 'in', [...ids]]];
  if (request.method.startsWith('search') || request.method.includes('read_group')) return [];
  return undefined;
}

/** The fields the request names (`fields`, or the keys of a web_read `specification`). */
export function requestedFields(request: ExplainedRequest): string[] {
  const fields = request.args?.fields;
  if (Array.isArray(fields)) return fields.filter((field): field is string => typeof field === 'string').map((f) => f.split(':')[0]);
  const specification = request.args?.specification;
  if (specification !== null && typeof specification === 'object') return Object.keys(specification);
  return [];
}

/** The records of an answer (a list, or the `records` of web_search_read); undefined when it holds none. */
export function recordsOf(value: unknown): Record<string, unknown>[] | undefined {
  const list = Array.isArray(value) ? value : (value as { records?: unknown } | null)?.records;
  if (!Array.isArray(list)) return undefined;
  return list.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item));
}

/** Requested fields some returned record lacks. */
export function missingFields(request: ExplainedRequest, answer: ExplainedAnswer): string[] {
  if (answer.kind !== 'result') return [];
  const records = recordsOf(answer.value);
  if (!records || records.length === 0) return [];
  return requestedFields(request).filter((field) => records.some((record) => !(field in record)));
}

/** Fields an access error names ("...access the fields "a,b" on..."). */
export function fieldsOfError(message: string): string[] {
  const match = /access the fields? "([^"]+)"/.exec(message);
  if (match) return match[1].split(',').map((name) => name.trim());
  return [...message.matchAll(/^- (\w+) \((?:allowed|always forbidden)/gm)].map((line) => line[1]);
}

/** Which kind of answer this is. */
export function situationOf(request: ExplainedRequest, answer: ExplainedAnswer): AnswerSituation {
  if (answer.kind === 'error') return answer.status === 401 ? 'unauthorized' : 'denied';
  if (missingFields(request, answer).length > 0) return 'missingField';
  const value = answer.value;
  const empty =
    (Array.isArray(value) && value.length === 0) ||
    value === 0 ||
    (recordsOf(value)?.length === 0 && (value as { length?: unknown }).length === 0);
  return empty ? 'empty' : 'answered';
}

/** The model's label in a sentence ("sale.order" → "sale.order records" reads fine everywhere). */
export function recordsWord(model: string, count: number): string {
  return `${model} record${count === 1 ? '' : 's'}`;
}

/** `term` and-ed with `domain` (whose implicit "&" between terms are made explicit first). */
export function andDomain(term: unknown, domain: readonly unknown[]): unknown[] {
  if (domain.length === 0) return [term];
  const terms = domain.filter((item) => Array.isArray(item)).length;
  const binary = domain.filter((item) => item === '|' || item === '&').length;
  return ['&', term, ...Array<string>(Math.max(0, terms - 1 - binary)).fill('&'), ...domain];
}
