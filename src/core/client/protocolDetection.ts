// Tells which interface a server offers (JSON-2, or only the deprecated XML-RPC / JSON-RPC) from its version answers.
import { ClientError } from './clientErrors';
import { type ConnectionTarget, parseConnectionTarget, resolveRequestPath } from './connectionTarget';
import { HttpTransport, type TransportOptions } from './httpTransport';
import { decodeJsonRpcAnswer, encodeJsonRpcCall } from './jsonRpcCodec';
import { fetchServerVersion } from './serverVersion';
import { decodeMethodResponse, encodeMethodCall } from './xmlRpcCodec';

export type ServerProtocol = 'json2' | 'xmlrpc' | 'jsonrpc';

export interface DetectedProtocol {
  /** The interface to use: JSON-2 when the server has it, else the first deprecated one that answers. */
  readonly protocol: ServerProtocol;
  /** `19.0`, from `/web/version` or the common service. */
  readonly version: string | undefined;
  readonly json2: boolean;
  readonly xmlrpc: boolean;
  readonly jsonrpc: boolean;
}

/**
 * Asks the server, without credentials: `GET /web/version`, an unauthenticated JSON-2 call (401 proves the route
 * exists, 404 that it does not), then the common service's `version` over XML-RPC and JSON-RPC.
 */
export async function detectProtocol(
  baseUrl: string,
  options: { transport?: TransportOptions; signal?: AbortSignal } = {},
): Promise<DetectedProtocol> {
  const target = parseConnectionTarget(baseUrl, true);
  const transport = new HttpTransport(target.origin, { requestTimeoutMs: 15_000, ...options.transport });
  try {
    const { signal } = options;
    const webVersion = await attempt(async () => (await fetchServerVersion(baseUrl, { transport, signal })).version);
    const json2 = (await attempt(() => hasJson2(transport, target, signal))) ?? false;
    const xmlVersion = await attempt(() => commonVersionOverXmlRpc(transport, target, signal));
    const jsonVersion = await attempt(() => commonVersionOverJsonRpc(transport, target, signal));
    const version = webVersion ?? xmlVersion ?? jsonVersion;
    const protocol: ServerProtocol | undefined = json2
      ? 'json2'
      : xmlVersion !== undefined
        ? 'xmlrpc'
        : jsonVersion !== undefined
          ? 'jsonrpc'
          : undefined;
    if (protocol === undefined) {
      throw new ClientError(
        'notFound',
        `${target.origin}${target.basePath} answers neither JSON-2 nor the deprecated XML-RPC and JSON-RPC interfaces; check the base URL.`,
      );
    }
    return { protocol, version, json2, xmlrpc: xmlVersion !== undefined, jsonrpc: jsonVersion !== undefined };
  } finally {
    await transport.close();
  }
}

async function attempt<T>(probe: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await probe();
  } catch (error) {
    if (error instanceof ClientError && error.kind === 'cancelled') throw error;
    return undefined;
  }
}

async function hasJson2(transport: HttpTransport, target: ConnectionTarget, signal?: AbortSignal): Promise<boolean> {
  const answer = await transport.send({
    method: 'POST',
    path: resolveRequestPath(target, '/json/2/res.users/context_get'),
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal,
  });
  return answer.status === 401 && /bearer/i.test(answer.headers['www-authenticate'] ?? '');
}

async function commonVersionOverXmlRpc(
  transport: HttpTransport,
  target: ConnectionTarget,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const answer = await transport.send({
    method: 'POST',
    path: resolveRequestPath(target, '/xmlrpc/2/common'),
    headers: { 'content-type': 'text/xml' },
    body: encodeMethodCall('version', []),
    signal,
  });
  if (answer.status !== 200) return undefined;
  const decoded = decodeMethodResponse(answer.body.toString('utf8'));
  return decoded.kind === 'result' ? versionOf(decoded.value) : undefined;
}

async function commonVersionOverJsonRpc(
  transport: HttpTransport,
  target: ConnectionTarget,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const answer = await transport.send({
    method: 'POST',
    path: resolveRequestPath(target, '/jsonrpc'),
    headers: { 'content-type': 'application/json' },
    body: encodeJsonRpcCall('common', 'version', [], 1),
    signal,
  });
  if (answer.status !== 200) return undefined;
  const decoded = decodeJsonRpcAnswer(answer.body.toString('utf8'));
  return decoded.kind === 'result' ? versionOf(decoded.value) : undefined;
}

function versionOf(value: unknown): string | undefined {
  const version = (value as { server_version?: unknown } | null)?.server_version;
  return typeof version === 'string' ? version : undefined;
}
