// The SQL that adds and removes the tables, columns and relation tables of custom models and fields.
import type { FieldDefinition } from './fieldDefinition';
import { tableName, type Model } from './modelDefinition';
import { columnType } from './schemaSql';
import { quoteIdentifier as q } from '../storage/sqlQuoting';

/** The statement creating the table of a new custom model: its built-in fields only. */
export function createModelTableSql(model: string): string {
  const table = tableName(model);
  const user = (column: string) =>
    `${column} integer CONSTRAINT ${q(`${table}_${column}_fkey`)} REFERENCES res_users (id) ON DELETE SET NULL`;
  return `CREATE TABLE ${q(table)} (id serial PRIMARY KEY, ${user('create_uid')}, create_date timestamp(0) without time zone, ${user('write_uid')}, write_date timestamp(0) without time zone)`;
}

/** Statements adding the column (or relation table) of custom field `field` to `model`. */
export function addFieldSql(model: Model, field: FieldDefinition, relatedTable: string | null): string[] {
  if (field.type === 'one2many') return [];
  if (field.type === 'many2many') {
    const [table, c1, c2] = [field.relationTable as string, field.column1 as string, field.column2 as string];
    return [
      `CREATE TABLE ${q(table)} (${q(c1)} integer NOT NULL REFERENCES ${q(model.table)} (id) ON DELETE CASCADE, ${q(c2)} integer NOT NULL REFERENCES ${q(relatedTable as string)} (id) ON DELETE CASCADE, PRIMARY KEY (${q(c1)}, ${q(c2)}))`,
      `CREATE INDEX ${q(`${table}_${c2}_idx`)} ON ${q(table)} (${q(c2)})`,
    ];
  }
  const statements = [`ALTER TABLE ${q(model.table)} ADD COLUMN ${q(field.name)} ${columnType(field)}`];
  if (field.type === 'many2one') {
    statements.push(
      `ALTER TABLE ${q(model.table)} ADD CONSTRAINT ${q(`${model.table}_${field.name}_fkey`)} FOREIGN KEY (${q(field.name)}) REFERENCES ${q(relatedTable as string)} (id) ON DELETE ${(field.onDelete ?? 'set null').toUpperCase()}`,
      `CREATE INDEX ${q(`${model.table}__${field.name}_index`)} ON ${q(model.table)} (${q(field.name)})`,
    );
  }
  return statements;
}

/**
 * For a required field with a column: the statement that makes the column NOT NULL, and the query that says whether it
 * may (no row has it empty; a new column on a table with rows stays nullable and the ORM checks it, as the reference
 * server does when it cannot set the constraint).
 */
export function notNullSql(model: Model, field: FieldDefinition): { check: string; statement: string } | null {
  if (!field.required || field.type === 'one2many' || field.type === 'many2many') return null;
  return {
    check: `SELECT NOT EXISTS (SELECT 1 FROM ${q(model.table)} WHERE ${q(field.name)} IS NULL) AS complete`,
    statement: `ALTER TABLE ${q(model.table)} ALTER COLUMN ${q(field.name)} SET NOT NULL`,
  };
}

/** Statements removing what `addFieldSql` added. */
export function dropFieldSql(model: Model, field: FieldDefinition): string[] {
  if (field.type === 'one2many') return [];
  if (field.type === 'many2many') return [`DROP TABLE IF EXISTS ${q(field.relationTable as string)}`];
  return [`ALTER TABLE ${q(model.table)} DROP COLUMN IF EXISTS ${q(field.name)}`];
}

/** The statement removing a custom model's table (relation tables and foreign keys that point to it go too). */
export function dropModelSql(model: Model): string {
  return `DROP TABLE IF EXISTS ${q(model.table)} CASCADE`;
}
