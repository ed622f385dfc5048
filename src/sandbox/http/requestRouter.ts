// Serves the sandbox's HTTP requests: Host and Origin checks, transfer watch and log line, then the first row of the
// route table (routeTable.ts) that takes the request; a request that none takes gets the HTML 404 page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import type { DatabaseHeaderMode } from './databaseSelection';
import type { HostPolicy } from './hostCheck';
import type { LoginThrottle } from '../security/loginCooldown';
import { sendError, sendHtml, sendJson, sendNotFoundPage, statusPage } from './httpAnswers';
import { DEFAULT_TRANSFER_IDLE_MS, watchTransfer } from './transferWatch';

export const VERSION_INFO = [19, 0, 0, 'final', 0, ''] as const;
export const VERSION = '19.0';
/** The release a `--legacy-only` server claims: before JSON-2 existed. */
export const LEGACY_VERSION_INFO = [18, 0, 0, 'final', 0, ''] as const;

/** Answers one request that a route of the table took; `groups` are the capture groups of its path pattern. */
export type RouteAnswer = (request: IncomingMessage, response: ServerResponse, url: URL, groups: readonly string[]) => Promise<void>;

/** One row of the route table (routeTable.ts): which requests it takes and what answers them. */
export interface Route {
  /** The methods it takes; a request with another method goes on down the table (absent: every method). */
  methods?: readonly string[];
  /** The whole path: a string matched exactly, or a pattern. */
  path: string | RegExp;
  answer: RouteAnswer;
}

/** What the routes need to know of the server's options. */
export interface RouteSettings {
  /** False (--no-list-db): no page or answer names the databases. */
  listDb: boolean;
  /** The release the server claims (19.0 unless --legacy-only). */
  versionInfo?: readonly (number | string)[];
  /** --db-filter: the databases a login may name (as the reference's db_filter). */
  databaseFilter?: string;
  /** --database-header: which database headers are read (databaseSelection.ts); `both` when absent. */
  databaseHeader?: DatabaseHeaderMode;
  /** Login throttling, shared with the deprecated interfaces. */
  logins: LoginThrottle;
}

export interface RouterOptions {
  /** The route table: the first row that takes a request answers it; none: the 404 page. */
  routes: readonly Route[];
  /** Called once per answered request with a one-line summary. */
  log?: (line: string) => void;
  /** Longest pause of a request body or of an answer's reader before the exchange is ended (0: none). */
  transferIdleMs?: number;
  /** Which Host and Origin headers are answered (every route); all when absent. */
  hostPolicy?: HostPolicy;
}

/** The row of `routes` that takes a request with this method and path, with its pattern's groups. */
export function findRoute(routes: readonly Route[], method: string, path: string): { route: Route; groups: string[] } | null {
  for (const route of routes) {
    if (route.methods && !route.methods.includes(method)) continue;
    if (typeof route.path === 'string') {
      if (route.path === path) return { route, groups: [] };
      continue;
    }
    const match = route.path.exec(path);
    if (match) return { route, groups: match.slice(1).map((group) => group ?? '') };
  }
  return null;
}

/** GET /web/version: the release the server claims (18.0 for a --legacy-only server). */
export function versionAnswer(legacyOnly: boolean): RouteAnswer {
  return async (request, response) => {
    request.resume();
    sendJson(
      response,
      200,
      legacyOnly ? { version_info: LEGACY_VERSION_INFO, version: '18.0' } : { version_info: VERSION_INFO, version: VERSION },
    );
  };
}

async function route(options: RouterOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
  const found = findRoute(options.routes, request.method ?? 'GET', url.pathname);
  if (found) {
    await found.route.answer(request, response, url, found.groups);
    return;
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
      response.once('finish', () =>
        options.log?.(`${request.method} ${request.url} ${response.statusCode} ${(performance.now() - started).toFixed(1)} ms`),
      );
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
