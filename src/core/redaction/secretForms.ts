// The ways a secret can be written where it comes back: as is, escaped by a format, or quoted by a server's message.
import { escapeMarkupAttribute, escapeMarkupText } from '../untrustedText/markupEscape';

/**
 * Python's `repr()` of a string without its quotes, in both of its quoting styles: single quotes (a `'` escaped) and,
 * when the text holds a `'` and no `"`, double quotes (no quote escaped). Server error messages quote values this way.
 */
function pythonReprForms(text: string): string[] {
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  return [escaped.replace(/'/g, "\\'"), escaped];
}

/** A JSON string's content: JavaScript's escaping, and Python's default (`ensure_ascii`, non-ASCII as `\uXXXX`). */
function jsonForms(text: string): string[] {
  const json = JSON.stringify(text).slice(1, -1);
  const ascii = json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [json, ascii, json.replace(/\//g, '\\/')];
}

/**
 * XML and HTML character references: the three markup characters only (element text), and with quotes as `&quot;`
 * and `'` as `&apos;`, `&#39;` or `&#x27;` (attributes; Python's `html.escape`, JUnit writers), line breaks kept or
 * written as character references.
 */
function markupForms(text: string): string[] {
  const base = escapeMarkupText(text);
  const quoted = escapeMarkupAttribute(text);
  const lines = (value: string) => value.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
  const forms = [base, quoted, ...['&apos;', '&#39;', '&#x27;'].map((apostrophe) => quoted.replace(/'/g, apostrophe))];
  return [...forms, ...forms.map(lines)];
}

/** URL encodings: `encodeURIComponent`, the strict RFC 3986 form (`!'()*` encoded too), and form encoding (`+` for space). */
function urlForms(text: string): string[] {
  const component = encodeURIComponent(text);
  const strict = component.replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  const form = new URLSearchParams({ s: text }).toString().slice(2);
  return [component, strict, form];
}

/** Secrets shorter than this (in UTF-8 bytes) are not searched in base64: their few characters would match by chance. */
const MIN_BASE64_BYTES = 8;

/**
 * The base64 characters that any base64 text holding the secret's bytes must contain, for each of the three byte
 * offsets the secret can start at, in the standard and the URL alphabet: a `Basic` header (`login:password`), a token
 * or a document that wraps the key. Only the characters made of the secret's bits alone are kept.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  if (bytes.length < MIN_BASE64_BYTES) return [];
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64');
    const core = padded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/**
 * Every form of a secret to search for: the secret, its upper-case and lower-case forms (a server or a tool that
 * changes the case of what it echoes) and the Python quoting of each, each as is, inside a JSON string (also twice, a
 * message quoted in a JSON answer), in XML/HTML, and URL encoded; and its base64 (`base64Forms`). A secret without
 * special characters has a few forms; one holding `\ " ' < &` has a few dozen.
 */
export function secretForms(secret: string): string[] {
  const cases = [...new Set([secret, secret.toUpperCase(), secret.toLowerCase()])];
  const inner = cases.flatMap((text) => [text, ...pythonReprForms(text)]);
  const forms = new Set<string>(base64Forms(secret));
  for (const text of inner) {
    forms.add(text);
    for (const json of jsonForms(text)) {
      forms.add(json);
      for (const twice of jsonForms(json)) forms.add(twice);
      for (const markup of markupForms(json)) forms.add(markup);
    }
    for (const markup of markupForms(text)) forms.add(markup);
    for (const url of urlForms(text)) forms.add(url);
  }
  return [...forms];
}
