// Server names and values written into a request file by completion and quick fixes, so that they stay one value:
// JSON-escaped inside strings, placeholders (`{{`) kept literal, snippet syntax (`$`, `}`) escaped in snippets.

/** A model, method, field or argument name as a server has them: letters, digits, `_`, `.` and `-`. */
const TECHNICAL_NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * True when a name from the server can be written on the request line or as a key as it is. A name with spaces,
 * quotes, slashes, braces or line breaks is no real model, method or field: it could only add text to the file
 * (another header line, a placeholder), so completion and quick fixes leave it out.
 */
export function isTechnicalName(name: string): boolean {
  return TECHNICAL_NAME.test(name);
}

/**
 * `text` as JSON string content (`quoted`: with its quotes): `"` and `\` escaped, and, when it holds `{{`, every `{`
 * as `\u007b`, so that it never becomes a placeholder of the request file.
 */
export function jsonStringText(text: string, quoted: boolean): string {
  let json = JSON.stringify(text);
  if (text.includes('{{')) json = json.replace(/\{/g, '\\u007b');
  return quoted ? json : json.slice(1, -1);
}

/** Text to stand literally in a snippet: `$`, `}` and `\` escaped, so nothing in it is a tab stop or a variable. */
export function snippetText(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}
