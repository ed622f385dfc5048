// A `.json2` file read for export to another tool: each request's title, name, path, headers and plain JSON body,
// with its database as databaseSelection names it and what the other tool cannot hold (assertions, chained values).
import { createScanner } from 'jsonc-parser';
import { splitDatabaseOverride } from '../client/databaseSelection';
import { parseRequestFile } from '../requestFile/parseRequestFile';
import type { ReportEntry } from './collectionTypes';

/** The variable the exported requests name the database with, when a request names none of its own. */
export const DATABASE_VARIABLE = 'database';
/** The variable the exported requests take the API key from (its value is never written). */
export const API_KEY_VARIABLE = 'apiKey';
/** The variable holding the server's address. */
export const BASE_URL_VARIABLE = 'baseUrl';

export interface ExportRequest {
  readonly title: string;
  readonly name?: string;
  readonly method: 'GET' | 'POST';
  /** `/json/2/res.partner/search_read` or a route's path, placeholders as written. */
  readonly path: string;
  /** The request's own database (its header's value), else undefined: the connection's, `{{database}}`. */
  readonly database?: string;
  /** Headers other than the database's and Authorization. */
  readonly headers: readonly { readonly name: string; readonly value: string }[];
  /** JSON without comments or trailing commas, placeholders as written. */
  readonly body?: string;
  readonly prompts: readonly (readonly [name: string, description: string])[];
  /** `# @confirm` (its message, or '' without one). */
  readonly confirm?: string;
}

export interface ExportFile {
  /** The file's path relative to what was exported, without `.json2`. */
  readonly name: string;
  readonly variables: readonly { readonly name: string; readonly value: string }[];
  readonly prompts: readonly (readonly [name: string, description: string])[];
  readonly requests: readonly ExportRequest[];
}

/** The file's requests for export; `notes` gets what the other tools cannot carry (assertions, errors). */
export function readExportFile(text: string, name: string, notes: ReportEntry[]): ExportFile {
  const parsed = parseRequestFile(text);
  for (const diagnostic of parsed.diagnostics)
    if (diagnostic.severity === 'error')
      notes.push({ where: `${name}.json2:${diagnostic.range.start.line + 1}`, what: `${diagnostic.message} (exported as written)` });
  const requests = parsed.requests.map((request): ExportRequest => {
    const line = request.requestLine;
    const where = `${name}.json2:${line.range.start.line + 1}`;
    const path =
      line.kind === 'call' ? `/json/2/${line.model?.text ?? ''}/${line.methodName?.text ?? ''}` : (line.path?.text ?? line.target.text);
    const split = splitDatabaseOverride(request.headers.map((header) => ({ name: header.name.text, value: header.value.text })));
    if (request.assertions.length > 0) notes.push({ where, what: `${request.assertions.length} assertion(s) (??): not exported` });
    if (request.connection) notes.push({ where, what: '@connection: not exported (the other tool uses its own environment)' });
    const confirm = request.confirm ? (request.confirm.value?.text ?? '') : undefined;
    return {
      title: request.separator?.title?.text ?? request.name?.text ?? `${line.httpMethod} ${line.target.text}`,
      ...(request.name ? { name: request.name.text } : {}),
      method: line.httpMethod === 'GET' ? 'GET' : 'POST',
      path,
      ...(split.database !== undefined ? { database: split.database } : {}),
      headers: split.others.filter((header) => header.name.toLowerCase() !== 'authorization'),
      ...(request.body ? { body: plainJson(request.body.text) } : {}),
      prompts: request.prompts.map((prompt) => [prompt.name.text, prompt.description?.text ?? ''] as const),
      ...(confirm !== undefined ? { confirm } : {}),
    };
  });
  if (parsed.fileMeta.connection)
    notes.push({ where: `${name}.json2`, what: '@connection: not exported (the other tool uses its own environment)' });
  return {
    name,
    variables: parsed.variables.map((variable) => ({ name: variable.name.text, value: variable.value.text })),
    prompts: parsed.fileMeta.prompts.map((prompt) => [prompt.name.text, prompt.description?.text ?? ''] as const),
    requests,
  };
}

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values, as it documents them.
const CLOSE_BRACE = 2;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const TRIVIA: ReadonlySet<number> = new Set([LINE_COMMENT, BLOCK_COMMENT, 14, 15]);
const EOF_TOKEN = 17;

/** A `.json2` body as plain JSON text: comments and trailing commas taken out, placeholders and layout kept. */
export function plainJson(body: string): string {
  const scanner = createScanner(body, false);
  const tokens: { kind: number; text: string }[] = [];
  for (let kind: number = scanner.scan(); kind !== EOF_TOKEN; kind = scanner.scan())
    tokens.push({ kind, text: body.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength()) });
  let out = '';
  tokens.forEach((token, index) => {
    if (token.kind === LINE_COMMENT || token.kind === BLOCK_COMMENT) return;
    if (token.kind === COMMA) {
      let after = index + 1;
      while (after < tokens.length && TRIVIA.has(tokens[after].kind)) after += 1;
      const next = tokens[after];
      if (next && (next.kind === CLOSE_BRACE || next.kind === CLOSE_BRACKET)) return;
    }
    out += token.text;
  });
  return out
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
