// One collection request as a `.json2` request block: a JSON-2 call in its short form, a deprecated RPC call as its
// JSON-2 equivalent, a GET route as it is; the key, passwords and secret headers left out, each noted in the report.
import { isDatabaseHeader, requestDatabaseHeader } from '../client/databaseSelection';
import { looksSecret } from '../requestFile/secretNames';
import { parseRequestFile } from '../requestFile/parseRequestFile';
import { requestBlockText } from '../requestFile/requestBlockText';
import type { ImportReport, SourceHeader, SourceRequest } from './collectionTypes';
import { planLegacyRequest, isLegacyEndpoint } from './legacyRequest';
import { json2Target, urlPath } from './sourceUrl';

/** The block written for a request, or nothing (the report says why). */
export interface ConvertedRequest {
  readonly block: string;
  /** Variables the source named the server or the database with: the connection gives both instead. */
  readonly connectionVariables: readonly string[];
}

/** Headers the client sets itself: left out without a word. */
const CLIENT_HEADERS = new Set(['content-type', 'accept', 'content-length', 'host', 'user-agent', 'connection', 'accept-encoding']);
/** Headers that carry credentials under any value. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key', 'api-key', 'apikey']);

const ONLY_VARIABLE = /^\{\{\s*[^{}\s]+\s*\}\}$/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;

/** The request as a block, or undefined when it cannot be one; `report` gets a line either way. */
export function convertRequest(request: SourceRequest, report: ImportReport): ConvertedRequest | undefined {
  const target = urlPath(request.url);
  const method = request.method.toUpperCase();
  const leaveOut = (why: string) => {
    report.leftOut.push({ where: request.where, what: `${method} ${request.url}: ${why}` });
    return undefined;
  };
  if (!target) return leaveOut('the URL has no server path');
  if (/\s/.test(target.path) || CONTROL_CHARACTER.test(target.path)) return leaveOut('the URL holds white space or a control character');
  const headers = keptHeaders(request, report);
  const comments = [...(request.comments ?? [])];
  const metadata: (readonly [string, string])[] = [...(request.name ? [['name', request.name] as const] : []), ...(request.metadata ?? [])];
  const connectionVariables = [...(target.baseVariable !== undefined ? [target.baseVariable] : [])];
  const call = json2Target(target.path);
  if (call) {
    if (method !== 'POST') return leaveOut('a JSON-2 call is a POST request');
    const body = request.body?.trim();
    if (body && !/^[{[]/.test(body) && !ONLY_VARIABLE.test(body)) return leaveOut('the body is not JSON');
    const block = requestBlockText({
      title: request.title,
      comments: [...comments, ...headers.notes],
      metadata,
      requestLine: `POST ${call.model}/${call.method}`,
      headers: headers.lines,
      ...(body ? { body } : {}),
    });
    // The body must be one JSON value ending the block: text after it would be read as more lines of the file.
    const written = parseRequestFile(block).requests;
    if (written.length !== 1 || (body !== undefined && body !== '' && written[0].body?.text.trim() !== body))
      return leaveOut('the body is not one JSON value (text after it would be read as further lines of the file)');
    report.converted.push({ where: request.where, what: `JSON-2 call ${call.model}/${call.method}` });
    return { block, connectionVariables: [...connectionVariables, ...headers.databaseVariables] };
  }
  if (isLegacyEndpoint(target.path)) {
    const plan = planLegacyRequest(method, target.path, request.body);
    if (plan.kind === 'none') return leaveOut(plan.reason);
    if (plan.kind === 'route') {
      report.converted.push({ where: request.where, what: `${plan.call} → GET ${plan.path}` });
      return {
        block: requestBlockText({
          title: request.title,
          comments: [...comments, ...plan.notes],
          metadata,
          requestLine: `GET ${plan.path}`,
        }),
        connectionVariables,
      };
    }
    const database = databaseLines(plan.database);
    report.converted.push({ where: request.where, what: `${plan.call} → JSON-2 call ${plan.model}/${plan.method}` });
    const block = requestBlockText({
      title: request.title,
      comments: [...comments, `Was ${plan.call} on ${target.path}.`, ...plan.notes, ...database.notes],
      metadata,
      requestLine: `POST ${plan.model}/${plan.method}`,
      headers: database.lines,
      body: plan.body,
    });
    return { block, connectionVariables: [...connectionVariables, ...database.variables] };
  }
  if (method !== 'GET')
    return leaveOut('not a JSON-2 call nor a deprecated RPC call; a .json2 file sends JSON-2 calls and GET routes only');
  if (request.body?.trim()) comments.push('The source sent a body with this GET request: a route takes none, it was left out.');
  report.keptAsIs.push({ where: request.where, what: `route GET ${target.path}` });
  return {
    block: requestBlockText({
      title: request.title,
      comments: [...comments, ...headers.notes],
      metadata,
      requestLine: `GET ${target.path}`,
      headers: headers.lines,
    }),
    connectionVariables: [...connectionVariables, ...headers.databaseVariables],
  };
}

/** The headers written: credentials and the client's own headers left out; a database named by a variable left to the connection. */
function keptHeaders(request: SourceRequest, report: ImportReport): { lines: string[]; notes: string[]; databaseVariables: string[] } {
  const lines: string[] = [];
  const notes: string[] = [];
  const databaseVariables: string[] = [];
  for (const header of request.headers) {
    const lower = header.name.toLowerCase();
    if (CREDENTIAL_HEADERS.has(lower) || looksSecret(header.name)) {
      report.secrets.push({ where: request.where, what: secretHeaderText(header) });
      continue;
    }
    if (CLIENT_HEADERS.has(lower)) continue;
    if (CONTROL_CHARACTER.test(header.value)) {
      report.leftOut.push({ where: request.where, what: `${header.name} header: its value holds a line break or a control character` });
      continue;
    }
    if (isDatabaseHeader(header.name)) {
      const database = databaseLines(header.value);
      lines.push(...database.lines);
      notes.push(...database.notes);
      databaseVariables.push(...database.variables);
      continue;
    }
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(header.name)) continue;
    lines.push(`${header.name}: ${header.value}`);
  }
  return { lines: [...new Set(lines)], notes: [...new Set(notes)], databaseVariables };
}

/** Literal credentials in the request's headers (a bearer key, a cookie), which must never be written. */
export function literalHeaderSecrets(request: SourceRequest): string[] {
  return request.headers
    .filter((header) => CREDENTIAL_HEADERS.has(header.name.toLowerCase()) || looksSecret(header.name))
    .map((header) => header.value.replace(/^\s*(bearer|basic)\s+/i, '').trim())
    .filter((value) => value !== '' && !ONLY_VARIABLE.test(value));
}

function secretHeaderText(header: SourceHeader): string {
  const kind = ONLY_VARIABLE.test(header.value.replace(/^\s*(bearer|basic)\s+/i, '')) ? 'a variable' : 'a literal value';
  return `${header.name} header (${kind}): not written; the connection's key is sent instead`;
}

/** A literal database name is kept as the request's own; one given by a variable is left to the connection. */
function databaseLines(database: string | undefined): { lines: string[]; notes: string[]; variables: string[] } {
  const value = database?.trim() ?? '';
  if (value === '') return { lines: [], notes: [], variables: [] };
  const variable = value.replace(/^\{\{\s*|\s*\}\}$/g, '');
  if (ONLY_VARIABLE.test(value))
    return {
      lines: [],
      notes: [`The source named the database with the variable ${variable}: the connection's database is used.`],
      variables: [variable],
    };
  return { lines: [`${requestDatabaseHeader()}: ${value}`], notes: [], variables: [] };
}
