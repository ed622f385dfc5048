// The errors a call can end with, named and numbered as the reference server names them (see the notes' list).

/** Where the error came from: the HTTP layer (arguments `[message, status]`) or the business layer (`[message]`). */
export type ErrorLayer = 'http' | 'business';

export class ServiceError extends Error {
  constructor(
    /** Fully qualified name, for example `odoo.exceptions.AccessError`. */
    readonly qualifiedName: string,
    readonly status: number,
    message: string,
    readonly layer: ErrorLayer,
    /** Context carried by the error (`{}` when none). */
    readonly errorContext: Record<string, unknown> = {},
    /** Extra response headers (for example `WWW-Authenticate`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = qualifiedName;
  }

  /** The `arguments` member of the error object. */
  get errorArguments(): unknown[] {
    return this.layer === 'http' ? [this.message, this.status] : [this.message];
  }
}

const http = (name: string, status: number) => (message: string, headers?: Record<string, string>) =>
  new ServiceError(`werkzeug.exceptions.${name}`, status, message, 'http', {}, headers);
const business = (name: string, status: number) => (message: string, context?: Record<string, unknown>) =>
  new ServiceError(name, status, message, 'business', context);

export const badRequest = http('BadRequest', 400);
/** A refused key; the challenge header is written as the reference server writes it (with a space after `Bearer`). */
export const unauthorized = (message: string) => http('Unauthorized', 401)(message, { 'WWW-Authenticate': 'Bearer ' });
/** A call without a bearer key: no Authorization header, another scheme, or an empty key. */
export const bearerKeyMissing = () => unauthorized('User not authenticated, use an API Key with a Bearer Authorization header.');
export const notFound = http('NotFound', 404);
export const requestEntityTooLarge = http('RequestEntityTooLarge', 413);
export const tooManyRequests = http('TooManyRequests', 429);
export const unprocessableEntity = http('UnprocessableEntity', 422);

export const userError = business('odoo.exceptions.UserError', 422);
export const validationError = business('odoo.exceptions.ValidationError', 422);
export const accessError = business('odoo.exceptions.AccessError', 403);
export const accessDenied = business('odoo.exceptions.AccessDenied', 403);
export const missingError = business('odoo.exceptions.MissingError', 404);
export const lockError = business('odoo.exceptions.LockError', 409);
export const valueError = business('builtins.ValueError', 500);
export const typeError = business('builtins.TypeError', 500);
export const keyError = business('builtins.KeyError', 500);
export const runtimeError = business('builtins.RuntimeError', 500);
export const attributeError = business('builtins.AttributeError', 500);
export const assertionError = business('builtins.AssertionError', 500);
