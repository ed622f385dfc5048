// Writes a JSON value the way Python's repr() shows it, for error messages that quote values and conditions.

/** Lists and mappings nested deeper than this show as `[...]` / `{...}` (a request may nest them without end). */
const MAX_REPR_DEPTH = 32;

function reprAt(value: unknown, depth: number): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }
  if (Array.isArray(value)) return depth >= MAX_REPR_DEPTH ? '[...]' : `[${value.map((item) => reprAt(item, depth + 1)).join(', ')}]`;
  if (typeof value === 'object') {
    if (depth >= MAX_REPR_DEPTH) return '{...}';
    return `{${Object.entries(value)
      .map(([k, v]) => `${reprAt(k, depth + 1)}: ${reprAt(v, depth + 1)}`)
      .join(', ')}}`;
  }
  return String(value);
}

/** The name of the Python type of a JSON value (`int`, `str`, `list`, ...). */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

export function pythonRepr(value: unknown): string {
  return reprAt(value, 0);
}

/** A domain condition as Python shows a tuple: `('name', 'ilike', 'x')`. */
export function conditionRepr(condition: readonly unknown[]): string {
  return `(${condition.map(pythonRepr).join(', ')})`;
}
