// Reads a proxy's or request's URL expression: which deprecated endpoint it names and the server's base URL in it.
import type { LegacyService } from './legacyCall';

export interface EndpointOfUrl {
  readonly transport: 'xmlrpc' | 'jsonrpc';
  /** For XML-RPC: the service in the path. JSON-RPC names its service in the body. */
  readonly service?: LegacyService;
}

/**
 * The deprecated endpoint a URL expression's text points at: `/xmlrpc/2/<service>`, `/xmlrpc/<service>` or
 * `/jsonrpc`. Other routes (`/web/dataset/call_kw` and every other `jsonrpc`-type controller) are not deprecated
 * (spec, versioning rule 3) and give undefined.
 */
export function endpointOfUrl(urlText: string): EndpointOfUrl | undefined {
  const xmlRpc = /\/xmlrpc(?:\/2)?\/(object|common|db)\b/.exec(urlText);
  if (xmlRpc) return { transport: 'xmlrpc', service: xmlRpc[1] as LegacyService };
  if (/\/jsonrpc(?![\w/-])/.test(urlText)) return { transport: 'jsonrpc' };
  return undefined;
}

/** Whether a URL expression names a route other than /jsonrpc (`/web/dataset/call_kw`...): a body posted there is not deprecated. */
export function namesOtherRoute(urlText: string): boolean {
  return endpointOfUrl(urlText) === undefined && /\/[A-Za-z_][\w-]*/.test(urlText.replace(/[a-z]+:\/\/[^/'"`]*/gi, ''));
}

const DOTTED = String.raw`[A-Za-z_$][\w$]*(?:(?:\.|->)[A-Za-z_$][\w$]*|\[['"][\w]+['"]\])*`;
const PATTERNS: readonly { re: RegExp; base: (match: RegExpExecArray) => string }[] = [
  // 'https://host/xmlrpc/2/object' → 'https://host'
  { re: /^(['"])(https?:\/\/[^'"]*?)\/(?:xmlrpc|jsonrpc)/, base: (m) => `${m[1]}${m[2]}${m[1]}` },
  // f'{url}/xmlrpc/2/object' (Python)
  { re: new RegExp(String.raw`^f(['"])\{(${DOTTED})\}/`), base: (m) => m[2] },
  // `${url}/xmlrpc/2/object` (JavaScript)
  { re: new RegExp(String.raw`^\x60\$\{(${DOTTED})\}/`), base: (m) => m[1] },
  // "$url/xmlrpc/2/object" or "{$url}/xmlrpc/2/object" (PHP)
  { re: new RegExp(String.raw`^"\{?(\$${DOTTED})\}?/`), base: (m) => m[1] },
  // '{}/xmlrpc/2/object'.format(url) (Python)
  { re: new RegExp(String.raw`^(['"])\{\}\/[^'"]*\1\.format\(\s*(${DOTTED})\s*\)$`), base: (m) => m[2] },
  // '%s/xmlrpc/2/object' % url (Python)
  { re: new RegExp(String.raw`^(['"])%s\/[^'"]*\1\s*%\s*(${DOTTED})$`), base: (m) => m[2] },
  // url + '/xmlrpc/2/object' (Python, JavaScript) or $url . '/xmlrpc/2/object' (PHP)
  { re: new RegExp(String.raw`^(\$?${DOTTED})\s*[+.]\s*['"]\/(?:xmlrpc|jsonrpc)`), base: (m) => m[1] },
];

/** The base URL as an expression of the same language, when the URL expression is one of the usual shapes. */
export function baseUrlOf(urlText: string): string | undefined {
  const text = urlText.trim();
  for (const pattern of PATTERNS) {
    const match = pattern.re.exec(text);
    if (match) return pattern.base(match);
  }
  return undefined;
}
