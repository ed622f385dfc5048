// What a pasted snippet (cURL, Python, JavaScript) says about one call: its JSON-2 target, body, server, database and
// key, read from the snippet's text; and the rules shared by every reader (the target of a URL, what a key looks like).

/** A call read from a pasted snippet, before it is written as a `.json2` request. */
export interface PastedRequest {
  /** `cURL`, `Python requests`, `Python xmlrpc.client`... for the title and the messages. */
  readonly source: string;
  readonly target:
    | { readonly kind: 'json2'; readonly model: string; readonly method: string }
    | { readonly kind: 'route'; readonly path: string };
  /** The JSON body as `.json2` text (JSON, placeholders `{{name}}` where the snippet computes a value). */
  readonly body?: string;
  /** Placeholders of the body, with the source expression each stands for. */
  readonly prompts: ReadonlyMap<string, string>;
  /** Lines worth a comment above the request (what was left out and why). */
  readonly notes: readonly string[];
  /** The server's base URL in the snippet (no credentials, no query), when it is literal. */
  readonly baseUrl?: string;
  /** The database the snippet names (database header, or the deprecated call's argument). */
  readonly database?: { readonly header: string; readonly name: string };
  /** A literal key the snippet holds (never written into the request). */
  readonly apiKey?: string;
}

export type PasteResult =
  | { readonly ok: true; readonly requests: readonly PastedRequest[] }
  | { readonly ok: false; readonly reason: string };

const JSON2_PATH = /^(.*?)\/json\/2\/([A-Za-z_][\w.]*)\/([A-Za-z_]\w*)\/?$/;
const PLACEHOLDER_KEY = /your|api[_-]?key|token|secret|<|>|\.\.\.|\{|\}|\$|^x+$|^\*+$/i;

/** The JSON-2 call or route a URL names, with its base URL; a reason when it is neither. */
export function targetOfUrl(url: string): { target: PastedRequest['target']; baseUrl?: string } | { reason: string } {
  const parsed = parseUrl(url);
  const path = parsed ? parsed.pathname : url.replace(/[?#].*$/, '');
  const json2 = JSON2_PATH.exec(path);
  const base = parsed ? `${parsed.origin}${json2 ? json2[1] : ''}`.replace(/\/+$/, '') : undefined;
  if (json2) return { target: { kind: 'json2', model: json2[2], method: json2[3] }, baseUrl: base };
  if (/\/(xmlrpc|jsonrpc)\b/.test(path))
    return {
      reason: `${path} is a deprecated RPC endpoint: paste the Python or JavaScript code that calls it (its execute_kw arguments are converted), not the raw request.`,
    };
  if (path.startsWith('/web/') || path.startsWith('/doc'))
    return { target: { kind: 'route', path: path + (parsed?.search ?? '') }, baseUrl: parsed?.origin };
  return { reason: `the URL ${JSON.stringify(redactedUrl(url))} is not a JSON-2 call (…/json/2/<model>/<method>) nor a server route.` };
}

/** A URL without its user name and password, for messages. */
export function redactedUrl(url: string): string {
  return url.replace(/^([a-z][\w+.-]*:\/\/)[^/@\s]*@/i, '$1');
}

function parseUrl(url: string): URL | undefined {
  if (!/^[a-z][\w+.-]*:\/\//i.test(url)) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The key of an `Authorization: Bearer <key>` value; undefined for another scheme. */
export function bearerKey(value: string): string | undefined {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}

/** A key worth offering to store: a literal token, not the samples' `YOUR_API_KEY`, `<key>` or an expression. */
export function looksLikeKey(value: string | undefined): value is string {
  return value !== undefined && value.length >= 16 && /^[\w\-.~+/=]+$/.test(value) && !PLACEHOLDER_KEY.test(value);
}

/** A JSON object as a request body: one member a line, each value compact (as the migration assistant writes bodies). */
export function bodyText(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const members = Object.entries(value).map(([key, member]) => `  ${JSON.stringify(key)}: ${JSON.stringify(member)}`);
  return members.length === 0 ? '{}' : `{\n${members.join(',\n')}\n}`;
}
