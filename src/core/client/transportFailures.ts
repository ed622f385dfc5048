// Turns pool (undici or node:http) and socket failures into TransportErrors that say what happened and whether the request left.
import { TransportError } from './clientErrors';

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
]);

/**
 * Describes a low-level failure. `connected` tells whether the pool had handed the request to a connected socket; a failure
 * before that (refused, unknown host, connect timeout, certificate) means nothing was sent.
 */
export function transportErrorFrom(error: Error, origin: string, connected: boolean): TransportError {
  if (error instanceof TransportError) return error;
  const code = errorCode(error);
  const maybeSent = connected || !NOT_SENT_CODES.has(code ?? '');
  const where = origin.replace(/^https?:\/\//, '');
  switch (code) {
    case 'ECONNREFUSED':
      return new TransportError('network', `The connection to ${where} was refused: is the server running and is the port right?`, {
        code,
        maybeSent,
      });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new TransportError('network', `The host of ${where} could not be found (DNS).`, { code, maybeSent });
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new TransportError('timeout', `Could not connect to ${where} in time.`, { code, maybeSent });
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return new TransportError('timeout', `${where} stopped answering.`, { code, maybeSent });
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return new TransportError('network', `The connection to ${where} was closed before the answer was complete.`, { code, maybeSent });
    case 'UND_ERR_ABORTED':
    case 'ABORT_ERR':
      return new TransportError('cancelled', 'The request was cancelled.', { code, maybeSent });
    default:
      if (code !== undefined && /CERT|TLS|SSL/.test(code)) {
        return new TransportError('network', `The TLS certificate of ${where} was refused (${code}).`, { code, maybeSent });
      }
      return new TransportError('network', `The request to ${where} failed: ${error.message}`, { code, maybeSent });
  }
}

function errorCode(error: Error): string | undefined {
  const own = (error as NodeJS.ErrnoException).code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? errorCode(cause) : undefined;
}
