// Routes the sandbox's HTTP requests: JSON-2 calls, the version endpoint, the key web pages and the CLI's control
// endpoint; everything else is a 404 (JSON under /json/2, HTML elsewhere).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import { notFound } from '../errors/serviceErrors';
import type { HostPolicy } from './hostCheck';
import type { LoginThrottle } from '../security/loginCooldown';
import { sendError, sendHtml, sendJson, sendNotFoundPage, statusPage } from './httpAnswers';
import { handleJson2Call, type Json2Options } from './json2Endpoint';
import { DEFAULT_TRANSFER_IDLE_MS, watchTransfer } from './transferWatch';

export const VERSION_INFO = [19, 0, 0, 'final', 0, ''] as const;
export const VERSION = '19.0';
/** The release a `--legacy-only` server claims: before JSON-2 existed. */
export const LEGACY_VERSION_INFO = [18, 0, 0, 'final', 0, ''] as const;

/** A handler for a path outside /json/2; returns false when it does not handle the request. */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<boolean>;

/** What the extra routes (web pages) need to know of the server's options. */
export interface RouteSettings {
  /** False (--no-list-db): no page or answer names the databases. */
  listDb: boolean;
  /** The release the server claims (19.0 unless --legacy-only). */
  versionInfo?: readonly (number | string)[];
  /** --db-filter: the databases a login may name (as the reference's db_filter). */
  databaseFilter?: string;
  /** Login throttling, shared with the deprecated interfaces. */
  logins: LoginThrottle;
}

export interface RouterOptions extends Json2Options {
  /** More routes (web pages, control endpoint), tried in order. */
  routes?: RouteHandler[];
  /** Called once per answered request with a one-line summary. */
  log?: (line: string) => void;
  /** A server of an older release: no /json/2, version 18.0. */
  legacyOnly?: boolean;
  /** Longest pause of a request body or of an answer's reader before the exchange is ended (0: none). */
  transferIdleMs?: number;
  /** Which Host and Origin headers are answered (every route); all when absent. */
  hostPolicy?: HostPolicy;
}

const JSON2_CALL = /^\/json\/2\/([^/]+)\/([^/]+)$/;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function route(options: RouterOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
  const path = url.pathname;
  if (!options.legacyOnly && (path === '/json/2' || path.startsWith('/json/2/'))) {
    const match = JSON2_CALL.exec(path);
    const model = match ? decodeSegment(match[1]) : null;
    const method = match ? decodeSegment(match[2]) : null;
    if (request.method !== 'POST' || model === null || method === null) {
      request.resume();
      sendError(response, notFound('Did you mean POST /json/2/<model>/<method>?'));
      return;
    }
    await handleJson2Call(options, request, response, model, method);
    return;
  }
  if (path === '/web/version' && (request.method === 'GET' || request.method === 'HEAD')) {
    request.resume();
    sendJson(response, 200, options.legacyOnly ? { version_info: LEGACY_VERSION_INFO, version: '18.0' } : { version_info: VERSION_INFO, version: VERSION });
    return;
  }
  for (const handler of options.routes ?? []) {
    if (await handler(request, response, url)) return;
  }
  request.resume();
  sendNotFoundPage(response);
}

/** The request listener of the sandbox's HTTP server. */
export function createRequestListener(options: RouterOptions): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const started = performance.now();
    watchTransfer(request, response, options.transferIdleMs ?? DEFAULT_TRANSFER_IDLE_MS);
    if (options.log) {
      response.once('finish', () => options.log?.(`${request.method} ${request.url} ${response.statusCode} ${(performance.now() - started).toFixed(1)} ms`));
    }
    const refusal = options.hostPolicy?.refusal(request);
    if (refusal) {
      request.resume();
      sendHtml(response, 403, statusPage(403, 'Forbidden', refusal), { Connection: 'close' });
      return;
    }
    route(options, request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, asServiceError(error));
      else response.destroy();
    });
  };
}
