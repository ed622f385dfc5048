// The deprecated services' functions (spec: common, db and object services), as the detectors recognise them.
import type { LegacyService, MigrationLanguage } from './legacyCall';

export const OBJECT_FUNCTIONS: ReadonlySet<string> = new Set(['execute_kw', 'execute']);
export const COMMON_FUNCTIONS: ReadonlySet<string> = new Set(['version', 'login', 'authenticate']);
/** The db service's 13 functions. */
export const DB_FUNCTIONS: ReadonlySet<string> = new Set([
  'create_database',
  'duplicate_database',
  'drop',
  'dump',
  'restore',
  'change_admin_password',
  'rename',
  'migrate_databases',
  'db_exist',
  'list',
  'list_lang',
  'list_countries',
  'server_version',
]);

/** Whether `functionName` is a function of that service (so `cursor.execute` on something else is never taken). */
export function isServiceFunction(service: LegacyService, functionName: string): boolean {
  if (service === 'object') return OBJECT_FUNCTIONS.has(functionName);
  if (service === 'common') return COMMON_FUNCTIONS.has(functionName);
  return DB_FUNCTIONS.has(functionName);
}

/** A cheap text test: whether a file may hold a deprecated call at all, before any parser is loaded. */
export function mayHoldLegacyCalls(text: string): boolean {
  return /xmlrpc|jsonrpc|execute_kw|ServerProxy|ripcord|odoo-await|n8n-nodes-base\.odoo/i.test(text);
}

/** The language of a file the assistant reads, from its name, or undefined. */
export function languageOfFile(fileName: string): MigrationLanguage | undefined {
  if (/\.pyw?$/i.test(fileName)) return 'python';
  if (/\.(m|c)?(j|t)sx?$/i.test(fileName)) return 'javascript';
  if (/\.(php|phtml)$/i.test(fileName)) return 'php';
  return undefined;
}

/** Whether the assistant reads a file of that name: sources (declaration files hold no calls) and JSON (n8n workflow exports). */
export function isMigrationSource(fileName: string): boolean {
  return (languageOfFile(fileName) !== undefined && !/\.d\.[cm]?ts$/i.test(fileName)) || /\.json$/i.test(fileName);
}
