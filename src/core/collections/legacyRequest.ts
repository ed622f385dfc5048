// A collection's request to a deprecated RPC endpoint (`/jsonrpc`, `/xmlrpc/2/<service>`) as its JSON-2 equivalent,
// planned by the migration assistant (planLegacyCall → rpcMapping) exactly as `json2 migrate` plans it in code.
import { decodeMethodCall } from '../client/xmlRpcCodec';
import { json2BodyWriter, json2PlanBody } from '../migrate/json2RequestWriter';
import { type LegacyCallSite, type LegacyService, type SourceExpr, staticDict, staticList } from '../migrate/legacyCall';
import { isServiceFunction } from '../migrate/legacyFunctions';
import { parseN8nJson } from '../migrate/n8nValues';
import { planLegacyCall } from '../migrate/planLegacyCall';
import { endpointOfUrl } from '../migrate/proxyUrls';

/** What the deprecated call becomes: a JSON-2 call (with the database it named), a GET route, or why neither. */
export type LegacyRequestPlan =
  | {
      readonly kind: 'json2';
      readonly model: string;
      readonly method: string;
      readonly body: string;
      /** The database argument: a literal name, or a `{{variable}}` standing for it. */
      readonly database?: string;
      readonly notes: readonly string[];
      readonly call: string;
    }
  | { readonly kind: 'route'; readonly path: string; readonly notes: readonly string[]; readonly call: string }
  | { readonly kind: 'none'; readonly reason: string };

/** Whether a path is a deprecated RPC endpoint. */
export function isLegacyEndpoint(path: string): boolean {
  return endpointOfUrl(path) !== undefined;
}

/** The plan for a request posting `body` to the deprecated endpoint `path`. */
export function planLegacyRequest(method: string, path: string, body: string | undefined): LegacyRequestPlan {
  const endpoint = endpointOfUrl(path);
  if (!endpoint) return { kind: 'none', reason: `${path} is not a deprecated RPC endpoint` };
  if (method.toUpperCase() !== 'POST') return { kind: 'none', reason: `${method} ${path}: RPC calls are POST requests` };
  const text = body?.trim() ?? '';
  let read: ReadCall;
  try {
    read = endpoint.transport === 'xmlrpc' ? readXmlRpc(text, endpoint.service ?? 'object') : readJsonRpc(text);
  } catch (error) {
    // The readers recurse into nested values: a body nested thousands of levels deep runs out of stack.
    if (error instanceof RangeError) return { kind: 'none', reason: 'the body is nested too deeply to be read' };
    throw error;
  }
  if ('reason' in read) return { kind: 'none', reason: read.reason };
  const site: LegacyCallSite = {
    language: 'javascript',
    service: read.service,
    transport: endpoint.transport,
    functionName: read.functionName,
    args: read.args,
    start: 0,
    end: text.length,
    statement: { start: 0, end: text.length, kind: 'expression', indent: '' },
  };
  const finding = planLegacyCall(site, text);
  const call = `${read.service}.${read.functionName}`;
  const plan = finding.conversion?.plan;
  if (!plan || !finding.conversion) return { kind: 'none', reason: finding.reason ?? `${call} has no JSON-2 equivalent` };
  if (plan.kind === 'route' && plan.verb === 'GET') return { kind: 'route', path: plan.path, notes: finding.conversion.notes, call };
  if (plan.kind !== 'json2') return { kind: 'none', reason: `${call} is a database-manager operation, not a JSON-2 call` };
  const writer = json2BodyWriter();
  const bodyText = json2PlanBody(plan, writer);
  const database = plan.database === undefined ? undefined : databaseText(plan.database);
  return {
    kind: 'json2',
    model: plan.model,
    method: plan.method,
    body: bodyText,
    ...(database !== undefined ? { database } : {}),
    notes: finding.conversion.notes,
    call,
  };
}

type ReadCall = { service: LegacyService; functionName: string; args: SourceExpr[] } | { reason: string };

function readJsonRpc(text: string): ReadCall {
  // Variables standing as values (`{{uid}}`) are read as expressions, those inside strings stay in their string.
  const parsed = parseN8nJson(text) as { params?: { service?: unknown; method?: unknown; args?: unknown } } | undefined;
  const params = parsed?.params;
  if (!params) return { reason: 'the JSON-RPC body is not JSON with "params"' };
  const { service, method, args } = params;
  if (service !== 'object' && service !== 'common' && service !== 'db') return { reason: 'the JSON-RPC body names no service' };
  if (typeof method !== 'string' || !isServiceFunction(service, method))
    return { reason: `${String(method)} is not a function of the ${service} service` };
  if (!Array.isArray(args)) return { reason: 'the JSON-RPC arguments are not a list' };
  return { service, functionName: method, args: args.map(valueExpr) };
}

function readXmlRpc(text: string, service: LegacyService): ReadCall {
  let call: { method: string; params: unknown[] };
  try {
    call = decodeMethodCall(text);
  } catch (error) {
    return { reason: `the XML-RPC body cannot be read: ${(error as Error).message}` };
  }
  if (!isServiceFunction(service, call.method)) return { reason: `${call.method} is not a function of the ${service} service` };
  return { service, functionName: call.method, args: call.params.map(valueExpr) };
}

const VALUE_PLACEHOLDER = /^=\{\{\s*([^{}]+?)\s*\}\}$/;

/** A JSON value as an argument expression: a variable standing as a value becomes an expression named after it. */
function valueExpr(value: unknown): SourceExpr {
  const at = { start: 0, end: 0 };
  if (typeof value === 'string') {
    const variable = VALUE_PLACEHOLDER.exec(value);
    if (variable) return { ...at, text: variable[1], kind: 'other' };
    return { ...at, text: JSON.stringify(value), kind: 'string', value };
  }
  if (value === null) return { ...at, text: 'null', kind: 'null', value: null };
  if (typeof value === 'number') return { ...at, text: String(value), kind: 'number', value };
  if (typeof value === 'boolean') return { ...at, text: String(value), kind: 'boolean', value };
  if (Array.isArray(value)) {
    const items = value.map(valueExpr);
    return { ...at, text: JSON.stringify(value), kind: 'list', items, value: staticList(items) };
  }
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => ({ key, value: valueExpr(item) }));
  return { ...at, text: JSON.stringify(value), kind: 'dict', entries, value: staticDict(entries) };
}

/** The database argument as text: a literal name, or `{{name}}` for a variable. */
function databaseText(expr: SourceExpr): string | undefined {
  if (expr.kind === 'string' && typeof expr.value === 'string') return expr.value;
  if (expr.kind === 'other') return `{{${expr.text}}}`;
  return undefined;
}
