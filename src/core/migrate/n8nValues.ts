// Reads n8n parameter values as argument expressions: literal JSON as values, n8n expressions (`={{ $json.email }}`)
// as expressions known only when the workflow runs (they become `{{name}}` prompts in a .json2 request).
import type { SourceExpr } from './legacyCall';
import { staticDict, staticList } from './legacyCall';

/** Where the node sits in the export: every expression read from it points there. */
export interface NodeSpan {
  readonly start: number;
  readonly end: number;
}

const WHOLE_EXPRESSION = /^=?\s*\{\{\s*([\s\S]*?)\s*\}\}\s*$/;

/** Whether a value is an n8n expression: a string holding `{{ ... }}` (with or without n8n's leading `=`). */
export function isN8nExpression(value: unknown): value is string {
  return typeof value === 'string' && /\{\{[\s\S]*\}\}/.test(value);
}

/** The JavaScript inside `={{ ... }}`, or the template as written when it mixes text and expressions. */
export function expressionText(value: string): string {
  return WHOLE_EXPRESSION.exec(value)?.[1] ?? value.replace(/^=/, '');
}

/**
 * A JSON value as an argument expression. `parameter`: the value is a node parameter as n8n stores it, where a leading
 * `=` marks expression mode; values inside it, and values of a parsed body, are data (an operator such as `=like`).
 */
export function jsonExpr(value: unknown, at: NodeSpan, parameter = true): SourceExpr {
  const base = { start: at.start, end: at.start };
  if (isN8nExpression(value)) return { ...base, text: expressionText(value), kind: 'other' };
  if (value === null) return { ...base, text: 'null', kind: 'null', value: null };
  if (typeof value === 'string') {
    // n8n marks a parameter's expression mode with a leading `=`; one without `{{ }}` is the text after it (a lone `=`
    // is an operator).
    const text = parameter && value.length > 1 && value.startsWith('=') ? value.slice(1) : value;
    return { ...base, text: JSON.stringify(text), kind: 'string', value: text };
  }
  if (typeof value === 'number') return { ...base, text: String(value), kind: 'number', value };
  if (typeof value === 'boolean') return { ...base, text: String(value), kind: 'boolean', value };
  if (Array.isArray(value)) {
    const items = value.map((item) => jsonExpr(item, at, false));
    return { ...base, text: JSON.stringify(value), kind: 'list', items, value: staticList(items) };
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => ({ key, value: jsonExpr(item, at, false) }));
    return { ...base, text: JSON.stringify(value), kind: 'dict', entries, value: staticDict(entries) };
  }
  return { ...base, text: String(value), kind: 'other' };
}

/**
 * A JSON body as n8n writes it in an HTTP Request node: possibly an expression (`={ ... }`) whose `{{ ... }}` parts
 * stand inside strings or in place of values. Parts in place of values are read as strings holding the expression, so
 * that `jsonExpr` gives them back as expressions. Undefined when it is not JSON even so.
 */
export function parseN8nJson(text: string): unknown {
  const body = text.replace(/^=/, '');
  let inString = false;
  let out = '';
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (char === '"' && body[index - 1] !== '\\') inString = !inString;
    if (!inString && body.startsWith('{{', index)) {
      const close = body.indexOf('}}', index + 2);
      if (close === -1) return undefined;
      out += JSON.stringify(`={{${body.slice(index + 2, close)}}}`);
      index = close + 1;
      continue;
    }
    out += char;
  }
  try {
    return JSON.parse(out) as unknown;
  } catch {
    return undefined;
  }
}
