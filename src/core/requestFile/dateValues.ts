// Dates for `{{$date}}`, `{{$datetime}}` and `{{$timestamp}}`: offsets (`-1 d`, `+2h`) and formats, all in UTC.

/** The units of an offset: years, months, weeks, days, hours, minutes, seconds, milliseconds. */
export type OffsetUnit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's' | 'ms';

/** One offset such as `-1 d`. */
export interface DateOffset {
  readonly amount: number;
  readonly unit: OffsetUnit;
}

/** A named format, or a pattern of YYYY, MM, DD, HH, mm, ss, SSS. */
export type DateFormat = { readonly kind: 'date' | 'datetime' | 'iso' | 'unix' } | { readonly kind: 'pattern'; readonly pattern: string };

/** The arguments of a date value once read. */
export interface DateArguments {
  readonly offsets: readonly DateOffset[];
  readonly format?: DateFormat;
}

const units = new Set<string>(['y', 'M', 'w', 'd', 'h', 'm', 's', 'ms']);
const namedFormats = new Set<string>(['date', 'datetime', 'iso', 'unix']);

/**
 * Reads the arguments of `$date`, `$datetime` and `$timestamp`: offsets (a signed integer and a unit, with or
 * without a blank between them) and, when `allowFormat`, one format last. Returns a message and the index of
 * the argument at fault when they cannot be read.
 */
export function readDateArguments(
  args: readonly string[],
  allowFormat: boolean,
): DateArguments | { readonly error: string; readonly argIndex: number } {
  const offsets: DateOffset[] = [];
  let format: DateFormat | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const attached = /^([+-]?\d{1,9})(y|M|w|d|h|ms|m|s)?$/.exec(arg);
    if (attached) {
      if (format) return { error: 'The format comes after the offsets', argIndex: i };
      let unit = attached[2];
      if (unit === undefined) {
        const next = args[i + 1];
        if (next === undefined || !units.has(next))
          return { error: `"${arg}" needs a unit after it: y, M, w, d, h, m, s or ms`, argIndex: i };
        unit = next;
        i++;
      }
      offsets.push({ amount: Number(attached[1]), unit: unit as OffsetUnit });
      continue;
    }
    if (!allowFormat) return { error: `"${arg}" is not an offset such as -1 d`, argIndex: i };
    if (format) return { error: 'Only one format is allowed', argIndex: i };
    if (namedFormats.has(arg)) format = { kind: arg as 'date' | 'datetime' | 'iso' | 'unix' };
    else if (arg.length >= 2 && arg.startsWith("'") && arg.endsWith("'")) format = { kind: 'pattern', pattern: arg.slice(1, -1) };
    else
      return {
        error: `"${arg}" is neither an offset (-1 d) nor a format (date, datetime, iso, unix or a 'YYYY-MM-DD' pattern)`,
        argIndex: i,
      };
  }
  return format ? { offsets, format } : { offsets };
}

/** Adds offsets to a date (UTC). Months and years keep the day of the month when it exists, else the month's last day. */
export function applyOffsets(date: Date, offsets: readonly DateOffset[]): Date {
  let time = date.getTime();
  for (const { amount, unit } of offsets) {
    if (unit === 'y' || unit === 'M') {
      const current = new Date(time);
      const months = current.getUTCFullYear() * 12 + current.getUTCMonth() + (unit === 'y' ? amount * 12 : amount);
      const year = Math.floor(months / 12);
      const month = months - year * 12;
      const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      const shifted = new Date(time);
      shifted.setUTCFullYear(year, month, Math.min(current.getUTCDate(), lastDay));
      time = shifted.getTime();
    } else {
      const factor = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 }[unit];
      time += amount * factor;
    }
  }
  return new Date(time);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Formats a date in UTC. */
export function formatDate(date: Date, format: DateFormat): string {
  switch (format.kind) {
    case 'iso':
      return date.toISOString();
    case 'unix':
      return String(Math.floor(date.getTime() / 1000));
    case 'date':
      return formatPattern(date, 'YYYY-MM-DD');
    case 'datetime':
      return formatPattern(date, 'YYYY-MM-DD HH:mm:ss');
    case 'pattern':
      return formatPattern(date, format.pattern);
  }
}

function formatPattern(date: Date, pattern: string): string {
  const parts: Record<string, string> = {
    YYYY: pad(date.getUTCFullYear(), 4),
    MM: pad(date.getUTCMonth() + 1, 2),
    DD: pad(date.getUTCDate(), 2),
    HH: pad(date.getUTCHours(), 2),
    mm: pad(date.getUTCMinutes(), 2),
    ss: pad(date.getUTCSeconds(), 2),
    SSS: pad(date.getUTCMilliseconds(), 3),
  };
  return pattern.replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}
