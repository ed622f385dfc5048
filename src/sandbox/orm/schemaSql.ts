// The SQL that creates the tables of the models: one table per model, one column per stored field, then the
// foreign keys of many2one fields (added last, since tables refer to each other).
import type { FieldDefinition } from './fieldDefinition';
import type { Model } from './modelDefinition';
import type { Registry } from './registry';
import { quoteIdentifier } from '../storage/sqlQuoting';

/** The PostgreSQL type of a stored field. */
export function columnType(field: FieldDefinition): string {
  if (field.translate && (field.type === 'char' || field.type === 'text' || field.type === 'html')) return 'jsonb';
  switch (field.type) {
    case 'char':
    case 'selection':
      return 'varchar';
    case 'text':
    case 'html':
    case 'binary':
      return 'text';
    case 'integer':
    case 'many2one':
      return 'integer';
    case 'float':
    case 'monetary':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamp(0) without time zone';
    case 'one2many':
    case 'many2many':
      throw new Error(`${field.name}: ${field.type} fields have no column`);
  }
}

function createTable(model: Model): string {
  const columns = ['id serial PRIMARY KEY'];
  for (const field of model.fields.values()) {
    if (!field.store || field.name === 'id') continue;
    columns.push(`${quoteIdentifier(field.name)} ${columnType(field)}${field.required ? ' NOT NULL' : ''}`);
  }
  columns.push(...model.privateColumns);
  for (const constraint of model.constraints)
    columns.push(`CONSTRAINT ${quoteIdentifier(`${model.table}_${constraint.name}`)} ${constraint.definition}`);
  return `CREATE TABLE ${quoteIdentifier(model.table)} (\n  ${columns.join(',\n  ')}\n)`;
}

function foreignKeys(registry: Registry, model: Model): string[] {
  return [...model.fields.values()]
    .filter((field) => field.store && field.type === 'many2one')
    .map((field) => {
      const related = registry.require(field.relation as string);
      const name = quoteIdentifier(`${model.table}_${field.name}_fkey`);
      return `ALTER TABLE ${quoteIdentifier(model.table)} ADD CONSTRAINT ${name} FOREIGN KEY (${quoteIdentifier(field.name)}) REFERENCES ${quoteIdentifier(related.table)} (id) ON DELETE ${(field.onDelete ?? 'set null').toUpperCase()} DEFERRABLE INITIALLY IMMEDIATE`;
    });
}

function indexes(model: Model): string[] {
  return [...model.fields.values()]
    .filter((field) => field.store && (field.index || field.type === 'many2one') && !field.builtin)
    .map(
      (field) =>
        `CREATE INDEX ${quoteIdentifier(`${model.table}__${field.name}_index`)} ON ${quoteIdentifier(model.table)} (${quoteIdentifier(field.name)})`,
    );
}

/** Every statement that creates the schema of `registry`'s models, in an order that works. */
export function schemaStatements(registry: Registry): string[] {
  const models = registry.storedModels();
  return [
    ...models.map(createTable),
    ...models.flatMap((model) => foreignKeys(registry, model)),
    ...models.flatMap(indexes),
    ...models.flatMap((model) => model.extraSchema),
  ];
}
