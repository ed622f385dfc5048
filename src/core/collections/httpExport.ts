// `.json2` files as a REST Client/httpYac `.http` file: full URLs under {{baseUrl}}, the key as `Bearer {{apiKey}}`
// read from the environment, the database header(s) databaseSelection sends; `# @confirm` as REST Client's `# @note`.
import { databaseHeaders } from '../client/databaseSelection';
import { oneLineText } from '../requestFile/requestBlockText';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE, DATABASE_VARIABLE, type ExportFile } from './exportedFile';
import { toHttpPlaceholders } from './httpFileSyntax';

/** The environment variable the `.http` file reads the key from. */
export const HTTP_KEY_ENVIRONMENT = 'JSON2_API_KEY';

export interface HttpExportOptions {
  readonly baseUrl?: string;
  readonly database?: string;
  readonly databaseHeader?: string;
}

/** One `.http` text for the files (their variables together: a name defined in two files keeps the last value). */
export function httpFileText(files: readonly ExportFile[], options: HttpExportOptions): string {
  const lines = [
    '# Exported by json2 export from .json2 files (JSON-2 Explorer); REST Client and httpYac read it.',
    `@${BASE_URL_VARIABLE} = ${options.baseUrl ?? 'http://localhost:8069'}`,
    `@${DATABASE_VARIABLE} = ${options.database ?? ''}`,
    `@${API_KEY_VARIABLE} = {{$processEnv ${HTTP_KEY_ENVIRONMENT}}}`,
  ];
  for (const file of files) {
    for (const variable of file.variables) lines.push(`@${variable.name} = ${toHttpPlaceholders(variable.value)}`);
    for (const [name, description] of file.prompts) lines.push(`# @prompt ${name}${description ? ` ${description}` : ''}`);
  }
  for (const file of files) {
    for (const request of file.requests) {
      lines.push('', `### ${oneLineText(request.title)}`);
      if (request.name) lines.push(`# @name ${request.name}`);
      if (request.confirm !== undefined) lines.push(`# @note${request.confirm ? ` ${request.confirm}` : ''}`);
      for (const [name, description] of request.prompts) lines.push(`# @prompt ${name}${description ? ` ${description}` : ''}`);
      lines.push(`${request.method} {{${BASE_URL_VARIABLE}}}${toHttpPlaceholders(request.path)} HTTP/1.1`);
      lines.push(`Authorization: Bearer {{${API_KEY_VARIABLE}}}`);
      for (const [name, value] of Object.entries(databaseHeaders(request.database ?? `{{${DATABASE_VARIABLE}}}`, options.databaseHeader)))
        lines.push(`${name}: ${value}`);
      for (const header of request.headers) lines.push(`${header.name}: ${toHttpPlaceholders(header.value)}`);
      if (request.method === 'POST') lines.push('Content-Type: application/json', '', toHttpPlaceholders(request.body ?? '{}'));
    }
  }
  return `${lines.join('\n')}\n`;
}
