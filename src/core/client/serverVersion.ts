// The server's version without any credentials (`GET /web/version`), for probes that have no key yet.
import { TransportError, UnsafeRequestError } from './clientErrors';
import { parseConnectionTarget, resolveRequestPath } from './connectionTarget';
import { HttpTransport, type TransportOptions } from './httpTransport';

/** The `/web/version` answer: `{ version: "19.0", version_info: [19, 0, 0, "final", 0, ""] }`. */
export interface WebVersion {
  readonly version: string;
  readonly version_info: readonly unknown[];
}

export interface ServerVersionOptions {
  readonly signal?: AbortSignal;
  readonly userAgent?: string;
  /** Reuse a transport of the same origin (its pool); otherwise one is made and closed for this request. */
  readonly transport?: HttpTransport;
  readonly transportOptions?: TransportOptions;
}

/**
 * Asks `GET /web/version` with no key: nothing secret is sent, so plain http:// to any host is allowed. Rejects with
 * a `TransportError` when the answer is not the version object (wrong base URL, a proxy page).
 */
export async function fetchServerVersion(baseUrl: string, options: ServerVersionOptions = {}): Promise<WebVersion> {
  const target = parseConnectionTarget(baseUrl, true);
  const transport = options.transport ?? new HttpTransport(target.origin, options.transportOptions);
  if (transport.origin !== target.origin) throw new UnsafeRequestError(`A transport for ${transport.origin} cannot ask ${target.origin}.`);
  try {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    };
    const answer = await transport.send({
      method: 'GET',
      path: resolveRequestPath(target, '/web/version'),
      headers,
      signal: options.signal,
    });
    const text = answer.body.toString('utf8');
    const version = answer.status === 200 ? webVersionOf(text) : undefined;
    if (version === undefined) {
      throw new TransportError(
        answer.status === 404 ? 'notFound' : 'invalidResponse',
        `${target.origin}${target.basePath}/web/version answered ${answer.status} without a version object; check the base URL.`,
        { status: answer.status, rawBody: text.slice(0, 4096) },
      );
    }
    return version;
  } finally {
    if (options.transport === undefined) await transport.close();
  }
}

/** The version object in a `/web/version` body, or undefined when the body is something else. */
export function webVersionOf(text: string): WebVersion | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = body as { version?: unknown; version_info?: unknown } | null;
  if (record === null || typeof record !== 'object' || typeof record.version !== 'string') return undefined;
  return { version: record.version, version_info: Array.isArray(record.version_info) ? record.version_info : [] };
}
