// n8n's HTTP Request node (`n8n-nodes-base.httpRequest`) when it posts to a deprecated endpoint: a JSON-RPC body to
// `/jsonrpc`, or an XML-RPC call to `/xmlrpc[/2]/<service>`; its URL, service, function and arguments.
import { decodeMethodCall } from '../client/xmlRpcCodec';
import type { LegacyService, SourceExpr } from './legacyCall';
import { isServiceFunction } from './legacyFunctions';
import { type NodeSpan, expressionText, isN8nExpression, jsonExpr, parseN8nJson } from './n8nValues';
import { endpointOfUrl } from './proxyUrls';

export interface HttpNodeCall {
  readonly transport: 'xmlrpc' | 'jsonrpc';
  readonly service: LegacyService;
  readonly functionName: string;
  readonly args?: readonly SourceExpr[];
  readonly reason?: string;
}

type Parameters = Readonly<Record<string, unknown>>;

/** The body as written in the node: a JSON text (versions 3 and later, or version 1's JSON parameters) or a raw body. */
function bodyText(parameters: Parameters): string | undefined {
  for (const key of ['jsonBody', 'bodyParametersJson', 'body']) {
    const value = parameters[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** The deprecated call an HTTP Request node makes, or undefined when it does not post to a deprecated endpoint. */
export function httpNodeCall(parameters: Parameters, at: NodeSpan): HttpNodeCall | undefined {
  const url = typeof parameters.url === 'string' ? parameters.url : '';
  const endpoint = endpointOfUrl(isN8nExpression(url) ? expressionText(url) : url);
  if (!endpoint) return undefined;
  const verb = String(parameters.method ?? parameters.requestMethod ?? 'GET').toUpperCase();
  if (verb !== 'POST') return undefined;
  const body = bodyText(parameters);
  if (endpoint.transport === 'xmlrpc') {
    const service = endpoint.service ?? 'object';
    const call = body ? safeDecode(body.replace(/^=/, '')) : undefined;
    if (!call)
      return {
        transport: 'xmlrpc',
        service,
        functionName: service === 'object' ? 'execute_kw' : 'call',
        reason: 'the XML-RPC body is not a literal methodCall',
      };
    if (!isServiceFunction(service, call.method)) return undefined;
    return { transport: 'xmlrpc', service, functionName: call.method, args: call.params.map((param) => jsonExpr(param, at, false)) };
  }
  const parsed = body === undefined ? undefined : parseN8nJson(body);
  const params = (parsed as { params?: { service?: unknown; method?: unknown; args?: unknown } } | undefined)?.params;
  if (!params) {
    // The body names its service even when it is not readable JSON: read the names from its text.
    const service = /"service"\s*:\s*"(common|db|object)"/.exec(body ?? '')?.[1] as LegacyService | undefined;
    const functionName = /"method"\s*:\s*"(?!call")(\w+)"/.exec(body ?? '')?.[1];
    if (!service || !functionName || !isServiceFunction(service, functionName)) return undefined;
    return { transport: 'jsonrpc', service, functionName, reason: 'the JSON-RPC body is not readable as JSON' };
  }
  const service = params.service;
  const functionName = params.method;
  if (typeof service !== 'string' || typeof functionName !== 'string' || !['object', 'common', 'db'].includes(service)) return undefined;
  if (!isServiceFunction(service as LegacyService, functionName)) return undefined;
  const args = Array.isArray(params.args) ? params.args.map((arg) => jsonExpr(arg, at, false)) : undefined;
  return {
    transport: 'jsonrpc',
    service: service as LegacyService,
    functionName,
    args,
    reason: args ? undefined : 'the JSON-RPC arguments are not a list in the body',
  };
}

function safeDecode(xml: string): { method: string; params: unknown[] } | undefined {
  try {
    return decodeMethodCall(xml);
  } catch {
    return undefined;
  }
}
