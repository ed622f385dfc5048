// Reads a Bruno collection folder (bruno.json, collection.bru, folder.bru, one .bru file per request, environments/*.bru)
// with Bruno's own parser, @usebruno/lang: each folder holding requests becomes a file, each environment a `.env` file.
import type { BruPair, BruRequest } from '@usebruno/lang';
import {
  CollectionFormatError,
  type ImportReport,
  type SourceCollection,
  type SourceEnvironment,
  type SourceFile,
  type SourceHeader,
  type SourceRequest,
  emptyReport,
} from './collectionTypes';

/** A file of the collection folder: its path relative to the folder (`/` separated) and its text. */
export interface FolderEntry {
  readonly path: string;
  readonly text: string;
}

/** Whether a folder's files are a Bruno collection (it has bruno.json). */
export function isBrunoCollection(entries: readonly FolderEntry[]): boolean {
  return entries.some((entry) => entry.path === 'bruno.json');
}

type BruParser = typeof import('./bruParser');
let bruParser: BruParser | undefined;

/** The parser, required the first time a Bruno collection is read (scripts/build.mjs keeps './bruParser.js' apart). */
function parser(): BruParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  bruParser ??= require('./bruParser.js') as BruParser;
  return bruParser;
}

export function readBrunoCollection(entries: readonly FolderEntry[]): SourceCollection {
  const { bruToEnvJsonV2, bruToJsonV2, collectionBruToJson } = parser();
  const manifest = entries.find((entry) => entry.path === 'bruno.json');
  if (!manifest) throw new CollectionFormatError('not a Bruno collection: the folder has no bruno.json');
  let name = 'collection';
  try {
    name = (JSON.parse(manifest.text) as { name?: string }).name?.trim() || name;
  } catch {
    throw new CollectionFormatError('bruno.json is not JSON');
  }
  const report = emptyReport();
  const secretValues: string[] = [];
  const settings = new Map<string, BruRequest>();
  for (const entry of entries) {
    const folder =
      entry.path === 'collection.bru' ? '' : entry.path.endsWith('/folder.bru') ? entry.path.slice(0, -'/folder.bru'.length) : undefined;
    if (folder === undefined) continue;
    const parsed = parse(() => collectionBruToJson(entry.text), entry.path, report);
    if (!parsed) continue;
    settings.set(folder, parsed);
    noteExtras(parsed, folder || name, report, secretValues);
  }
  const files = new Map<string, Omit<SourceFile, 'requests'> & { requests: (SourceRequest & { seq: number })[] }>();
  for (const entry of entries) {
    if (
      !entry.path.endsWith('.bru') ||
      entry.path.startsWith('environments/') ||
      entry.path === 'collection.bru' ||
      entry.path.endsWith('/folder.bru')
    )
      continue;
    const parsed = parse(() => bruToJsonV2(entry.text), entry.path, report);
    if (!parsed) continue;
    const folder = entry.path.includes('/') ? entry.path.slice(0, entry.path.lastIndexOf('/')) : '';
    const folders = [...ancestors(folder)].map((path) => settings.get(path)).filter((found): found is BruRequest => found !== undefined);
    const request = requestOf(parsed, entry.path, folders, report, secretValues);
    if (!request) continue;
    if (!files.has(folder)) {
      const variables = folders.flatMap((found) => pairs(found.vars?.req)).map(({ name: variable, value }) => ({ name: variable, value }));
      files.set(folder, { path: folder === '' ? [name] : folder.split('/'), variables, requests: [] });
    }
    files.get(folder)?.requests.push({ ...request, seq: Number(parsed.meta?.seq ?? 0) });
  }
  for (const file of files.values()) file.requests.sort((a, b) => a.seq - b.seq);
  const environments: SourceEnvironment[] = entries
    .filter((entry) => /^environments\/[^/]+\.bru$/.test(entry.path))
    .flatMap((entry) => {
      const parsed = parse(() => bruToEnvJsonV2(entry.text), entry.path, report);
      if (!parsed) return [];
      const variables = pairs(parsed.variables).map((pair) => ({
        name: pair.name,
        value: pair.value,
        ...(pair.secret ? { secret: true } : {}),
      }));
      for (const variable of variables) if (variable.secret && variable.value) secretValues.push(variable.value);
      return [{ name: entry.path.slice('environments/'.length, -'.bru'.length), variables }];
    });
  const sourceFiles: SourceFile[] = [...files.values()].map(({ path, variables, requests }) => ({
    path,
    variables,
    requests: requests.map(({ seq: _seq, ...request }) => request),
  }));
  return { format: 'Bruno collection', files: sourceFiles, environments, report, secretValues };
}

function parse<T>(read: () => T, path: string, report: ImportReport): T | undefined {
  try {
    return read();
  } catch (error) {
    report.leftOut.push({ where: path, what: `not readable as a .bru file: ${(error as Error).message.split('\n')[0]}` });
    return undefined;
  }
}

/** The collection root and each folder down to `folder`, outermost first. */
function* ancestors(folder: string): Generator<string> {
  yield '';
  const parts = folder === '' ? [] : folder.split('/');
  for (let index = 1; index <= parts.length; index += 1) yield parts.slice(0, index).join('/');
}

function pairs(list: readonly BruPair[] | undefined): BruPair[] {
  return (list ?? []).filter((pair) => pair.enabled !== false);
}

function requestOf(
  parsed: BruRequest,
  where: string,
  folders: readonly BruRequest[],
  report: ImportReport,
  secretValues: string[],
): SourceRequest | undefined {
  const title = parsed.meta?.name ?? where.replace(/^.*\//, '').replace(/\.bru$/, '');
  if (parsed.meta?.type && parsed.meta.type !== 'http') {
    report.leftOut.push({ where, what: `a ${parsed.meta.type} request: not converted` });
    return undefined;
  }
  noteExtras(parsed, where, report, secretValues);
  for (const [kind, list] of [
    ['vars:pre-request', parsed.vars?.req],
    ['vars:post-response', parsed.vars?.res],
  ] as const)
    if (pairs(list).length > 0)
      report.leftOut.push({
        where,
        what: `the request's ${kind} (${pairs(list)
          .map((pair) => pair.name)
          .join(', ')}): not converted`,
      });
  const headers: SourceHeader[] = [...folders.flatMap((folder) => pairs(folder.headers)), ...pairs(parsed.headers)].map((pair) => ({
    name: pair.name,
    value: pair.value,
  }));
  const mode = parsed.http?.body;
  const body = mode && mode !== 'none' ? (parsed.body?.[mode] ?? `(a ${mode} body)`) : undefined;
  return {
    title,
    where,
    method: (parsed.http?.method ?? 'get').toUpperCase(),
    url: parsed.http?.url ?? '',
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

/** Scripts, tests, assertions and request variables go to the report; auth settings too, their literal values to the secrets. */
function noteExtras(parsed: BruRequest, where: string, report: ImportReport, secretValues: string[]): void {
  if (parsed.script?.req?.trim()) report.scripts.push({ where, what: 'pre-request script: not converted' });
  if (parsed.script?.res?.trim()) report.scripts.push({ where, what: 'post-response script: not converted' });
  if (parsed.tests?.trim()) report.scripts.push({ where, what: 'tests: not converted' });
  if (pairs(parsed.assertions).length > 0)
    report.scripts.push({ where, what: `${pairs(parsed.assertions).length} assertion(s): not converted` });
  for (const [mode, setting] of Object.entries(parsed.auth ?? {})) {
    if (typeof setting !== 'object' || mode === 'mode') continue;
    const values = Object.entries(setting)
      .filter(([key]) => !['key', 'username', 'placement', 'in'].includes(key))
      .map(([, value]) => value)
      .filter((value) => typeof value === 'string' && value !== '');
    if (values.length === 0) continue;
    const literal = values.filter((value) => !/^\{\{[^{}]+\}\}$/.test(value.trim()));
    secretValues.push(...literal);
    report.secrets.push({
      where,
      what: `${mode} auth (${literal.length > 0 ? 'a literal value' : 'a variable'}): not written; the connection's key is sent instead`,
    });
  }
}
