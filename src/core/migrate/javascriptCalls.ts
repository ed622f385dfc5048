// Finds deprecated RPC calls in JavaScript/TypeScript with @babel/parser: `xmlrpc` clients' methodCall (also
// promisified), the objects of npm Odoo client libraries (javascriptLibraryCalls.ts), and JSON-RPC bodies posted with fetch/axios/got.
import { type ParserPlugin, parse } from '@babel/parser';
import type { Node } from '@babel/types';
import { type LegacyCallSite, type LegacyService, entryOf, indentAt, stringOf } from './legacyCall';
import { Assignments } from './assignments';
import { isServiceFunction } from './legacyFunctions';
import { javascriptEnvelope } from './javascriptEnvelope';
import { pushedArrays } from './javascriptPushedArrays';
import { javascriptExpressionReader, propertyName, walk } from './javascriptExpressions';
import { type JsServiceHelper, javascriptHelperOf } from './javascriptHelpers';
import { libraryObjects } from './javascriptLibraryCalls';
import { jsScopeOf, jsTemplate, optionsTemplate } from './javascriptUrls';
import { type UrlTemplate, baseOfEndpoint, baseOfTemplate, endpointOfTemplate, isOpaque, standsForVariable } from './urlTemplate';

interface Proxy {
  readonly service: LegacyService;
  readonly url?: UrlTemplate;
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
  const libraries = libraryObjects(nodes, text, urlSource);
  const helpers = new Map<string, JsServiceHelper>();
  const helper = (fn: Node, name: string | undefined): void => {
    const found = javascriptHelperOf(fn, name, text, nodes);
    if (found) helpers.set(found.name, found);
  };
  for (const node of nodes) {
    if (node.type === 'FunctionDeclaration') helper(node, node.id?.name);
    else if ((node.type === 'ClassMethod' || node.type === 'ObjectMethod') && !node.computed)
      helper(node, node.type === 'ClassMethod' ? `this.${propertyName(node.key)}` : undefined);
    if (node.type === 'VariableDeclarator' && node.init) {
      if (node.id.type === 'Identifier') helper(node.init as Node, node.id.name);
      remember(node.id.type === 'Identifier' ? node.id.name : slice(node.id), node.init, node.start ?? 0);
    } else if (node.type === 'AssignmentExpression') {
      remember(slice(node.left), node.right, node.start ?? 0);
    }
  }

  function remember(name: string, value: Node, at: number): void {
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
    const viaHelper = node.type === 'CallExpression' ? helpers.get(slice(node.callee)) : undefined;
    if (viaPromise && node.type === 'CallExpression') {
      methodCall(node, viaPromise, undefined);
    } else if (viaHelper && node.type === 'CallExpression') {
      helperCall(node, viaHelper);
    } else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed) {
      const verb = propertyName(node.callee.property);
      const viaLibrary = libraries.callOf(node, toExpr);
      if (viaLibrary) {
        const { server, ...found } = viaLibrary;
        push(node, { ...found, baseUrl: server && baseOfTemplate(server, scopeOf(node)) });
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

  /** `jsonRpc(url, 'object', 'execute_kw', db, uid, key, ...)`: the helper's promise is replaced by the new call's. */
  function helperCall(node: Node & { type: 'CallExpression' }, found: JsServiceHelper): void {
    const args = node.arguments as Node[];
    if (args.some((arg) => arg.type === 'SpreadElement')) return;
    const service = stringOf(args[found.serviceIndex] && toExpr(args[found.serviceIndex]));
    const functionName = stringOf(args[found.methodIndex] && toExpr(args[found.methodIndex]));
    if (
      !service ||
      !functionName ||
      !['object', 'common', 'db'].includes(service) ||
      !isServiceFunction(service as LegacyService, functionName)
    )
      return;
    const rest = args[found.argsIndex];
    const rpcArgs = found.argsRest ? args.slice(found.argsIndex).map((arg) => toExpr(arg)) : rest ? toExpr(rest).items : [];
    const urlNode = found.urlIndex === undefined ? undefined : args[found.urlIndex];
    const url = urlNode && templateOf(urlNode);
    const endpoint = url && (found.urlIsBase ? [...url, { text: '/jsonrpc' }] : url);
    push(node, {
      service: service as LegacyService,
      transport: 'jsonrpc',
      functionName,
      args: rpcArgs,
      dynamicReason: rpcArgs ? undefined : `the arguments given to ${found.name}() are not an array literal`,
      baseUrl: endpoint && baseOfEndpoint(endpoint, scopeOf(node), 'javascript'),
    });
  }

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
}
