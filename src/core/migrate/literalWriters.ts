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
  if (language === 'php')
    return entries.length === 0
      ? 'new \\stdClass()'
      : `[${entries.map(([key, item]) => `${literalOf(key, 'php')} => ${literalOf(item, 'php')}`).join(', ')}]`;
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${literalOf(item, language)}`).join(', ')}}`;
}

/** JSON-2 parameters that take a mapping: an empty PHP array given for one of them must be sent as an object. */
const MAPPING_PARAMETERS: ReadonlySet<string> = new Set(['context', 'vals', 'default', 'values', 'kwargs']);

/** Whether a JSON-2 parameter takes a mapping. */
export function takesMapping(parameter: string): boolean {
  return MAPPING_PARAMETERS.has(parameter);
}

/** A body value as code: the original expression as written, or the added value as a literal. */
export function codeOf(value: BodyValue, language: MigrationLanguage, parameter?: string): string {
  if ('expr' in value) return exprCode(value.expr, language, parameter);
  return literalOf(value.value, language);
}

/**
 * An original expression, except that PHP's empty array literal (a list and a mapping alike) becomes an object where
 * the parameter takes a mapping (`json_encode([])` gives a JSON list, right for a domain or a list of fields).
 */
export function exprCode(expr: SourceExpr, language: MigrationLanguage, parameter?: string): string {
  if (
    language === 'php' &&
    expr.kind === 'dict' &&
    expr.entries?.length === 0 &&
    (parameter === undefined || MAPPING_PARAMETERS.has(parameter))
  )
    return 'new \\stdClass()';
  // Dates inside the expression become strings in the server's format (JSON has no date; XML-RPC had one).
  let text = expr.text;
  for (const date of temporalParts(expr).sort((a, b) => b.start - a.start)) {
    text = text.slice(0, date.start - expr.start) + serverDate(date, language) + text.slice(date.end - expr.start);
  }
  return text;
}

/** The datetime and date expressions inside an expression (itself included). */
export function temporalParts(expr: SourceExpr): SourceExpr[] {
  if (expr.temporal) return [expr];
  return [...(expr.items ?? []), ...(expr.entries ?? []).map((entry) => entry.value)].flatMap(temporalParts);
}

/** A datetime as the server reads it: "YYYY-MM-DD HH:MM:SS" in UTC (a date: "YYYY-MM-DD"). */
function serverDate(expr: SourceExpr, language: MigrationLanguage): string {
  const simple = /^[\w$.]+(\([^()]*\))?$/.test(expr.text) && !/^new\b/.test(expr.text);
  const operand = simple ? expr.text : `(${expr.text})`;
  if (language === 'python') return `${operand}.strftime(${expr.temporal === 'date' ? '"%Y-%m-%d"' : '"%Y-%m-%d %H:%M:%S"'})`;
  if (language === 'php') return `(clone ${operand})->setTimezone(new DateTimeZone('UTC'))->format('Y-m-d H:i:s')`;
  return `${operand}.toISOString().slice(0, 19).replace('T', ' ')`;
}

/** The note a conversion carries when it turns dates into strings. */
export const DATE_NOTE =
  'Dates are sent as strings in the server\'s format ("YYYY-MM-DD HH:MM:SS" in UTC, or "YYYY-MM-DD"): JSON has no date type.';

/** Notes as comment lines of the language, each prefixed with `indent`. */
export function commentLines(notes: readonly string[], language: MigrationLanguage, indent: string): string[] {
  const mark = language === 'python' ? '#' : '//';
  return notes.map((note) => `${indent}${mark} ${note}`);
}

/** Form fields that the database manager reads as checkboxes: sent as "true" when set, left out otherwise. */
export const CHECKBOX_FIELDS: ReadonlySet<string> = new Set(['demo', 'neutralize_database', 'copy', 'neutralize']);
