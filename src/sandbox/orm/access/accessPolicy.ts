// Decides whether the calling user may do an operation on a model or use a field, and which records the record
// rules leave them, from the database's own ir.model.access, ir.rule and field-group rows (securityTables.ts).
import { accessError } from '../../errors/serviceErrors';
import type { Environment } from '../environment';
import type { DomainNode } from '../domainParser';
import type { Model } from '../modelDefinition';
import type { Operation } from './accessRules';
import { SUPERUSER_ID } from './currentUser';

const VERBS: Record<Operation, string> = { read: 'access', write: 'modify', create: 'create', unlink: 'delete' };

function unrestricted(env: Environment): boolean {
  return env.su || env.uid === SUPERUSER_ID;
}

/** True when the user's groups grant `operation` on `model` (superuser mode grants everything). */
export function hasModelAccess(env: Environment, model: Model, operation: Operation): boolean {
  return unrestricted(env) || env.services.security.hasAccess(model.name, operation, env.user);
}

/** Throws the access error of the reference server when `operation` on `model` is not granted. */
export function checkModelAccess(env: Environment, model: Model, operation: Operation): void {
  if (hasModelAccess(env, model, operation)) return;
  const groups = env.services.security.groupsAllowed(model.name, operation).map((name) => `\t- ${name}`);
  const allowed =
    groups.length > 0
      ? `\n\nThis operation is allowed for the following groups:\n${groups.join('\n')}`
      : '\n\nNo group currently allows this operation.';
  throw accessError(
    `You are not allowed to ${VERBS[operation]} '${model.description}' (${model.name}) records.${allowed}\n\nContact your administrator to request access if necessary.`,
  );
}

/**
 * The record-rule condition for `operation` on `model`: global rules and-ed, rules of the user's groups or-ed (no rule
 * of the user's groups: no group restriction). Null when nothing restricts the user.
 */
export function recordRuleDomain(env: Environment, model: Model, operation: Operation): DomainNode | null {
  if (unrestricted(env)) return null;
  return env.services.security.ruleDomain(model.name, operation, env.user);
}

/**
 * The access error of records the record rules hide. It names the model only: the reference lists the records and the
 * rules that failed in debug mode only, which a call authenticated by an API key never is.
 */
export function recordRuleError(env: Environment, model: Model, operation: Operation): Error {
  return accessError(
    `Uh-oh! Looks like you have stumbled upon some top-secret records.\n\nSorry, ${env.user.name} (id=${env.uid}) doesn't have '${operation}' access to:\n- ${model.description} (${model.name})\n\nIf you really, really need access, perhaps you can win over your friendly administrator with a batch of freshly baked cookies.`,
  );
}

/** Whether the user may read and write the field `name` of `model` (fields restricted to groups). */
export function fieldAllowed(env: Environment, model: Model, name: string): boolean {
  return unrestricted(env) || env.services.security.fieldAllowed(model.name, name, env.user);
}

/** Throws the access error for the fields of `names` the user may not use, naming the model and the operation. */
export function checkFieldAccess(env: Environment, model: Model, names: Iterable<string>, operation: Operation): void {
  if (unrestricted(env)) return;
  const denied = [...names].filter((name) => !env.services.security.fieldAllowed(model.name, name, env.user));
  if (denied.length === 0) return;
  const lines = denied.map(
    (name) =>
      `- ${name} (allowed for groups ${env.services.security
        .fieldGroupNames(model.name, name)
        .map((group) => `'${group}'`)
        .join(', ')})`,
  );
  throw accessError(
    `You do not have enough rights to access the fields "${denied.join(',')}" on ${model.description} (${model.name}). Please contact your system administrator.\n\n(Operation: ${operation})\n\nFields:\n${lines.join('\n')}`,
  );
}
