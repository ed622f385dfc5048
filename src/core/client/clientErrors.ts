// The typed errors every client throws, and the small set of kinds the UI explains to people.

/**
 * What went wrong, in terms a person can act on. Service kinds come from the server's answer; the others from the
 * transport or from the client refusing to send.
 */
export type ErrorKind =
  // The service answered with an error.
  | 'auth' // the key or the credentials were refused
  | 'access' // the user may not do this (access rights, record rules, private method)
  | 'missing' // a record does not exist (any more)
  | 'validation' // a business rule refused the values (user error, validation error)
  | 'badRequest' // the request itself is malformed: body, unknown or missing argument
  | 'notFound' // no such route, model or method
  | 'noDatabase' // the server hosts several databases and none (or an unknown one) was selected
  | 'conflict' // a lock or concurrent update
  | 'payloadTooLarge' // the request body is over the server's limit
  | 'unsupportedMediaType' // the request's content type was refused
  | 'server' // anything else the server failed on
  // No usable answer.
  | 'timeout'
  | 'cancelled'
  | 'network' // connection refused, reset, DNS, TLS
  | 'responseTooLarge' // the answer is over the client's size limit
  | 'invalidResponse' // the answer cannot be understood (not JSON, not XML-RPC, unexpected status)
  // Refused before sending.
  | 'unsafe'; // credentials would go to another origin or over plain http

/** Base of every error the clients throw; `kind` is what the UI branches on. */
export class ClientError extends Error {
  readonly kind: ErrorKind;

  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.kind = kind;
    Object.defineProperty(this, 'name', { value: new.target.name, writable: true, enumerable: false, configurable: true });
  }
}

/** Where the error object of a JSON-2 (or JSON-RPC `data`) answer came from: the server's own fields. */
export interface ServiceErrorFields {
  /** Fully qualified exception name, as the server spells it (`odoo.exceptions.AccessError`). */
  readonly name?: string;
  readonly message: string;
  readonly arguments: readonly unknown[];
  readonly context: Readonly<Record<string, unknown>>;
  readonly debug: string;
}

/** Marks a Json2Error for every copy of this module (a registered symbol is the same in every bundle). */
const JSON2_ERROR_BRAND = Symbol.for('json2-explorer.Json2Error');

/**
 * A JSON-2 call answered with a 4xx or 5xx status. `name` is the server's exception name when the answer was a
 * JSON error object (else `Json2Error`); `rawBody` holds the answer's text when it was not one (HTML pages).
 */
export class Json2Error extends ClientError {
  /**
   * True for a Json2Error made by any copy of this module: the extension's lazily loaded bundles (explainAnswer.js,
   * typeGeneration.js…) each hold their own copy of the class, and the errors they catch come from dist/extension.js.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[JSON2_ERROR_BRAND] === true;
  }

  readonly [JSON2_ERROR_BRAND] = true;
  readonly status: number;
  /** The server's exception name, or `Json2Error` when the answer carried none. */
  override name: string;
  readonly arguments: readonly unknown[];
  readonly context: Readonly<Record<string, unknown>>;
  readonly debug: string;
  /** The answer's text when it was not a JSON error object, cut to a few kilobytes; else undefined. */
  readonly rawBody: string | undefined;
  /** `model.method` of the call, or the request path. */
  readonly target: string;

  constructor(init: {
    status: number;
    kind: ErrorKind;
    message: string;
    target: string;
    serviceName?: string;
    arguments?: readonly unknown[];
    context?: Record<string, unknown>;
    debug?: string;
    rawBody?: string;
  }) {
    super(init.kind, init.message);
    this.status = init.status;
    this.name = init.serviceName ?? 'Json2Error';
    this.arguments = init.arguments ?? [];
    this.context = init.context ?? {};
    this.debug = init.debug ?? '';
    this.rawBody = init.rawBody;
    this.target = init.target;
  }
}

/** No usable answer: timeout, cancellation, network failure, an answer over the size limit or not understood. */
export class TransportError extends ClientError {
  /** The low-level code when there is one (`ECONNREFUSED`, `UND_ERR_CONNECT_TIMEOUT`). */
  readonly code: string | undefined;
  /** Whether the request may have reached the server (false only when nothing was sent). */
  readonly maybeSent: boolean;
  /** For `invalidResponse`: the HTTP status and the start of the body, when there was one. */
  readonly status: number | undefined;
  readonly rawBody: string | undefined;

  constructor(kind: ErrorKind, message: string, details: { code?: string; maybeSent?: boolean; status?: number; rawBody?: string } = {}) {
    super(kind, message);
    this.code = details.code;
    this.maybeSent = details.maybeSent ?? true;
    this.status = details.status;
    this.rawBody = details.rawBody;
  }
}

/** The client refused to send: credentials would leave the connection's origin or travel in clear text. */
export class UnsafeRequestError extends ClientError {
  constructor(message: string) {
    super('unsafe', message);
  }
}

/** A programming or input mistake caught before sending (bad model name, ids given twice). */
export class ClientUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientUsageError';
  }
}

const KIND_BY_SERVICE_NAME: Readonly<Record<string, ErrorKind>> = {
  'werkzeug.exceptions.BadRequest': 'badRequest',
  'werkzeug.exceptions.Unauthorized': 'auth',
  'werkzeug.exceptions.Forbidden': 'access',
  'werkzeug.exceptions.NotFound': 'notFound',
  'werkzeug.exceptions.RequestEntityTooLarge': 'payloadTooLarge',
  'werkzeug.exceptions.UnsupportedMediaType': 'unsupportedMediaType',
  'werkzeug.exceptions.UnprocessableEntity': 'badRequest',
  'odoo.exceptions.UserError': 'validation',
  'odoo.exceptions.ValidationError': 'validation',
  'odoo.exceptions.AccessError': 'access',
  'odoo.exceptions.AccessDenied': 'access',
  'odoo.exceptions.MissingError': 'missing',
  'odoo.exceptions.LockError': 'conflict',
  'odoo.exceptions.ConcurrencyError': 'conflict',
};

const KIND_BY_STATUS: Readonly<Record<number, ErrorKind>> = {
  400: 'badRequest',
  401: 'auth',
  403: 'access',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  422: 'validation',
};

/**
 * The kind of a service error, from the exception name first (clients match on the names the server spells),
 * then from the status; 401 is always `auth`. Unknown names with a 5xx status, and `builtins.*` errors, are `server`.
 */
export function errorKindOf(serviceName: string | undefined, status: number): ErrorKind {
  // A 401 is refused credentials whatever the exception (a deprecated interface's AccessDenied answers with it).
  if (status === 401) return 'auth';
  if (serviceName !== undefined) {
    const known = KIND_BY_SERVICE_NAME[serviceName];
    if (known) return known;
    // Subclasses keep their base's meaning: `odoo.addons.x.models.MyAccessError` is still an access error.
    const shortName = serviceName.slice(serviceName.lastIndexOf('.') + 1);
    const byShortName = Object.entries(KIND_BY_SERVICE_NAME).find(([full]) => full.endsWith(`.${shortName}`));
    if (byShortName && !serviceName.startsWith('builtins.')) return byShortName[1];
  }
  return KIND_BY_STATUS[status] ?? 'server';
}
