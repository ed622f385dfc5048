// Which database a request is for, as the reference server picks it: the database header (X-Odoo-Database, and by
// default also the spec's X-Service-Database), else the host filter, else the only database; and the page sent when
// none is selected, worded as the reference server's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { filterDatabase } from './databaseFilter';
import { sendHtml } from './httpAnswers';

/**
 * The headers read: `both` (the default) reads X-Odoo-Database, then X-Service-Database; `real` reads only
 * X-Odoo-Database, as a real Odoo 19.0 server does.
 */
export type DatabaseHeaderMode = 'both' | 'real';

export const DATABASE_HEADER_MODES: readonly DatabaseHeaderMode[] = ['both', 'real'];

/** How the server picks a request's database. */
export interface DatabaseSelection {
  readonly headerMode?: DatabaseHeaderMode;
  /** Host-based filter (`%d`: the first label of the host name), used when no database header names one. */
  readonly databaseFilter?: string;
}

/** The database the request's headers name (an empty header names none), or undefined. */
export function headerDatabase(request: IncomingMessage, mode: DatabaseHeaderMode = 'both'): string | undefined {
  const names = mode === 'real' ? ['x-odoo-database'] : ['x-odoo-database', 'x-service-database'];
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * The database a request is for: the one its header names (when it exists), else the one the host filter selects,
 * else the only database; null when none works. A header naming an unknown database selects none, even on a server
 * with one database (as the reference server answers).
 */
export function selectDatabase(request: IncomingMessage, catalog: DatabaseCatalog, selection: DatabaseSelection = {}): string | null {
  const named = headerDatabase(request, selection.headerMode);
  const names = catalog.list();
  if (named !== undefined) return names.includes(named) ? named : null;
  if (selection.databaseFilter !== undefined) return filterDatabase(selection.databaseFilter, request.headers.host, names);
  return names.length === 1 ? names[0] : null;
}

// The reference server's page, as recorded (../shared/real-server/odoo-19.0/pages/no-database-selected.html).
const NO_DATABASE_PAGE = [
  '<!DOCTYPE html>',
  '<title>404 Not Found</title>',
  '<h1>Not Found</h1>',
  '<p>No database is selected and the requested URL was not found in the server-wide controllers.</p>',
  '<p>Please verify the hostname, <a href=/web/login>login</a> and try again.</p>',
  '',
  '<!-- Alternatively, use the X-Odoo-Database header. -->',
  '',
].join('\n');

/** The 404 page of a request for which no database is selected. */
export function sendNoDatabasePage(response: ServerResponse): void {
  sendHtml(response, 404, NO_DATABASE_PAGE);
}
