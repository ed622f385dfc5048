// Reads a pasted cURL command line (tokenised by shell-quote, as a POSIX shell splits words) into a pasted request.
import { parse, type ParseEntry } from 'shell-quote';
import { isDatabaseHeader } from '../client/databaseSelection';
import { type PasteResult, type PastedRequest, bearerKey, bodyText, redactedUrl, targetOfUrl } from './pastedRequest';

const DATA_OPTIONS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
/** Options taking a value that says nothing about the call (output, timeouts, TLS files...). */
const IGNORED_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '-w',
  '--write-out',
  '--cacert',
  '--capath',
  '--cert',
  '-E',
  '--key',
  '--resolve',
  '--connect-to',
  '-x',
  '--proxy',
  '--limit-rate',
  '--interface',
  '-c',
  '--cookie-jar',
  '--max-redirs',
  '--trace',
  '--trace-ascii',
  '--stderr',
]);
/** Flags without a value that change nothing the request file needs. */
const IGNORED_FLAGS =
  /^-[sSkvifLgN#0-9]+$|^--(silent|show-error|insecure|verbose|include|fail|fail-with-body|location|compressed|globoff|no-buffer|http1\.1|http2|no-progress-meter|progress-bar|raw|tcp-nodelay|ipv4|ipv6)$/;
/** Headers the connection or the runner writes itself. */
const OWN_HEADERS = new Set(['content-type', 'accept', 'user-agent', 'content-length', 'host', 'accept-encoding', 'connection']);

/** True when the text is a cURL command (after an optional shell prompt). */
export function isCurlCommand(text: string): boolean {
  return /^\s*(?:\$\s+)?curl(?:\.exe)?\s/i.test(text);
}

/**
 * The command's words: line continuations joined, comment lines inside the command dropped (the /doc page's sample
 * has a commented-out database header between continued lines; a shell would end the command there, a person means
 * to skip the line), shell variables kept as `{{NAME}}` placeholders.
 */
function commandWords(text: string): { words: string[]; rest: boolean } | { reason: string } {
  const lines = text.replace(/^\s*\$\s+/, '').split(/\r?\n/);
  const kept = lines.filter((line, index) => !(/^\s*#/.test(line) && index > 0 && /\\\s*$/.test(lines[index - 1])));
  const joined = kept
    .join('\n')
    .replace(/\\\r?\n/g, ' ')
    .replace(/\^\r?\n/g, ' ');
  let entries: ParseEntry[];
  try {
    entries = parse(joined, (name) => `{{${name}}}`);
  } catch (error) {
    return { reason: `the command line cannot be read: ${(error as Error).message}` };
  }
  const words: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') words.push(entry);
    else if ('comment' in entry) break;
    else if ('op' in entry && entry.op === 'glob') words.push(entry.pattern);
    else return { words, rest: true };
  }
  return { words, rest: false };
}

/** The request a cURL command sends, or why it cannot be a `.json2` request. */
export function readCurlCommand(text: string): PasteResult {
  const read = commandWords(text);
  if ('reason' in read) return { ok: false, reason: read.reason };
  const [program, ...args] = read.words;
  if (!program || !/^curl(\.exe)?$/i.test(program)) return { ok: false, reason: 'the command is not a curl command.' };
  const notes: string[] = [];
  if (read.rest) notes.push('Only the curl command was read, not what follows it (pipe, &&, ;).');
  const urls: string[] = [];
  const data: string[] = [];
  let method: string | undefined;
  let apiKey: string | undefined;
  let database: PastedRequest['database'];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const value = (): string | undefined => args[++index];
    const long = /^(--[\w-]+)=(.*)$/s.exec(arg);
    const [option, inline] = long ? [long[1], long[2]] : [arg, undefined];
    const take = (): string | undefined => inline ?? value();
    if (DATA_OPTIONS.has(option)) {
      const payload = take();
      if (payload === undefined) return { ok: false, reason: `${option} has no value.` };
      if (payload.startsWith('@') && option !== '--data-raw')
        return { ok: false, reason: `${option} ${payload} reads the body from a file: paste the command with the JSON body written out.` };
      data.push(payload);
    } else if (option === '-X' || option === '--request') method = take()?.toUpperCase();
    else if (/^-X[A-Z]+$/.test(option)) method = option.slice(2);
    else if (option === '-H' || option === '--header') {
      const header = take() ?? '';
      const colon = header.indexOf(':');
      if (colon <= 0) continue;
      const name = header.slice(0, colon).trim();
      const headerValue = header.slice(colon + 1).trim();
      const lower = name.toLowerCase();
      if (lower === 'authorization') {
        apiKey = bearerKey(headerValue);
        if (apiKey === undefined)
          notes.push('The Authorization header was not a bearer key and was left out: the connection sends its key.');
      } else if (isDatabaseHeader(name)) database = { header: name, name: headerValue };
      else if (lower === 'cookie') notes.push("The Cookie header was left out: JSON-2 calls authenticate with the connection's key.");
      else if (!OWN_HEADERS.has(lower)) notes.push(`The header ${name} was left out.`);
    } else if (option === '--oauth2-bearer') apiKey = take();
    else if (option === '-u' || option === '--user') {
      take();
      notes.push("The user name and password (-u) were left out: JSON-2 calls authenticate with the connection's key.");
    } else if (option === '-b' || option === '--cookie') {
      take();
      notes.push("The cookie (-b) was left out: JSON-2 calls authenticate with the connection's key.");
    } else if (option === '--url') {
      const url = take();
      if (url) urls.push(url);
    } else if (IGNORED_WITH_VALUE.has(option)) take();
    else if (option.startsWith('-') && option.length > 1) {
      if (!IGNORED_FLAGS.test(option)) notes.push(`The option ${option} was ignored.`);
    } else urls.push(arg);
  }
  if (urls.length === 0) return { ok: false, reason: 'the curl command has no URL.' };
  if (urls.length > 1)
    return {
      ok: false,
      reason: `the curl command has ${urls.length} URLs (${urls.map(redactedUrl).join(', ')}): paste one call at a time.`,
    };
  const target = targetOfUrl(urls[0]);
  if ('reason' in target) return { ok: false, reason: target.reason };
  const effective = method ?? (data.length > 0 ? 'POST' : 'GET');
  const base = { source: 'cURL', prompts: new Map<string, string>(), notes, baseUrl: target.baseUrl, database, apiKey };
  if (target.target.kind === 'route') {
    if (effective !== 'GET' || data.length > 0)
      return {
        ok: false,
        reason: `${effective} ${target.target.path} is not a JSON-2 call: a request file sends only JSON-2 calls (POST) and GET of server routes.`,
      };
    return { ok: true, requests: [{ ...base, target: target.target }] };
  }
  if (effective !== 'POST') return { ok: false, reason: `JSON-2 calls are POST requests; this command sends ${effective}.` };
  if (data.length > 1)
    return { ok: false, reason: `the command sends ${data.length} bodies (-d); curl would join them with "&", which is not JSON.` };
  const body = data.length === 0 ? '{}' : jsonBody(data[0]);
  if (typeof body !== 'string') return { ok: false, reason: body.reason };
  return { ok: true, requests: [{ ...base, target: target.target, body }] };
}

function jsonBody(data: string): string | { reason: string } {
  try {
    const value: unknown = JSON.parse(data);
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { reason: 'the request body (-d) is not a JSON object of named arguments.' };
    return bodyText(value);
  } catch (error) {
    const variable = /\{\{(\w+)\}\}/.exec(data);
    if (variable)
      return { reason: `the request body (-d) uses the shell variable $${variable[1]}: write its value in the body and paste again.` };
    return { reason: `the request body (-d) is not JSON (${(error as Error).message}).` };
  }
}
