// Sends a resolved model call over a connection's deprecated interface (XML-RPC or JSON-RPC) through the core mapping.
import type { ConnectionClient } from '../../core/connections/connectionClient';
import type { ResolvedRequest } from '../../core/requestFile';
import type { SecretRedactor } from '../../core/redaction/secretRedactor';
import type { RequestResult } from './requestResult';

/**
 * Calls the request's method with `ConnectionClient.call` (which applies the production question itself) and shapes
 * the outcome as a request result: status 200 with the result, or the fault with its kind, name and traceback.
 */
export async function sendLegacy(client: ConnectionClient, request: ResolvedRequest, signal: AbortSignal, redactor: SecretRedactor): Promise<Pick<RequestResult, 'ok' | 'status' | 'body' | 'error' | 'timings'> & { readonly result?: unknown }> {
  if (request.target.kind !== 'call') {
    return { ok: false, error: { kind: 'unsupported', message: `The connection "${client.profile.name}" uses ${client.profile.protocol}: routes such as ${request.target.path} need a JSON-2 connection.` } };
  }
  const started = performance.now();
  try {
    const result = await client.call({
      model: request.target.model, method: request.target.method,
      ...(request.args ? { args: request.args } : {}), ...(request.ids ? { ids: request.ids } : {}), ...(request.context ? { context: request.context } : {}),
    }, signal);
    const totalMs = performance.now() - started;
    return { ok: true, status: 200, body: redactor.redactValue(result), result, timings: { connectMs: 0, firstByteMs: totalMs, totalMs } };
  } catch (error) {
    const fault = error as Error & { kind?: string; exceptionName?: string; arguments?: unknown[]; debug?: string };
    return {
      ok: false,
      error: {
        kind: fault.kind ?? 'network',
        ...(fault.exceptionName ? { name: fault.exceptionName } : {}),
        message: redactor.redact(fault.message),
        ...(Array.isArray(fault.arguments) ? { arguments: redactor.redactValue(fault.arguments) } : {}),
        ...(typeof fault.debug === 'string' && fault.debug !== '' ? { debug: redactor.redact(fault.debug) } : {}),
      },
    };
  }
}
