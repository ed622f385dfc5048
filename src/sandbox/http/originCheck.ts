// Which web pages may change state in the sandbox: a request that can change state (any method but GET, HEAD and
// OPTIONS) and carries an Origin is taken only from the sandbox's own pages (http, a host it answers to, its own port)
// or from an origin given with --allow-origin. A page on another local port (a dev server, anything the developer
// opens) could otherwise log in or write with the demo passwords. Clients outside a browser send no Origin.
import type { IncomingMessage } from 'node:http';

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * The origin `text` names (`scheme://host[:port]`, lower case, without a default port), or null when it is not one:
 * a path, a query, credentials, `*`, `null` or a scheme other than http(s).
 */
export function allowedOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '' || url.pathname !== '/') return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/?$/i.test(text.trim())) return null;
  return url.origin;
}

/** The sandbox's port as the request reached it: the socket's, else the Host header's, else http's default. */
function ownPort(request: IncomingMessage): string {
  const local = request.socket?.localPort;
  if (local !== undefined) return String(local);
  const host = request.headers.host ?? '';
  const port = /:(\d+)$/.exec(host)?.[1];
  return port ?? DEFAULT_PORTS['http:'];
}

/**
 * Why a request from this page may not change state, or null. `page` is the Origin already read as a URL whose host
 * the sandbox answers to (the host check ran first); it must also be the sandbox's scheme and port.
 */
export function stateChangeRefusal(request: IncomingMessage, page: URL): string | null {
  if (READING_METHODS.has((request.method ?? 'GET').toUpperCase())) return null;
  const pagePort = page.port === '' ? (DEFAULT_PORTS[page.protocol] ?? '') : page.port;
  if (page.protocol === 'http:' && pagePort === ownPort(request)) return null;
  return (
    `Requests that may change data are taken only from the sandbox's own pages; Origin '${page.origin}' is refused ` +
    `(a page on another port could log in with the demo passwords). Start the sandbox with --allow-origin ${page.origin} to allow it.`
  );
}
