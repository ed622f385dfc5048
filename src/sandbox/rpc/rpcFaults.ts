// XML-RPC faults for a failed call: integer codes on /xmlrpc/2, string codes on the older /xmlrpc (as the notes say).
import { errorBody } from '../errors/errorBody';
import type { ServiceError } from '../errors/serviceErrors';

export const FAULT_UNEXPECTED = 1;
export const FAULT_WARNING = 2;
export const FAULT_ACCESS_DENIED = 3;
export const FAULT_ACCESS_ERROR = 4;

const WARNINGS = new Set(['odoo.exceptions.UserError', 'odoo.exceptions.ValidationError', 'odoo.exceptions.MissingError']);

/** /xmlrpc/2: 1 unexpected (traceback), 2 user/validation/missing record, 3 access denied, 4 access error. */
export function integerFault(error: ServiceError): { code: number; message: string } {
  if (WARNINGS.has(error.qualifiedName)) return { code: FAULT_WARNING, message: error.message };
  if (error.qualifiedName === 'odoo.exceptions.AccessDenied') return { code: FAULT_ACCESS_DENIED, message: error.message };
  if (error.qualifiedName === 'odoo.exceptions.AccessError') return { code: FAULT_ACCESS_ERROR, message: error.message };
  return { code: FAULT_UNEXPECTED, message: errorBody(error).debug };
}

/** /xmlrpc: the code is a string such as `warning -- AccessError\n\n<message>`; the fault string holds the rest. */
export function stringFault(error: ServiceError): { code: string; message: string } {
  switch (error.qualifiedName) {
    case 'odoo.exceptions.MissingError':
      return { code: `warning -- MissingError\n\n${error.message}`, message: '' };
    case 'odoo.exceptions.AccessError':
      return { code: `warning -- AccessError\n\n${error.message}`, message: '' };
    case 'odoo.exceptions.AccessDenied':
      return { code: 'AccessDenied', message: error.message };
    case 'odoo.exceptions.UserError':
    case 'odoo.exceptions.ValidationError':
      return { code: `warning -- UserError\n\n${error.message}`, message: '' };
    default:
      return { code: error.message, message: errorBody(error).debug };
  }
}
