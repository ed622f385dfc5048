// Writes JSON values as Python or JavaScript literals, with secrets read from environment variables instead of written.
import { mergeSegments, splitSecrets, type ExportSecret, type TextSegment } from './exportParts';

/** The languages exports are written in. */
export type CodeDialect = 'python' | 'javascript';

/** A string expression: a quoted literal, or literals and environment reads joined with `+`. */
export function stringExpression(pieces: readonly TextSegment[], dialect: CodeDialect): string {
  const segments = mergeSegments(pieces);
  if (segments.length === 0) return '""';
  return segments
    .map((segment) =>
      'text' in segment
        ? JSON.stringify(segment.text)
        : dialect === 'python'
          ? `os.environ[${JSON.stringify(segment.env)}]`
          : `process.env.${segment.env}`,
    )
    .join(' + ');
}

/** Values this short (as JSON) and without secrets are written on one line. */
const inlineWidth = 72;

/**
 * Writes a JSON value as a literal of the dialect: objects and arrays over one line are indented, strings that
 * hold a secret read it from its environment variable.
 */
export function codeLiteral(value: unknown, secrets: readonly ExportSecret[], dialect: CodeDialect, indent: string, depth = 0): string {
  const hasSecret = (text: string) => secrets.some((secret) => secret.value.length > 0 && text.includes(secret.value));
  if (value === null || value === undefined) return dialect === 'python' ? 'None' : 'null';
  if (typeof value === 'boolean') return dialect === 'python' ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : dialect === 'python' ? 'None' : 'null';
  if (typeof value === 'string') return hasSecret(value) ? stringExpression(splitSecrets(value, secrets), dialect) : JSON.stringify(value);
  const json = JSON.stringify(value);
  const entries: string[] = Array.isArray(value)
    ? value.map((element) => codeLiteral(element, secrets, dialect, indent, depth + 1))
    : Object.entries(value as Record<string, unknown>).map(
        ([key, member]) => `${JSON.stringify(key)}: ${codeLiteral(member, secrets, dialect, indent, depth + 1)}`,
      );
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  if (json.length <= inlineWidth && !hasSecret(json)) return `${open}${entries.join(', ')}${close}`;
  const inner = indent.repeat(depth + 1);
  return `${open}\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${indent.repeat(depth)}${close}`;
}
