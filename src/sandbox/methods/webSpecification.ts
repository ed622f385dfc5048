// The values of a web_read specification as the reference server's Python sees them: a mapping of field names to
// sub-specifications, whose keys (`fields`, `context`, `order`, `limit`) are looked up with `in` and `[...]`; anything
// else fails with the TypeError, ValueError or AttributeError Python raises there.
import { attributeError, typeError, valueError } from '../errors/serviceErrors';
import { truthy } from '../orm/fieldValues';

export type Specification = Record<string, unknown>;

/** Python's type name of a JSON value. */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

function isMapping(value: unknown): value is Specification {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The specification of web_read: a mapping, else the AttributeError of calling `.<method>()` on it. */
export function specificationOf(value: unknown, method: 'items' | 'keys' = 'items'): Specification {
  if (isMapping(value)) return value;
  throw attributeError(`'${pythonTypeName(value)}' object has no attribute '${method}'`);
}

/** A field's sub-specification, read with `key in spec` and `spec[key]` as Python does on whatever it is. */
export class SubSpecification {
  constructor(private readonly value: unknown) {}

  /** Python's truth value of the sub-specification (`{}` is false). */
  get present(): boolean {
    return truthy(this.value);
  }

  has(key: string): boolean {
    const value = this.value;
    if (isMapping(value)) return Object.hasOwn(value, key);
    if (Array.isArray(value)) return value.includes(key);
    if (typeof value === 'string') return value.includes(key);
    throw typeError(`argument of type '${pythonTypeName(value)}' is not iterable`);
  }

  get(key: string): unknown {
    const value = this.value;
    if (isMapping(value)) return value[key];
    if (Array.isArray(value)) throw typeError('list indices must be integers or slices, not str');
    throw typeError(`string indices must be integers, not 'str'`);
  }

  /** `spec.get(key)` when the sub-specification is a mapping (the reference reads `order` and `limit` so). */
  optional(key: string): unknown {
    return this.has(key) ? this.get(key) : undefined;
  }
}

/** Python's `dict(value)` of a `fields` member: a mapping, or a list of [key, value] pairs. */
export function dictOf(value: unknown): Specification {
  if (isMapping(value)) return value;
  if (typeof value === 'string') {
    if (value === '') return {};
    throw valueError(`dictionary update sequence element #0 has length 1; 2 is required`);
  }
  if (!Array.isArray(value)) throw typeError(`'${pythonTypeName(value)}' object is not iterable`);
  const result: Specification = {};
  value.forEach((pair, index) => {
    const items = typeof pair === 'string' ? [...pair] : pair;
    if (!Array.isArray(items)) throw typeError(`cannot convert dictionary update sequence element #${index} to a sequence`);
    if (items.length !== 2) throw valueError(`dictionary update sequence element #${index} has length ${items.length}; 2 is required`);
    if (typeof items[0] !== 'string') throw typeError(`unhashable type: '${pythonTypeName(items[0])}'`);
    result[items[0]] = items[1];
  });
  return result;
}

/** The mapping of a `context` member (`with_context(**context)`). */
export function contextOf(value: unknown): Specification {
  if (isMapping(value)) return value;
  throw typeError(`argument after ** must be a mapping, not ${pythonTypeName(value)}`);
}

/** The `limit` of an x2many sub-specification, as a slice bound (booleans are integers in Python). */
export function sliceLimit(value: unknown): number {
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw typeError('slice indices must be integers or None or have an __index__ method');
}
