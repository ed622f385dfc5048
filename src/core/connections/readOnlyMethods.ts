// The methods and routes a read-only connection may use, and what a request is in those terms.
import { isCallableMethod } from '../client/methodVisibility';

/**
 * Model methods that only read and that a server lets a client call (never a private one: `check_access` is refused
 * by a real server, see methodVisibility.ts). Anything else may write and is refused on read-only connections.
 */
export const READ_ONLY_METHODS: ReadonlySet<string> = new Set([
  'search',
  'read',
  'search_read',
  'search_count',
  'fields_get',
  'name_search',
  'read_group',
  'formatted_read_group',
  'default_get',
  'has_access',
  'context_get',
  'has_group',
]);

/** GET routes that only read: the version and the schema documents. */
const READ_ONLY_ROUTES: readonly RegExp[] = [/^\/web\/version$/, /^\/doc-bearer\/[A-Za-z0-9_.-]+\.json$/];

/** A request as the guards see it: a model method call, or a request to another route of the server. */
export type GuardedRequest =
  | {
      readonly kind: 'call';
      readonly model: string;
      readonly method: string;
      readonly ids?: readonly number[];
      readonly args?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'route';
      readonly httpMethod: string;
      /** The path on the server, after the connection's base path (`/web/version`, `/json/2/res.partner/write`). */
      readonly path: string;
      /** The JSON body when there is one, to find `ids` and `vals_list`. */
      readonly body?: unknown;
    };

/** True when the method is on the read-only list (a private method never is). */
export function isReadOnlyMethod(method: string): boolean {
  return READ_ONLY_METHODS.has(method) && isCallableMethod(method);
}

/**
 * The request as a model method call when it is one: a call, or a `POST /json/2/<model>/<method>` route (whose body's
 * `ids` say which records it runs on). Undefined for any other route.
 */
export function asMethodCall(request: GuardedRequest): Extract<GuardedRequest, { kind: 'call' }> | undefined {
  if (request.kind === 'call') return request;
  const match = /^\/json\/2\/([^/?#]+)\/([^/?#]+)$/.exec(pathOnly(request.path));
  if (!match || request.httpMethod.toUpperCase() !== 'POST') return undefined;
  const body =
    request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : {};
  const ids = Array.isArray(body.ids) ? body.ids.filter((id): id is number => typeof id === 'number') : undefined;
  return { kind: 'call', model: decodeURIComponent(match[1]), method: decodeURIComponent(match[2]), ...(ids ? { ids } : {}), args: body };
}

/** True when the request only reads: a method on the list, or a GET of the version or a schema document. */
export function isReadOnlyRequest(request: GuardedRequest): boolean {
  const call = asMethodCall(request);
  if (call) return isReadOnlyMethod(call.method);
  if (request.kind !== 'route' || request.httpMethod.toUpperCase() !== 'GET') return false;
  const path = pathOnly(request.path);
  return READ_ONLY_ROUTES.some((route) => route.test(path));
}

/** How many records a call acts on, when that can be known before sending; undefined for a model-level call. */
export function recordCountOf(call: Extract<GuardedRequest, { kind: 'call' }>): number | undefined {
  if (call.ids && call.ids.length > 0) return call.ids.length;
  const ids = call.args?.ids;
  if (Array.isArray(ids) && ids.length > 0) return ids.length;
  if (call.method === 'create') {
    const values = call.args?.vals_list;
    if (Array.isArray(values)) return values.length;
    if (values !== null && typeof values === 'object') return 1;
  }
  return undefined;
}

function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}
