// `.json2` files as a Postman collection (format v2.1): one folder per file, the key as a bearer auth taking
// {{apiKey}} (left empty), the server and database as collection variables, the database header(s) databaseSelection sends.
import { databaseHeaders } from '../client/databaseSelection';
import type { ReportEntry } from './collectionTypes';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE, DATABASE_VARIABLE, type ExportFile, type ExportRequest } from './exportedFile';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

export interface PostmanExportOptions {
  readonly name: string;
  /** The server's address for {{baseUrl}} (default http://localhost:8069). */
  readonly baseUrl?: string;
  /** The database for {{database}} (default empty: the server's only database). */
  readonly database?: string;
  /** The connection's one database header; undefined: both standard names. */
  readonly databaseHeader?: string;
}

/** The collection as JSON data; `notes` gets what Postman cannot carry. */
export function postmanCollection(files: readonly ExportFile[], options: PostmanExportOptions, notes: ReportEntry[]): unknown {
  const folders = files.map((file) => ({
    name: file.name,
    ...(file.variables.length > 0
      ? {
          variable: file.variables.map((variable) => ({
            key: variable.name,
            value: postmanText(variable.value, file.name, notes),
            type: 'string',
          })),
        }
      : {}),
    item: file.requests.map((request) => postmanItem(request, file, options, notes)),
  }));
  for (const file of files)
    for (const [name] of file.prompts)
      notes.push({ where: `${file.name}.json2`, what: `@prompt ${name}: Postman has no prompt; set the variable ${name}` });
  return {
    info: { name: options.name, schema: POSTMAN_SCHEMA, description: 'Exported by json2 export from .json2 files (JSON-2 Explorer).' },
    item: folders.length === 1 ? folders[0].item : folders,
    auth: { type: 'bearer', bearer: [{ key: 'token', value: `{{${API_KEY_VARIABLE}}}`, type: 'string' }] },
    variable: [
      { key: BASE_URL_VARIABLE, value: options.baseUrl ?? 'http://localhost:8069', type: 'string' },
      { key: DATABASE_VARIABLE, value: options.database ?? '', type: 'string' },
      { key: API_KEY_VARIABLE, value: '', type: 'string', description: 'Your API key: set it in Postman, never in the file.' },
      ...(folders.length === 1 ? (folders[0].variable ?? []) : []),
    ],
  };
}

function postmanItem(request: ExportRequest, file: ExportFile, options: PostmanExportOptions, notes: ReportEntry[]): unknown {
  const where = `${file.name}.json2: ${request.title}`;
  for (const [name] of request.prompts) notes.push({ where, what: `@prompt ${name}: Postman has no prompt; set the variable ${name}` });
  if (request.confirm !== undefined) notes.push({ where, what: '@confirm: Postman sends without asking' });
  const database = databaseHeaders(request.database ?? `{{${DATABASE_VARIABLE}}}`, options.databaseHeader);
  const header = [
    ...Object.entries(database).map(([key, value]) => ({ key, value })),
    ...request.headers.map((entry) => ({ key: entry.name, value: postmanText(entry.value, where, notes) })),
    ...(request.method === 'POST' ? [{ key: 'Content-Type', value: 'application/json' }] : []),
  ];
  const body = request.method === 'POST' ? postmanText(request.body ?? '{}', where, notes) : undefined;
  return {
    name: request.title,
    request: {
      method: request.method,
      header,
      ...(body !== undefined ? { body: { mode: 'raw', raw: body, options: { raw: { language: 'json' } } } } : {}),
      url: `{{${BASE_URL_VARIABLE}}}${postmanText(request.path, where, notes)}`,
    },
  };
}

/** Text with `.json2` placeholders as Postman's: `$uuid` is its `$guid`; a named request's answer has no Postman form. */
function postmanText(text: string, where: string, notes: ReportEntry[]): string {
  if (/\{\{\s*[A-Za-z_][\w-]*\.response\./.test(text))
    notes.push({
      where,
      what: 'uses the answer of another request ({{name.response...}}): Postman needs a test script to pass it on; kept as written',
    });
  return text.replace(/\{\{(\s*)\$uuid(\s*)\}\}/g, '{{$1$guid$2}}');
}
