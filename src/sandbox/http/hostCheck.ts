// Who may address the sandbox: requests whose Host is a loopback name or the configured host, and, when a browser
// sends them, only from pages of such a host (Origin). A site the developer visits cannot drive the sandbox through
// the browser, and a DNS-rebinding name that resolves to 127.0.0.1 is refused.
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { stateChangeRefusal } from './originCheck';

export interface HostPolicy {
  /** Why the request is refused, or null when it may go on. */
  refusal(request: IncomingMessage): string | null;
}

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);

/** The host name of a `Host` header or URL authority, without port or brackets, lower case. */
export function hostName(authority: string): string {
  const text = authority.trim().toLowerCase();
  if (text.startsWith('[')) return text.slice(1, text.indexOf(']') > 0 ? text.indexOf(']') : undefined);
  const colon = text.lastIndexOf(':');
  const name = colon > 0 && text.indexOf(':') === colon ? text.slice(0, colon) : text;
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** localhost and its sub-domains (RFC 6761: they never leave the machine), 127.0.0.0/8 and ::1. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  if (net.isIPv6(name)) return name === '::1' || name === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(name);
  return false;
}

/** The URL of an `Origin` header, or null for `null` (an opaque origin) or anything that is not a URL. */
function pageOf(origin: string): URL | null {
  if (origin === 'null') return null;
  try {
    return new URL(origin);
  } catch {
    return null;
  }
}

/**
 * The policy of a sandbox listening on `listenHost` (its --host); `allowedOrigins` (--allow-origin, each as
 * `allowedOrigin` writes it) are pages taken whatever their site, port or method.
 */
export function hostPolicy(listenHost: string, allowedOrigins: readonly string[] = []): HostPolicy {
  const configured = hostName(listenHost);
  const anyAddress = WILDCARDS.has(configured);
  const configuredIsName = !anyAddress && net.isIP(configured) === 0;
  const allowedName = (name: string) =>
    isLoopbackName(name) || (!anyAddress && (name === configured || (configuredIsName && name.endsWith(`.${configured}`))));
  return {
    refusal(request) {
      const host = request.headers.host;
      if (!anyAddress && host !== undefined && !allowedName(hostName(host))) {
        return `This sandbox answers requests addressed to it as localhost, 127.0.0.1, [::1] or ${listenHost}; the Host '${host}' is refused (protection from DNS rebinding).`;
      }
      const origin = request.headers.origin;
      if (origin === undefined) return null;
      const page = pageOf(origin);
      if (page !== null && allowedOrigins.includes(page.origin)) return null;
      const pageAllowed =
        page !== null && (anyAddress ? host !== undefined && page.host === host.toLowerCase() : allowedName(hostName(page.host)));
      if (!pageAllowed) return `Requests from web pages of other sites are refused: Origin '${origin}'.`;
      return stateChangeRefusal(request, page);
    },
  };
}
