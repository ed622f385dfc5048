// Browser sessions of the key pages: a random id in an HttpOnly cookie, a CSRF token per session, kept in memory.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'sandbox_session';
const SESSION_TTL_MS = 60 * 60_000;
const MAX_SESSIONS = 10_000;

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

export class WebSessions {
  private readonly sessions = new Map<string, WebSession>();

  /** The live session of the request's cookie, or null. */
  find(request: IncomingMessage): WebSession | null {
    const id = cookieValue(request, SESSION_COOKIE);
    if (!id) return null;
    const session = this.sessions.get(id);
    if (!session) return null;
    if (session.expires < Date.now()) {
      this.sessions.delete(id);
      return null;
    }
    session.expires = Date.now() + SESSION_TTL_MS;
    return session;
  }

  /** A new anonymous session (for the login form's CSRF token). */
  create(): WebSession {
    if (this.sessions.size >= MAX_SESSIONS) this.sweep();
    const session: WebSession = { id: randomToken(), csrfToken: randomToken(), database: null, uid: null, expires: Date.now() + SESSION_TTL_MS };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Logs a user in: a fresh session id and token (the anonymous one is dropped, against session fixation). */
  login(previous: WebSession, database: string, uid: number): WebSession {
    this.sessions.delete(previous.id);
    const session = this.create();
    session.database = database;
    session.uid = uid;
    return session;
  }

  destroy(session: WebSession): void {
    this.sessions.delete(session.id);
  }

  /** Drops expired sessions, then the oldest ones while the table is full. */
  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (session.expires < now) this.sessions.delete(id);
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
  }

  static cookie(session: WebSession): string {
    return `${SESSION_COOKIE}=${session.id}; HttpOnly; SameSite=Strict; Path=/`;
  }

  static clearedCookie(): string {
    return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
  }
}
