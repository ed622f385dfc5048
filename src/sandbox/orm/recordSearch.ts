// Finds records: the WHERE clause of a call (domain, archived records, record rules) and search / search_count.
import { typeError } from '../errors/serviceErrors';
import { checkFieldAccess, checkModelAccess, recordRuleDomain } from './access/accessPolicy';
import type { Operation } from './access/accessRules';
import { mentionsField, parseDomain, type DomainNode } from './domainParser';
import { domainToSql } from './domainSql';
import type { Environment } from './environment';
import type { Model } from './modelDefinition';
import { orderToSql } from './orderClause';
import { limitOf, offsetOf } from './pagination';
import { SqlParams } from './sqlParams';
import { quoteIdentifier } from '../storage/sqlQuoting';

export interface SearchOptions {
  domain: unknown;
  offset?: unknown;
  limit?: unknown;
  order?: unknown;
}

/** The WHERE condition for `domain` on `model`, with archived records left out and record rules applied. */
export function whereClause(
  env: Environment,
  model: Model,
  domain: DomainNode,
  params: SqlParams,
  alias: string,
  operation: Operation = 'read',
): string {
  const parts = [
    domainToSql(env.registry, model, domain, alias, params, (searched, field) => checkFieldAccess(env, searched, [field], 'read')),
  ];
  const activeTest = env.context.active_test !== false;
  if (activeTest && model.fields.get('active')?.store && !mentionsField(domain, 'active')) parts.push(`${alias}."active" = true`);
  const rules = recordRuleDomain(env, model, operation);
  if (rules) parts.push(domainToSql(env.registry, model, rules, alias, params));
  return parts.join(' AND ');
}

function orderText(value: unknown): string | null {
  if (value === undefined || value === null || value === false || value === '') return null;
  if (typeof value !== 'string') throw typeError(`'order' must be a string, got ${JSON.stringify(value)}`);
  return value;
}

/** Ids of the records matching `options.domain`, in order, after offset and limit. */
export async function searchIds(env: Environment, model: Model, options: SearchOptions): Promise<number[]> {
  checkModelAccess(env, model, 'read');
  const domain = parseDomain(options.domain);
  const offset = offsetOf(options.offset);
  const limit = limitOf(options.limit);
  const order = orderToSql(env.registry, model, orderText(options.order) ?? model.order, 't');
  const params = new SqlParams();
  const where = whereClause(env, model, domain, params, 't');
  let sql = `SELECT t.id FROM ${quoteIdentifier(model.table)} t WHERE ${where} ORDER BY ${order}`;
  if (limit !== null) sql += ` LIMIT ${params.add(limit, 'bigint')}`;
  if (offset > 0) sql += ` OFFSET ${params.add(offset, 'bigint')}`;
  const result = await env.cr.query<{ id: number }>(sql, params.values);
  return result.rows.map((row) => row.id);
}

/** How many records match (at most `limit` when given). */
export async function searchCount(env: Environment, model: Model, domainValue: unknown, limitValue: unknown): Promise<number> {
  checkModelAccess(env, model, 'read');
  const domain = parseDomain(domainValue);
  const limit = limitOf(limitValue);
  const params = new SqlParams();
  const where = whereClause(env, model, domain, params, 't');
  const inner = `SELECT 1 FROM ${quoteIdentifier(model.table)} t WHERE ${where}${limit !== null ? ` LIMIT ${params.add(limit, 'bigint')}` : ''}`;
  const result = await env.cr.query<{ count: number }>(`SELECT count(*)::int AS count FROM (${inner}) matching`, params.values);
  return result.rows[0].count;
}
