// Finds deprecated RPC calls in Python source with the Lezer Python parser: ServerProxy objects (also bound with
// functools.partial), JSON-RPC bodies and JSON-RPC helpers such as `call(url, "object", "execute", ...)`.
import type { SyntaxNode } from '@lezer/common';
import { pythonTree } from './pythonTree';
import { type CallStatement, type LegacyCallSite, type LegacyService, type SourceExpr, entryOf, indentAt, stringOf } from './legacyCall';
import { Assignments } from './assignments';
import { isServiceFunction } from './legacyFunctions';
import { pythonEnvelope } from './pythonEnvelope';
import { PUNCTUATION, argumentNodes, pythonExpressionReader } from './pythonExpressions';
import { pythonHelperOf, type ServiceHelper } from './pythonHelpers';
import { pythonScopeOf, pythonTemplate } from './pythonUrls';
import { type UrlTemplate, baseOfEndpoint, baseOfTemplate, endpointOfTemplate, isOpaque, standsForVariable } from './urlTemplate';

interface Proxy {
  readonly service: LegacyService;
  readonly url?: UrlTemplate;
}
/** `functools.partial(proxy.execute_kw, db, uid, password)`: the function and the arguments bound in advance. */
interface BoundFunction {
  readonly proxy: Proxy;
  readonly functionName: string;
  readonly bound: readonly SourceExpr[];
}

const PYTHON2 =
  'the file is Python 2 (print statements or the xmlrpclib/urllib2 modules): a conversion writes Python 3 code (requests, f-strings), which would not run with it. Port the file to Python 3 first, then convert';

/** Every deprecated call in a Python file. */
export function findPythonCalls(text: string): LegacyCallSite[] {
  const tree = pythonTree(text);
  const slice = (node: SyntaxNode): string => text.slice(node.from, node.to);
  const reader = pythonExpressionReader(text);
  const { toExpr } = reader;
  const templates = new Map<string, UrlTemplate>();
  const proxies = new Assignments<Proxy>();
  const boundFunctions = new Assignments<BoundFunction>();
  const helpers = new Map<string, ServiceHelper>();
  const calls: SyntaxNode[] = [];
  const dicts: SyntaxNode[] = [];
  // `[^\S\n]*`, not `\s*`: at each line start `\s*` would run over every blank line after it (quadratic on blank text).
  let python2 = /^[^\S\n]*(import\s+(xmlrpclib|urllib2)\b|from\s+(xmlrpclib|urllib2)\s+import\b)/m.test(text);
  const urlSource = { text, slice, variable: (name: string) => templates.get(name) };
  const templateOf = (node: SyntaxNode): UrlTemplate => pythonTemplate(node, urlSource);
  tree.iterate({
    enter: (ref) => {
      if (ref.name === 'AssignStatement') remember(ref.node);
      else if (ref.name === 'CallExpression') calls.push(ref.node);
      else if (ref.name === 'DictionaryExpression') dicts.push(ref.node);
      else if (ref.name === 'PrintStatement') python2 = true;
      else if (ref.name === 'FunctionDefinition') {
        const helper = pythonHelperOf(ref.node, slice);
        if (helper) helpers.set(helper.name, helper);
      }
    },
  });

  function remember(node: SyntaxNode): void {
    const target = node.firstChild;
    const value = node.lastChild;
    if (!target || !value || target.nextSibling?.name !== 'AssignOp' || value.from === target.from) return;
    const name = slice(target);
    const proxy = proxyOf(value);
    if (proxy) {
      proxies.set(name, node.from, proxy);
      return;
    }
    const bound = boundFunctionOf(value);
    if (bound) boundFunctions.set(name, node.from, bound);
    const temporal = reader.temporalOf(value);
    if (temporal) reader.rememberTemporal(name, temporal);
    const template = templateOf(value);
    if (standsForVariable(name, template) && !isOpaque(template)) templates.set(name, template);
  }

  function proxyOf(node: SyntaxNode): Proxy | undefined {
    if (node.name !== 'CallExpression') return undefined;
    const callee = node.firstChild;
    if (!callee || !/(^|\.)ServerProxy$/.test(slice(callee))) return undefined;
    const urlNode = argumentNodes(node.getChild('ArgList'))[0];
    if (!urlNode) return undefined;
    const url = templateOf(urlNode);
    const service = endpointOfTemplate(url)?.service;
    return service ? { service, url } : undefined;
  }

  function boundFunctionOf(node: SyntaxNode): BoundFunction | undefined {
    if (node.name !== 'CallExpression' || !/(^|\.)partial$/.test(slice(node.firstChild ?? node))) return undefined;
    const [target, ...bound] = argumentNodes(node.getChild('ArgList'));
    if (target?.name !== 'MemberExpression' || target.lastChild?.name !== 'PropertyName' || !target.firstChild) return undefined;
    const functionName = slice(target.lastChild);
    const proxy = proxies.get(slice(target.firstChild), node.from) ?? proxyOf(target.firstChild);
    if (
      !proxy ||
      !isServiceFunction(proxy.service, functionName) ||
      bound.some((arg) => arg.name === '*' || arg.nextSibling?.name === 'AssignOp')
    )
      return undefined;
    return { proxy, functionName, bound: bound.map(toExpr) };
  }

  const sites: LegacyCallSite[] = [];
  const site = (
    call: SyntaxNode,
    found: Omit<LegacyCallSite, 'language' | 'start' | 'end' | 'statement' | 'baseUrl'>,
    url: UrlTemplate | undefined,
  ): void => {
    const base =
      url &&
      (found.transport === 'jsonrpc' ? baseOfEndpoint(url, pythonScopeOf(call), 'python') : baseOfTemplate(url, pythonScopeOf(call)));
    sites.push({ language: 'python', start: call.from, end: call.to, statement: statementOf(call), baseUrl: base, ...found });
  };
  for (const call of calls) {
    const callee = call.firstChild;
    if (callee?.name === 'VariableName') {
      const bound = boundFunctions.get(slice(callee), call.from);
      if (bound) {
        const { args, dynamicReason } = callArguments(call.getChild('ArgList'));
        site(
          call,
          {
            service: bound.proxy.service,
            transport: 'xmlrpc',
            functionName: bound.functionName,
            args: args && [...bound.bound, ...args],
            dynamicReason,
          },
          bound.proxy.url,
        );
        continue;
      }
      const helper = helpers.get(slice(callee));
      if (helper) helperCall(call, helper);
      continue;
    }
    if (callee?.name !== 'MemberExpression') continue;
    const receiver = callee.firstChild;
    const functionName = callee.lastChild?.name === 'PropertyName' ? slice(callee.lastChild) : undefined;
    if (!receiver || !functionName) continue;
    const proxy =
      proxies.get(slice(receiver), call.from) ??
      proxyOf(receiver) ??
      (functionName === 'execute_kw' ? { service: 'object' as const } : undefined);
    if (!proxy || !isServiceFunction(proxy.service, functionName)) continue;
    const { args, dynamicReason } = callArguments(call.getChild('ArgList'));
    site(call, { service: proxy.service, transport: 'xmlrpc', functionName, args, dynamicReason }, proxy.url);
  }

  function helperCall(call: SyntaxNode, helper: ServiceHelper): void {
    const argNodes = argumentNodes(call.getChild('ArgList'));
    if (argNodes.some((arg) => arg.name === '*' || arg.name === '**' || arg.nextSibling?.name === 'AssignOp')) return;
    const service = stringOf(argNodes[helper.serviceIndex] && toExpr(argNodes[helper.serviceIndex]));
    const functionName = stringOf(argNodes[helper.methodIndex] && toExpr(argNodes[helper.methodIndex]));
    if (
      !service ||
      !functionName ||
      !['object', 'common', 'db'].includes(service) ||
      !isServiceFunction(service as LegacyService, functionName)
    )
      return;
    const rest = argNodes[helper.argsIndex];
    const args = helper.argsStarred ? argNodes.slice(helper.argsIndex).map(toExpr) : rest ? toExpr(rest).items : [];
    const urlNode = helper.urlIndex === undefined ? undefined : argNodes[helper.urlIndex];
    const url = urlNode ? templateOf(urlNode) : undefined;
    site(
      call,
      {
        service: service as LegacyService,
        transport: 'jsonrpc',
        functionName,
        args,
        dynamicReason: args ? undefined : `the arguments given to ${helper.name}() are not a list literal`,
        envelopeReason: statementOf(call) ? undefined : 'the helper call sits inside a larger expression',
      },
      url,
    );
  }

  if (/\/jsonrpc\b|["']service["']\s*:/.test(text)) {
    for (const dict of dicts) {
      const body = toExpr(dict);
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
      const envelope = pythonEnvelope(dict, { text, slice, templateOf });
      // A service-shaped body posted to another jsonrpc route (/web/dataset/call_kw...) is not the deprecated service.
      if ('elsewhere' in envelope && envelope.elsewhere) continue;
      sites.push({
        language: 'python',
        service: service as LegacyService,
        transport: 'jsonrpc',
        functionName,
        args: argsExpr?.items,
        dynamicReason: argsExpr?.items ? undefined : 'the JSON-RPC arguments are built dynamically',
        start: dict.from,
        end: dict.to,
        ...('reason' in envelope
          ? { envelopeReason: envelope.reason }
          : { statement: envelope.statement, baseUrl: envelope.url && baseOfEndpoint(envelope.url, pythonScopeOf(dict), 'python') }),
      });
    }
  }
  const sorted = sites.sort((a, b) => a.start - b.start);
  return python2 ? sorted.map((found) => ({ ...found, declined: PYTHON2 })) : sorted;

  function callArguments(argList: SyntaxNode | null): { args?: SourceExpr[]; dynamicReason?: string } {
    const args: SourceExpr[] = [];
    for (let child = argList?.firstChild ?? null; child; child = child.nextSibling) {
      if (PUNCTUATION.has(child.name)) continue;
      if (child.name === '*' || child.name === '**')
        return { dynamicReason: 'the arguments are unpacked from a variable (*args or **kwargs)' };
      if (child.name === 'VariableName' && child.nextSibling?.name === 'AssignOp')
        return { dynamicReason: 'the proxy call has keyword arguments' };
      args.push(toExpr(child));
    }
    return { args };
  }

  function statementOf(call: SyntaxNode): CallStatement | undefined {
    const parent = call.parent;
    if (!parent || parent.lastChild?.from !== call.from) return undefined;
    const indent = indentAt(text, parent.from);
    if (parent.name === 'ExpressionStatement') return { start: parent.from, end: parent.to, kind: 'expression', indent };
    if (parent.name === 'ReturnStatement') return { start: parent.from, end: parent.to, kind: 'return', indent };
    if (
      parent.name === 'AssignStatement' &&
      parent.firstChild?.nextSibling?.name === 'AssignOp' &&
      parent.firstChild.nextSibling.nextSibling?.from === call.from
    ) {
      return { start: parent.from, end: parent.to, kind: 'assign', target: slice(parent.firstChild), indent };
    }
    return undefined;
  }
}
