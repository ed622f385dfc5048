// The reference's identity check before sensitive key actions (`remove`, `make_key`): the call answers a wizard action
// (res.users.identitycheck) instead of acting; the wizard's `run_check`, given the caller's password in the context,
// runs the action. An API call has no session that remembers a recent check, so every such call asks again.
import { userError, valueError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import { formatDatetime } from '../orm/fieldValues';
import { checkRecords } from '../orm/recordAccess';
import { checkPassword } from '../security/passwordLogin';

/** What runs once the identity is checked: the action itself, on the records of its call. */
export type CheckedAction = (env: Environment, ids: readonly number[]) => Promise<unknown>;

/** The actions behind an identity check, by `model.method` (the reference marks such methods; others never run). */
const CHECKED_ACTIONS = new Map<string, CheckedAction>();

export function registerCheckedAction(model: string, method: string, action: CheckedAction): void {
  CHECKED_ACTIONS.set(`${model}.${method}`, action);
}

/** The stored call of a wizard: what run_check runs (the wizard's `request`, never readable through the API). */
interface PendingCall {
  model: string;
  ids: number[];
  method: string;
}

/** Creates the identity-check wizard for `model.method` on `ids` and answers the action that opens it. */
export async function askIdentity(
  env: Environment,
  model: string,
  ids: readonly number[],
  method: string,
): Promise<Record<string, unknown>> {
  const request: PendingCall = { model, ids: [...ids], method };
  const now = formatDatetime(env.now);
  const created = await env.cr.query<{ id: number }>(
    `INSERT INTO res_users_identitycheck (request, auth_method, create_uid, create_date, write_uid, write_date)
     VALUES ($1, 'password', $2, $3, $2, $3) RETURNING id`,
    [JSON.stringify(request), env.uid, now],
  );
  return {
    type: 'ir.actions.act_window',
    res_model: 'res.users.identitycheck',
    res_id: created.rows[0].id,
    name: 'Access Control',
    target: 'new',
    views: [[false, 'form']],
    context: { dialog_size: 'medium' },
  };
}

/**
 * run_check on wizard `ids` (exactly one, the caller's own): checks the caller's password given in the context
 * (`password`), then runs the wizard's action as the caller and answers its result.
 */
export async function runIdentityCheck(env: Environment, ids: readonly number[]): Promise<unknown> {
  if (ids.length !== 1) throw valueError(`Expected singleton: res.users.identitycheck(${ids.join(', ')}${ids.length === 1 ? ',' : ''})`);
  await checkRecords(env, env.model('res.users.identitycheck'), ids, 'read');
  const password = env.context.password;
  if (typeof password !== 'string' || (await checkPassword(env.cr, env.user.login, password)) !== env.uid)
    throw userError('Incorrect Password, try again or click on Forgot Password to reset your password.');
  const row = (await env.cr.query<{ request: string }>('SELECT request FROM res_users_identitycheck WHERE id = $1', [ids[0]])).rows[0];
  const call = JSON.parse(row.request) as PendingCall;
  const action = CHECKED_ACTIONS.get(`${call.model}.${call.method}`);
  if (!action) throw valueError(`The method '${call.model}.${call.method}' does not need an identity check`);
  return action(env, call.ids);
}
