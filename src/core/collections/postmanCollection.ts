// Reads a Postman collection (format v2.1, also v2.0) as request files: each folder holding requests is a file, the
// collection's variables are file variables; auth settings and scripts go to the report, never their secrets.
import {
  CollectionFormatError,
  type ImportReport,
  type SourceCollection,
  type SourceFile,
  type SourceHeader,
  type SourceRequest,
  type SourceVariable,
  emptyReport,
} from './collectionTypes';

interface PostmanItem {
  name?: string;
  item?: PostmanItem[];
  request?: PostmanRequest | string;
  event?: PostmanEvent[];
  auth?: PostmanAuth | null;
  variable?: PostmanVariable[];
  description?: unknown;
}
interface PostmanRequest {
  method?: string;
  url?: string | { raw?: string; host?: string[] | string; path?: string[] | string; query?: { key?: string; value?: string }[] };
  header?: { key?: string; value?: string; disabled?: boolean }[] | string;
  body?: { mode?: string; raw?: string; disabled?: boolean };
  auth?: PostmanAuth | null;
}
interface PostmanAuth {
  type?: string;
  [kind: string]: unknown;
}
interface PostmanEvent {
  listen?: string;
  script?: { exec?: string[] | string; type?: string };
  disabled?: boolean;
}
interface PostmanVariable {
  key?: string;
  value?: unknown;
  type?: string;
  disabled?: boolean;
}

/** Whether parsed JSON is a Postman collection. */
export function isPostmanCollection(json: unknown): boolean {
  const info = (json as { info?: { schema?: unknown } } | null)?.info;
  return typeof info?.schema === 'string' && /getpostman\.com\/json\/.*collection\/v2\.[01]/.test(info.schema);
}

/** The collection's requests, variables and report. */
export function readPostmanCollection(json: unknown): SourceCollection {
  if (!isPostmanCollection(json))
    throw new CollectionFormatError('not a Postman collection v2.0/v2.1 (its info.schema names no such format)');
  const root = json as PostmanItem & { info: { name?: string } };
  const report = emptyReport();
  const secretValues: string[] = [];
  const collectionName = root.info.name?.trim() || 'collection';
  const variables = (root.variable ?? []).filter((variable) => !variable.disabled && typeof variable.key === 'string').map(variableOf);
  for (const variable of variables) if (variable.secret && variable.value) secretValues.push(variable.value);
  const files: SourceFile[] = [];
  const walk = (item: PostmanItem, folders: string[]) => {
    const where = folders.join('/') || collectionName;
    noteScripts(item.event, where, report);
    noteAuth(item.auth, where, report, secretValues);
    const requests: SourceRequest[] = [];
    for (const child of item.item ?? []) {
      if (Array.isArray(child.item)) {
        walk(child, [...folders, child.name?.trim() || 'folder']);
        continue;
      }
      const request = requestOf(child, folders.length > 0 ? `${where}/` : '', report, secretValues);
      if (request) requests.push(request);
    }
    if (requests.length > 0) files.push({ path: folders.length > 0 ? folders : [collectionName], variables, requests });
  };
  walk(root, []);
  return { format: 'Postman collection', files, environments: [], report, secretValues };
}

function variableOf(variable: PostmanVariable): SourceVariable {
  const value =
    variable.value === undefined || variable.value === null
      ? ''
      : typeof variable.value === 'string'
        ? variable.value
        : JSON.stringify(variable.value);
  return { name: variable.key as string, value, ...(variable.type === 'secret' ? { secret: true } : {}) };
}

function requestOf(item: PostmanItem, prefix: string, report: ImportReport, secretValues: string[]): SourceRequest | undefined {
  const title = item.name?.trim() || 'request';
  const where = `${prefix}${title}`;
  noteScripts(item.event, where, report);
  const request: PostmanRequest = typeof item.request === 'string' ? { url: item.request, method: 'GET' } : (item.request ?? {});
  const url = urlText(request.url);
  noteAuth(request.auth, where, report, secretValues);
  const headers: SourceHeader[] = Array.isArray(request.header)
    ? request.header
        .filter((header) => !header.disabled && header.key)
        .map((header) => ({ name: header.key as string, value: header.value ?? '' }))
    : [];
  let body: string | undefined;
  if (request.body && !request.body.disabled)
    body = request.body.mode === 'raw' ? request.body.raw : `(a ${request.body.mode ?? 'non-raw'} body)`;
  return {
    title,
    where,
    method: request.method ?? 'GET',
    url: dynamicValues(url),
    headers: headers.map((header) => ({ ...header, value: dynamicValues(header.value) })),
    ...(body !== undefined ? { body: dynamicValues(body) } : {}),
  };
}

/** Postman's random ids (`{{$guid}}`, `{{$randomUUID}}`) as `.json2` writes them (`{{$uuid}}`). */
function dynamicValues(text: string): string {
  return text.replace(/\{\{(\s*)\$(guid|randomUUID)(\s*)\}\}/g, '{{$1$uuid$3}}');
}

function urlText(url: PostmanRequest['url']): string {
  if (typeof url === 'string') return url;
  if (!url) return '';
  if (typeof url.raw === 'string') return url.raw;
  const host = Array.isArray(url.host) ? url.host.join('.') : (url.host ?? '');
  const path = Array.isArray(url.path) ? url.path.join('/') : (url.path ?? '');
  const query = (url.query ?? []).map((pair) => `${pair.key ?? ''}=${pair.value ?? ''}`).join('&');
  return `${host}/${path}${query ? `?${query}` : ''}`;
}

function noteScripts(events: PostmanEvent[] | undefined, where: string, report: ImportReport): void {
  for (const event of events ?? []) {
    const exec = event.script?.exec;
    const lines = (Array.isArray(exec) ? exec : typeof exec === 'string' ? exec.split('\n') : []).filter((line) => line.trim() !== '');
    if (lines.length === 0 || event.disabled) continue;
    const kind =
      event.listen === 'prerequest' ? 'pre-request script' : event.listen === 'test' ? 'test script' : `${event.listen ?? ''} script`;
    report.scripts.push({ where, what: `${kind} (${lines.length} line${lines.length === 1 ? '' : 's'}): not converted` });
  }
}

/** An auth setting: its kind goes to the report, its literal values to the secrets that must never be written. */
function noteAuth(auth: PostmanAuth | null | undefined, where: string, report: ImportReport, secretValues: string[]): void {
  if (!auth || auth.type === undefined || auth.type === 'noauth') return;
  const settings = auth[auth.type];
  const values = Array.isArray(settings)
    ? (settings as { key?: string; value?: unknown }[]).filter(
        (pair) => typeof pair.value === 'string' && pair.key !== 'in' && pair.key !== 'key' && pair.key !== 'username',
      )
    : [];
  const literal = values.map((pair) => pair.value as string).filter((value) => value !== '' && !/^\{\{[^{}]+\}\}$/.test(value.trim()));
  secretValues.push(...literal);
  report.secrets.push({
    where,
    what: `${auth.type} auth (${literal.length > 0 ? 'a literal value' : 'a variable'}): not written; the connection's key is sent instead`,
  });
}
