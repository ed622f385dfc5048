// What each field type holds in generated code: its value as `read` returns it, as `create`/`write` take it, and how
// it is compared in a domain. Followed: the 19.0 server's `convert_to_read` and its domain operators per field type.
import type { FieldInfo } from '../schema/schemaTypes';
import { arrayOf, BOOLEAN, FALSE, INTEGER, literal, NUMBER, STRING, type TypeExpr, unionOf, UNKNOWN } from './typeExpr';

/** Which related models the file describes: a relation to another is typed without its fields. */
export type IncludedModel = (model: string) => boolean;

const TEXT_TYPES: ReadonlySet<string> = new Set(['char', 'text', 'html']);
const NUMBER_TYPES: ReadonlySet<string> = new Set(['integer', 'float', 'monetary', 'many2one_reference']);
const INTEGER_TYPES: ReadonlySet<string> = new Set(['integer', 'many2one_reference']);
const STRING_OR_FALSE_TYPES: ReadonlySet<string> = new Set(['char', 'text', 'html', 'date', 'datetime', 'binary', 'reference']);
const X2MANY_TYPES: ReadonlySet<string> = new Set(['one2many', 'many2many']);

/** The selection's values as literals (empty selection: any string). */
export function selectionValueType(field: FieldInfo): TypeExpr {
  const values = (field.selection ?? []).map(([value]) => literal(value));
  return values.length === 0 ? STRING : unionOf(values);
}

/** `false` joins a value the server leaves empty as false, unless the field is required (never empty). */
const orFalse = (field: FieldInfo, type: TypeExpr): TypeExpr => (field.required ? type : unionOf([type, FALSE]));

/** The value `read` and `search_read` return for the field. */
export function readType(field: FieldInfo): TypeExpr {
  if (field.name === 'id') return INTEGER;
  if (STRING_OR_FALSE_TYPES.has(field.type)) return orFalse(field, STRING);
  if (field.type === 'selection') return orFalse(field, selectionValueType(field));
  if (NUMBER_TYPES.has(field.type)) return INTEGER_TYPES.has(field.type) ? INTEGER : NUMBER;
  if (field.type === 'boolean') return BOOLEAN;
  if (field.type === 'many2one') return { kind: 'many2oneRead' };
  if (X2MANY_TYPES.has(field.type)) return arrayOf(INTEGER);
  return UNKNOWN;
}

/** The value `create` and `write` take for the field. */
export function writeType(field: FieldInfo, included: IncludedModel): TypeExpr {
  if (field.type === 'many2one') return orFalse(field, INTEGER);
  if (X2MANY_TYPES.has(field.type)) {
    return { kind: 'x2manyCommands', model: field.relation !== undefined && included(field.relation) ? field.relation : undefined };
  }
  return readType(field);
}

/** Whether the write type lists the field: the server ignores or refuses values of read-only fields. */
export const writable = (field: FieldInfo): boolean => field.name !== 'id' && field.readonly !== true;

/** How a field is compared in a domain; each kind has its own operators (CONDITION_OPERATORS). */
export type ConditionKind = 'id' | 'text' | 'number' | 'date' | 'boolean' | 'selection' | 'relation' | 'other';

/**
 * Operators and what they compare with: `value` the field's value type, `valueOrFalse` that or false (not set),
 * `list` a list of values, `idOrIds` an id or ids, `text` a string (a related record's name), `domain` a domain on
 * the related model, `any` anything.
 */
export interface OperatorGroup {
  readonly operators: readonly string[];
  readonly takes: 'value' | 'valueOrFalse' | 'list' | 'idOrIds' | 'text' | 'domain' | 'any';
}

const ORDER = ['=', '!=', '<', '<=', '>', '>='];
const PATTERNS = ['=', '!=', 'like', 'not like', 'ilike', 'not ilike', '=like', '=ilike'];
const MEMBERSHIP = ['in', 'not in'];

/** The operators of each kind of condition. */
export const CONDITION_OPERATORS: Readonly<Record<ConditionKind, readonly OperatorGroup[]>> = {
  id: [
    { operators: ORDER, takes: 'value' },
    { operators: MEMBERSHIP, takes: 'list' },
  ],
  text: [
    { operators: PATTERNS, takes: 'valueOrFalse' },
    { operators: MEMBERSHIP, takes: 'list' },
  ],
  number: [
    { operators: ORDER, takes: 'valueOrFalse' },
    { operators: MEMBERSHIP, takes: 'list' },
  ],
  date: [
    { operators: ORDER, takes: 'valueOrFalse' },
    { operators: MEMBERSHIP, takes: 'list' },
  ],
  boolean: [
    { operators: ['=', '!='], takes: 'value' },
    { operators: MEMBERSHIP, takes: 'list' },
  ],
  selection: [
    { operators: ['=', '!='], takes: 'valueOrFalse' },
    { operators: MEMBERSHIP, takes: 'list' },
  ],
  // A relational field compares with ids, searches the related records' names, and takes a domain on them.
  relation: [
    { operators: ['=', '!='], takes: 'valueOrFalse' },
    { operators: MEMBERSHIP, takes: 'list' },
    { operators: ['child_of', 'parent_of'], takes: 'idOrIds' },
    { operators: ['like', 'not like', 'ilike', 'not ilike', '=like', '=ilike'], takes: 'text' },
    { operators: ['any', 'not any'], takes: 'domain' },
  ],
  other: [{ operators: ['=', '!=', 'in', 'not in'], takes: 'any' }],
};

/** How the field is compared in a domain. */
export function conditionKind(field: FieldInfo): ConditionKind {
  if (field.name === 'id') return 'id';
  if (TEXT_TYPES.has(field.type)) return 'text';
  if (NUMBER_TYPES.has(field.type)) return 'number';
  if (field.type === 'date' || field.type === 'datetime') return 'date';
  if (field.type === 'boolean' || field.type === 'selection') return field.type;
  if (isRelational(field)) return 'relation';
  return 'other';
}

/** Every domain operator, for conditions on paths the file does not describe. */
export const ALL_OPERATORS: readonly string[] = [
  ...new Set(Object.values(CONDITION_OPERATORS).flatMap((groups) => groups.flatMap((group) => group.operators))),
];

/** Relational fields, whose related model a dotted path (`partner_id.name`) may go into. */
export function isRelational(field: FieldInfo): boolean {
  return (field.type === 'many2one' || X2MANY_TYPES.has(field.type)) && field.relation !== undefined;
}
