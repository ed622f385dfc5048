// A fault of the deprecated interfaces as the answer a JSON-2 call would have given: its status and error object.
import { JsonRpcError, XmlRpcFault } from './legacyRpcErrors';

/** The error object of a JSON-2 answer (docs: name, message, arguments, context, debug). */
export interface Json2ErrorObject {
  /** The exception's fully qualified name; absent when the fault does not tell it. */
  readonly name?: string;
  readonly message: string;
  readonly arguments: readonly unknown[];
  readonly context: Readonly<Record<string, unknown>>;
  readonly debug: string;
}

/** A fault turned into an answer: the status JSON-2 gives that exception, and its error object. */
export interface FaultAnswer {
  readonly status: number;
  readonly body: Json2ErrorObject;
}

// JSON-2's statuses by exception (werkzeug's HTTP errors by their code, Odoo's by their `http_status`); else 500.
const STATUS_BY_NAME: Readonly<Record<string, number>> = {
  'werkzeug.exceptions.BadRequest': 400,
  'werkzeug.exceptions.Unauthorized': 401,
  'werkzeug.exceptions.Forbidden': 403,
  'werkzeug.exceptions.NotFound': 404,
  'werkzeug.exceptions.RequestEntityTooLarge': 413,
  'werkzeug.exceptions.UnsupportedMediaType': 415,
  'werkzeug.exceptions.UnprocessableEntity': 422,
  'odoo.exceptions.UserError': 422,
  'odoo.exceptions.ValidationError': 422,
  'odoo.exceptions.RedirectWarning': 422,
  'odoo.exceptions.AccessError': 403,
  'odoo.exceptions.MissingError': 404,
  'odoo.exceptions.LockError': 409,
  // Over the deprecated interfaces it means the login and password (or key) were refused: JSON-2's 401 for a refused key.
  'odoo.exceptions.AccessDenied': 401,
};

// XML-RPC's integer codes (odoo/addons/rpc/controllers/xmlrpc.py): 2 is any user error, 3 refused credentials, 4 an access error.
const NAME_BY_FAULT_CODE: Readonly<Record<number, string>> = {
  2: 'odoo.exceptions.UserError',
  3: 'odoo.exceptions.AccessDenied',
  4: 'odoo.exceptions.AccessError',
};

/**
 * Faults whose JSON-2 counterpart is an HTTP error: an unknown method (404), an unknown model (a user error on the
 * deprecated interfaces, 404 on JSON-2), arguments that do not bind (422). Matched on the server's English messages.
 */
const TRANSLATED: readonly { readonly test: RegExp; readonly name: string }[] = [
  { test: /^The method '[^']+' does not exist/, name: 'werkzeug.exceptions.NotFound' },
  { test: /^Object \S+ doesn't exist$/, name: 'werkzeug.exceptions.NotFound' },
  {
    test: /got an unexpected keyword argument|missing (a|\d+) required (positional |keyword-only )?argument/,
    name: 'werkzeug.exceptions.UnprocessableEntity',
  },
];

/** The fully qualified name as JSON-2 spells it: Python's built-in exceptions under `builtins.`. */
function qualified(name: string): string {
  return name.includes('.') ? name : `builtins.${name}`;
}

function statusOf(name: string | undefined): number {
  if (name === undefined) return 500;
  const known = STATUS_BY_NAME[name];
  if (known !== undefined) return known;
  // A subclass keeps its base's status (`odoo.addons.x.models.MyUserError` is still a user error).
  const short = name.slice(name.lastIndexOf('.') + 1);
  const base = Object.entries(STATUS_BY_NAME).find(([full]) => full.endsWith(`.${short}`));
  return base !== undefined && !name.startsWith('builtins.') ? base[1] : 500;
}

/** Builds the answer: a message JSON-2 would have answered with an HTTP error gets that error's name and status. */
function answerOf(name: string | undefined, message: string, extra: Partial<Json2ErrorObject> = {}): FaultAnswer {
  const translated = TRANSLATED.find((entry) => entry.test.test(message))?.name;
  const finalName = translated ?? name;
  const status = statusOf(finalName);
  return {
    status,
    body: {
      ...(finalName !== undefined ? { name: finalName } : {}),
      message,
      // HTTP errors carry their status after the message, business errors the message alone (as JSON-2's).
      arguments: translated !== undefined ? [message, status] : (extra.arguments ?? [message]),
      context: extra.context ?? {},
      debug: extra.debug ?? '',
    },
  };
}

/**
 * The exception of a Python traceback: the first line at the margin after the last `Traceback (most recent call
 * last):` (frames are indented), `Name: message` with the message running to the end.
 */
export function exceptionOfTraceback(text: string): { name: string; message: string } | undefined {
  const header = text.lastIndexOf('Traceback (most recent call last):');
  const lines = (header < 0 ? text : text.slice(header)).split(/\r?\n/).slice(header < 0 ? 0 : 1);
  const at = lines.findIndex((line) => line.trim() !== '' && !/^\s/.test(line));
  if (at < 0) return undefined;
  const match = /^([A-Za-z_][\w.]*)(?::\s?([\s\S]*))?$/.exec(lines.slice(at).join('\n').trimEnd());
  if (!match) return undefined;
  return { name: qualified(match[1]), message: (match[2] ?? '').trim() };
}

function xmlRpcAnswer(fault: XmlRpcFault): FaultAnswer {
  const { code, faultString } = fault;
  if (typeof code === 'number') {
    const named = NAME_BY_FAULT_CODE[code];
    const message = faultString.trim();
    if (named !== undefined) {
      // Code 2 covers every user error; a missing record is told by its message.
      const missing = code === 2 && /^Record does not exist or has been deleted/.test(message);
      return answerOf(missing ? 'odoo.exceptions.MissingError' : named, message);
    }
    const thrown = exceptionOfTraceback(faultString);
    return answerOf(thrown?.name, thrown?.message ?? message, { debug: faultString });
  }
  // `/xmlrpc/<service>`: `warning -- AccessError\n\n<message>`, `AccessDenied`, or the message with the traceback.
  const warning = /^warning -- (\w+)\n\n([\s\S]*)$/.exec(code);
  if (warning) return answerOf(`odoo.exceptions.${warning[1] === 'Warning' ? 'RedirectWarning' : warning[1]}`, warning[2].trim());
  if (code === 'AccessDenied') return answerOf('odoo.exceptions.AccessDenied', faultString.trim() || 'Access Denied');
  const thrown = exceptionOfTraceback(faultString);
  return answerOf(thrown?.name, code.trim() || (thrown?.message ?? ''), { debug: faultString });
}

function jsonRpcAnswer(error: JsonRpcError): FaultAnswer {
  const name = error.exceptionName === undefined ? undefined : qualified(error.exceptionName);
  return answerOf(name, error.serviceMessage, {
    ...(error.arguments.length > 0 ? { arguments: error.arguments } : {}),
    context: error.context,
    debug: error.debug,
  });
}

/**
 * The JSON-2 answer of a fault of the deprecated interfaces (an XML-RPC fault, a JSON-RPC error), so that a request's
 * assertions (`?? status == 422`, `?? body.name == "odoo.exceptions.UserError"`) hold on every interface; undefined for
 * anything else (no answer came, or it could not be read). XML-RPC's code 2 does not say which user error it was:
 * it is reported as `odoo.exceptions.UserError` (a missing record is recognised by its message).
 */
export function faultAnswerOf(error: unknown): FaultAnswer | undefined {
  if (error instanceof XmlRpcFault) return xmlRpcAnswer(error);
  if (error instanceof JsonRpcError) return jsonRpcAnswer(error);
  return undefined;
}
