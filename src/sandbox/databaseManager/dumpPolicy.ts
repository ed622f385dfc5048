// What a restore lets a backup do: only the statements a plain dump of the sandbox writes (sequences, tables, rows as
// INSERT ... VALUES with literals, constraints, indexes, setval), inside the restore's own transaction. Refused:
// anything that would end or leave that transaction (COMMIT, ROLLBACK, BEGIN, SAVEPOINT, SET ROLE, SET SESSION
// AUTHORIZATION, RESET, ...), reach the server's files or programs (COPY, lo_import, pg_read_file, ...), read outside
// the database (subqueries, pg_authid, ...), or act on the server (advisory locks, signals, settings, sleeping).
import { DatabaseOperationError } from './databaseOperations';
import type { SplitStatement } from './sqlStatements';

/** A statement of the backup that a restore does not run. */
export class ForbiddenStatementError extends DatabaseOperationError {}

/** Functions and relations that reach beyond the database being restored, by name or by family (a prefix). */
const FORBIDDEN_NAMES = new Set([
  'lo_import',
  'lo_export',
  'pg_stat_file',
  'set_config',
  'current_setting',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'pg_switch_wal',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_notify',
  'pg_current_logfile',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xmlschema',
  'database_to_xml_and_xmlschema',
  'pg_authid',
  'pg_shadow',
  'pg_user_mapping',
  'pg_user_mappings',
  'pg_hba_file_rules',
  'pg_ident_file_mappings',
  'pg_file_settings',
  'pg_settings',
  'pg_stat_activity',
  'pg_largeobject',
  'pg_largeobject_metadata',
  'pg_import_system_collations',
]);
const FORBIDDEN_FAMILIES = [
  'pg_read_',
  'pg_ls_',
  'pg_file_',
  'pg_stat_',
  'lo_',
  'dblink',
  'pg_sleep',
  'pg_advisory',
  'pg_try_advisory',
  'pg_create_',
  'pg_drop_',
  'pg_replication_',
  'pg_logical_',
  'pg_wal_',
  'pg_backup_',
  'pg_log_',
  'binary_upgrade_',
];

/** Keywords that read other tables or run other statements, refused in every statement (unquoted). */
const FORBIDDEN_KEYWORDS = new Set(['select', 'copy', 'execute', 'tablespace', 'do', 'call', 'with']);

/** Words allowed after `values` in a row: literals only (strings and numbers are not words). */
const ROW_WORDS = new Set(['null', 'true', 'false', 'default']);
/** Words of `SELECT setval('sequence', n, true)`. */
const SETVAL_WORDS = new Set(['select', 'setval', 'pg_catalog', '"pg_catalog"', '"setval"', 'true', 'false']);

/** First letters of every forbidden name and family: most words are looked up no further. */
const FIRST_LETTERS = new Set([...FORBIDDEN_NAMES, ...FORBIDDEN_FAMILIES].map((name) => name[0]));

function forbiddenName(word: string): boolean {
  const bare = word.charCodeAt(0) === 34 ? word.slice(1, -1) : word;
  if (!FIRST_LETTERS.has(bare[0])) return false;
  return FORBIDDEN_NAMES.has(bare) || FORBIDDEN_FAMILIES.some((family) => bare.startsWith(family));
}

function describe(statement: SplitStatement): string {
  const text = statement.text.replace(/^(\s*--[^\n]*\n)+/, '').replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function refuse(statement: SplitStatement, why: string): never {
  throw new ForbiddenStatementError(`the backup has a statement that a restore does not run (${why}): ${describe(statement)}`);
}

/** The kind of a statement from its first words, or null when a plain dump has no such statement. */
function kindOf(head: readonly string[]): 'encoding' | 'strings' | 'sequence' | 'setval' | 'table' | 'constraint' | 'index' | 'row' | null {
  const [first, second, third] = head;
  if (first === 'set' && second === 'client_encoding') return 'encoding';
  if (first === 'set' && second === 'standard_conforming_strings') return 'strings';
  if (first === 'create' && second === 'sequence') return 'sequence';
  if (first === 'select' && (second === 'setval' || (second === 'pg_catalog' && third === 'setval'))) return 'setval';
  if (first === 'create' && second === 'table') return 'table';
  if (first === 'alter' && second === 'table') {
    const rest = head.slice(third === 'only' ? 3 : 2);
    const add = rest.indexOf('add');
    return add >= 1 && rest[add + 1] === 'constraint' ? 'constraint' : null;
  }
  if (first === 'create' && (second === 'index' || (second === 'unique' && third === 'index'))) return 'index';
  if (first === 'insert' && second === 'into') return 'row';
  return null;
}

/**
 * Checks one statement of a backup: 'run' it, 'skip' it (the encoding and string settings a dump starts with, which
 * the restore sets itself), or ForbiddenStatementError.
 */
export function checkDumpStatement(statement: SplitStatement): 'run' | 'skip' {
  const named = statement.words.find(forbiddenName);
  if (named !== undefined) refuse(statement, `${named} reaches outside the database`);
  const kind = kindOf(statement.head);
  if (kind === null) refuse(statement, `'${statement.head.slice(0, 3).join(' ')}' is not a statement of a plain dump`);
  if (kind === 'setval') {
    const other = statement.words.find((word) => !SETVAL_WORDS.has(word));
    if (other !== undefined) refuse(statement, `setval with '${other}'`);
    return 'run';
  }
  const keyword = statement.words.find((word) => FORBIDDEN_KEYWORDS.has(word));
  if (keyword !== undefined) refuse(statement, `${keyword.toUpperCase()} inside a ${kind} statement`);
  switch (kind) {
    case 'encoding':
      if (!/'utf-?8'\s*;$/i.test(statement.text)) refuse(statement, 'the backup must be UTF-8');
      return 'skip';
    case 'strings':
      if (!/\bon\s*;$/i.test(statement.text) || statement.words.length > 4)
        refuse(statement, 'the backup must be written with standard_conforming_strings on');
      return 'skip';
    case 'table':
      if (statement.words.includes('as')) refuse(statement, 'CREATE TABLE ... AS');
      return 'run';
    case 'row': {
      const other = statement.afterValues?.find((word) => !ROW_WORDS.has(word));
      if (statement.afterValues === null || other !== undefined)
        refuse(statement, other === undefined ? 'a row without VALUES' : `'${other}' in the values of a row`);
      return 'run';
    }
    default:
      return 'run';
  }
}
