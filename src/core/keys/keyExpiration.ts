// API key lifetimes as the extension offers them: preset durations, a typed date checked against the three-month cap.

/** No key lives longer than three calendar months from its creation (service-api.md, Limits). */
export const MAX_KEY_MONTHS = 3;

/** A choice of lifetime: a number of days, or the longest allowed (three calendar months). */
export type KeyLifetime = { readonly days: number } | { readonly months: typeof MAX_KEY_MONTHS };

/** The lifetimes offered first; the first (one day) is the default, as the spec recommends short keys. */
export const LIFETIME_PRESETS: readonly { readonly id: string; readonly lifetime: KeyLifetime }[] = [
  { id: '1d', lifetime: { days: 1 } },
  { id: '7d', lifetime: { days: 7 } },
  { id: '30d', lifetime: { days: 30 } },
  { id: '3m', lifetime: { months: MAX_KEY_MONTHS } },
];

export const DEFAULT_LIFETIME_ID = '1d';

/** `YYYY-MM-DD` of a date, in UTC (the server reads a bare date as midnight UTC). */
export function isoDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `date` plus `months` calendar months, the day clamped to the end of a shorter month (Nov 30 + 3 = Feb 28/29). */
export function addCalendarMonths(date: Date, months: number): Date {
  const result = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** The last expiration date allowed for a key made at `now`: three calendar months ahead, as a date. */
export function latestExpirationDate(now: Date): string {
  return isoDateOf(addCalendarMonths(now, MAX_KEY_MONTHS));
}

/** The expiration date (`YYYY-MM-DD`) of a key made at `now` with a lifetime. */
export function expirationDateFor(lifetime: KeyLifetime, now: Date): string {
  if ('months' in lifetime) return latestExpirationDate(now);
  return isoDateOf(new Date(now.getTime() + lifetime.days * 86_400_000));
}

export function lifetimePreset(id: string | undefined): KeyLifetime | undefined {
  return LIFETIME_PRESETS.find((preset) => preset.id === id)?.lifetime;
}

/** A typed expiration date: undefined when usable, else why not, in plain words. */
export function expirationDateProblem(text: string, now: Date): string | undefined {
  const value = text.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'Type a date as YYYY-MM-DD.';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (isoDateOf(date) !== value) return `${value} is not a date of the calendar.`;
  if (date.getTime() <= now.getTime()) return 'The expiration date must be in the future (after today).';
  const latest = latestExpirationDate(now);
  if (value > latest) return `A key lives at most three months: choose ${latest} or earlier.`;
  return undefined;
}

/**
 * Calendar days (UTC) from today until the expiration date. A key dated `YYYY-MM-DD` stops at the start of that day, so
 * 0 or less means it has expired, and 1 means it stops at the end of today.
 */
export function daysUntil(expirationDate: string, now: Date): number {
  const today = Date.parse(`${isoDateOf(now)}T00:00:00Z`);
  return Math.round((Date.parse(`${expirationDate}T00:00:00Z`) - today) / 86_400_000);
}
