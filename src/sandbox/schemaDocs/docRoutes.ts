// GET /doc-bearer/index.json and /doc-bearer/<model>.json (bearer key, technical documentation group, ETag and 304),
// and /doc (also /doc/index.html and /doc/<model>, the same page showing that model first), a plain page listing the
// models of the database for a logged-in user (web session or bearer key) of the technical documentation group, as
// the reference server's documentation page.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import { accessError, bearerKeyMissing, notFound, unauthorized } from '../errors/serviceErrors';
import { sendError, sendHtml } from '../http/httpAnswers';
import { escapeHtml } from '../http/markupEscape';
import type { RouteAnswer } from '../http/requestRouter';
import { type DatabaseSelection, headerDatabase, selectDatabase, sendNoDatabasePage } from '../http/databaseSelection';
import { Environment } from '../orm/environment';
import { userContext } from '../catalog/callDispatcher';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { GROUP_TECHNICAL_DOC, isSystemUser, type CurrentUser } from '../orm/access/currentUser';
import { loadUser } from '../security/userLookup';
import type { WebSessions } from '../web/webSessions';
import { userFieldsGet } from '../methods/fieldsGet';
import { documentedModel, indexDocument, modelDocument } from './schemaDocuments';
import { authorizationAsSent } from '../http/rawAuthorization';

const BEARER = /^bearer\s+(\S.*)$/i;

/** The strong ETag of a document body. */
export function etagOf(body: string): string {
  return `"${crypto.createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
}

/** True when `If-None-Match` names `etag` (weak or strong) or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
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

async function serveDocument(
  catalog: DatabaseCatalog,
  database: string,
  request: IncomingMessage,
  response: ServerResponse,
  name: string,
): Promise<void> {
  await catalog.use(database, async (storage) => {
    try {
      const match = BEARER.exec(authorizationAsSent(request));
      if (!match) throw bearerKeyMissing();
      const authenticated = await catalog.authenticator(database).authenticate(storage, match[1], catalog.clock.now());
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

const DOC_REFUSED =
  'You are not allowed to read the technical documentation: it is for the Technical Documentation group (settings administrators).';

function mayReadDocumentation(user: CurrentUser): boolean {
  return isSystemUser(user) || user.groups.has(GROUP_TECHNICAL_DOC);
}

/** The user of the request: its bearer key, else its web session on `database`; null when neither. */
async function pageUser(
  catalog: DatabaseCatalog,
  sessions: WebSessions,
  database: string,
  request: IncomingMessage,
): Promise<CurrentUser | null> {
  const match = BEARER.exec(authorizationAsSent(request));
  return catalog.use(database, async (storage) => {
    if (match) return (await catalog.authenticator(database).authenticate(storage, match[1], catalog.clock.now()))?.user ?? null;
    const session = sessions.find(request);
    return session?.uid && session.database === database ? loadUser(storage, session.uid) : null;
  });
}

/** The page's database: the header's, else the web session's (as the reference, whose page is session-based), else the only one. */
function pageDatabase(
  catalog: DatabaseCatalog,
  sessions: WebSessions,
  request: IncomingMessage,
  selection: DatabaseSelection,
): string | null {
  const session = sessions.find(request);
  if (headerDatabase(request, selection.headerMode) === undefined && session?.uid && session.database && catalog.exists(session.database))
    return session.database;
  return selectDatabase(request, catalog, selection);
}

interface PageModel {
  name: string;
  description: string;
  state: string;
}
interface FocusedModel {
  name: string;
  found: { description: string; fields: Record<string, Record<string, unknown>> } | null;
}

/** GET /doc: the login page for nobody, 403 for users outside the documentation group, else the models they may read. */
async function serveDocPage(
  catalog: DatabaseCatalog,
  sessions: WebSessions,
  database: string,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  focus: string | null,
): Promise<void> {
  const user = await pageUser(catalog, sessions, database, request);
  if (!user) {
    response
      .writeHead(303, { Location: `/web/login?redirect=${encodeURIComponent(url.pathname + url.search)}`, 'Content-Length': 0 })
      .end();
    return;
  }
  if (!mayReadDocumentation(user)) {
    sendHtml(
      response,
      403,
      `<!doctype html>\n<html lang=en>\n<meta charset=utf-8>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n<p>${escapeHtml(DOC_REFUSED)}</p>\n`,
      { 'Content-Security-Policy': "default-src 'none'" },
    );
    return;
  }
  const { models, focused } = await catalog.use(database, async (storage) => {
    const env = new Environment(
      storage,
      catalog.registryFor(database),
      user,
      userContext(user),
      catalog.clock.now(),
      catalog.services(database),
    );
    const readable = [...env.registry.models.values()].filter((model) => documentedModel(env, model));
    const shown = focus === null ? undefined : readable.find((model) => model.name === focus);
    return {
      models: readable.map((model): PageModel => ({ name: model.name, description: model.description, state: model.state })),
      focused:
        focus === null
          ? null
          : { name: focus, found: shown ? { description: shown.description, fields: userFieldsGet(env, shown, null, null) } : null },
    };
  });
  sendHtml(response, 200, docPage(database, models, focused), { 'Content-Security-Policy': "default-src 'none'" });
}

/** The model a /doc/<model> address names, first on the page: its fields, or a note when it is not there. */
function focusSection(focused: FocusedModel): string {
  if (!focused.found)
    return `<section id="model" aria-label="${escapeHtml(focused.name)}">\n<p>No model <code>${escapeHtml(focused.name)}</code> here, or you may not read it.</p>\n</section>\n`;
  const rows = Object.entries(focused.found.fields)
    .map(
      ([name, field]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(String(field.string ?? ''))}</td>` +
        `<td>${escapeHtml(String(field.type ?? ''))}</td><td>${typeof field.relation === 'string' ? `<code>${escapeHtml(field.relation)}</code>` : ''}</td></tr>`,
    )
    .join('\n');
  return (
    `<section id="model" aria-label="${escapeHtml(focused.name)}">\n<h2><code>${escapeHtml(focused.name)}</code> ${escapeHtml(focused.found.description)}</h2>\n` +
    `<table>\n<tr><th>Field</th><th>Label</th><th>Type</th><th>Relation</th></tr>\n${rows}\n</table>\n</section>\n`
  );
}

function docPage(database: string, models: readonly PageModel[], focused: FocusedModel | null): string {
  const rows = models
    .map(
      (model) =>
        `<tr${model.name === focused?.name ? ' aria-current="true"' : ''}><td><code>${escapeHtml(model.name)}</code></td><td>${escapeHtml(model.description)}</td><td>${model.state}</td></tr>`,
    )
    .join('\n');
  const title = `${focused ? `${focused.name} - ` : ''}Models of ${database}`;
  return (
    `<!doctype html>\n<html lang=en>\n<meta charset=utf-8>\n<title>${escapeHtml(title)}</title>\n<h1>Models of ${escapeHtml(database)}</h1>\n` +
    (focused ? focusSection(focused) : '') +
    '<p>The machine-readable documents are at <code>/doc-bearer/index.json</code> and <code>/doc-bearer/&lt;model&gt;.json</code> (bearer key, Technical Documentation group).</p>\n' +
    `<table>\n<tr><th>Model</th><th>Description</th><th>State</th></tr>\n${rows}\n</table>\n`
  );
}

/** `/doc-bearer/<model>.json` (and `index.json`): the group is the document's name. */
export const DOCUMENT_PATH = /^\/doc-bearer\/(.+)\.json$/;
/** `/doc`, `/doc/index.html` and `/doc/<model>` (never a name ending in `.json`): the group is the model, if any. */
export const PAGE_PATH = /^\/doc(?:\/index\.html|\/((?![^/]*\.json$)[^/]+))?$/;

/** The answers of the schema documents (bearer key) and of the /doc page (web session). */
export function schemaDocAnswers(
  catalog: DatabaseCatalog,
  sessions: WebSessions,
  selection: DatabaseSelection = {},
): { document: RouteAnswer; page: RouteAnswer } {
  return {
    document: async (request, response, _url, [name]) => {
      request.resume();
      const database = selectDatabase(request, catalog, selection);
      if (database === null) return sendNoDatabasePage(response);
      await serveDocument(catalog, database, request, response, decoded(name));
    },
    page: async (request, response, url, [named]) => {
      request.resume();
      const database = pageDatabase(catalog, sessions, request, selection);
      if (database === null) return sendNoDatabasePage(response);
      await serveDocPage(catalog, sessions, database, request, response, url, named === '' ? null : decoded(named));
    },
  };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
