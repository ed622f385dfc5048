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
