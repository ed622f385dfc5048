// A plain SQL dump of a database (sequences, tables, rows, constraints, indexes), written piece by piece so that
// memory stays bounded; the text is portable between PGlite and PostgreSQL (psql can replay it).
import type { SqlClient } from '../storage/sqlClient';
import { quoteIdentifier as ident, quoteLiteral as literal } from '../storage/sqlQuoting';

/** Receives the dump text in pieces; resolves when the piece may be followed by the next (backpressure). */
export type DumpWriter = (text: string) => Promise<void>;

const PAGE_ROWS = 500;

interface Column {
  name: string;
  type: string;
  def: string | null;
  notnull: boolean;
}

async function tableNames(cr: SqlClient): Promise<{ oid: number; name: string }[]> {
  const result = await cr.query<{ oid: number; name: string }>(
    "SELECT c.oid::int AS oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname",
  );
  return result.rows;
}

async function columns(cr: SqlClient, oid: number): Promise<Column[]> {
  const result = await cr.query<Column>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, pg_get_expr(d.adbin, d.adrelid) AS def, a.attnotnull AS notnull
     FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  return result.rows;
}

async function dumpRows(cr: SqlClient, table: string, cols: Column[], write: DumpWriter): Promise<void> {
  // An array, not concat(): a function takes at most 100 arguments and wide tables have hundreds of columns.
  const values = `array_to_string(ARRAY[${cols.map((col) => `quote_nullable(${ident(col.name)})`).join(', ')}], ', ')`;
  const prefix = `INSERT INTO ${ident(table)} (${cols.map((col) => ident(col.name)).join(', ')}) VALUES (`;
  const byId = cols.some((col) => col.name === 'id' && /^(integer|bigint)$/.test(col.type));
  let last = -Infinity;
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const where = byId && last !== -Infinity ? `WHERE id > ${last}` : '';
    const order = byId ? 'ORDER BY id' : 'ORDER BY ctid';
    const page = await cr.query<{ line: string; id: number | null }>(
      `SELECT ${values} AS line, ${byId ? 'id' : 'NULL::int AS id'} FROM ${ident(table)} ${where} ${order} LIMIT ${PAGE_ROWS}${byId ? '' : ` OFFSET ${offset}`}`,
    );
    if (page.rows.length === 0) return;
    await write(page.rows.map((row) => `${prefix}${row.line});\n`).join(''));
    if (byId) last = page.rows[page.rows.length - 1].id as number;
    if (page.rows.length < PAGE_ROWS) return;
  }
}

/** Writes the whole dump of the database behind `cr` (run it in one transaction for a consistent picture). */
export async function writeSqlDump(cr: SqlClient, write: DumpWriter): Promise<void> {
  await write("-- JSON-2 Explorer sandbox: plain SQL dump\nSET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n\n");
  const sequences = await cr.query<{ name: string; last: string | null }>(
    "SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename",
  );
  for (const sequence of sequences.rows) {
    await write(
      `CREATE SEQUENCE ${ident(sequence.name)};\n${sequence.last === null ? '' : `SELECT setval(${literal(sequence.name)}, ${sequence.last}, true);\n`}`,
    );
  }
  const tables = await tableNames(cr);
  const described = [];
  for (const table of tables) {
    const cols = await columns(cr, table.oid);
    described.push({ ...table, cols });
    const lines = cols.map(
      (col) => `  ${ident(col.name)} ${col.type}${col.def === null ? '' : ` DEFAULT ${col.def}`}${col.notnull ? ' NOT NULL' : ''}`,
    );
    await write(`\nCREATE TABLE ${ident(table.name)} (\n${lines.join(',\n')}\n);\n`);
  }
  for (const table of described) await dumpRows(cr, table.name, table.cols, write);
  const constraints = await cr.query<{ tbl: string; name: string; def: string }>(
    `SELECT c.relname AS tbl, k.conname AS name, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND k.contype IN ('p', 'u', 'c', 'x', 'f')
     ORDER BY k.contype = 'f', c.relname, k.conname`,
  );
  await write('\n');
  for (const constraint of constraints.rows)
    await write(`ALTER TABLE ${ident(constraint.tbl)} ADD CONSTRAINT ${ident(constraint.name)} ${constraint.def};\n`);
  const indexes = await cr.query<{ def: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) ORDER BY c.relname`,
  );
  for (const index of indexes.rows) await write(`${index.def};\n`);
}
