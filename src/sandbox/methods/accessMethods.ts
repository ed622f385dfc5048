// has_access (and the private check_access): whether the caller may do an operation on the given records (or the model).
import { valueError } from '../errors/serviceErrors';
import type { Environment } from '../orm/environment';
import type { Model } from '../orm/modelDefinition';
import { checkRecords } from '../orm/recordAccess';
import { checkModelAccess } from '../orm/access/accessPolicy';
import { OPERATIONS, type Operation } from '../orm/access/accessRules';
import { required, type MethodDefinition } from '../orm/methodDefinition';
import { ServiceError } from '../errors/serviceErrors';

function operationOf(value: unknown): Operation {
  if (typeof value !== 'string' || !OPERATIONS.includes(value as Operation))
    throw valueError(`Invalid access mode ${JSON.stringify(value)}: expected one of create, read, write, unlink`);
  return value as Operation;
}

async function checkAccess(env: Environment, model: Model, ids: readonly number[], operation: Operation): Promise<void> {
  checkModelAccess(env, model, operation);
  if (operation !== 'create') await checkRecords(env, model, ids, operation);
}

/** Private on the reference (callers use has_access): calling it remotely is an access error. */
export const check_access: MethodDefinition = {
  name: 'check_access',
  level: 'records',
  private: true,
  parameters: [required('operation')],
  doc: 'Internal: raises an access error when the caller may not do the operation on the records. Not callable remotely.',
  async run({ env, model, ids, args }) {
    await checkAccess(env, model, ids, operationOf(args.operation));
    return null;
  },
};

export const has_access: MethodDefinition = {
  name: 'has_access',
  level: 'records',
  parameters: [required('operation')],
  doc: 'Whether the caller may do the operation on the records.',
  async run({ env, model, ids, args }) {
    const operation = operationOf(args.operation);
    try {
      await checkAccess(env, model, ids, operation);
      return true;
    } catch (error) {
      if (error instanceof ServiceError && error.status === 403) return false;
      throw error;
    }
  },
};
