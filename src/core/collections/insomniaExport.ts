// Reads an Insomnia export (format 4): request groups become files, the base environment gives file variables, the
// other environments `.env` files; auth settings and scripts go to the report, never their secrets.
import {
  CollectionFormatError,
  type ImportReport,
  type SourceCollection,
  type SourceEnvironment,
  type SourceFile,
  type SourceRequest,
  type SourceVariable,
  emptyReport,
} from './collectionTypes';
import { looksSecret } from '../requestFile/secretNames';

interface Resource {
  _id?: string;
  _type?: string;
  parentId?: string | null;
  name?: string;
  method?: string;
  url?: string;
  body?: { mimeType?: string; text?: string };
  headers?: { name?: string; value?: string; disabled?: boolean }[];
  authentication?: { type?: string; disabled?: boolean; [setting: string]: unknown };
  data?: Record<string, unknown>;
  environment?: Record<string, unknown>;
  preRequestScript?: string;
  afterResponseScript?: string;
  metaSortKey?: number;
}

/** Whether parsed JSON is an Insomnia export of format 4. */
export function isInsomniaExport(json: unknown): boolean {
  const root = json as { _type?: unknown; __export_format?: unknown; resources?: unknown } | null;
  return root?._type === 'export' && root.__export_format === 4 && Array.isArray(root.resources);
}

/** Insomnia's `{{ _.name }}` as `{{name}}`. */
function variablesOf(text: string): string {
  return text.replace(/\{\{\s*_\.([A-Za-z_][\w-]*)\s*\}\}/g, '{{$1}}');
}

export function readInsomniaExport(json: unknown): SourceCollection {
  if (!isInsomniaExport(json)) throw new CollectionFormatError('not an Insomnia export of format 4 (_type "export", __export_format 4)');
  const resources = (json as { resources: Resource[] }).resources;
  const report = emptyReport();
  const secretValues: string[] = [];
  const byId = new Map(resources.filter((resource) => resource._id).map((resource) => [resource._id as string, resource]));
  const workspace = resources.find((resource) => resource._type === 'workspace');
  const environments = resources.filter((resource) => resource._type === 'environment');
  const base =
    environments.find((environment) => environment.parentId === workspace?._id) ??
    environments.find((environment) => !byId.has(environment.parentId ?? ''));
  const baseVariables = environmentVariables(base?.data, secretValues);
  const sourceEnvironments: SourceEnvironment[] = environments
    .filter((environment) => environment !== base)
    .map((environment) => ({ name: environment.name ?? 'environment', variables: environmentVariables(environment.data, secretValues) }));
  const files = new Map<string, SourceFile & { requests: SourceRequest[] }>();
  const requests = resources.filter((resource) => resource._type === 'request').sort((a, b) => (a.metaSortKey ?? 0) - (b.metaSortKey ?? 0));
  for (const resource of requests) {
    const folders = folderPath(resource, byId);
    const path = folders.length > 0 ? folders.map((folder) => folder.name ?? 'folder') : [workspace?.name ?? 'workspace'];
    const key = path.join('/');
    if (!files.has(key)) {
      const folderVariables = folders.flatMap((folder) => environmentVariables(folder.environment, secretValues));
      files.set(key, { path, variables: [...baseVariables, ...folderVariables], requests: [] });
    }
    const request = requestOf(resource, `${key}/${resource.name ?? 'request'}`, report, secretValues);
    files.get(key)?.requests.push(request);
  }
  return { format: 'Insomnia export', files: [...files.values()], environments: sourceEnvironments, report, secretValues };
}

function folderPath(resource: Resource, byId: Map<string, Resource>): Resource[] {
  const folders: Resource[] = [];
  for (let parent = byId.get(resource.parentId ?? ''); parent?._type === 'request_group'; parent = byId.get(parent.parentId ?? ''))
    folders.unshift(parent);
  return folders;
}

function environmentVariables(data: Record<string, unknown> | undefined, secretValues: string[]): SourceVariable[] {
  const variables: SourceVariable[] = [];
  for (const [name, value] of Object.entries(data ?? {})) {
    if (value !== null && typeof value === 'object') continue;
    const text = variablesOf(String(value ?? ''));
    if (looksSecret(name) && text !== '') secretValues.push(text);
    variables.push({ name, value: text });
  }
  return variables;
}

function requestOf(resource: Resource, where: string, report: ImportReport, secretValues: string[]): SourceRequest {
  for (const [field, kind] of [
    ['preRequestScript', 'pre-request script'],
    ['afterResponseScript', 'after-response script'],
  ] as const) {
    const script = resource[field];
    if (typeof script === 'string' && script.trim() !== '') report.scripts.push({ where, what: `${kind}: not converted` });
  }
  const auth = resource.authentication;
  if (auth?.type && auth.type !== 'none' && !auth.disabled) {
    const literal = ['token', 'password', 'value', 'accessToken']
      .map((setting) => auth[setting])
      .filter((value): value is string => typeof value === 'string' && value !== '' && !/^\{\{[^{}]+\}\}$/.test(value.trim()));
    secretValues.push(...literal);
    report.secrets.push({
      where,
      what: `${auth.type} auth (${literal.length > 0 ? 'a literal value' : 'a variable'}): not written; the connection's key is sent instead`,
    });
  }
  if (/\{%[\s\S]*?%\}/.test(`${resource.url ?? ''} ${resource.body?.text ?? ''} ${JSON.stringify(resource.headers ?? [])}`))
    report.leftOut.push({ where, what: 'Insomnia template tags ({% … %}): not converted, kept as written' });
  const headers = (resource.headers ?? [])
    .filter((header) => !header.disabled && header.name)
    .map((header) => ({ name: header.name as string, value: variablesOf(header.value ?? '') }));
  const text = resource.body?.text;
  const body = typeof text === 'string' ? variablesOf(text) : resource.body?.mimeType ? `(a ${resource.body.mimeType} body)` : undefined;
  return {
    title: resource.name ?? 'request',
    where,
    method: resource.method ?? 'GET',
    url: variablesOf(resource.url ?? ''),
    headers,
    ...(body !== undefined && body.trim() !== '' ? { body } : {}),
  };
}
