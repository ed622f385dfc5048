// Where a connection's credentials may go: the base URL's origin and path, checked before anything is sent.
import { ClientUsageError, UnsafeRequestError } from './clientErrors';

/** A parsed, checked base URL: the origin requests go to and the path prefix every request path starts with. */
export interface ConnectionTarget {
  /** `https://host:port`, no trailing slash. */
  readonly origin: string;
  /** The base URL's path without a trailing slash (`''` or `/proxy/prefix`). */
  readonly basePath: string;
  readonly secure: boolean;
  readonly loopback: boolean;
}

/**
 * Parses and checks a base URL. Credentials over plain `http://` to a host other than loopback are refused unless
 * `allowInsecureHttp` is set, because anyone on the network path could read the key.
 */
export function parseConnectionTarget(baseUrl: string, allowInsecureHttp = false): ConnectionTarget {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ClientUsageError(`The base URL "${baseUrl}" is not a valid URL (expected e.g. https://erp.example.com).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ClientUsageError(`The base URL must start with https:// or http://, not ${url.protocol}//.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new UnsafeRequestError(
      'The base URL must not contain a user name or password; give the API key separately so it is stored as a secret.',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ClientUsageError('The base URL must not contain a query string or a fragment.');
  }
  const loopback = isLoopbackHost(url.hostname);
  const secure = url.protocol === 'https:';
  if (!secure && !loopback && !allowInsecureHttp) {
    throw new UnsafeRequestError(
      `Refusing to send credentials to ${url.host} over plain http://: the API key would travel unencrypted and anyone on the ` +
        'network path could read and reuse it. Use https://, or enable "allow insecure http" for this connection if the network is trusted.',
    );
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, ''), secure, loopback };
}

/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 — addresses that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  if (/^::ffff:127\.\d+\.\d+\.\d+$/.test(host)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Turns a request target (a path like `/web/version`, a path relative to the base, or a full URL) into the path to
 * request on the connection's origin. A full URL pointing anywhere else than the base URL's origin and path is
 * refused, so a request file cannot send the connection's key to another host.
 */
export function resolveRequestPath(target: ConnectionTarget, requestTarget: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(requestTarget) || requestTarget.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(requestTarget.startsWith('//') ? `https:${requestTarget}` : requestTarget);
    } catch {
      throw new ClientUsageError(`"${requestTarget}" is not a valid URL.`);
    }
    if (url.origin !== target.origin) {
      throw new UnsafeRequestError(
        `Refusing to send the connection's credentials to ${url.origin}: the connection's base URL is ${target.origin}. ` +
          'Use a path (such as /json/2/res.partner/search_read) or a connection whose base URL is that server.',
      );
    }
    if (target.basePath !== '' && url.pathname !== target.basePath && !url.pathname.startsWith(`${target.basePath}/`)) {
      throw new UnsafeRequestError(`Refusing to send the connection's credentials outside its base path ${target.basePath}.`);
    }
    return `${url.pathname}${url.search}`;
  }
  const path = requestTarget.startsWith('/') ? requestTarget : `/${requestTarget}`;
  if (target.basePath !== '' && (path === target.basePath || path.startsWith(`${target.basePath}/`))) return path;
  return `${target.basePath}${path}`;
}

const NAME_PATTERN = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

/** The JSON-2 path of a model method; refuses names that could change the path (slashes, dots at the ends). */
export function json2Path(model: string, method: string): string {
  if (!NAME_PATTERN.test(model)) throw new ClientUsageError(`"${model}" is not a model name (dotted words, such as res.partner).`);
  if (!/^[A-Za-z0-9_]+$/.test(method)) throw new ClientUsageError(`"${method}" is not a method name (letters, digits and _).`);
  return `/json/2/${model}/${method}`;
}
