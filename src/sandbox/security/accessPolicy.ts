// Decides whether the calling user may do an operation on a model, and which records the record rules leave them.
import { accessError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import { parseDomain, type DomainNode } from '../orm/domainParser';
import type { Model } from '../orm/modelDefinition';
import { GROUP_LABELS, MODEL_ACCESS, RECORD_RULES, type Operation } from './accessRules';
import { GROUP_SYSTEM, SUPERUSER_ID } from './currentUser';

const VERBS: Record<Operation, string> = { read: 'access', write: 'modify', create: 'create', unlink: 'delete' };

/** True when the user's groups grant `operation` on `model` (superuser mode grants everything). */
export function hasModelAccess(env: Environment, model: Model, operation: Operation): boolean {
  if (env.su || env.uid === SUPERUSER_ID) return true;
  // Custom models: settings administrators get every right (the access row made with the model says so).
  if (model.state === 'manual') return env.user.groups.has(GROUP_SYSTEM);
  return MODEL_ACCESS.some((row) => row.model === model.name && row[operation] && (row.group === null || env.user.groups.has(row.group)));
}

/** Throws the access error of the reference server when `operation` on `model` is not granted. */
export function checkModelAccess(env: Environment, model: Model, operation: Operation): void {
  if (hasModelAccess(env, model, operation)) return;
  const rows = model.state === 'manual' ? [{ group: GROUP_SYSTEM }] : MODEL_ACCESS.filter((row) => row.model === model.name && row[operation] && row.group !== null);
  const groups = rows.map((row) => `\t- ${GROUP_LABELS[row.group as string] ?? row.group}`);
  const allowed = groups.length > 0 ? `\n\nThis operation is allowed for the following groups:\n${groups.join('\n')}` : '\n\nNo group currently allows this operation.';
  throw accessError(`You are not allowed to ${VERBS[operation]} '${model.description}' (${model.name}) records.${allowed}\n\nContact your administrator to request access if necessary.`);
}

/**
 * The record-rule condition for `operation` on `model`: global rules and-ed, rules of the user's groups or-ed (no rule
 * of the user's groups: no group restriction). Null when nothing restricts the user.
 */
export function recordRuleDomain(env: Environment, model: Model, operation: Operation): DomainNode | null {
  if (env.su || env.uid === SUPERUSER_ID) return null;
  const rules = RECORD_RULES.filter((rule) => rule.model === model.name && rule.operations.includes(operation));
  const parts = rules.filter((rule) => rule.groups.length === 0).map((rule) => parseDomain(rule.domain(env.user)));
  const grouped = rules.filter((rule) => rule.groups.some((group) => env.user.groups.has(group))).map((rule) => parseDomain(rule.domain(env.user)));
  if (grouped.length > 0) parts.push({ kind: 'or', children: grouped });
  if (parts.length === 0) return null;
  return { kind: 'and', children: parts };
}
