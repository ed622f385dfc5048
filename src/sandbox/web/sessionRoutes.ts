// The reference's web session routes, for scripts and libraries that log in with a password instead of an API key:
// POST /web/session/authenticate (db, login, password → session info and a session_id cookie: HttpOnly, SameSite=Lax,
// 7 days), /web/session/get_session_info, /web/session/destroy, and /web/dataset/call_kw[/<model>/<method>] (model,
// method, args, kwargs) that runs a method as the session's user with the rights and the one transaction per call of
// JSON-2. JSON routes have no CSRF token in the reference either: only a JSON body is accepted, which a page of another
// site cannot send without the CORS preflight that the sandbox never grants.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { filterDatabase } from '../http/databaseFilter';
import { asServiceError } from '../errors/errorBody';
import { accessDenied, accessError, typeError } from '../errors/serviceErrors';
import { formatDatetime } from '../orm/fieldValues';
import type { RouteAnswer, RouteSettings } from '../http/requestRouter';
import { VERSION_INFO } from '../http/requestRouter';
import { clientGone } from '../rpc/rpcBody';
import { mapPositional } from '../rpc/positionalArguments';
import type { CurrentUser } from '../orm/access/currentUser';
import { checkPassword } from '../security/passwordLogin';
import { loadUser } from '../security/userLookup';
import { dispatchCall } from '../catalog/callDispatcher';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { UnknownDatabaseError } from '../storage/databasePool';
import type { Storage } from '../storage/sqlClient';
import { sessionInfo } from './sessionInfo';
import { bindNamed, readWebCall, sendWebError, sendWebResult, sessionExpired, type WebCall } from './webJsonRpc';
import { WebSessions, type WebSession } from './webSessions';

/** The reference's default `sessions.max_inactivity_seconds`: a week. */
const SESSION_LIFETIME_MS = 7 * 24 * 3600_000;
/** `/web/dataset/call_kw` and anything under it (the web client adds the model and method for its logs). */
export const CALL_KW_PATH = /^\/web\/dataset\/call_kw(?:\/.*)?$/;

/** The answers of the web client's JSON-RPC routes. */
export interface SessionAnswers {
  authenticate: RouteAnswer;
  getSessionInfo: RouteAnswer;
  destroy: RouteAnswer;
  callKw: RouteAnswer;
}

export function sessionAnswers(catalog: DatabaseCatalog, settings: RouteSettings): SessionAnswers {
  const sessions = new WebSessions(Date.now, { name: 'session_id', sameSite: 'Lax', ttlMs: SESSION_LIFETIME_MS, persistent: true });
  const versionInfo = settings.versionInfo ?? VERSION_INFO;

  async function authenticate(request: IncomingMessage, response: ServerResponse, call: WebCall): Promise<void> {
    const { params } = call;
    bindNamed('authenticate', params, ['db', 'login', 'password'], ['base_location']);
    const database = params.db;
    const filtered =
      typeof database === 'string' &&
      settings.databaseFilter !== undefined &&
      filterDatabase(settings.databaseFilter, request.headers.host, [database]) === null;
    if (typeof database !== 'string' || filtered || !catalog.exists(database)) throw accessError('Database not found.');
    const info = await catalog.use(database, async (storage) => {
      // A password only: the reference's interactive login never takes an API key.
      const uid =
        typeof params.login === 'string' && typeof params.password === 'string'
          ? await settings.logins.login(storage, database, request.socket.remoteAddress ?? 'unknown', () =>
              checkPassword(storage, params.login as string, params.password as string),
            )
          : null;
      if (uid === null) throw accessDenied('Access Denied');
      await storage.query('UPDATE res_users SET login_date = $1 WHERE id = $2', [formatDatetime(catalog.clock.now()), uid]);
      const user = await loadUser(storage, uid);
      if (!user) throw accessDenied('Access Denied');
      return { uid, payload: await sessionInfo(storage, database, user, versionInfo) };
    });
    // A fresh session id at each login (the previous one of this browser is dropped), against session fixation.
    const session = sessions.login(sessions.find(request) ?? sessions.create(), database, info.uid);
    sendWebResult(response, call.id, info.payload, { 'Set-Cookie': sessions.cookieFor(session), 'Cache-Control': 'no-store' });
  }

  /** Runs `work` as the session's user on its database; the session-expired error without a live session. */
  async function asSessionUser<T>(
    request: IncomingMessage,
    work: (storage: Storage, user: CurrentUser, session: WebSession) => Promise<T>,
  ): Promise<T> {
    const session = sessions.find(request);
    if (!session || session.uid === null || session.database === null || !catalog.exists(session.database)) throw sessionExpired();
    const { uid } = session;
    try {
      return await catalog.use(session.database, async (storage) => {
        const user = await loadUser(storage, uid);
        if (!user) throw sessionExpired();
        return work(storage, user, session);
      });
    } catch (error) {
      throw error instanceof UnknownDatabaseError ? sessionExpired() : error;
    }
  }

  async function callKw(request: IncomingMessage, response: ServerResponse, call: WebCall): Promise<unknown> {
    const { params } = call;
    bindNamed('call_kw', params, ['model', 'method', 'args', 'kwargs'], ['path']);
    const { model, method, args, kwargs } = params;
    if (typeof model !== 'string' || typeof method !== 'string') throw typeError('model and method must be strings');
    if (!Array.isArray(args)) throw typeError('args must be a list');
    const kw = kwargs === null || kwargs === undefined ? {} : kwargs;
    if (typeof kw !== 'object' || Array.isArray(kw)) throw typeError('kwargs must be a mapping');
    const signal = clientGone(response);
    return asSessionUser(request, async (storage, user, session) => {
      const registry = catalog.registryFor(session.database as string);
      const found = registry.model(model);
      const definition = found && !method.startsWith('_') ? registry.method(found, method) : undefined;
      const mapped = mapPositional(model, definition, args, kw as Record<string, unknown>);
      const result = await dispatchCall(catalog, { database: session.database as string, storage, user, model, method, ...mapped, signal });
      // As the reference's call_kw: `create` given one mapping answers one id.
      const single =
        method === 'create' &&
        mapped.named.vals_list !== null &&
        typeof mapped.named.vals_list === 'object' &&
        !Array.isArray(mapped.named.vals_list);
      return single && Array.isArray(result) ? result[0] : result;
    });
  }

  /** Reads the JSON-RPC call of the request (answering itself when there is none) and answers `work`'s outcome. */
  const webCall =
    (work: (request: IncomingMessage, response: ServerResponse, call: WebCall) => Promise<void>): RouteAnswer =>
    async (request, response, url) => {
      const call = await readWebCall(request, response, url.pathname);
      if (!call) return;
      try {
        await work(request, response, call);
      } catch (error) {
        sendWebError(response, call.id, asServiceError(error));
      }
    };
  return {
    authenticate: webCall(authenticate),
    getSessionInfo: webCall(async (request, response, call) => {
      bindNamed('get_session_info', call.params, []);
      sendWebResult(
        response,
        call.id,
        await asSessionUser(request, (storage, user, session) => sessionInfo(storage, session.database as string, user, versionInfo)),
      );
    }),
    destroy: webCall(async (request, response, call) => {
      bindNamed('destroy', call.params, []);
      const session = await asSessionUser(request, async (_storage, _user, current) => current);
      sessions.destroy(session);
      sendWebResult(response, call.id, null, { 'Set-Cookie': sessions.clearedCookieFor() });
    }),
    callKw: webCall(async (request, response, call) => sendWebResult(response, call.id, await callKw(request, response, call))),
  };
}
