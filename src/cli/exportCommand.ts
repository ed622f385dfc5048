// `json2 export FILE|DIR... --to postman|http --out FILE`: .json2 files as a Postman collection (v2.1) or a REST
// Client/httpYac .http file, with the database header(s) and an API key placeholder, never a key.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ExportedText, exportText } from '../core/collections/exportFiles';
import { databaseHeaderProblem } from '../core/client/databaseSelection';
import { nodeCollectionFiles } from './nodeCollectionFiles';

export const EXPORT_USAGE = `Usage: json2 export FILE|DIR... --to postman|http --out FILE [--url URL] [--db NAME] [--db-header NAME]

Writes .json2 files (a folder: every .json2 file under it) as one file another tool runs:
  postman  a Postman collection (format v2.1): one folder per .json2 file, bearer auth with {{apiKey}} (empty)
  http     a REST Client / httpYac .http file: Authorization: Bearer {{apiKey}}, read from $JSON2_API_KEY
Requests go to {{baseUrl}} and send the database in X-Odoo-Database and X-Service-Database ({{database}}, or the
request's own database header). No key is ever written. What the other tool cannot hold (assertions, @connection,
answers of named requests in Postman) is listed on standard error.

Options:
  --to FORMAT       postman or http
  --out FILE        the file to write
  --url URL         the value of {{baseUrl}} (default http://localhost:8069)
  --db NAME         the value of {{database}} (default empty)
  --db-header NAME  send the database in this one header instead of both
  -h, --help        show this help

Exit codes: 0 written, 1 a file could not be read, 2 bad usage.`;

class ExportUsageError extends Error {}

interface ExportOptions {
  readonly inputs: readonly string[];
  readonly to: 'postman' | 'http';
  readonly out: string;
  readonly url?: string;
  readonly db?: string;
  readonly dbHeader?: string;
}

export async function runExportCommand(argv: readonly string[]): Promise<number> {
  let options: ExportOptions | 'help';
  try {
    options = exportOptions(argv);
  } catch (error) {
    if (!(error instanceof ExportUsageError) && !(error instanceof TypeError)) throw error;
    console.error(`json2 export: ${(error as Error).message}\n\n${EXPORT_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(EXPORT_USAGE);
    return 0;
  }
  const settings = {
    ...(options.url ? { baseUrl: options.url } : {}),
    ...(options.db !== undefined ? { database: options.db } : {}),
    ...(options.dbHeader ? { databaseHeader: options.dbHeader } : {}),
  };
  let exported: ExportedText;
  try {
    const name = path.basename(options.out).replace(/\.[^.]+$/, '');
    exported = await exportText(nodeCollectionFiles, options.inputs, options.to, name, settings);
  } catch (error) {
    console.error(`json2 export: ${(error as Error).message}`);
    return 1;
  }
  await nodeCollectionFiles.writeText(path.resolve(options.out), exported.text);
  for (const note of exported.notes) console.error(`json2 export: ${note.where}: ${note.what}`);
  console.error(`json2 export: ${exported.requests} requests of ${exported.files} file(s) written to ${options.out}`);
  return 0;
}

function exportOptions(argv: readonly string[]): ExportOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      to: { type: 'string' },
      out: { type: 'string' },
      url: { type: 'string' },
      db: { type: 'string' },
      'db-header': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length === 0) throw new ExportUsageError('give the .json2 file(s) or folder(s) to export');
  if (values.to !== 'postman' && values.to !== 'http') throw new ExportUsageError('give --to postman or --to http');
  if (!values.out) throw new ExportUsageError('give --out FILE');
  for (const input of positionals) if (!fs.existsSync(input)) throw new ExportUsageError(`${input}: no such file or folder`);
  const headerProblem = values['db-header'] === undefined ? undefined : databaseHeaderProblem(values['db-header']);
  if (headerProblem) throw new ExportUsageError(`--db-header: ${headerProblem}`);
  return {
    inputs: positionals,
    to: values.to,
    out: values.out,
    ...(values.url ? { url: values.url } : {}),
    ...(values.db !== undefined ? { db: values.db } : {}),
    ...(values['db-header'] ? { dbHeader: values['db-header'] } : {}),
  };
}
