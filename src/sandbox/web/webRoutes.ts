// The key web pages: log in with login and password, "Account security" with the user's API keys, create a key
// (shown once) and delete one. Server-rendered HTML with a session cookie and a CSRF token on every form.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { addCalendarMonths } from '../keys/keyLifetime';
import { formatDatetime } from '../orm/fieldValues';
import { sendHtml, statusPage } from '../http/httpAnswers';
import { mediaType, readBody } from '../http/requestBody';
import type { RouteAnswer, RouteSettings } from '../http/requestRouter';
import { CooldownError } from '../security/loginCooldown';
import { checkPassword } from '../security/passwordLogin';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { issueApiKeyIn, KeyIssueError } from '../keys/keyIssuer';
import { loginPage, securityPage, type KeyRow } from './pageTemplates';
import { sameToken, WebSessions, type WebSession } from './webSessions';

const FORM_LIMIT = 64 * 1024;
const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

function redirect(response: ServerResponse, location: string, cookie?: string): void {
  response.writeHead(303, { Location: location, 'Content-Length': '0', ...PAGE_HEADERS, ...(cookie ? { 'Set-Cookie': cookie } : {}) });
  response.end();
}

function page(response: ServerResponse, status: number, html: string, cookie?: string): void {
  sendHtml(response, status, html, { ...PAGE_HEADERS, ...(cookie ? { 'Set-Cookie': cookie } : {}) });
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  if (mediaType(request) !== 'application/x-www-form-urlencoded') return null;
  try {
    return new URLSearchParams((await readBody(request, FORM_LIMIT)).toString('utf8'));
  } catch {
    return null;
  }
}

/** A `redirect` parameter when it is a path on this server (never another site), else null. */
function localPath(value: string | null): string | null {
  return value !== null && /^\/(?![/\\])/.test(value) && !/\p{Cc}/u.test(value) ? value : null;
}

function expiryFor(duration: string, now: Date): Date | null {
  switch (duration) {
    case '1d':
      return new Date(now.getTime() + 86_400_000);
    case '7d':
      return new Date(now.getTime() + 7 * 86_400_000);
    case '1m':
      return addCalendarMonths(now, 1);
    case '3m':
      return addCalendarMonths(now, 3);
    default:
      return null;
  }
}

/** The answers of the key pages (routeTable.ts mounts each on its method and path). */
export interface WebPageAnswers {
  home: RouteAnswer;
  loginForm: RouteAnswer;
  login: RouteAnswer;
  security: RouteAnswer;
  newKey: RouteAnswer;
  deleteKey: RouteAnswer;
  logout: RouteAnswer;
}

/** The key pages over `sessions` (the page sessions, which the /doc page shares). */
export function webPages(catalog: DatabaseCatalog, settings: RouteSettings, sessions: WebSessions): WebPageAnswers {
  /** The names the login form may offer: none under --no-list-db (the person types the name). */
  const offeredDatabases = () => (settings.listDb ? catalog.list() : null);

  async function keyRows(session: WebSession): Promise<{ keys: KeyRow[]; userName: string }> {
    return catalog.use(session.database as string, async (storage) => {
      const user = await storage.query<{ name: string }>('SELECT name FROM res_users WHERE id = $1', [session.uid]);
      const keys = await storage.query<{ id: number; name: string; scope: string | null; create_date: string; expiration_date: string }>(
        'SELECT id, name, scope, create_date, expiration_date FROM res_users_apikeys WHERE user_id = $1 ORDER BY id',
        [session.uid],
      );
      const now = formatDatetime(catalog.clock.now());
      return {
        userName: user.rows[0]?.name ?? '',
        keys: keys.rows.map((row) => ({
          id: row.id,
          name: row.name,
          scope: row.scope,
          created: row.create_date.slice(0, 19),
          expires: row.expiration_date.slice(0, 19),
          expired: row.expiration_date.slice(0, 19) < now,
        })),
      };
    });
  }

  async function showSecurity(
    response: ServerResponse,
    session: WebSession,
    extra: { newKey?: string; error?: string; message?: string } = {},
    status = 200,
  ): Promise<void> {
    const { keys, userName } = await keyRows(session);
    page(
      response,
      status,
      securityPage({
        csrfToken: session.csrfToken,
        userName,
        database: session.database as string,
        keys,
        newKey: extra.newKey ?? null,
        error: extra.error ?? null,
        message: extra.message ?? null,
      }),
    );
  }

  function loggedIn(request: IncomingMessage): WebSession | null {
    const session = sessions.find(request);
    return session && session.uid !== null && session.database !== null && catalog.exists(session.database) ? session : null;
  }

  /** The session and form of a POST whose CSRF token is right; null after answering 400. */
  async function checkedPost(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<{ session: WebSession; form: URLSearchParams } | null> {
    const session = sessions.find(request);
    const form = await readForm(request);
    if (!session || !form || !sameToken(form.get('csrf_token') ?? '', session.csrfToken)) {
      request.resume();
      page(response, 400, statusPage(400, 'Bad Request', 'Session expired (invalid CSRF token): reload the page and try again.'));
      return null;
    }
    return { session, form };
  }

  /** `?db=` asks for another database than the session's: the person logs in again there, as on the reference server. */
  async function loginGet(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const wanted = url.searchParams.get('db');
    const target = localPath(url.searchParams.get('redirect'));
    const current = loggedIn(request);
    if (current && (wanted === null || wanted === current.database)) return redirect(response, target ?? '/web/security');
    const session = sessions.find(request) ?? sessions.create();
    page(
      response,
      200,
      loginPage({
        csrfToken: session.csrfToken,
        databases: offeredDatabases(),
        database: wanted,
        login: '',
        error: null,
        redirect: target,
      }),
      WebSessions.cookie(session),
    );
  }

  async function loginPost(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const checked = await checkedPost(request, response);
    if (!checked) return;
    const { session, form } = checked;
    const databases = catalog.list();
    const database = form.get('db') || (databases.length === 1 ? databases[0] : null);
    const login = form.get('login') ?? '';
    const target = localPath(form.get('redirect'));
    const source = request.socket.remoteAddress ?? 'unknown';
    let uid: number | null = null;
    let error = 'Wrong login/password';
    try {
      uid =
        database !== null && databases.includes(database)
          ? await catalog.use(database, (storage) =>
              settings.logins.login(storage, database, source, () => checkPassword(storage, login, form.get('password') ?? '')),
            )
          : null;
    } catch (failure) {
      // On cooldown the reference's login page shows the refusal's own message.
      if (!(failure instanceof CooldownError)) throw failure;
      error = failure.message;
    }
    if (uid === null || database === null) {
      page(
        response,
        200,
        loginPage({ csrfToken: session.csrfToken, databases: offeredDatabases(), database, login, error, redirect: target }),
      );
      return;
    }
    await catalog.use(database, (storage) =>
      storage.query('UPDATE res_users SET login_date = $1 WHERE id = $2', [formatDatetime(catalog.clock.now()), uid]),
    );
    redirect(response, target ?? '/web/security', WebSessions.cookie(sessions.login(session, database, uid)));
  }

  async function newKey(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const checked = await checkedPost(request, response);
    if (!checked) return;
    const session = loggedIn(request);
    if (!session) return redirect(response, '/web/login');
    const { form } = checked;
    const database = session.database as string;
    const name = (form.get('name') ?? '').trim();
    const expiration = expiryFor(form.get('duration') ?? '', catalog.clock.now());
    if (name === '')
      return showSecurity(response, session, { error: 'A description is needed, so that you can recognise the key later.' }, 422);
    if (!expiration) return showSecurity(response, session, { error: 'Choose a duration of three months at most.' }, 422);
    const login = await catalog.use(
      database,
      async (storage) =>
        (await storage.query<{ login: string }>('SELECT login FROM res_users WHERE id = $1', [session.uid])).rows[0]?.login ?? '',
    );
    const confirmed = await catalog.use(database, (storage) => checkPassword(storage, login, form.get('password') ?? ''));
    if (confirmed !== session.uid) return showSecurity(response, session, { error: 'Wrong password: the key was not created.' }, 403);
    try {
      const issued = await catalog.use(database, (storage) =>
        storage.transaction((cr) => issueApiKeyIn(cr, catalog, { login, name, expiration })),
      );
      return showSecurity(response, session, { newKey: issued.key });
    } catch (error) {
      if (error instanceof KeyIssueError) return showSecurity(response, session, { error: error.message }, 422);
      throw error;
    }
  }

  async function deleteKey(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const checked = await checkedPost(request, response);
    if (!checked) return;
    const session = loggedIn(request);
    if (!session) return redirect(response, '/web/login');
    const keyId = Number(checked.form.get('key_id'));
    if (!Number.isInteger(keyId)) return showSecurity(response, session, { error: 'No such key.' }, 404);
    const deleted = await catalog.use(session.database as string, (storage) =>
      storage.query('DELETE FROM res_users_apikeys WHERE id = $1 AND user_id = $2', [keyId, session.uid]),
    );
    if (deleted.affectedRows === 0) return showSecurity(response, session, { error: 'No such key.' }, 404);
    catalog.authenticator(session.database as string).forget([keyId]);
    redirect(response, '/web/security');
  }

  return {
    home: async (request, response) => redirect(response, loggedIn(request) ? '/web/security' : '/web/login'),
    loginForm: (request, response, url) => loginGet(request, response, url),
    login: (request, response) => loginPost(request, response),
    security: async (request, response) => {
      const session = loggedIn(request);
      if (session) await showSecurity(response, session);
      else redirect(response, '/web/login');
    },
    newKey: (request, response) => newKey(request, response),
    deleteKey: (request, response) => deleteKey(request, response),
    logout: async (request, response) => {
      const checked = await checkedPost(request, response);
      if (checked) {
        sessions.destroy(checked.session);
        redirect(response, '/web/login', WebSessions.clearedCookie());
      }
    },
  };
}
