// Validates a key's expiry: required, in the future, and at most three calendar months after its creation.
import { userError } from '../errors/serviceErrors';
import { formatDate } from '../orm/fieldValues';
import { latestExpiry, parseIsoDate } from './keyLifetime';

/** The expiry `value` (an ISO 8601 date or date-time) as a Date, or a user error (422) saying what is wrong. */
export function checkExpiration(value: unknown, now: Date): Date {
  if (value === null || value === undefined || value === false || value === '')
    throw userError('The API key must have an expiration date.');
  if (typeof value !== 'string') throw userError(`The expiration date must be an ISO 8601 date string, got ${JSON.stringify(value)}.`);
  const expiration = parseIsoDate(value);
  if (!expiration) throw userError(`The expiration date ${JSON.stringify(value)} is not a valid ISO 8601 date.`);
  if (expiration.getTime() <= now.getTime()) throw userError('The expiration date must be in the future.');
  const latest = latestExpiry(now);
  if (expiration.getTime() > latest.getTime()) {
    throw userError(`An API key cannot live longer than three months: the expiration date must be on or before ${formatDate(latest)}.`);
  }
  return expiration;
}
