// How a request names its database: the header names, their value, a request's own override, and what to say when the
// server selected none or does not have the one named. Every client, export, writer and flow asks this module.

/** The header Odoo servers read (a real 19.0 never reads the other one). */
export const ODOO_DATABASE_HEADER = 'X-Odoo-Database';
/** The header the service's spec names (service-api.md, Authentication 3). */
export const SERVICE_DATABASE_HEADER = 'X-Service-Database';
/** Sent when a connection chooses no header: one value under both names, so that servers of either kind read theirs. */
export const DEFAULT_DATABASE_HEADERS: readonly string[] = [ODOO_DATABASE_HEADER, SERVICE_DATABASE_HEADER];

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** Why `name` cannot name the database header, or undefined when it can. */
export function databaseHeaderProblem(name: string): string | undefined {
  return HEADER_NAME.test(name) ? undefined : `"${name}" is not a header name.`;
}

/**
 * The header names a connection sends its database in: `only` (the connection's `databaseHeader`, for a server that
 * must see one name) when given, else both standard names.
 */
export function databaseHeaderNames(only?: string): readonly string[] {
  return only === undefined || only === '' ? DEFAULT_DATABASE_HEADERS : [only];
}

/** The names as a phrase: `the X-Odoo-Database and X-Service-Database headers`. */
export function describeDatabaseHeaders(only?: string): string {
  const names = databaseHeaderNames(only);
  return names.length === 1 ? `the ${names[0]} header` : `the ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} headers`;
}

/** The headers naming `database` (none for no database or an empty name), under the names `databaseHeaderNames` gives. */
export function databaseHeaders(database: string | undefined, only?: string): Record<string, string> {
  if (database === undefined || database === '') return {};
  return Object.fromEntries(databaseHeaderNames(only).map((name) => [name, database]));
}

/** The header a request file is given to name its database (the explorer's requests, pasted snippets). */
export function requestDatabaseHeader(only?: string): string {
  return databaseHeaderNames(only)[0];
}

/** True for a header that names the database: either standard name, or the connection's own (any case). */
export function isDatabaseHeader(name: string, only?: string): boolean {
  const lower = name.toLowerCase();
  return [...DEFAULT_DATABASE_HEADERS, ...(only ? [only] : [])].some((known) => known.toLowerCase() === lower);
}

/** A request's headers split into the database they name (the request's override, undefined when none) and the others. */
export interface DatabaseOverride<H> {
  readonly database: string | undefined;
  readonly others: readonly H[];
  /** Two database headers naming different databases: the request must not be sent. */
  readonly conflict?: string;
}

/**
 * Takes a request's own database headers out of its headers (either standard name, or the connection's own): their
 * value replaces the connection's database in every header the request sends. An empty value means no database.
 */
export function splitDatabaseOverride<H extends { readonly name: string; readonly value: string }>(
  headers: readonly H[],
  only?: string,
): DatabaseOverride<H> {
  const named = headers.filter((header) => isDatabaseHeader(header.name, only));
  const others = headers.filter((header) => !isDatabaseHeader(header.name, only));
  const values = [...new Set(named.map((header) => header.value.trim()))];
  if (values.length > 1) {
    return {
      database: values[0],
      others,
      conflict: `The request names two databases (${named.map((header) => `${header.name}: ${header.value}`).join(', ')}); keep one header.`,
    };
  }
  return { database: values[0], others };
}

/** Same as `splitDatabaseOverride` for a header record (`{ name: value }`). */
export function splitDatabaseOverrideOf(headers: Readonly<Record<string, string>>, only?: string): DatabaseOverride<[string, string]> {
  const split = splitDatabaseOverride(
    Object.entries(headers).map(([name, value]) => ({ name, value, entry: [name, value] as [string, string] })),
    only,
  );
  return {
    database: split.database,
    others: split.others.map((header) => header.entry),
    ...(split.conflict ? { conflict: split.conflict } : {}),
  };
}

/** The database a request goes to: its own override when it has one (empty: none), else the connection's. */
export function effectiveDatabase(connectionDatabase: string | undefined, override: string | undefined): string | undefined {
  const database = override ?? connectionDatabase;
  return database === '' ? undefined : database;
}

/** The sentence refusing, before sending, a database the server's list does not have. */
export function unknownDatabaseMessage(database: string, known: readonly string[]): string {
  const list = known.length === 0 ? 'it lists none' : `it has: ${known.join(', ')}`;
  return `The database "${database}" does not exist on this server; ${list}.`;
}

/**
 * What a "No database is selected" page means and what to set, from what the request sent: no database, a name the
 * server does not know, or a name in a header the server may not read.
 */
export function noDatabaseMessage(database: string | undefined, only?: string): string {
  const said = 'The server answered "No database is selected" (404 page)';
  if (database === undefined || database === '')
    return `${said}: it hosts several databases and the request named none. Set the connection's database (json2 run and json2 mcp: --db NAME).`;
  const sent = `"${database}" was sent in ${describeDatabaseHeaders(only)}`;
  const names = databaseHeaderNames(only);
  if (names.some((name) => name.toLowerCase() === ODOO_DATABASE_HEADER.toLowerCase()))
    return `${said}: ${sent}, and the server has no database of that name (or its dbfilter hides it for this address). Check the connection's database.`;
  return (
    `${said}: ${sent}, which Odoo servers do not read (they read ${ODOO_DATABASE_HEADER}). Remove the connection's ` +
    `databaseHeader setting to send both names (json2 run and json2 mcp: leave out --db-header), or check the database name.`
  );
}

/** True for the server's "No database is selected" page (404, HTML): the page a server hosting several databases sends. */
export function isNoDatabasePage(status: number, contentType: string | undefined, text: string): boolean {
  if (status !== 404 || (contentType !== undefined && !/html|text\/plain/i.test(contentType))) return false;
  return /no database is selected/i.test(text);
}
