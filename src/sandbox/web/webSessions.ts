// Browser sessions of the key pages: a random id in an HttpOnly cookie and a CSRF token per session. Logged-in
// sessions are kept in memory; anonymous ones (the login form's) are not kept at all: their token is an HMAC of their
// id, so any number of anonymous visitors costs no memory and can never push a logged-in session out.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'sandbox_session';
const SESSION_TTL_MS = 60 * 60_000;
/** Logged-in sessions of one user on one database; a further login ends that user's least recently used one. */
export const MAX_SESSIONS_PER_USER = 50;
/** Logged-in sessions in all; reached only with that many distinct accounts (each login needs a password). */
export const MAX_SESSIONS = 10_000;
const ANONYMOUS_PREFIX = 'a.';

export interface WebSession {
  id: string;
  csrfToken: string;
  database: string | null;
  uid: number | null;
  expires: number;
}

function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Constant-time comparison of two tokens. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

function cookieValue(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

const userKey = (session: WebSession) => `${session.uid}@${session.database}`;

/** A store's cookie and lifetime (the key pages' by default). */
export interface SessionCookieOptions {
  name: string;
  sameSite: 'Strict' | 'Lax';
  /** Inactivity after which a session ends (and the cookie's Max-Age when `persistent`). */
  ttlMs: number;
  /** The cookie outlives the browser session (Max-Age), as the reference's session_id does. */
  persistent?: boolean;
}

const KEY_PAGES_COOKIE: SessionCookieOptions = { name: SESSION_COOKIE, sameSite: 'Strict', ttlMs: SESSION_TTL_MS };

export class WebSessions {
  /** Logged-in sessions by id, least recently used first. */
  private readonly sessions = new Map<string, WebSession>();
  /** The ids of each user's sessions (`<uid>@<database>`), least recently used first. */
  private readonly byUser = new Map<string, Set<string>>();
  private readonly secret = crypto.randomBytes(32);

  constructor(
    private readonly now: () => number = Date.now,
    private readonly cookieOptions: SessionCookieOptions = KEY_PAGES_COOKIE,
  ) {}

  /** The live session of the request's cookie, or null. */
  find(request: IncomingMessage): WebSession | null {
    const id = cookieValue(request, this.cookieOptions.name);
    if (!id) return null;
    if (id.startsWith(ANONYMOUS_PREFIX)) return this.anonymous(id);
    const session = this.sessions.get(id);
    if (!session) return null;
    this.forget(session);
    if (session.expires < this.now()) return null;
    session.expires = this.now() + this.cookieOptions.ttlMs;
    this.keep(session);
    return session;
  }

  /** A new anonymous session (for the login form's CSRF token); nothing is stored. */
  create(): WebSession {
    const issued = this.now();
    return this.anonymous(`${ANONYMOUS_PREFIX}${issued.toString(36)}.${randomToken()}`) as WebSession;
  }

  /** Logs a user in: a fresh session id and token (never the previous one's, against session fixation). */
  login(previous: WebSession, database: string, uid: number): WebSession {
    this.forget(previous);
    const session: WebSession = {
      id: randomToken(),
      csrfToken: randomToken(),
      database,
      uid,
      expires: this.now() + this.cookieOptions.ttlMs,
    };
    this.makeRoom(session);
    this.keep(session);
    return session;
  }

  destroy(session: WebSession): void {
    this.forget(session);
  }

  /** How many logged-in sessions are kept. */
  get size(): number {
    return this.sessions.size;
  }

  /** The anonymous session of `id` while it is younger than the lifetime, or null. */
  private anonymous(id: string): WebSession | null {
    const issued = parseInt(id.slice(ANONYMOUS_PREFIX.length, id.indexOf('.', ANONYMOUS_PREFIX.length)), 36);
    const expires = issued + SESSION_TTL_MS;
    if (!Number.isFinite(issued) || issued > this.now() || expires < this.now()) return null;
    const csrfToken = crypto.createHmac('sha256', this.secret).update(id).digest('base64url');
    return { id, csrfToken, database: null, uid: null, expires };
  }

  private keep(session: WebSession): void {
    this.sessions.set(session.id, session);
    const user = userKey(session);
    const ids = this.byUser.get(user) ?? new Set<string>();
    ids.add(session.id);
    this.byUser.set(user, ids);
  }

  private forget(session: WebSession): void {
    if (!this.sessions.delete(session.id)) return;
    const user = userKey(session);
    const ids = this.byUser.get(user);
    ids?.delete(session.id);
    if (ids?.size === 0) this.byUser.delete(user);
  }

  /** Room for `session`: its user's least recently used beyond their share go; when full, expired ones, then the oldest. */
  private makeRoom(session: WebSession): void {
    for (const id of this.byUser.get(userKey(session)) ?? []) {
      if ((this.byUser.get(userKey(session))?.size ?? 0) < MAX_SESSIONS_PER_USER) break;
      this.forget(this.sessions.get(id) as WebSession);
    }
    if (this.sessions.size < MAX_SESSIONS) return;
    const now = this.now();
    for (const stored of [...this.sessions.values()]) if (stored.expires < now) this.forget(stored);
    while (this.sessions.size >= MAX_SESSIONS) this.forget(this.sessions.values().next().value as WebSession);
  }

  /** The Set-Cookie value of `session` with this store's cookie name, SameSite and lifetime. */
  cookieFor(session: WebSession): string {
    const { name, sameSite, ttlMs, persistent } = this.cookieOptions;
    return `${name}=${session.id}; HttpOnly; SameSite=${sameSite}; Path=/${persistent ? `; Max-Age=${Math.floor(ttlMs / 1000)}` : ''}`;
  }

  /** The Set-Cookie value that removes this store's cookie. */
  clearedCookieFor(): string {
    return `${this.cookieOptions.name}=; HttpOnly; SameSite=${this.cookieOptions.sameSite}; Path=/; Max-Age=0`;
  }

  static cookie(session: WebSession): string {
    return `${SESSION_COOKIE}=${session.id}; HttpOnly; SameSite=Strict; Path=/`;
  }

  static clearedCookie(): string {
    return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
  }
}
