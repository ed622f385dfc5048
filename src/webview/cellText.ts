// How one value of a record reads in a table cell: many2one as its label, booleans as words, dates as written.

/** A value as [label, id] (a many2one), or undefined. */
export function many2one(value: unknown): { id: number; label: string } | undefined {
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'string')
    return { id: value[0], label: value[1] };
  return undefined;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(:\d{2})?$/;

/** The text of a cell. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value === false) return '—';
  if (value === true) return '✓';
  const pair = many2one(value);
  if (pair) return pair.label;
  if (typeof value === 'string') {
    const dateTime = DATE_TIME.exec(value);
    return dateTime ? `${dateTime[1]} ${dateTime[2]}` : value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** The hover text of a cell: the id of a many2one, the full value when it was shortened or is a list. */
export function cellTitle(value: unknown): string {
  const pair = many2one(value);
  if (pair) return `id ${pair.id}`;
  if (value === false) return 'false';
  if (value === true) return 'true';
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) return JSON.stringify(value);
  return '';
}

/** The value copied from a cell: the id of a many2one, else the value as JSON (strings as they are). */
export function cellCopy(value: unknown): string {
  const pair = many2one(value);
  if (pair) return String(pair.id);
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Orders two cell values: numbers as numbers, many2one by label, the rest as text; empty values last. */
export function compareCells(a: unknown, b: unknown): number {
  const empty = (value: unknown) => value === null || value === undefined || value === false;
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return cellText(a).localeCompare(cellText(b));
}

/** True when the body is an array of records (objects), the shape a table shows. */
export function isRecordList(body: unknown): body is Record<string, unknown>[] {
  return Array.isArray(body) && body.length > 0 && body.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
}

/** Columns of a list of records: the keys of the first records, `id` first. */
export function columnsOf(records: readonly Record<string, unknown>[]): string[] {
  const keys = new Set<string>();
  for (const record of records.slice(0, 50)) for (const key of Object.keys(record)) keys.add(key);
  const columns = [...keys];
  return columns.includes('id') ? ['id', ...columns.filter((key) => key !== 'id')] : columns;
}
