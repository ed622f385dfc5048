// Turns a read collection into the text of `.json2` files and `.env` files, checks each written file with the
// request-file parser, and makes sure no secret of the source reached any of them.
import { parseRequestFile } from '../requestFile/parseRequestFile';
import { isValidName } from '../requestFile/placeholderExpression';
import { oneLineText } from '../requestFile/requestBlockText';
import { looksSecret } from '../requestFile/secretNames';
import {
  CollectionFormatError,
  type ImportReport,
  type ReportEntry,
  type SourceCollection,
  type SourceEnvironment,
  type SourceFile,
  type SourceVariable,
} from './collectionTypes';
import { convertRequest, literalHeaderSecrets } from './requestConversion';

/** A file the import writes, by path relative to the output folder (`/` separated). */
export interface ImportedFile {
  readonly path: string;
  readonly text: string;
}

export interface ImportResult {
  readonly files: readonly ImportedFile[];
  readonly report: ImportReport & { readonly problems: readonly ReportEntry[] };
}

const PLACEHOLDER_NAMES = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g;

/** The files for `collection`, and the report of what was converted, kept, left out, and where secrets were. */
export function importCollection(collection: SourceCollection, sourceName: string): ImportResult {
  const report = { ...collection.report, problems: [] as ReportEntry[] };
  const files: ImportedFile[] = [];
  const taken = new Set<string>();
  const reported = new Set<string>();
  for (const file of collection.files) {
    const text = requestFileText(file, collection, sourceName, report, reported);
    if (text === undefined) continue;
    const path = uniquePath(file.path.map(safeSegment).join('/') || 'requests', '.json2', taken);
    for (const diagnostic of parseRequestFile(text).diagnostics)
      if (diagnostic.severity === 'error')
        report.problems.push({ where: `${path}:${diagnostic.range.start.line + 1}`, what: diagnostic.message });
    files.push({ path, text });
  }
  for (const environment of collection.environments)
    files.push({ path: uniquePath(safeSegment(environment.name), '.env', taken), text: envText(environment, report) });
  const secrets = [...collection.secretValues, ...collection.files.flatMap((file) => file.requests.flatMap(literalHeaderSecrets))];
  for (const written of files) {
    // The last guard: a literal secret of the source in a written file refuses the whole import.
    const leaked = secrets.find((secret) => secret.length >= 4 && written.text.includes(secret));
    if (leaked !== undefined)
      throw new CollectionFormatError(`the import would write a secret of the source into ${written.path}; nothing was written.`);
  }
  return { files, report };
}

function requestFileText(
  file: SourceFile,
  collection: SourceCollection,
  sourceName: string,
  report: ImportReport,
  reported: Set<string>,
): string | undefined {
  const blocks: string[] = [];
  const names = new Set<string>();
  for (const request of file.requests) {
    const name = request.name !== undefined && isValidName(request.name) && !names.has(request.name) ? request.name : undefined;
    if (name) names.add(name);
    const converted = convertRequest({ ...request, name }, report);
    if (converted) blocks.push(converted.block);
  }
  if (blocks.length === 0) return undefined;
  const used = usedNames(blocks.join('\n'), file.variables);
  const head = [`# Imported from ${collection.format} ${JSON.stringify(sourceName)} by json2 import.`];
  const prompts = (file.prompts ?? []).map((prompt) => `# @prompt ${prompt}`);
  for (const variable of file.variables) {
    const first = !reported.has(variable.name);
    reported.add(variable.name);
    if (!isValidName(variable.name)) continue;
    if (isSecret(variable)) {
      if (variable.value !== '' && first) report.secrets.push({ where: `variable ${variable.name}`, what: 'its value was not written' });
      if (used.has(variable.name)) prompts.push(`# @prompt ${variable.name}`);
      continue;
    }
    // Variables only the server's address, the database or a deprecated call's uid and password used are not needed.
    if (used.has(variable.name)) head.push(`@${variable.name} = ${oneLineText(variable.value)}`);
    else if (first) report.leftOut.push({ where: `variable ${variable.name}`, what: 'not used by the written requests' });
  }
  return `${[...head, ...prompts].join('\n')}\n\n${blocks.join('\n')}`;
}

/** Variables used by the blocks, also through the values of the variables they use. */
function usedNames(text: string, variables: readonly SourceVariable[]): Set<string> {
  const used = new Set<string>();
  const pending = [...text.matchAll(PLACEHOLDER_NAMES)].map((match) => match[1]);
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (used.has(name)) continue;
    used.add(name);
    for (const variable of variables)
      if (variable.name === name) pending.push(...[...variable.value.matchAll(PLACEHOLDER_NAMES)].map((match) => match[1]));
  }
  return used;
}

function isSecret(variable: SourceVariable): boolean {
  return variable.secret === true || looksSecret(variable.name);
}

function envText(environment: SourceEnvironment, report: ImportReport): string {
  const lines = [`# Environment ${JSON.stringify(environment.name)}: give it to a run with --env.`];
  for (const variable of environment.variables) {
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(variable.name)) continue;
    if (isSecret(variable)) {
      if (variable.value !== '')
        report.secrets.push({ where: `environment ${environment.name}, variable ${variable.name}`, what: 'its value was not written' });
      lines.push(`# ${variable.name}: a secret, not written; set it here or answer its prompt`);
      continue;
    }
    const value = oneLineText(variable.value);
    lines.push(`${variable.name}=${value.includes("'") ? JSON.stringify(value) : `'${value}'`}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A file or folder name: no separators, no control characters, no leading dot. */
function safeSegment(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are replaced
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').replace(/^[.\s]+|\s+$/g, '');
  return cleaned === '' ? 'requests' : cleaned.slice(0, 100);
}

function uniquePath(base: string, extension: string, taken: Set<string>): string {
  let path = `${base}${extension}`;
  for (let index = 2; taken.has(path.toLowerCase()); index += 1) path = `${base} ${index}${extension}`;
  taken.add(path.toLowerCase());
  return path;
}
