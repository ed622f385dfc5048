// Writes one `.json2` request block (docs/format.md): title, comments, metadata, request line, headers, body. Every
// writer of request files (paste, migration, collection import) goes through here.

/** The parts of a request block, in the order they are written. */
export interface RequestBlockParts {
  /** The separator's title (`### title`). */
  readonly title: string;
  /** Comment lines above the request (written as `# text`). */
  readonly comments?: readonly string[];
  /** Metadata lines: keyword and value (`# @name companies`, `# @prompt db`). */
  readonly metadata?: readonly (readonly [keyword: string, value: string])[];
  /** `POST res.partner/search_read` or `GET /web/version`. */
  readonly requestLine: string;
  /** Header lines as written (`X-Odoo-Database: acme`), or comment lines starting with `#`. */
  readonly headers?: readonly string[];
  readonly body?: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
const CONTROL_RUNS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/** Text for a comment or title line: line breaks and other control characters as spaces, so it stays one line. */
export function oneLineText(text: string): string {
  return text.replace(CONTROL_RUNS, ' ');
}

/** The block's text, ending with a line break. */
export function requestBlockText(parts: RequestBlockParts): string {
  const lines = [`### ${oneLineText(parts.title)}`];
  for (const comment of parts.comments ?? []) lines.push(`# ${oneLineText(comment)}`);
  for (const [keyword, value] of parts.metadata ?? []) lines.push(`# @${keyword}${value === '' ? '' : ` ${oneLineText(value)}`}`);
  lines.push(parts.requestLine, ...(parts.headers ?? []));
  if (parts.body !== undefined) lines.push(parts.body);
  return `${lines.join('\n')}\n`;
}
