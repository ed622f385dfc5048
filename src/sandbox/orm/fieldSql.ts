// The SQL that reads a field's value over a table alias. A translated field (char, text, html with `translate`) keeps
// one value per language in a jsonb column; it reads in the language of the call (`sandbox.lang`, set for the
// transaction by the dispatcher when the context asks for a language other than en_US), falling back to en_US.
import type { FieldDefinition } from './fieldDefinition';
import { quoteIdentifier } from '../storage/sqlQuoting';

/** The transaction setting that holds the language of the call. */
export const LANG_SETTING = 'sandbox.lang';

/** The value of the translated column `column` of `alias` in the call's language, else in en_US. */
export function translatedSql(alias: string, column: string): string {
  const value = `${alias}.${quoteIdentifier(column)}`;
  return `COALESCE(${value} ->> current_setting('${LANG_SETTING}', true), ${value} ->> 'en_US')`;
}

/** SQL of the value of `field` over `alias`: its column (in the call's language when translated), else its expression. */
export function fieldSql(field: FieldDefinition, alias: string): string {
  if (field.store) return field.translate ? translatedSql(alias, field.name) : `${alias}.${quoteIdentifier(field.name)}`;
  return field.computeSql ? `(${field.computeSql(alias)})` : 'NULL';
}
