// Checks that given records exist and that the record rules let the user act on them.
import { missingError } from '../errors/serviceErrors';
import { recordRuleDomain, recordRuleError } from './access/accessPolicy';
import type { Operation } from './access/accessRules';
import { domainToSql } from './domainSql';
import type { Environment } from './environment';
import type { Model } from './modelDefinition';
import { SqlParams } from './sqlParams';
import { quoteIdentifier } from '../storage/sqlQuoting';

/** The message of the reference server's missing-record error. */
export function missingRecordMessage(env: Environment, model: Model, ids: readonly number[]): string {
  return `Record does not exist or has been deleted.\n(Record: ${model.name}(${ids.join(', ')}${ids.length === 1 ? ',' : ''}), User: ${env.uid})`;
}

/** SQL that is true for the records of `model` (aliased `alias`) the record rules allow for `operation`. */
export function ruleCondition(env: Environment, model: Model, operation: Operation, alias: string, params: SqlParams): string {
  const rules = recordRuleDomain(env, model, operation);
  return rules ? domainToSql(env.registry, model, rules, alias, params) : 'TRUE';
}

/** Throws a missing-record error for ids that do not exist, an access error for ids the rules hide. */
export async function checkRecords(env: Environment, model: Model, ids: readonly number[], operation: Operation): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const params = new SqlParams();
  const idsParam = params.add(unique, 'bigint[]');
  const allowed = ruleCondition(env, model, operation, 't', params);
  const result = await env.cr.query<{ id: number; allowed: boolean }>(
    `SELECT t.id, (${allowed}) AS allowed FROM ${quoteIdentifier(model.table)} t WHERE t.id = ANY(${idsParam})`,
    params.values,
  );
  reportInaccessible(env, model, unique, new Map(result.rows.map((row) => [row.id, row.allowed])), operation);
}

/**
 * Throws a missing-record error for ids absent from `found`, then an access error for ids the rules hide
 * (`found` maps each existing id to whether the rules allow it).
 */
export function reportInaccessible(
  env: Environment,
  model: Model,
  ids: readonly number[],
  found: ReadonlyMap<number, boolean>,
  operation: Operation,
): void {
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw missingError(missingRecordMessage(env, model, missing));
  const forbidden = ids.filter((id) => found.get(id) !== true);
  if (forbidden.length > 0) throw recordRuleError(env, model, operation);
}
