// The address of a record (or of a model's list) in the server's own web client, for "Open in Browser": the path form
// of the server's release, on the connection's database, never with a key.

/** What the address is built from: the connection's address, database and release, and what to show. */
export interface WebClientTarget {
  /** The connection's base URL (`https://erp.example.com`, optionally with a path prefix). */
  readonly baseUrl: string;
  /** The connection's database: set when the server hosts several, so the browser must log in there. */
  readonly database?: string;
  /** The server's release as the connection saw it (`19.0`, `saas~17.2`, `16.0+e`); unknown: the old form. */
  readonly serverVersion?: string;
  readonly model: string;
  /** The record; absent for the model's list. */
  readonly id?: number;
}

/**
 * True from 17.2 on, where the web client reads `/odoo/<model>/<id>` paths (its router: a model is a path segment
 * with a dot, else written `m-<model>`). Older releases, and an unknown one, get `/web#…`, which the newer router
 * also reads (and rewrites), so it is the safe choice when the release is not known.
 */
export function usesOdooPaths(serverVersion: string | undefined): boolean {
  const match = /^(?:saas~)?(\d+)\.(\d+)/.exec(serverVersion?.trim() ?? '');
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major > 17 || (major === 17 && minor >= 2);
}

/** The web client's path (with its query or fragment) for the model's list or one record, on the server's release. */
export function webClientPath(target: Pick<WebClientTarget, 'serverVersion' | 'model' | 'id'>): string {
  const { model, id } = target;
  if (!/^[A-Za-z0-9_.]+$/.test(model)) throw new Error(`"${model}" is not a model name.`);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) throw new Error(`${String(id)} is not a record id.`);
  if (usesOdooPaths(target.serverVersion)) {
    const segment = model.includes('.') ? model : `m-${model}`;
    return id === undefined ? `/odoo/${segment}?view_type=list` : `/odoo/${segment}/${id}`;
  }
  return id === undefined ? `/web#model=${model}&view_type=list` : `/web#id=${id}&model=${model}&view_type=form`;
}

/**
 * The full address to open. With a database, through `/web/login?db=…&redirect=…`: the browser's session is moved to
 * that database (logging in there when it is not yet) and then sent on to the record.
 */
export function webClientUrl(target: WebClientTarget): string {
  return addressOf(target, webClientPath(target));
}

/**
 * The user's own preferences in the web client, whose Account Security tab makes and deletes API keys (the action
 * `base.action_res_users_my`, what the user menu's "Preferences" opens), on the connection's database.
 */
export function userPreferencesUrl(target: Omit<WebClientTarget, 'model' | 'id'>): string {
  const action = 'base.action_res_users_my';
  return addressOf(target, usesOdooPaths(target.serverVersion) ? `/odoo/action-${action}` : `/web#action=${action}`);
}

function addressOf(target: Pick<WebClientTarget, 'baseUrl' | 'database'>, path: string): string {
  const base = new URL(target.baseUrl);
  if (base.username !== '' || base.password !== '') throw new Error("The connection's address carries credentials: it is never opened.");
  const prefix = base.pathname.replace(/\/+$/, '');
  if (target.database === undefined) return `${base.origin}${prefix}${path}`;
  const query = new URLSearchParams({ db: target.database, redirect: `${prefix}${path}` });
  return `${base.origin}${prefix}/web/login?${query.toString()}`;
}
