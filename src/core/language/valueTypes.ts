// Whether a JSON value fits a field's type, for the diagnostics of domain values and of vals.
import type { FieldInfo } from '../schema/schemaTypes';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** Why a value does not fit the field (with `=`-like operators); undefined when it fits or cannot be judged. */
export function valueProblem(field: FieldInfo, value: unknown, operator: string): string | undefined {
  if (operator === 'in' || operator === 'not in') {
    if (!Array.isArray(value)) return `\`${operator}\` expects a list of values`;
    for (const item of value) {
      const problem = valueProblem(field, item, '=');
      if (problem) return problem;
    }
    return undefined;
  }
  if (['like', 'not like', 'ilike', 'not ilike', '=like', 'not =like', '=ilike', 'not =ilike'].includes(operator)) {
    return typeof value === 'string' || value === false ? undefined : `\`${operator}\` expects a text`;
  }
  if (['any', 'not any', 'child_of', 'parent_of'].includes(operator) || value === false || value === null) return undefined;
  const label = `${field.name} is a ${field.type} field`;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${label}: expected true or false`;
    case 'integer':
    case 'float':
    case 'monetary':
      return typeof value === 'number' ? undefined : `${label}: expected a number`;
    case 'char':
    case 'text':
    case 'html':
      return typeof value === 'string' ? undefined : `${label}: expected a text`;
    case 'selection': {
      if (typeof value !== 'string') return `${label}: expected one of its values`;
      const keys = (field.selection ?? []).map(([key]) => key);
      return keys.length === 0 || keys.includes(value)
        ? undefined
        : `${label}: "${value}" is not one of ${keys.map((key) => `"${key}"`).join(', ')}`;
    }
    case 'date':
      return typeof value === 'string' && DATE.test(value) ? undefined : `${label}: expected "YYYY-MM-DD"`;
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value) ? undefined : `${label}: expected "YYYY-MM-DD HH:MM:SS" (UTC)`;
    case 'many2one':
      return typeof value === 'number' || typeof value === 'string' ? undefined : `${label}: expected a record id (or a name)`;
    default:
      return undefined;
  }
}
