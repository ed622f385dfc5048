// Offset and limit of searches and grouped reads, read as the reference server 19.0 reads them: its query builder adds
// LIMIT and OFFSET only for a truthy value (so 0, null or false mean "no limit"; clients send 0 by default), and hands
// the value to PostgreSQL as it came: a number is rounded to a whole one, text is read as an integer, a negative count
// or text that is no integer is PostgreSQL's error.
import { postgresErrorText } from '../errors/postgresErrorText';
import { ServiceError } from '../errors/serviceErrors';
import { truthy } from './fieldValues';

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;

function databaseError(name: string, message: string): ServiceError {
  return new ServiceError(`psycopg2.errors.${name}`, 500, postgresErrorText(message), 'business');
}

function count(clause: 'LIMIT' | 'OFFSET', value: unknown): number | null {
  if (!truthy(value)) return null;
  let number: number;
  if (typeof value === 'number') {
    // PostgreSQL rounds a numeric count half away from zero.
    number = Math.sign(value) * Math.round(Math.abs(value));
  } else if (typeof value === 'string') {
    if (!INTEGER_TEXT.test(value)) throw databaseError('InvalidTextRepresentation', `invalid input syntax for type bigint: "${value}"`);
    number = Number(value);
  } else {
    const type = typeof value === 'boolean' ? 'boolean' : Array.isArray(value) ? 'integer[]' : 'jsonb';
    throw databaseError('DatatypeMismatch', `argument of ${clause} must be type bigint, not type ${type}`);
  }
  if (number < 0)
    throw databaseError(
      clause === 'LIMIT' ? 'InvalidRowCountInLimitClause' : 'InvalidRowCountInResultOffsetClause',
      `${clause} must not be negative`,
    );
  return number;
}

/** The number of rows to keep at most, or null for all of them. */
export function limitOf(value: unknown): number | null {
  return count('LIMIT', value);
}

/** The number of rows to skip (0 for none). */
export function offsetOf(value: unknown): number {
  return count('OFFSET', value) ?? 0;
}
