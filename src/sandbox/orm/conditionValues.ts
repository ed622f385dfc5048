// The values of domain conditions: how a value compares with a field's column (its SQL type, or the reference's
// ValueError), what counts as no value (False, and '' for a text), and a bare date bounding a datetime.
import { valueError } from '../errors/serviceErrors';
import type { FieldDefinition } from './fieldDefinition';
import { parseDate, parseDatetime } from './fieldValues';
import type { Model } from './modelDefinition';
import { conditionRepr, pythonRepr } from './pythonRepr';

/** The left side of a condition: its SQL, its field and that field's model. */
export interface Operand {
  sql: string;
  field: FieldDefinition;
  model: Model;
}

export function isEmpty(value: unknown): boolean {
  return value === false || value === null;
}

const TEXT_TYPES = new Set(['char', 'text', 'html']);

/** For a text field the empty string is no value, as False is: both match a column that is empty or ''. */
export function isNoText(operand: Operand, value: unknown): boolean {
  return TEXT_TYPES.has(operand.field.type) && (isEmpty(value) || value === '');
}

export function emptySql(operand: Operand): string {
  return TEXT_TYPES.has(operand.field.type) ? `(${operand.sql} IS NULL OR ${operand.sql}::text = '')` : `${operand.sql} IS NULL`;
}

/** `value` as compared with `field`, with its SQL type; ValueError when it cannot be. */
export function typedValue(operand: Operand, value: unknown, term: readonly unknown[]): { value: unknown; cast: string } {
  const bad = () =>
    valueError(`Invalid value ${pythonRepr(value)} for ${operand.model.name}.${operand.field.name} in condition ${conditionRepr(term)}`);
  switch (operand.field.type) {
    case 'integer':
    case 'many2one':
      if (typeof value !== 'number') throw bad();
      return { value, cast: Number.isInteger(value) ? 'bigint' : 'float8' };
    case 'float':
    case 'monetary':
      if (typeof value !== 'number') throw bad();
      return { value, cast: 'float8' };
    case 'boolean':
      return { value: Boolean(value), cast: 'boolean' };
    case 'date': {
      const date = typeof value === 'string' ? parseDate(value) : null;
      if (date === null) throw bad();
      return { value: date, cast: 'date' };
    }
    case 'datetime': {
      const datetime = typeof value === 'string' ? parseDatetime(value) : null;
      if (datetime === null) throw bad();
      return { value: datetime, cast: 'timestamp' };
    }
    default:
      if (typeof value === 'number') return { value: String(value), cast: 'text' };
      if (typeof value !== 'string') throw bad();
      return { value, cast: 'text' };
  }
}

/**
 * A bare date as the bound of a datetime condition stands for its whole day, as in the reference: `> day` and
 * `<= day` become `>= next day` and `< next day` (other operators compare with the day's midnight).
 */
export function wholeDayBound(operand: Operand, operator: string, value: unknown): { operator: string; value: string } | null {
  if (operand.field.type !== 'datetime' || (operator !== '>' && operator !== '<=') || typeof value !== 'string') return null;
  const day = value.length === 10 ? parseDate(value) : null;
  if (day === null) return null;
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { operator: operator === '>' ? '>=' : '<', value: `${next.toISOString().slice(0, 10)} 00:00:00` };
}
