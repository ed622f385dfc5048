// GET /doc-bearer/index.json and /doc-bearer/<model>.json (bearer key, technical documentation group, ETag and 304),
// and /doc, a plain page listing the models of the database for a logged-in user (web session or bearer key) of the
// technical documentation group, as the reference server's documentation page.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import { accessError, notFound, unauthorized } from '../errors/serviceErrors';
import { escapeHtml, sendError, sendHtml } from '../http/httpAnswers';
import type { RouteHandler } from '../http/requestRouter';
import { selectDatabase, sendNoDatabasePage } from '../http/json2Endpoint';
import { Environment } from '../orm/environment';
import { userContext } from '../service/callDispatcher';
import type { DatabaseCatalog } from '../service/databaseCatalog';
import { GROUP_TECHNICAL_DOC, isSystemUser, type CurrentUser } from '../security/currentUser';
import { loadUser } from '../security/userLookup';
import type { WebSessions } from '../web/webSessions';
import { documentedModel, indexDocument, modelDocument } from './schemaDocuments';

const BEARER = /^bearer\s+(\S.*)$/i;
const DOCUMENT = /^\/doc-bearer\/(.+)\.json$/;

/** The strong ETag of a document body. */
export function etagOf(body: string): string {
  return `"${crypto.createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
}

/** True when `If-None-Match` names `etag` (weak or strong) or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, '')).some((tag) => tag === '*' || tag === etag);
}

function sendDocument(request: IncomingMessage, response: ServerResponse, document: unknown): void {
  const body = JSON.stringify(document);
  const etag = etagOf(body);
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Authorization' };
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  response.end(request.method === 'HEAD' ? undefined : body);
}

async function serveDocument(catalog: DatabaseCatalog, database: string, request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
  await catalog.use(database, async (storage) => {
    try {
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match) throw unauthorized('User not authenticated, use the "Authorization" header');
      const authenticated = await catalog.authenticator(database).authenticate(storage, match[1].trim(), catalog.clock.now());
      if (!authenticated) throw unauthorized('Invalid apikey');
      const { user } = authenticated;
      if (!mayReadDocumentation(user)) throw accessError(DOC_REFUSED);
      const registry = catalog.registryFor(database);
      const env = new Environment(storage, registry, user, userContext(user), catalog.clock.now(), catalog.services(database));
      if (name === 'index') {
        sendDocument(request, response, await indexDocument(env));
        return;
      }
      const model = registry.model(name);
      if (!model || !documentedModel(env, model)) throw notFound(`the model '${name}' does not exist`);
      sendDocument(request, response, modelDocument(env, model));
    } catch (error) {
      sendError(response, asServiceError(error));
    }
  });
}

const DOC_REFUSED = 'You are not allowed to read the technical documentation: it is for the Technical Documentation group (settings administrators).';

function mayReadDocumentation(user: CurrentUser): boolean {
  return isSystemUser(user) || user.groups.has(GROUP_TECHNICAL_DOC);
}

/** The user of the request: its bearer key, else its web session on `database`; null when neither. */
async function pageUser(catalog: DatabaseCatalog, sessions: WebSessions, database: string, request: IncomingMessage): Promise<CurrentUser | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  return catalog.use(database, async (storage) => {
    if (match) return (await catalog.authenticator(database).authenticate(storage, match[1].trim(), catalog.clock.now()))?.user ?? null;
    const session = sessions.find(request);
    return session?.uid && session.database === database ? loadUser(storage, session.uid) : null;
  });
}

/** GET /doc: the login page for nobody, 403 for users outside the documentation group, else the models they may read. */
async function serveDocPage(catalog: DatabaseCatalog, sessions: WebSessions, database: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const user = await pageUser(catalog, sessions, database, request);
  if (!user) {
    response.writeHead(303, { Location: '/web/login?redirect=%2Fdoc', 'Content-Length': 0 }).end();
    return;
  }
  if (!mayReadDocumentation(user)) {
    sendHtml(response, 403, `<!doctype html>\n<html lang=en>\n<meta charset=utf-8>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n<p>${escapeHtml(DOC_REFUSED)}</p>\n`, { 'Content-Security-Policy': "default-src 'none'" });
    return;
  }
  const models = await catalog.use(database, async (storage) => {
    const env = new Environment(storage, catalog.registryFor(database), user, userContext(user), catalog.clock.now(), catalog.services(database));
    return [...env.registry.models.values()].filter((model) => documentedModel(env, model));
  });
  sendHtml(response, 200, docPage(database, models.map((model) => ({ name: model.name, description: model.description, state: model.state }))), { 'Content-Security-Policy': "default-src 'none'" });
}

function docPage(database: string, models: ReadonlyArray<{ name: string; description: string; state: string }>): string {
  const rows = models.map((model) => `<tr><td><code>${escapeHtml(model.name)}</code></td><td>${escapeHtml(model.description)}</td><td>${model.state}</td></tr>`).join('\n');
  return `<!doctype html>\n<html lang=en>\n<meta charset=utf-8>\n<title>Models of ${escapeHtml(database)}</title>\n<h1>Models of ${escapeHtml(database)}</h1>\n`
    + '<p>The machine-readable documents are at <code>/doc-bearer/index.json</code> and <code>/doc-bearer/&lt;model&gt;.json</code> (bearer key, Technical Documentation group).</p>\n'
    + `<table>\n<tr><th>Model</th><th>Description</th><th>State</th></tr>\n${rows}\n</table>\n`;
}

/** The routes of the schema documents and the /doc page. */
export function schemaDocRoutes(catalog: DatabaseCatalog, sessions: WebSessions): RouteHandler[] {
  return [async (request, response, url) => {
    const path = url.pathname;
    const document = DOCUMENT.exec(path);
    if ((!document && path !== '/doc') || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    request.resume();
    const database = selectDatabase(request, catalog);
    if (database === null) {
      sendNoDatabasePage(response);
      return true;
    }
    if (document) {
      let name: string;
      try { name = decodeURIComponent(document[1]); } catch { name = document[1]; }
      await serveDocument(catalog, database, request, response, name);
      return true;
    }
    await serveDocPage(catalog, sessions, database, request, response);
    return true;
  }];
}
