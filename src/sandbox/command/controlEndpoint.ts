// POST /sandbox/control/key (mounted by routeTable.ts): lets `json2 sandbox key` create a key through the running
// server (which owns the databases). Only from loopback, only with the control token from the data folder's server card.
import type { RouteAnswer } from '../http/requestRouter';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { expiryAfterDays, issueApiKey, KeyIssueError } from '../keys/keyIssuer';
import { sameToken } from '../web/webSessions';
import { sendJson } from '../http/httpAnswers';
import { readBody } from '../http/requestBody';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The answer of /sandbox/control/key (every method: anything but an authorised POST is refused). */
export function controlKeyAnswer(catalog: DatabaseCatalog, token: string): RouteAnswer {
  return async (request, response) => {
    const header = request.headers['x-sandbox-control'];
    if (
      request.method !== 'POST' ||
      !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
      typeof header !== 'string' ||
      !sameToken(header, token)
    ) {
      request.resume();
      sendJson(response, 403, { error: 'forbidden' });
      return;
    }
    try {
      const body = JSON.parse((await readBody(request, 64 * 1024)).toString('utf8')) as {
        db?: unknown;
        login?: unknown;
        days?: unknown;
        name?: unknown;
      };
      if (typeof body.db !== 'string' || typeof body.login !== 'string' || typeof body.days !== 'number')
        throw new KeyIssueError('db, login and days are required');
      const expiration = expiryAfterDays(body.days, catalog.clock.now());
      const name = typeof body.name === 'string' && body.name !== '' ? body.name : `json2 sandbox key (${body.days} days)`;
      const issued = await issueApiKey(catalog, body.db, { login: body.login, name, expiration });
      sendJson(response, 200, { key: issued.key, expiration: issued.expiration.toISOString() });
    } catch (error) {
      sendJson(response, error instanceof KeyIssueError ? 422 : 400, { error: error instanceof Error ? error.message : String(error) });
    }
  };
}
