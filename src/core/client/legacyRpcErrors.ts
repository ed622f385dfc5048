// Typed errors of the deprecated interfaces: XML-RPC faults and JSON-RPC errors, with their code and text.
import { ClientError, type ErrorKind, errorKindOf } from './clientErrors';

// Integer fault codes of `/xmlrpc/2/<service>`, as the notes give them.
const KIND_BY_FAULT_CODE: Readonly<Record<number, ErrorKind>> = { 1: 'server', 2: 'validation', 3: 'auth', 4: 'access' };

/** An XML-RPC fault. `code` is an integer on `/xmlrpc/2`, a string such as `warning -- AccessError` on `/xmlrpc`. */
export class XmlRpcFault extends ClientError {
  readonly code: number | string;
  readonly faultString: string;
  /** The exception's short name when the code or the text tells it (`AccessError`). */
  readonly exceptionName: string | undefined;

  constructor(code: number | string, faultString: string, target: string) {
    const exceptionName = exceptionNameOf(code, faultString);
    super(faultKind(code, exceptionName), `${target}: ${faultSummary(code, faultString)}`);
    this.code = code;
    this.faultString = faultString;
    this.exceptionName = exceptionName;
  }
}

/** A JSON-RPC error answer: `code`, the envelope's message and `data`, the service's error object. */
export class JsonRpcError extends ClientError {
  readonly code: number;
  readonly rpcMessage: string;
  /** The server's exception name from `data.name`. */
  readonly exceptionName: string | undefined;
  readonly arguments: readonly unknown[];
  readonly debug: string;
  /** The server's message (`data.message`, else the envelope's), without the call's name. */
  readonly serviceMessage: string;
  readonly context: Readonly<Record<string, unknown>>;

  constructor(code: number, rpcMessage: string, data: Record<string, unknown> | undefined, target: string) {
    const exceptionName = typeof data?.name === 'string' ? data.name : undefined;
    const message = typeof data?.message === 'string' ? data.message : rpcMessage;
    super(legacyKindOf(exceptionName), `${target}: ${message}`);
    this.code = code;
    this.rpcMessage = rpcMessage;
    this.exceptionName = exceptionName;
    this.arguments = Array.isArray(data?.arguments) ? (data.arguments as unknown[]) : [];
    this.debug = typeof data?.debug === 'string' ? data.debug : '';
    this.serviceMessage = message;
    const context = data?.context;
    this.context = context !== null && typeof context === 'object' && !Array.isArray(context) ? (context as Record<string, unknown>) : {};
  }
}

/** Over the deprecated interfaces `AccessDenied` means wrong credentials (login, password or key). */
function legacyKindOf(exceptionName: string | undefined): ErrorKind {
  if (exceptionName?.endsWith('AccessDenied')) return 'auth';
  return errorKindOf(exceptionName, 500);
}

function exceptionNameOf(code: number | string, faultString: string): string | undefined {
  if (typeof code === 'string') {
    const match = /--\s*([A-Za-z_.]+)/.exec(code);
    if (match) return match[1];
    if (/access.?denied/i.test(code)) return 'AccessDenied';
  }
  const last = faultString.trim().split('\n').at(-1) ?? '';
  const match = /^([A-Za-z_][\w.]*(?:Error|Exception|Denied)):/.exec(last);
  return match ? match[1] : undefined;
}

function faultKind(code: number | string, exceptionName: string | undefined): ErrorKind {
  if (exceptionName !== undefined) {
    const kind = legacyKindOf(exceptionName.includes('.') ? exceptionName : `odoo.exceptions.${exceptionName}`);
    if (kind !== 'server' || typeof code === 'string') return kind;
  }
  return typeof code === 'number' ? (KIND_BY_FAULT_CODE[code] ?? 'server') : 'server';
}

function faultSummary(code: number | string, faultString: string): string {
  const text = faultString.trim();
  // Code 1 carries a whole traceback: its last line says what failed.
  if (code === 1 && text.includes('\n')) return text.split('\n').at(-1) ?? text;
  // `/xmlrpc/<service>` puts the message after a blank line of the string code (`warning -- AccessError\n\n...`).
  if (typeof code === 'string') return text || code.split('\n\n').slice(1).join('\n\n').trim() || code;
  return text;
}
