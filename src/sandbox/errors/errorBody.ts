// Turns any thrown value into the error object of a failed call: name, message, arguments, context, debug, in order.
import { DatabaseError, SqlState, UnsendableValueError } from '../storage/sqlClient';
import { postgresErrorText } from './postgresErrorText';
import { ServiceError, runtimeError, valueError } from './serviceErrors';

export interface ErrorBody {
  name: string;
  message: string;
  arguments: unknown[];
  context: Record<string, unknown>;
  debug: string;
}

/** psycopg2's class names for the SQLSTATE codes the sandbox can meet. */
const SQLSTATE_NAMES: Record<string, string> = {
  '23505': 'UniqueViolation',
  '23503': 'ForeignKeyViolation',
  '23502': 'NotNullViolation',
  '23514': 'CheckViolation',
  '22003': 'NumericValueOutOfRange',
  '2201W': 'InvalidRowCountInLimitClause',
  '2201X': 'InvalidRowCountInResultOffsetClause',
  '22P02': 'InvalidTextRepresentation',
  '22007': 'InvalidDatetimeFormat',
  '22008': 'DatetimeFieldOverflow',
  '42703': 'UndefinedColumn',
  '42P01': 'UndefinedTable',
  '42601': 'SyntaxError',
  '40001': 'SerializationFailure',
  '57P01': 'AdminShutdown',
};

/** psycopg2's name for `error`: a lost connection is an OperationalError, SQLSTATE classes have their own. */
function databaseErrorName(error: DatabaseError): string {
  if (error.code === SqlState.connectionFailure) return 'psycopg2.OperationalError';
  return error.code && SQLSTATE_NAMES[error.code] ? `psycopg2.errors.${SQLSTATE_NAMES[error.code]}` : 'psycopg2.DatabaseError';
}

/** Anything that is not already a service error becomes an unexpected server error (500). */
export function asServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof UnsendableValueError) {
    const failure = valueError(error.message);
    failure.stack = error.stack;
    return failure;
  }
  if (error instanceof DatabaseError) {
    const failure = new ServiceError(databaseErrorName(error), 500, postgresErrorText(error.message), 'business');
    failure.stack = error.stack;
    return failure;
  }
  const failure = runtimeError(error instanceof Error ? error.message : String(error));
  if (error instanceof Error) failure.stack = error.stack;
  return failure;
}

/** The exception's name as the last line of a Python traceback shows it: built-in exceptions without their module. */
function tracebackName(qualifiedName: string): string {
  return qualifiedName.startsWith('builtins.') ? qualifiedName.slice('builtins.'.length) : qualifiedName;
}

/** A traceback-like text: where the error was raised, then `<name>: <message>`. */
function tracebackText(error: ServiceError): string {
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12);
  return [
    'Traceback (most recent call last):',
    ...frames.reverse().map((line) => `  ${line.trim()}`),
    `${tracebackName(error.qualifiedName)}: ${error.message}`,
  ].join('\n');
}

export function errorBody(error: ServiceError): ErrorBody {
  return {
    name: error.qualifiedName,
    message: error.message,
    arguments: error.errorArguments,
    context: error.errorContext,
    debug: tracebackText(error),
  };
}
