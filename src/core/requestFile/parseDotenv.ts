// Reads a `.env` file (`NAME=value` lines) into the values `{{NAME}}` and `{{$dotenv NAME}}` use.
import { LineIndex, type TextRange } from './textRange';

/** The values of a `.env` file and the lines that could not be read. */
export interface DotenvContents {
  readonly values: Readonly<Record<string, string>>;
  readonly problems: readonly { readonly range: TextRange; readonly message: string }[];
}

const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/**
 * Parses `.env` text: `NAME=value` per line, `#` comment lines, an optional `export ` prefix. Values in single
 * quotes are literal; in double quotes `\n`, `\r`, `\t`, `\"` and `\\` are escapes; unquoted values are trimmed
 * and end before ` #`. A later line wins over an earlier one.
 */
export function parseDotenv(text: string): DotenvContents {
  const lines = new LineIndex(text);
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const problems: { range: TextRange; message: string }[] = [];
  for (let index = 0; index < lines.lines.length; index++) {
    const span = lines.lines[index];
    const line = text.slice(span.start, span.end);
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) {
      problems.push({ range: lines.lineRange(index), message: 'Expected NAME=value' });
      continue;
    }
    const raw = match[2].trim();
    const quote = raw[0];
    if (quote === "'" || quote === '"') {
      let close = 1;
      while (close < raw.length && raw[close] !== quote) close += quote === '"' && raw[close] === '\\' ? 2 : 1;
      if (close >= raw.length) close = -1;
      if (close < 0) {
        problems.push({ range: lines.lineRange(index), message: `The value of ${match[1]} has no closing ${quote}` });
        continue;
      }
      const inner = raw.slice(1, close);
      values[match[1]] = quote === "'" ? inner : inner.replace(/\\(.)/g, (whole, char: string) => escapes[char] ?? whole);
    } else {
      const comment = raw.search(/\s#/);
      values[match[1]] = (comment >= 0 ? raw.slice(0, comment) : raw).trim();
    }
  }
  return { values, problems };
}
