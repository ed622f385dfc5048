// Binds the named arguments of a JSON-2 body to a method's signature, as strictly as Python binds keyword arguments,
// and reads its `ids` and `context` members as the reference's browse() and with_context() read them.
import { postgresErrorText } from '../errors/postgresErrorText';
import { ServiceError, typeError, unprocessableEntity, valueError } from '../errors/serviceErrors';
import type { Model } from '../orm/modelDefinition';
import type { MethodDefinition } from '../orm/methodDefinition';
import { quoteIdentifier } from '../storage/sqlQuoting';

const MAX_RECORD_ID = 2 ** 53;
/** Text PostgreSQL reads as an integer (`'12'` finds record 12). */
const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;

/** The elements of `ids` as browse() takes them: falsy is none, an integer one record, anything else iterated. */
function idElements(value: unknown): unknown[] {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return [];
  if (typeof value === 'number' && Number.isInteger(value)) return [value];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  if (typeof value === 'object') return Object.keys(value);
  throw typeError(`'${typeof value === 'boolean' ? 'bool' : 'float'}' object is not iterable`);
}

/** The `ids` member: a list of integers (or of text PostgreSQL reads as one), one integer, or nothing. */
export function parseIds(value: unknown): number[] {
  return idElements(value).map((id) => {
    const number = typeof id === 'string' && INTEGER_TEXT.test(id) ? Number(id) : id;
    if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > MAX_RECORD_ID) {
      throw unprocessableEntity(`ids must be a list of integers, got ${JSON.stringify(value)}`);
    }
    return number;
  });
}

/** True when `ids` holds text PostgreSQL cannot read as an integer (the call fails at its first query: idTextError). */
export function hasIdText(value: unknown): boolean {
  try {
    return idElements(value).some((id) => typeof id === 'string' && !INTEGER_TEXT.test(id));
  } catch {
    return false;
  }
}

/**
 * The error of the reference's first query over `ids` when one of them is text PostgreSQL cannot read as an integer
 * (its statement reads `"<table>"."id" IN (<ids>)`); null when there is none.
 */
export function idTextError(model: Model, value: unknown): ServiceError | null {
  if (!hasIdText(value)) return null;
  const elements = idElements(value);
  const bad = elements.findIndex((id) => typeof id === 'string' && !INTEGER_TEXT.test(id));
  const literals = elements.map((id) => (typeof id === 'string' ? `'${id.replace(/'/g, "''")}'` : String(id)));
  const table = quoteIdentifier(model.table);
  const head = `SELECT ${table}."id" FROM ${table} WHERE ${table}."id" IN (${literals.slice(0, bad).join(', ')}${bad > 0 ? ', ' : ''}`;
  const statement = `${head}${literals.slice(bad).join(', ')}) AND (${table}."id" IS NOT NULL)`;
  return new ServiceError(
    'psycopg2.errors.InvalidTextRepresentation',
    500,
    postgresErrorText(`invalid input syntax for type integer: "${elements[bad] as string}"`, statement, head.length),
    'business',
  );
}

/**
 * Python's dict() of a value, as with_context() builds the call's context from the `context` member: a mapping as it
 * is, a list of pairs (or of two-character strings) as its pairs, anything else refused with Python's error.
 */
function pythonDict(value: unknown): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  const typeName = value === null ? 'NoneType' : typeof value === 'boolean' ? 'bool' : Number.isInteger(value) ? 'int' : 'float';
  if (typeof value !== 'string' && !Array.isArray(value)) throw typeError(`'${typeName}' object is not iterable`);
  const result: Record<string, unknown> = {};
  [...value].forEach((element: unknown, index) => {
    const pair = typeof element === 'string' ? [...element] : Array.isArray(element) ? element : null;
    if (pair === null) throw typeError(`cannot convert dictionary update sequence element #${index} to a sequence`);
    if (pair.length !== 2) throw valueError(`dictionary update sequence element #${index} has length ${pair.length}; 2 is required`);
    if (pair[0] !== null && typeof pair[0] === 'object') throw typeError(`unhashable type: '${Array.isArray(pair[0]) ? 'list' : 'dict'}'`);
    result[String(pair[0])] = pair[1];
  });
  return result;
}

/**
 * The `context` member: nothing (undefined) when absent, else what Python's dict() makes of it. `null` is no context
 * for the deprecated interfaces (their `context or {}`), but a value for JSON-2 (`nullIsValue`), which dict() refuses.
 */
export function parseContext(value: unknown, nullIsValue = false): Record<string, unknown> | undefined {
  if (value === undefined || (value === null && !nullIsValue)) return undefined;
  return pythonDict(value);
}

/**
 * Checks the ids against the method's level, then binds `named` (the body without `ids` and `context`) to the
 * parameters: a missing required argument is reported before an unexpected one, as Python does.
 */
export function bindArguments(
  model: Model,
  method: MethodDefinition,
  ids: number[],
  named: Record<string, unknown>,
): Record<string, unknown> {
  if (method.level === 'model' && ids.length > 0) throw unprocessableEntity(`cannot call ${model.name}.${method.name} with ids`);
  const args: Record<string, unknown> = {};
  for (const parameter of method.parameters) {
    if (Object.hasOwn(named, parameter.name)) args[parameter.name] = named[parameter.name];
    else if (parameter.required) throw unprocessableEntity(`missing a required argument: '${parameter.name}'`);
    else args[parameter.name] = structuredClone(parameter.default);
  }
  const known = new Set(method.parameters.map((parameter) => parameter.name));
  const unexpected = Object.keys(named).find((name) => !known.has(name));
  if (unexpected !== undefined) throw unprocessableEntity(`got an unexpected keyword argument '${unexpected}'`);
  return args;
}
