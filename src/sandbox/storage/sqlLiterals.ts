// Puts statement parameters into the SQL text as literals (as psycopg2 does on the client side), so that PGlite runs
// one simple-protocol query instead of six extended-protocol round trips. Values are quoted by type, never trusted.
import { UnsendableValueError } from './sqlClient';

/** One element of an array literal (`{1,2}`, `{"a","b"}`): numbers bare, text double-quoted with escapes. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new UnsendableValueError(`cannot send ${value} to the database`);
    return String(value);
  }
  if (typeof value === 'string') return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  throw new UnsendableValueError(`cannot send a ${typeof value} in an array to the database`);
}

/** The SQL literal of one parameter value. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UnsendableValueError(`cannot send ${value} to the database`);
    // Parentheses keep a negative number from forming a comment (`- -1` → `--1`).
    return value < 0 || Object.is(value, -0) ? `(${value})` : String(value);
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new UnsendableValueError('A string literal cannot contain NUL (0x00) characters.');
    // standard_conforming_strings is on: only the quote needs doubling; backslashes are plain characters.
    return `'${value.replace(/'/g, "''")}'`;
  }
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value).toString('hex')}'::bytea`;
  if (Array.isArray(value)) return sqlLiteral(`{${value.map(arrayElement).join(',')}}`);
  if (typeof value === 'object') return sqlLiteral(JSON.stringify(value));
  throw new UnsendableValueError(`cannot send a ${typeof value} to the database`);
}

/**
 * Replaces the placeholders `$1`, `$2`, ... of `sql` with the literals of `params`, leaving string literals, quoted
 * identifiers, dollar-quoted strings and comments untouched. A placeholder without a parameter is an error.
 */
export function interpolate(sql: string, params: readonly unknown[]): string {
  if (params.length === 0) return sql;
  let result = '';
  let index = 0;
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    let end = index + 1;
    if (char === "'" || char === '"') {
      end = index + 1;
      for (;;) {
        end = sql.indexOf(char, end);
        if (end === -1) {
          end = sql.length;
          break;
        }
        if (sql[end + 1] === char) {
          end += 2;
          continue;
        }
        end += 1;
        break;
      }
    } else if (char === '-' && next === '-') {
      end = sql.indexOf('\n', index);
      if (end === -1) end = sql.length;
    } else if (char === '/' && next === '*') {
      end = sql.indexOf('*/', index + 2);
      end = end === -1 ? sql.length : end + 2;
    } else if (char === '$' && next !== undefined && /[0-9]/.test(next) && !/[A-Za-z0-9_]/.test(sql[index - 1] ?? '')) {
      let digits = index + 1;
      while (digits < sql.length && /[0-9]/.test(sql[digits])) digits += 1;
      const position = Number(sql.slice(index + 1, digits));
      if (position < 1 || position > params.length) throw new Error(`there is no parameter $${position}`);
      result += sqlLiteral(params[position - 1]);
      index = digits;
      continue;
    } else if (char === '$') {
      const tag = /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.exec(sql.slice(index));
      if (tag) {
        const close = sql.indexOf(tag[0], index + tag[0].length);
        end = close === -1 ? sql.length : close + tag[0].length;
      }
    }
    result += sql.slice(index, end);
    index = end;
  }
  return result;
}
