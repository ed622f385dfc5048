// Turns PostgreSQL integrity violations into the validation errors the reference server answers with.
import { validationError, type ServiceError } from '../errors/serviceErrors';
import { DatabaseError, SqlState } from '../storage/sqlClient';
import type { Model } from './modelDefinition';
import type { Registry } from './registry';

const MANDATORY_OR_REQUIRED =
  'The operation cannot be completed:\n- Create/update: a mandatory field is not set.\n- Delete: another model requires the record being deleted. If possible, archive it instead.';

/** The validation error of a required field left empty. */
export function mandatoryFieldError(model: Model, fieldName: string): ServiceError {
  const field = model.fields.get(fieldName);
  return validationError(
    `${MANDATORY_OR_REQUIRED}\n\nModel: ${model.description} (${model.name})\nField: ${field?.string ?? fieldName} (${fieldName})`,
  );
}

/** The service error for `error` when it is an integrity violation; other errors are returned unchanged. */
export function mapIntegrityError(registry: Registry, model: Model, error: unknown): unknown {
  if (!(error instanceof DatabaseError)) return error;
  const owner = [...registry.models.values()].find((candidate) => candidate.table === error.table) ?? model;
  switch (error.code) {
    case SqlState.uniqueViolation: {
      const constraint = owner.constraints.find((candidate) => `${owner.table}_${candidate.name}` === error.constraint);
      return validationError(`The operation cannot be completed: ${constraint?.message ?? error.detail ?? error.message}`);
    }
    case SqlState.notNullViolation:
      return mandatoryFieldError(owner, error.column ?? '?');
    case SqlState.foreignKeyViolation:
    case SqlState.restrictViolation:
      return validationError(
        `${MANDATORY_OR_REQUIRED}\n\nModel: ${owner.description} (${owner.name})\nConstraint: ${error.constraint ?? '?'}`,
      );
    case SqlState.checkViolation: {
      const constraint = owner.constraints.find((candidate) => `${owner.table}_${candidate.name}` === error.constraint);
      return validationError(`The operation cannot be completed: ${constraint?.message ?? error.message}`);
    }
    default:
      return error;
  }
}
