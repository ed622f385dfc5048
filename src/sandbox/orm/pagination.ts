// Offset and limit of searches and grouped reads, read as the reference server 19.0 reads them: its query builder adds
// LIMIT and OFFSET only for a truthy value, so a limit of 0, null or false means "no limit" (clients send 0 by default).
import { typeError, valueError } from '../errors/serviceErrors';
import { pythonRepr } from './pythonRepr';

function count(name: string, value: unknown): number | null {
  if (value === undefined || value === null || value === false || value === 0) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw typeError(`'${name}' must be an integer, got ${pythonRepr(value)}`);
  if (value < 0) throw valueError(`'${name}' must not be negative, got ${value}`);
  return value;
}

/** The number of rows to keep at most, or null for all of them. */
export function limitOf(value: unknown): number | null {
  return count('limit', value);
}

/** The number of rows to skip (0 for none). */
export function offsetOf(value: unknown): number {
  return count('offset', value) ?? 0;
}
