// Binds the named arguments of a JSON-2 body to a method's signature, as strictly as Python binds keyword arguments.
import { unprocessableEntity } from '../errors/serviceErrors';
import type { Model } from '../orm/modelDefinition';
import type { MethodDefinition } from '../orm/methodDefinition';

const MAX_RECORD_ID = 2 ** 53;

/** The `ids` member: a list of integers, one integer, or nothing (`null` or omitted). */
export function parseIds(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  for (const id of list) {
    if (typeof id !== 'number' || !Number.isInteger(id) || Math.abs(id) > MAX_RECORD_ID) {
      throw unprocessableEntity(`ids must be a list of integers, got ${JSON.stringify(value)}`);
    }
  }
  return list as number[];
}

/** The `context` member: an object, or nothing. */
export function parseContext(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw unprocessableEntity(`context must be a json object, got ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
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
