// A pasted snippet's body expression (read by the migration assistant's expression readers) as `.json2` body text.
import type { Json2BodyWriter } from '../migrate/json2RequestWriter';
import { type SourceExpr, staticDict, staticList } from '../migrate/legacyCall';
import type { UrlTemplate } from '../migrate/urlTemplate';
import { bodyText } from './pastedRequest';

/** A folded expression's text when it is all literal (no variable left), else undefined. */
export function literalText(template: UrlTemplate): string | undefined {
  return template.every((part) => 'text' in part) ? template.map((part) => ('text' in part ? part.text : '')).join('') : undefined;
}

/**
 * JSON's `true`, `false` and `null` read as names: the /doc page's Python sample is JSON with only `null` turned into
 * `None`, so its booleans stay lower-case.
 */
function withJsonNames(expr: SourceExpr): SourceExpr {
  if (expr.kind === 'other' && /^(true|false|null)$/.test(expr.text)) {
    return expr.text === 'null' ? { ...expr, kind: 'null', value: null } : { ...expr, kind: 'boolean', value: expr.text === 'true' };
  }
  if (expr.kind === 'list' && expr.items && expr.value === undefined) {
    const items = expr.items.map(withJsonNames);
    return { ...expr, items, value: staticList(items) };
  }
  if (expr.kind === 'dict' && expr.entries && expr.value === undefined) {
    const entries = expr.entries.map((entry) => ({ key: entry.key, value: withJsonNames(entry.value) }));
    return { ...expr, entries, value: staticDict(entries) };
  }
  return expr;
}

/** The body of named arguments: pretty JSON when all literal, else one member a line with `{{placeholders}}`. */
export function expressionBody(source: SourceExpr, writer: Json2BodyWriter): { text: string } | { reason: string } {
  const expr = withJsonNames(source);
  if (expr.kind !== 'dict') return { reason: `the request body ${clip(expr.text)} is not a mapping of named arguments.` };
  if (expr.value !== undefined) return { text: bodyText(expr.value) };
  if (!expr.entries)
    return {
      reason: `the request body ${clip(expr.text)} is built at run time (a spread or computed keys): write its members out and paste again.`,
    };
  if (expr.entries.length === 0) return { text: '{}' };
  const members = expr.entries.map(
    (entry) =>
      `  ${JSON.stringify(entry.key)}: ${entry.value.value !== undefined ? JSON.stringify(entry.value.value) : writer.exprJson(entry.value)}`,
  );
  return { text: ['{', members.join(',\n'), '}'].join('\n') };
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
