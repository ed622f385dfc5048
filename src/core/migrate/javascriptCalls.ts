// Finds deprecated RPC calls in JavaScript/TypeScript with @babel/parser: `xmlrpc` clients' methodCall (also
// promisified), the npm `odoo-xmlrpc` client, and JSON-RPC bodies posted with fetch.
import { type ParserPlugin, parse } from '@babel/parser';
import type { Node } from '@babel/types';
import { type LegacyCallSite, type LegacyService, type SourceExpr, entryOf, indentAt, stringOf } from './legacyCall';
import { Assignments } from './assignments';
import { isServiceFunction } from './legacyFunctions';
import { javascriptEnvelope } from './javascriptEnvelope';
import { pushedArrays } from './javascriptPushedArrays';
import { javascriptExpressionReader, propertyName, walk } from './javascriptExpressions';
import { jsScopeOf, jsTemplate, odooServerTemplate, optionsTemplate } from './javascriptUrls';
import { type UrlTemplate, baseOfTemplate, endpointOfTemplate, isOpaque, standsForVariable } from './urlTemplate';

interface Proxy {
  readonly service: LegacyService;
  readonly url?: UrlTemplate;
}
/** An `odoo-xmlrpc` client: `new Odoo({ url, port, db, username, password })`. */
interface OdooClient {
  readonly url?: UrlTemplate;
  readonly name: string;
}
const CLIENT_FACTORIES = /(^|\.)(createClient|createSecureClient|XmlRpcClient|Client)$/;

/** Every deprecated call in a JavaScript or TypeScript file; `fileName` picks the syntax (TypeScript, JSX). */
export function findJavaScriptCalls(text: string, fileName = 'file.js'): LegacyCallSite[] {
  const typescript = /\.(ts|mts|cts|tsx)$/.test(fileName);
  const plugins: ParserPlugin[] = /\.(ts|mts|cts)$/.test(fileName)
    ? ['typescript']
    : /\.tsx$/.test(fileName)
      ? ['typescript', 'jsx']
      : ['jsx'];
  const ast = parse(text, {
    sourceType: 'unambiguous',
    errorRecovery: true,
    plugins,
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
  });
  const slice = (node: Node): string => text.slice(node.start ?? 0, node.end ?? 0);
  const nodes: Node[] = [];
  const parents = new Map<Node, Node>();
  walk(ast.program as unknown as Node, undefined, (node, parent) => {
    nodes.push(node);
    if (parent) parents.set(node, parent);
  });
  const reader = javascriptExpressionReader(text, pushedArrays(nodes, text));
  const { toExpr } = reader;
  const templates = new Map<string, UrlTemplate>();
  const urlSource = { text, parents, variable: (name: string) => templates.get(name) };
  const templateOf = (node: Node): UrlTemplate => jsTemplate(node, urlSource);
  const proxies = new Assignments<Proxy>();
  const promisified = new Assignments<Proxy>();
  const odooClasses = new Set<string>();
  const odooClients = new Assignments<OdooClient>();
  for (const node of nodes) {
    if (node.type === 'ImportDeclaration' && node.source.value === 'odoo-xmlrpc') {
      for (const specifier of node.specifiers) odooClasses.add(specifier.local.name);
    } else if (node.type === 'VariableDeclarator' && node.init) {
      remember(node.id.type === 'Identifier' ? node.id.name : slice(node.id), node.init, node.start ?? 0);
    } else if (node.type === 'AssignmentExpression') {
      remember(slice(node.left), node.right, node.start ?? 0);
    }
  }

  function remember(name: string, value: Node, at: number): void {
    if (
      value.type === 'CallExpression' &&
      slice(value.callee) === 'require' &&
      value.arguments[0]?.type === 'StringLiteral' &&
      value.arguments[0].value === 'odoo-xmlrpc'
    ) {
      odooClasses.add(name);
      return;
    }
    if (value.type === 'NewExpression' && value.callee.type === 'Identifier' && odooClasses.has(value.callee.name)) {
      const options = value.arguments[0];
      const url = options?.type === 'ObjectExpression' ? odooServerTemplate(options, urlSource) : undefined;
      odooClients.set(name, at, { url: url && endpointOfOdoo(url), name });
      return;
    }
    const proxy = proxyOf(value);
    if (proxy) proxies.set(name, at, proxy);
    const viaPromise = promisifiedOf(value);
    if (viaPromise) promisified.set(name, at, viaPromise);
    if (!proxy && !viaPromise) {
      const template = templateOf(value);
      if (standsForVariable(name, template) && !isOpaque(template)) templates.set(name, template);
      reader.rememberTemporal(name, value);
    }
  }

  function proxyOf(node: Node): Proxy | undefined {
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') return undefined;
    const factory = slice(node.callee);
    if (!CLIENT_FACTORIES.test(factory)) return undefined;
    const first = node.arguments[0];
    if (!first) return undefined;
    const url = first.type === 'ObjectExpression' ? optionsTemplate(first, /Secure/.test(factory), urlSource) : templateOf(first);
    const service = url && endpointOfTemplate(url)?.service;
    return service ? { service, url } : undefined;
  }

  /** `promisify(client.methodCall).bind(client)`, `promisify(client.methodCall.bind(client))`. */
  function promisifiedOf(node: Node): Proxy | undefined {
    let call = node;
    if (call.type === 'CallExpression' && call.callee.type === 'MemberExpression' && propertyName(call.callee.property) === 'bind')
      call = call.callee.object;
    if (call.type !== 'CallExpression' || !/(^|\.)promisify$/.test(slice(call.callee)) || !call.arguments[0]) return undefined;
    let target = call.arguments[0] as Node;
    if (target.type === 'CallExpression' && target.callee.type === 'MemberExpression' && propertyName(target.callee.property) === 'bind')
      target = target.callee.object;
    if (target.type !== 'MemberExpression' || propertyName(target.property) !== 'methodCall') return undefined;
    return proxies.get(slice(target.object), node.start ?? 0) ?? proxyOf(target.object);
  }

  const sites: LegacyCallSite[] = [];
  const scopeOf = (node: Node): number => jsScopeOf(node, parents);
  const push = (node: Node, found: Omit<LegacyCallSite, 'language' | 'start' | 'end' | 'statement' | 'typescript'>): void => {
    const start = node.start ?? 0;
    sites.push({
      language: 'javascript',
      typescript,
      start,
      end: node.end ?? 0,
      statement: { start, end: node.end ?? 0, kind: 'expression', indent: indentAt(text, start) },
      ...found,
    });
  };
  const mentionsJsonRpc = /\/jsonrpc\b|\bservice['"]?\s*:/.test(text);
  for (const node of nodes) {
    const viaPromise =
      node.type === 'CallExpression' && node.callee.type === 'Identifier' ? promisified.get(node.callee.name, node.start ?? 0) : undefined;
    if (viaPromise && node.type === 'CallExpression') {
      methodCall(node, viaPromise, undefined);
    } else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed) {
      const verb = propertyName(node.callee.property);
      const odoo = odooClients.get(slice(node.callee.object), node.start ?? 0);
      if (odoo && (verb === 'connect' || verb === 'execute_kw')) {
        odooCall(node, odoo, verb);
        continue;
      }
      if (verb !== 'methodCall' && verb !== 'call') continue;
      const functionName = node.arguments[0]?.type === 'StringLiteral' ? node.arguments[0].value : undefined;
      const proxy =
        proxies.get(slice(node.callee.object), node.start ?? 0) ??
        proxyOf(node.callee.object) ??
        (functionName === 'execute_kw' ? { service: 'object' as const } : undefined);
      if (proxy) methodCall(node, proxy, node.arguments[2]);
    } else if (mentionsJsonRpc && node.type === 'ObjectExpression') {
      const body = toExpr(node);
      const service = stringOf(entryOf(body, 'service'));
      const functionName = stringOf(entryOf(body, 'method'));
      if (
        !service ||
        !functionName ||
        !['object', 'common', 'db'].includes(service) ||
        !isServiceFunction(service as LegacyService, functionName)
      )
        continue;
      const argsExpr = entryOf(body, 'args');
      const envelope = javascriptEnvelope(node, { text, parents, templateOf });
      // A service-shaped body posted to another jsonrpc route (/web/dataset/call_kw...) is not the deprecated service.
      if ('elsewhere' in envelope && envelope.elsewhere) continue;
      sites.push({
        language: 'javascript',
        typescript,
        service: service as LegacyService,
        transport: 'jsonrpc',
        functionName,
        start: node.start ?? 0,
        end: node.end ?? 0,
        args: argsExpr?.items,
        dynamicReason: argsExpr?.items ? undefined : 'the JSON-RPC arguments are built dynamically',
        ...('reason' in envelope ? { envelopeReason: envelope.reason } : { replacement: envelope.replacement, baseUrl: envelope.baseUrl }),
      });
    }
  }
  return sites.sort((a, b) => a.start - b.start);

  function methodCall(node: Node & { type: 'CallExpression' }, proxy: Proxy, callbackNode: Node | undefined): void {
    const functionName = node.arguments[0]?.type === 'StringLiteral' ? node.arguments[0].value : undefined;
    if (!functionName || !isServiceFunction(proxy.service, functionName)) return;
    const params = node.arguments[1] ? toExpr(node.arguments[1] as Node) : undefined;
    push(node, {
      service: proxy.service,
      transport: 'xmlrpc',
      functionName,
      args: params ? params.items : [],
      dynamicReason: params && !params.items ? 'the parameters are not an array literal' : undefined,
      baseUrl: proxy.url && baseOfTemplate(proxy.url, scopeOf(node)),
      callback: callbackNode ? toExpr(callbackNode) : undefined,
    });
  }

  /** `odoo.connect(cb)` (an authenticate) and `odoo.execute_kw(model, method, [args, kw], cb)`, the client holding db, uid and password. */
  function odooCall(node: Node & { type: 'CallExpression' }, odoo: OdooClient, verb: 'connect' | 'execute_kw'): void {
    const at = node.start ?? 0;
    const held = (name: string): SourceExpr => ({ start: at, end: at, text: `${odoo.name}.${name}`, kind: 'other' });
    const baseUrl = odoo.url && baseOfTemplate(odoo.url, scopeOf(node));
    if (verb === 'connect') {
      const callback = node.arguments[0];
      push(node, {
        service: 'common',
        transport: 'xmlrpc',
        functionName: 'authenticate',
        args: [held('db'), held('username'), held('password'), { start: at, end: at, text: '{}', kind: 'dict', entries: [], value: {} }],
        baseUrl,
        callback: callback ? toExpr(callback as Node) : undefined,
      });
      return;
    }
    const [model, method, params, callback] = node.arguments.map((arg) => toExpr(arg as Node));
    push(node, {
      service: 'object',
      transport: 'xmlrpc',
      functionName: 'execute_kw',
      baseUrl,
      callback,
      args: model && method && params?.items ? [held('db'), held('uid'), held('password'), model, method, ...params.items] : undefined,
      dynamicReason: 'the parameters of odoo.execute_kw are not an array literal ([args] or [args, kwargs])',
    });
  }
}

/** odoo-xmlrpc calls /xmlrpc/2/object on the server its options name. */
function endpointOfOdoo(server: UrlTemplate): UrlTemplate {
  return [...server, { text: '/xmlrpc/2/object' }];
}
