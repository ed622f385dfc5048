// GET /doc-bearer/index.json and /doc-bearer/<model>.json (bearer key, technical documentation group, ETag and 304),
// and /doc, a plain page listing the models of the database.
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
import { GROUP_TECHNICAL_DOC, isSystemUser } from '../security/currentUser';
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
      if (!isSystemUser(user) && !user.groups.has(GROUP_TECHNICAL_DOC)) {
        throw accessError('You are not allowed to read the technical documentation: it is for the Technical Documentation group (settings administrators).');
      }
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

function docPage(database: string, models: ReadonlyArray<{ name: string; description: string; state: string }>): string {
  const rows = models.map((model) => `<tr><td><code>${escapeHtml(model.name)}</code></td><td>${escapeHtml(model.description)}</td><td>${model.state}</td></tr>`).join('\n');
  return `<!doctype html>\n<html lang=en>\n<meta charset=utf-8>\n<title>Models of ${escapeHtml(database)}</title>\n<h1>Models of ${escapeHtml(database)}</h1>\n`
    + '<p>The machine-readable documents are at <code>/doc-bearer/index.json</code> and <code>/doc-bearer/&lt;model&gt;.json</code> (bearer key, Technical Documentation group).</p>\n'
    + `<table>\n<tr><th>Model</th><th>Description</th><th>State</th></tr>\n${rows}\n</table>\n`;
}

/** The routes of the schema documents and the /doc page. */
export function schemaDocRoutes(catalog: DatabaseCatalog): RouteHandler[] {
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
    const models = await catalog.use(database, async () => [...catalog.registryFor(database).models.values()]);
    sendHtml(response, 200, docPage(database, models.map((model) => ({ name: model.name, description: model.description, state: model.state }))), { 'Content-Security-Policy': "default-src 'none'" });
    return true;
  }];
}
