// Default values of fields: the model's defaults, overridden by `default_<field>` entries of the context.
import type { Environment } from './environment';
import type { FieldDefinition } from './fieldDefinition';
import type { Model } from './modelDefinition';

/** The default of `field` in this call, or undefined when it has none. */
export function fieldDefault(env: Environment, field: FieldDefinition): unknown {
  const key = `default_${field.name}`;
  if (Object.hasOwn(env.context, key)) return env.context[key];
  const value = field.default;
  if (value === undefined) return undefined;
  return typeof value === 'function' ? value({ uid: env.uid, companyId: env.user.companyId, now: env.now }) : value;
}

/** `{field: default}` for the given fields that have a default (all fields when `names` is null). */
export function defaultValues(env: Environment, model: Model, names: readonly string[] | null): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of model.fields.values()) {
    if (field.builtin || !field.store || (names !== null && !names.includes(field.name))) continue;
    const value = fieldDefault(env, field);
    if (value !== undefined) result[field.name] = value;
  }
  return result;
}
