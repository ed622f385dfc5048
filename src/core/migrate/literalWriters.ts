// Writes plain JSON values as Python, JavaScript or PHP literals, for the values a conversion adds.
import type { MigrationLanguage, SourceExpr } from './legacyCall';
import type { BodyValue } from './migrationPlan';

/** A JSON value as a literal of the language. */
export function literalOf(value: unknown, language: MigrationLanguage): string {
  if (value === null || value === undefined) return language === 'python' ? 'None' : 'null';
  if (typeof value === 'boolean') return language === 'python' ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return language === 'php' ? `'${value.replace(/[\\']/g, '\\$&')}'` : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => literalOf(item, language)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (language === 'php') return entries.length === 0 ? 'new \\stdClass()' : `[${entries.map(([key, item]) => `${literalOf(key, 'php')} => ${literalOf(item, 'php')}`).join(', ')}]`;
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${literalOf(item, language)}`).join(', ')}}`;
}

/** A body value as code: the original expression as written, or the added value as a literal. */
export function codeOf(value: BodyValue, language: MigrationLanguage): string {
  if ('expr' in value) return exprCode(value.expr, language);
  return literalOf(value.value, language);
}

/** An original expression, except that PHP's empty array literal becomes an object where JSON needs one. */
export function exprCode(expr: SourceExpr, language: MigrationLanguage): string {
  if (language === 'php' && expr.kind === 'dict' && expr.entries?.length === 0) return 'new \\stdClass()';
  return expr.text;
}

/** Notes as comment lines of the language, each prefixed with `indent`. */
export function commentLines(notes: readonly string[], language: MigrationLanguage, indent: string): string[] {
  const mark = language === 'python' ? '#' : '//';
  return notes.map((note) => `${indent}${mark} ${note}`);
}

/** Form fields that the database manager reads as checkboxes: sent as "true" when set, left out otherwise. */
export const CHECKBOX_FIELDS: ReadonlySet<string> = new Set(['demo', 'neutralize_database', 'copy', 'neutralize']);
