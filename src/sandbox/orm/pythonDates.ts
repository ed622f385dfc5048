// Dates and datetimes written to fields, read as the reference server reads them: with Python's strptime, so that the
// same text is accepted ('2026-2-3') or refused with the same message ("day is out of range for month").
import { valueError } from '../errors/serviceErrors';
import { pythonRepr } from './pythonRepr';

const DATE_FORMAT = '%Y-%m-%d';
const DATETIME_FORMAT = '%Y-%m-%d %H:%M:%S';

/** Python's regular expressions of the directives the server formats use. */
const DIRECTIVES: Record<string, string> = {
  Y: '(\\d\\d\\d\\d)',
  m: '(1[0-2]|0[1-9]|[1-9])',
  d: '(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])',
  H: '(2[0-3]|[0-1]\\d|\\d)',
  M: '([0-5]\\d|\\d)',
  S: '(6[0-1]|[0-5]\\d|\\d)',
};

/** The regular expression of `format` and the directive of each group, as Python's _strptime builds it. */
function compile(format: string): { pattern: RegExp; fields: string[] } {
  let source = '';
  const fields: string[] = [];
  for (let index = 0; index < format.length; index += 1) {
    const char = format[index];
    if (char !== '%') {
      source += /\s/.test(char) ? '\\s+' : char.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      continue;
    }
    const directive = format[index + 1];
    if (directive === undefined) throw valueError(`stray % in format ${pythonRepr(format)}`);
    if (!Object.hasOwn(DIRECTIVES, directive))
      throw valueError(`${pythonRepr(directive)} is a bad directive in format ${pythonRepr(format)}`);
    source += DIRECTIVES[directive];
    fields.push(directive);
    index += 1;
  }
  return { pattern: new RegExp(`^${source}`, 'i'), fields };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Python's `datetime.strptime(text, format)` as `YYYY-MM-DD HH:MM:SS`, or its ValueError. */
function strptime(text: string, format: string): string {
  const { pattern, fields } = compile(format);
  const match = pattern.exec(text);
  if (!match) throw valueError(`time data ${pythonRepr(text)} does not match format ${pythonRepr(format)}`);
  if (match[0].length !== text.length) throw valueError(`unconverted data remains: ${text.slice(match[0].length)}`);
  const parts: Record<string, number> = { Y: 1900, m: 1, d: 1, H: 0, M: 0, S: 0 };
  fields.forEach((directive, index) => {
    parts[directive] = Number(match[index + 1].trim());
  });
  if (parts.d > daysInMonth(parts.Y, parts.m)) throw valueError('day is out of range for month');
  if (parts.S > 59) throw valueError('second must be in 0..59');
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(parts.Y).padStart(4, '0')}-${two(parts.m)}-${two(parts.d)} ${two(parts.H)}:${two(parts.M)}:${two(parts.S)}`;
}

/** A date field's value from text: its first ten characters read as `%Y-%m-%d` (YYYY-MM-DD). */
export function dateFromText(text: string): string {
  return strptime(text.slice(0, 10), DATE_FORMAT).slice(0, 10);
}

/**
 * A datetime field's value from text (YYYY-MM-DD HH:MM:SS): read with the server format cut to the text's length, so
 * a date alone is its midnight and `2026-05-01T10:00:00` does not match.
 */
export function datetimeFromText(text: string): string {
  return strptime(text, DATETIME_FORMAT.slice(0, text.length - 2));
}
