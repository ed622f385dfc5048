// The route table: every path the sandbox answers, with its methods and the folder whose code answers it. The first
// row that takes a request answers it; a request that no row takes gets the HTML 404 page (http/requestRouter.ts).
import type { DatabaseCatalog } from './catalog/databaseCatalog';
import { controlKeyAnswer } from './command/controlEndpoint';
import { ACTION_PATH, managerAnswers, type ManagerOptions } from './databaseManager/managerRoutes';
import { json2Answer, type Json2Options } from './http/json2Endpoint';
import { versionAnswer, type Route, type RouteSettings } from './http/requestRouter';
import { jsonRpcAnswer, XMLRPC_PATH, xmlRpcAnswer } from './rpc/rpcRoutes';
import type { RpcRouteContext } from './rpc/rpcServices';
import { DOCUMENT_PATH, PAGE_PATH, schemaDocAnswers } from './schemaDocs/docRoutes';
import { CALL_KW_PATH, sessionAnswers } from './web/sessionRoutes';
import { webPages } from './web/webRoutes';
import { WebSessions } from './web/webSessions';

const GET = ['GET'];
const READ = ['GET', 'HEAD'];
const POST = ['POST'];

export interface RouteTableParts {
  catalog: DatabaseCatalog;
  settings: RouteSettings;
  /** JSON-2 (/json/2/<model>/<method>); null for a --legacy-only server, which has none. */
  json2: Json2Options | null;
  legacyOnly: boolean;
  rpc: RpcRouteContext;
  maxRpcBodyBytes: number;
  manager: ManagerOptions;
  /** The key pages, the web client's session routes and the /doc page. */
  webPages: boolean;
  /** The control token of `json2 sandbox` (its /sandbox/control/key route); absent: no such route. */
  controlToken?: string;
}

export function routeTable(parts: RouteTableParts): Route[] {
  const { catalog, settings } = parts;
  const manager = managerAnswers(parts.manager);
  const routes: Route[] = [
    // http/: the JSON-2 endpoint (any other request under /json/2 gets a JSON 404) and the version.
    ...(parts.json2 ? [{ path: /^\/json\/2(?:\/.*)?$/, answer: json2Answer(parts.json2) }] : []),
    { methods: READ, path: '/web/version', answer: versionAnswer(parts.legacyOnly) },
    // rpc/: the deprecated interfaces (/jsonrpc takes any method, as a JSON-RPC route: the request's type decides).
    { path: '/jsonrpc', answer: jsonRpcAnswer(parts.rpc, parts.maxRpcBodyBytes) },
    { methods: POST, path: XMLRPC_PATH, answer: xmlRpcAnswer(parts.rpc, parts.maxRpcBodyBytes) },
    // databaseManager/: the manager page, the list and the form actions.
    { methods: READ, path: '/web/database/manager', answer: manager.manager },
    { methods: READ, path: '/web/database/selector', answer: manager.selector },
    // A JSON-RPC route takes any method: the request's type decides (anything but JSON gets the 415 page).
    { path: '/web/database/list', answer: manager.list },
    { methods: POST, path: ACTION_PATH, answer: manager.action },
  ];
  if (parts.webPages) {
    // web/ and schemaDocs/: the key pages and the /doc page share the page sessions.
    const sessions = new WebSessions();
    const pages = webPages(catalog, settings, sessions);
    const docs = schemaDocAnswers(catalog, sessions, { headerMode: settings.databaseHeader, databaseFilter: settings.databaseFilter });
    const session = sessionAnswers(catalog, settings);
    routes.push(
      { methods: GET, path: '/', answer: pages.home },
      { methods: GET, path: '/web', answer: pages.home },
      { methods: GET, path: '/web/login', answer: pages.loginForm },
      { methods: POST, path: '/web/login', answer: pages.login },
      { methods: GET, path: '/web/security', answer: pages.security },
      // The user's preferences (Account Security) where a real server's web client has them: the key page here.
      { methods: GET, path: '/odoo/action-base.action_res_users_my', answer: pages.security },
      { methods: POST, path: '/web/security/keys/new', answer: pages.newKey },
      { methods: POST, path: '/web/security/keys/delete', answer: pages.deleteKey },
      { methods: POST, path: '/web/session/logout', answer: pages.logout },
      { methods: READ, path: DOCUMENT_PATH, answer: docs.document },
      { methods: READ, path: PAGE_PATH, answer: docs.page },
      // The web client's JSON-RPC routes answer any method themselves (a 400 page for anything but a JSON POST).
      { path: '/web/session/authenticate', answer: session.authenticate },
      { path: '/web/session/get_session_info', answer: session.getSessionInfo },
      { path: '/web/session/destroy', answer: session.destroy },
      { path: CALL_KW_PATH, answer: session.callKw },
    );
  }
  // command/: `json2 sandbox key` through the running server (any method: all but an authorised POST are refused).
  if (parts.controlToken !== undefined)
    routes.push({ path: '/sandbox/control/key', answer: controlKeyAnswer(catalog, parts.controlToken) });
  return routes;
}
