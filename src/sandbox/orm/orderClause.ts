// Turns an `order` specification ("name desc, id") into an SQL ORDER BY, rejecting unknown fields and directions.
import { userError, valueError } from '../errors/serviceErrors';
import { fieldSql } from './fieldSql';
import type { Model } from './modelDefinition';
import { pythonRepr } from './pythonRepr';
import type { Registry } from './registry';
import { quoteIdentifier } from '../storage/sqlQuoting';

const TERM = /^([a-z_][a-z0-9_]*)(?:\s+(asc|desc))?(?:\s+nulls\s+(first|last))?$/i;

function invalidOrder(order: string, error = valueError): Error {
  return error(
    `Invalid "order" specified (${order}). A valid "order" specification is a comma-separated list of valid field names (optionally followed by asc/desc for the direction)`,
  );
}

/**
 * ORDER BY terms of `order` over table alias `alias`; `id` is added last so that the order is total. As the reference,
 * an order that is not a list of terms is a user error, a term naming no field of the model a ValueError.
 */
export function orderToSql(registry: Registry, model: Model, order: string, alias: string): string {
  const parts = order.split(',').map((part) => TERM.exec(part.trim()));
  if (parts.some((match) => match === null)) throw invalidOrder(order, userError);
  const terms: string[] = [];
  let hasId = false;
  for (const match of parts as RegExpExecArray[]) {
    const [, name, direction = 'asc', nulls] = match;
    const field = model.fields.get(name);
    if (!field) throw valueError(`Invalid field ${pythonRepr(name)} on model ${pythonRepr(model.name)}`);
    if (field.type === 'one2many' || field.type === 'many2many') throw invalidOrder(order);
    let sql: string;
    if (field.type === 'many2one' && field.store) {
      const related = registry.require(field.relation as string);
      sql = `(SELECT ${related.displayNameSql('o')} FROM ${quoteIdentifier(related.table)} o WHERE o.id = ${alias}.${quoteIdentifier(name)})`;
    } else if (field.store) {
      sql = fieldSql(field, alias);
    } else if (field.computeSql) {
      sql = `(${field.computeSql(alias)})`;
    } else {
      throw invalidOrder(order);
    }
    if (name === 'id') hasId = true;
    terms.push(`${sql} ${direction.toUpperCase()}${nulls ? ` NULLS ${nulls.toUpperCase()}` : ''}`);
  }
  if (!hasId) terms.push(`${alias}.id`);
  return terms.join(', ');
}
