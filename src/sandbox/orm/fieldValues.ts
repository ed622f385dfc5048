// Converts field values between JSON (as callers send and receive them) and database columns, per field type.
import { typeError, valueError } from '../errors/serviceErrors';
import type { FieldDefinition } from './fieldDefinition';
import type { Model } from './modelDefinition';
import { dateFromText, datetimeFromText } from './pythonDates';
import { floatValue, plainNumber } from './pythonFloat';
import { pythonRepr, pythonTypeName } from './pythonRepr';

const INT32_MAX = 2 ** 31 - 1;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?$/;

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatDatetime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` in UTC. */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Parses `YYYY-MM-DD` (the first ten characters); null when it is not a real date. */
export function parseDate(text: string): string | null {
  const match = DATE.exec(text.slice(0, 10));
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
  return match[0];
}

/** Parses `YYYY-MM-DD HH:MM:SS` (fraction ignored) or a bare date (midnight); null when invalid. */
export function parseDatetime(text: string): string | null {
  if (text.length === 10) {
    const date = parseDate(text);
    return date === null ? null : `${date} 00:00:00`;
  }
  const match = DATETIME.exec(text);
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
  if (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6]) > 59) return null;
  return text.slice(0, 19);
}

function checkText(text: string): string {
  if (text.includes('\u0000')) throw valueError('A string literal cannot contain NUL (0x00) characters.');
  return text;
}

function wrongValue(model: Model, field: FieldDefinition, value: unknown): never {
  throw valueError(`Wrong value for ${model.name}.${field.name}: ${pythonRepr(value)}`);
}

/** Python's truth value of a JSON value. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** The column value for `value` written to `field`, or a ValueError as the reference server raises it. */
export function toColumnValue(model: Model, field: FieldDefinition, given: unknown): unknown {
  const value = plainNumber(given);
  const empty = value === false || value === null;
  switch (field.type) {
    case 'char':
    case 'text':
    case 'html': {
      if (empty) return null;
      if (typeof value === 'number') return String(value);
      if (value === true) return 'True';
      if (typeof value !== 'string') wrongValue(model, field, value);
      const text = checkText(value);
      return field.size ? [...text].slice(0, field.size).join('') : text;
    }
    case 'integer': {
      if (empty) return 0;
      let number: number;
      if (typeof value === 'number') number = Math.trunc(value);
      else if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) number = Number.parseInt(value, 10);
      else if (value === true) number = 1;
      else throw valueError(`invalid literal for int() with base 10: ${pythonRepr(value)}`);
      if (Math.abs(number) > INT32_MAX) throw valueError(`integer out of range for ${model.name}.${field.name}: ${number}`);
      return number;
    }
    case 'binary': {
      if (empty) return null;
      if (typeof value !== 'string' || !BASE64.test(value.replace(/\s+/g, '')))
        throw valueError(`Wrong value for ${model.name}.${field.name}: binary values are base64 text`);
      return value.replace(/\s+/g, '');
    }
    case 'float':
    case 'monetary': {
      if (empty) return 0;
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      throw valueError(`could not convert string to float: ${pythonRepr(value)}`);
    }
    case 'boolean':
      return truthy(value);
    case 'date':
      if (empty || value === '') return null;
      if (typeof value !== 'string') throw typeError(`'${pythonTypeName(value)}' object is not subscriptable`);
      return dateFromText(value);
    case 'datetime':
      if (empty || value === '') return null;
      if (typeof value !== 'string') throw typeError(`'${pythonTypeName(value)}' object is not subscriptable`);
      return datetimeFromText(value);
    case 'selection': {
      if (empty) return null;
      if (typeof value !== 'string' || !field.selection?.some(([key]) => key === value)) wrongValue(model, field, value);
      return value;
    }
    case 'many2one': {
      if (empty) return null;
      if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > INT32_MAX) wrongValue(model, field, value);
      return value;
    }
    case 'one2many':
    case 'many2many':
      throw valueError(`${model.name}.${field.name} is a ${field.type} field: it has no column value`);
  }
}

/** The JSON value read for `field` from its column (many2one gives the bare id here; names are added by the reader). */
export function fromColumnValue(field: FieldDefinition, raw: unknown): unknown {
  switch (field.type) {
    case 'integer':
      return raw === null || raw === undefined ? 0 : Number(raw);
    case 'float':
    case 'monetary':
      return floatValue(raw === null || raw === undefined ? 0 : Number(raw));
    case 'boolean':
      return raw === true;
    case 'datetime':
      return typeof raw === 'string' ? raw.slice(0, 19) : false;
    case 'date':
      return typeof raw === 'string' ? raw.slice(0, 10) : false;
    case 'one2many':
    case 'many2many':
      return (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as number[];
    default:
      return raw === null || raw === undefined || (raw === '' && field.type === 'selection') ? false : raw;
  }
}
