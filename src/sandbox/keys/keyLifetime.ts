// API key values and lifetimes: 160-bit keys as 40 hex characters, and the three-calendar-month cap on expiry.
import crypto from 'node:crypto';

export const KEY_PATTERN = /^[0-9a-f]{40}$/;
export const KEY_INDEX_LENGTH = 8;
export const MAX_KEY_MONTHS = 3;

/** A new key: 20 random bytes as 40 lowercase hex characters. */
export function newApiKey(): string {
  return crypto.randomBytes(20).toString('hex');
}

/** The lookup index stored next to the hash: the key's first 8 characters. */
export function keyIndex(key: string): string {
  return key.slice(0, KEY_INDEX_LENGTH);
}

/** `date` plus `months` calendar months, the day clamped to the end of a shorter month (Jan 31 + 1 = Feb 28/29). */
export function addCalendarMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The latest expiry allowed for a key created at `now`. */
export function latestExpiry(now: Date): Date {
  return addCalendarMonths(now, MAX_KEY_MONTHS);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Parses an ISO 8601 date or date-time (UTC unless an offset is given); null when it is not one. */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
  let time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(time);
  if (
    check.getUTCMonth() !== Number(month) - 1 ||
    check.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  )
    return null;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return new Date(time);
}
