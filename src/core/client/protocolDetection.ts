// Tells which interface a server offers (JSON-2, or only the deprecated XML-RPC / JSON-RPC) from its version answers.
import { ClientError } from './clientErrors';
import { type ConnectionTarget, parseConnectionTarget, resolveRequestPath } from './connectionTarget';
import { databaseHeaders, isNoDatabasePage } from './databaseSelection';
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
  /**
   * The JSON-2 probe got the "No database is selected" page: the server hosts several databases and the probe named
   * none it has, so JSON-2 could not be seen; `json2` is then judged from the release (19.0 and later have it).
   */
  readonly needsDatabase: boolean;
}

/** What detection names: the database (sent as `databaseSelection` says) and the transport. */
export interface DetectionOptions {
  readonly database?: string;
  /** The one header naming the database; undefined: both standard names. */
  readonly databaseHeader?: string;
  readonly transport?: TransportOptions;
  readonly signal?: AbortSignal;
}

/**
 * Asks the server, without credentials: `GET /web/version`, an unauthenticated JSON-2 call naming the database (401
 * proves the route exists, 404 that it does not, the "No database is selected" page proves neither), then the common
 * service's `version` over XML-RPC and JSON-RPC.
 */
export async function detectProtocol(baseUrl: string, options: DetectionOptions = {}): Promise<DetectedProtocol> {
  const target = parseConnectionTarget(baseUrl, true);
  const transport = new HttpTransport(target.origin, { requestTimeoutMs: 15_000, ...options.transport });
  try {
    const { signal } = options;
    const webVersion = await attempt(async () => (await fetchServerVersion(baseUrl, { transport, signal })).version);
    const headers = databaseHeaders(options.database, options.databaseHeader);
    const probed = (await attempt(() => probeJson2(transport, target, headers, signal))) ?? 'absent';
    const xmlVersion = await attempt(() => commonVersionOverXmlRpc(transport, target, signal));
    const jsonVersion = await attempt(() => commonVersionOverJsonRpc(transport, target, signal));
    const version = webVersion ?? xmlVersion ?? jsonVersion;
    const needsDatabase = probed === 'noDatabase';
    const json2 = probed === 'present' || (needsDatabase && releaseHasJson2(version));
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
    return { protocol, version, json2, xmlrpc: xmlVersion !== undefined, jsonrpc: jsonVersion !== undefined, needsDatabase };
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

// A keyless call: 401 with a bearer challenge proves JSON-2; the "No database is selected" page proves nothing.
async function probeJson2(
  transport: HttpTransport,
  target: ConnectionTarget,
  databaseHeaders: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<'present' | 'absent' | 'noDatabase'> {
  const answer = await transport.send({
    method: 'POST',
    path: resolveRequestPath(target, '/json/2/res.users/context_get'),
    headers: { ...databaseHeaders, 'content-type': 'application/json' },
    body: '{}',
    signal,
  });
  if (answer.status === 401 && /bearer/i.test(answer.headers['www-authenticate'] ?? '')) return 'present';
  return isNoDatabasePage(answer.status, answer.headers['content-type'], answer.body.toString('utf8')) ? 'noDatabase' : 'absent';
}

// JSON-2 came with release 19.0; a release that does not say (or cannot be read) is given the benefit of the doubt.
function releaseHasJson2(version: string | undefined): boolean {
  const major = Number.parseInt(/(\d+)/.exec(version ?? '')?.[1] ?? '', 10);
  return Number.isNaN(major) || major >= 19;
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
