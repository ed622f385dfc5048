// Validates a key's expiry: required, in the future, and at most three calendar months after its creation (the key
// wizard adds the reference's limit per group).
import { userError, validationError } from '../errors/serviceErrors';
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

/**
 * The expiry of a key made in the key wizard: the reference's rule (a user who is not a settings administrator needs
 * an expiry, at most `maxDays` days ahead, the longest of their groups), then the sandbox's own (every key expires,
 * within three months). `maxDays` is null for a settings administrator.
 */
export function checkWizardExpiration(expiration: Date | null, now: Date, maxDays: number | null): void {
  if (maxDays !== null) {
    if (expiration === null) throw validationError('The API key must have an expiration date');
    if (expiration.getTime() > now.getTime() + maxDays * 86_400_000)
      throw validationError(`You cannot exceed ${Number.isInteger(maxDays) ? maxDays.toFixed(1) : String(maxDays)} days.`);
  }
  if (expiration === null) throw userError('The API key must have an expiration date: the sandbox has no persistent keys.');
  const latest = latestExpiry(now);
  if (expiration.getTime() > latest.getTime())
    throw userError(`An API key cannot live longer than three months: the expiration date must be on or before ${formatDate(latest)}.`);
}
