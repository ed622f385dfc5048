// Turns pasted text (a cURL command line, Python `requests` or xmlrpc.client code, a JavaScript `fetch`) into `.json2`
// requests: the key left to the connection, the database header turned into `# @connection` when a saved connection
// matches it, or a specific reason when the text is not a call this API understands.
import { readCurlCommand, isCurlCommand } from './curlPaste';
import { readJavaScriptSnippet } from './javascriptPaste';
import { type PasteResult, type PastedRequest, looksLikeKey } from './pastedRequest';
import { readPythonSnippet } from './pythonPaste';
import { oneLineText, requestBlockText } from '../requestFile/requestBlockText';

/** What the paste needs of a saved connection. */
export interface PasteConnection {
  readonly name: string;
  readonly baseUrl: string;
  readonly database?: string;
}

/** A key found in the pasted text, with the connection it belongs to when one matches. */
export interface FoundKey {
  readonly key: string;
  readonly connection?: string;
  readonly baseUrl?: string;
  readonly database?: string;
}

export type PasteOutcome =
  | {
      readonly ok: true;
      readonly text: string;
      readonly requests: readonly PastedRequest[];
      readonly connections: readonly (string | undefined)[];
      readonly key?: FoundKey;
    }
  | { readonly ok: false; readonly reason: string };

// Line-anchored patterns use `[^\S\n]*`, not `\s*`: at each line start `\s*` would run over every blank line after it,
// which is quadratic on text made of line breaks (64 KB of them took 46 s).
const JAVASCRIPT_HINTS = /\bfetch\s*\(|\b(const|let|var)\s+\w+\s*=|=>|\brequire\s*\(|\bawait\b|\bnew\s+\w+\(|;[^\S\n]*$/m;
const PYTHON_HINTS = /^[^\S\n]*(import|from)\s+[\w.]+|\brequests\.|\bxmlrpc\b|\bNone\b|\bTrue\b|\bFalse\b|^[^\S\n]*def\s|\bf["']/m;

/**
 * The longest text read at all: a cURL command with its body reads in a few hundred milliseconds at this size. Longer
 * text is refused at once (the paste provider then pastes it as it is).
 */
export const MAX_PASTE_CHARS = 1024 * 1024;
/** The longest Python or JavaScript code read: their parsers and readers cost several microseconds a character. */
export const MAX_CODE_PASTE_CHARS = 128 * 1024;

const count = (value: number): string => value.toLocaleString('en-US');

/** The pasted text read as requests (see `PastedRequest`), or why it cannot be; never throws for any text. */
export function readPastedText(text: string): PasteResult {
  if (text.length > MAX_PASTE_CHARS)
    return {
      ok: false,
      reason: `the text is ${count(text.length)} characters: Paste as Request reads at most ${count(MAX_PASTE_CHARS)}; paste one call at a time.`,
    };
  try {
    return readBoundedText(text.trim());
  } catch (error) {
    // The readers recurse into nested expressions: text nested thousands of levels deep runs out of stack.
    if (error instanceof RangeError)
      return { ok: false, reason: 'the text is nested too deeply to be read as a call: copy only the call and paste again.' };
    throw error;
  }
}

function readBoundedText(trimmed: string): PasteResult {
  if (trimmed === '') return { ok: false, reason: 'the clipboard is empty.' };
  if (isCurlCommand(trimmed)) return readCurlCommand(trimmed);
  if (trimmed.length > MAX_CODE_PASTE_CHARS)
    return {
      ok: false,
      reason: `the text is ${count(trimmed.length)} characters: Python or JavaScript code is read up to ${count(MAX_CODE_PASTE_CHARS)}; copy only the call and paste again.`,
    };
  if (/^[[{]/.test(trimmed) && !/\n[^\S\n]*\w+[^\S\n]*=/.test(trimmed)) {
    return {
      ok: false,
      reason:
        'a JSON body alone does not say which model and method to call: copy the cURL, Python or JavaScript sample (with its URL) instead.',
    };
  }
  const javascript = JAVASCRIPT_HINTS.test(trimmed) && !/^[^\S\n]*(import|from)\s+[\w.]+[^\S\n]*$/m.test(trimmed);
  const python = PYTHON_HINTS.test(trimmed);
  const first = javascript && !python ? readJavaScriptSnippet(trimmed) : readPythonSnippet(trimmed);
  if (first.ok || javascript !== python) return first;
  const second = javascript ? readPythonSnippet(trimmed) : readJavaScriptSnippet(trimmed);
  if (second.ok) return second;
  if (!javascript && !python)
    return { ok: false, reason: 'the text is not a cURL command, nor Python or JavaScript code calling the server.' };
  return first;
}

/** The connection a pasted request belongs to: its database (and server, when both say), else its server alone. */
export function matchConnection(
  request: Pick<PastedRequest, 'baseUrl' | 'database'>,
  connections: readonly PasteConnection[],
): PasteConnection | undefined {
  const sameServer = (connection: PasteConnection) =>
    request.baseUrl !== undefined && normalisedBase(connection.baseUrl) === normalisedBase(request.baseUrl);
  const database = request.database?.name;
  if (database !== undefined) {
    const named = connections.filter((connection) => connection.database === database);
    const onServer = named.filter(sameServer);
    if (onServer.length === 1) return onServer[0];
    return named.length === 1 && (request.baseUrl === undefined || onServer.length === 1 || !connections.some(sameServer))
      ? named[0]
      : undefined;
  }
  const onServer = connections.filter(sameServer);
  return onServer.length === 1 ? onServer[0] : undefined;
}

function normalisedBase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.replace(/\/+$/, '').toLowerCase();
  } catch {
    return url.replace(/\/+$/, '').toLowerCase();
  }
}

/** Characters that end a line in a request file or in the editor, and the other control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;

/**
 * Why a pasted value cannot be written on its line of the request file: a line break in a database header's value or a
 * route's path would end the line, and what follows would be read as lines of the file (`###` and a request of its
 * own, `# @connection`, a header). A database name or a URL path never holds one.
 */
function unwritableValue(request: PastedRequest): string | undefined {
  if (request.database && CONTROL_CHARACTERS.test(request.database.name))
    return `the ${request.database.header} header's value holds a line break or another control character; a database name never does.`;
  if (request.target.kind === 'route' && (/\s/.test(request.target.path) || CONTROL_CHARACTERS.test(request.target.path)))
    return 'the URL holds white space, a line break or another control character.';
  return undefined;
}

/** The pasted text as `.json2` request blocks, never holding the key; or why it cannot be pasted. */
export function pasteAsRequest(text: string, connections: readonly PasteConnection[]): PasteOutcome {
  const read = readPastedText(text);
  if (!read.ok) return read;
  for (const request of read.requests) {
    const unwritable = unwritableValue(request);
    if (unwritable) return { ok: false, reason: unwritable };
  }
  const blocks: string[] = [];
  const matched: (string | undefined)[] = [];
  let key: FoundKey | undefined;
  for (const request of read.requests) {
    const connection = matchConnection(request, connections);
    matched.push(connection?.name);
    blocks.push(requestBlock(request, connection));
    if (!key && looksLikeKey(request.apiKey))
      key = { key: request.apiKey, connection: connection?.name, baseUrl: request.baseUrl, database: request.database?.name };
  }
  const written = blocks.join('\n');
  for (const request of read.requests) {
    // A key must never reach the file: a body or note holding it refuses the paste.
    if (request.apiKey && request.apiKey.length >= 8 && written.includes(request.apiKey))
      return { ok: false, reason: 'the pasted call holds its API key in the body: remove it and paste again.' };
  }
  return { ok: true, text: written, requests: read.requests, connections: matched, key };
}

function requestBlock(request: PastedRequest, connection: PasteConnection | undefined): string {
  const target = request.target.kind === 'json2' ? `${request.target.model} ${request.target.method}` : request.target.path;
  const comments = [...request.notes];
  if (!connection && request.baseUrl)
    comments.push(
      `The pasted call was for ${request.baseUrl}${request.database ? ` (database ${request.database.name})` : ''}: no saved connection matches it.`,
    );
  const metadata: [string, string][] = connection ? [['connection', connection.name]] : [];
  for (const [name, source] of request.prompts)
    metadata.push(['prompt', `${name}${source === name ? '' : ` ${oneLineText(source).replace(/\s+/g, ' ')}`}`]);
  return requestBlockText({
    title: `${target} (pasted ${request.source})`,
    comments,
    metadata,
    requestLine: request.target.kind === 'json2' ? `POST ${request.target.model}/${request.target.method}` : `GET ${request.target.path}`,
    headers:
      request.database && request.database.name !== connection?.database ? [`${request.database.header}: ${request.database.name}`] : [],
    body: request.body,
  });
}
