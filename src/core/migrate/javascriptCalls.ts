// Finds deprecated RPC calls in JavaScript/TypeScript with @babel/parser: `xmlrpc` clients' methodCall and JSON-RPC bodies.
import { type ParserPlugin, parse } from '@babel/parser';
import type { Node } from '@babel/types';
import { type LegacyCallSite, type LegacyService, type SourceExpr, entryOf, indentAt, staticDict, staticList, stringOf } from './legacyCall';
import { isServiceFunction } from './legacyFunctions';
import { javascriptEnvelope } from './javascriptEnvelope';
import { baseUrlOf, endpointOfUrl } from './proxyUrls';

interface Proxy { readonly service: LegacyService; readonly baseUrl?: string }
const CLIENT_FACTORIES = /(^|\.)(createClient|createSecureClient|XmlRpcClient|Client)$/;

/** Every deprecated call in a JavaScript or TypeScript file; `fileName` picks the syntax (TypeScript, JSX). */
export function findJavaScriptCalls(text: string, fileName = 'file.js'): LegacyCallSite[] {
  const plugins: ParserPlugin[] = /\.(ts|mts|cts)$/.test(fileName) ? ['typescript'] : /\.tsx$/.test(fileName) ? ['typescript', 'jsx'] : ['jsx'];
  const ast = parse(text, { sourceType: 'unambiguous', errorRecovery: true, plugins, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true });
  const slice = (node: Node): string => text.slice(node.start ?? 0, node.end ?? 0);
  const nodes: Node[] = [];
  const parents = new Map<Node, Node>();
  walk(ast.program as unknown as Node, undefined, (node, parent) => {
    nodes.push(node);
    if (parent) parents.set(node, parent);
  });
  const strings = new Map<string, string>();
  const proxies = new Map<string, Proxy>();
  for (const node of nodes) {
    if (node.type === 'VariableDeclarator' && node.init) {
      const name = slice(node.id);
      const proxy = proxyOf(node.init);
      if (proxy) proxies.set(name, proxy);
      else strings.set(name, slice(node.init));
    } else if (node.type === 'AssignmentExpression') {
      const proxy = proxyOf(node.right);
      if (proxy) proxies.set(slice(node.left), proxy);
    }
  }

  function proxyOf(node: Node): Proxy | undefined {
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') return undefined;
    if (!CLIENT_FACTORIES.test(slice(node.callee))) return undefined;
    const first = node.arguments[0];
    if (!first) return undefined;
    let urlText = first.type === 'Identifier' ? strings.get(first.name) ?? slice(first) : slice(first);
    if (first.type === 'ObjectExpression') {
      const url = first.properties.find((p) => p.type === 'ObjectProperty' && propertyName(p.key) === 'url');
      if (url?.type === 'ObjectProperty') urlText = slice(url.value);
    }
    const endpoint = endpointOfUrl(urlText);
    return endpoint?.service ? { service: endpoint.service, baseUrl: first.type === 'ObjectExpression' && !/\burl\s*:/.test(slice(first)) ? undefined : baseUrlOf(urlText) } : undefined;
  }

  const sites: LegacyCallSite[] = [];
  const mentionsJsonRpc = /\/jsonrpc\b/.test(text);
  for (const node of nodes) {
    if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed) {
      const verb = propertyName(node.callee.property);
      if (verb !== 'methodCall' && verb !== 'call') continue;
      const functionName = node.arguments[0]?.type === 'StringLiteral' ? node.arguments[0].value : undefined;
      if (!functionName) continue;
      const proxy = proxies.get(slice(node.callee.object)) ?? proxyOf(node.callee.object) ?? (functionName === 'execute_kw' ? { service: 'object' as const } : undefined);
      if (!proxy || !isServiceFunction(proxy.service, functionName)) continue;
      const params = node.arguments[1] ? toExpr(node.arguments[1]) : undefined;
      const callbackNode = node.arguments[2];
      const start = node.start ?? 0;
      sites.push({
        language: 'javascript', service: proxy.service, transport: 'xmlrpc', functionName,
        args: params ? params.items : [], dynamicReason: params && !params.items ? 'the parameters are not an array literal' : undefined,
        start, end: node.end ?? 0, baseUrl: proxy.baseUrl, callback: callbackNode ? toExpr(callbackNode) : undefined,
        statement: { start, end: node.end ?? 0, kind: 'expression', indent: indentAt(text, start) },
      });
    } else if (mentionsJsonRpc && node.type === 'ObjectExpression') {
      const body = toExpr(node);
      const service = stringOf(entryOf(body, 'service'));
      const functionName = stringOf(entryOf(body, 'method'));
      if (!service || !functionName || !['object', 'common', 'db'].includes(service) || !isServiceFunction(service as LegacyService, functionName)) continue;
      const argsExpr = entryOf(body, 'args');
      const envelope = javascriptEnvelope(node, { text, parents, strings });
      // A service-shaped body posted to another jsonrpc route (/web/dataset/call_kw...) is not the deprecated service.
      if ('elsewhere' in envelope && envelope.elsewhere) continue;
      sites.push({
        language: 'javascript', service: service as LegacyService, transport: 'jsonrpc', functionName, start: node.start ?? 0, end: node.end ?? 0,
        args: argsExpr?.items, dynamicReason: argsExpr?.items ? undefined : 'the JSON-RPC arguments are built dynamically',
        ...('reason' in envelope ? { envelopeReason: envelope.reason } : { replacement: envelope.replacement, baseUrl: envelope.baseUrl }),
      });
    }
  }
  return sites.sort((a, b) => a.start - b.start);

  function toExpr(node: Node): SourceExpr {
    const base = { start: node.start ?? 0, end: node.end ?? 0, text: slice(node) };
    switch (node.type) {
      case 'StringLiteral': return { ...base, kind: 'string', value: node.value };
      case 'TemplateLiteral':
        return node.expressions.length === 0 ? { ...base, kind: 'string', value: node.quasis.map((q) => q.value.cooked ?? '').join('') } : { ...base, kind: 'other' };
      case 'NumericLiteral': return { ...base, kind: 'number', value: node.value };
      case 'UnaryExpression':
        return node.operator === '-' && node.argument.type === 'NumericLiteral' ? { ...base, kind: 'number', value: -node.argument.value } : { ...base, kind: 'other' };
      case 'BooleanLiteral': return { ...base, kind: 'boolean', value: node.value };
      case 'NullLiteral': return { ...base, kind: 'null', value: null };
      case 'TSAsExpression': case 'TSSatisfiesExpression': case 'ParenthesizedExpression': return toExpr(node.expression);
      case 'ArrayExpression': {
        if (node.elements.some((element) => !element || element.type === 'SpreadElement')) return { ...base, kind: 'list' };
        const items = node.elements.map((element) => toExpr(element as Node));
        return { ...base, kind: 'list', items, value: staticList(items) };
      }
      case 'ObjectExpression': {
        const entries: { key: string; value: SourceExpr }[] = [];
        for (const property of node.properties) {
          if (property.type !== 'ObjectProperty' || property.computed && property.key.type !== 'StringLiteral') return { ...base, kind: 'dict' };
          const key = propertyName(property.key);
          if (key === undefined) return { ...base, kind: 'dict' };
          entries.push({ key, value: toExpr(property.value) });
        }
        return { ...base, kind: 'dict', entries, value: staticDict(entries) };
      }
      default: return { ...base, kind: 'other' };
    }
  }
}

function propertyName(key: Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  return undefined;
}

/** Visits every node of a Babel tree, parents first. */
function walk(node: Node, parent: Node | undefined, visit: (node: Node, parent: Node | undefined) => void): void {
  visit(node, parent);
  for (const key of Object.keys(node) as (keyof Node)[]) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue;
    const value = node[key] as unknown;
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof (child as Node).type === 'string') walk(child as Node, node, visit);
    } else if (value && typeof (value as Node).type === 'string') {
      walk(value as Node, node, visit);
    }
  }
}
