// Finds deprecated RPC calls in PHP with php-parser: ripcord-style client proxies (`$models->execute_kw(...)`) and JSON-RPC bodies.
import { Engine } from 'php-parser';
import {
  type CallStatement,
  type LegacyCallSite,
  type LegacyService,
  type SourceExpr,
  entryOf,
  indentAt,
  staticDict,
  staticList,
  stringOf,
} from './legacyCall';
import { Assignments } from './assignments';
import { isServiceFunction } from './legacyFunctions';
import { type PhpNode, phpEnvelope } from './phpEnvelope';
import { phpScopeOf, phpTemplate } from './phpUrls';
import { type UrlTemplate, baseOfEndpoint, baseOfTemplate, endpointOfTemplate, isOpaque, standsForVariable } from './urlTemplate';

interface Proxy {
  readonly service: LegacyService;
  readonly url?: UrlTemplate;
}

const engine = new Engine({
  parser: { extractDoc: false, suppressErrors: true, php8: true },
  ast: { withPositions: true, withSource: false },
});
const CLIENT_FACTORIES = /(^|::|\\)(client|Client|ripcord::client)$/;

/** Every deprecated call in a PHP file. */
export function findPhpCalls(text: string): LegacyCallSite[] {
  let program: PhpNode;
  try {
    program = engine.parseCode(text, 'file.php') as unknown as PhpNode;
  } catch {
    return [];
  }
  const start = (node: PhpNode): number => node.loc?.start.offset ?? 0;
  const end = (node: PhpNode): number => node.loc?.end.offset ?? 0;
  const slice = (node: PhpNode): string => text.slice(start(node), end(node));
  const visits: { node: PhpNode; parent?: PhpNode; grandparent?: PhpNode }[] = [];
  const parents = new Map<PhpNode, PhpNode>();
  walk(program, undefined, undefined, (node, parent, grandparent) => {
    visits.push({ node, parent, grandparent });
    if (parent) parents.set(node, parent);
  });
  const templates = new Map<string, UrlTemplate>();
  const scopeOf = (node: PhpNode): number => phpScopeOf(node, parents);
  const urlSource = { text, parents, variable: (name: string, at: PhpNode) => templates.get(`${scopeOf(at)} ${name}`) };
  const templateOf = (node: PhpNode): UrlTemplate => phpTemplate(node, urlSource);
  const proxies = new Assignments<Proxy>();
  // PHP functions see no globals: a variable is one per function, `$this->...` one per object.
  const scopedName = (name: string, at: PhpNode): string => (name.startsWith('$this->') ? name : `${scopeOf(at)} ${name}`);
  for (const { node } of visits) {
    if (node.kind !== 'assign') continue;
    const left = node.left as PhpNode;
    const right = node.right as PhpNode;
    const proxy = proxyOf(right);
    if (proxy) proxies.set(scopedName(slice(left), node), start(node), proxy);
    else if (standsForVariable(slice(left), templateOf(right)) && !isOpaque(templateOf(right)))
      templates.set(`${scopeOf(node)} ${slice(left)}`, templateOf(right));
  }

  function proxyOf(node: PhpNode): Proxy | undefined {
    if (node.kind !== 'call' && node.kind !== 'new') return undefined;
    const callee = (node.kind === 'call' ? node.what : node.what) as PhpNode;
    if (!CLIENT_FACTORIES.test(slice(callee))) return undefined;
    const first = (node.arguments as PhpNode[])[0];
    if (!first) return undefined;
    const url = templateOf(first);
    const service = endpointOfTemplate(url)?.service;
    return service ? { service, url } : undefined;
  }

  const sites: LegacyCallSite[] = [];
  const mentionsJsonRpc = /\/jsonrpc\b|['"]service['"]\s*=>/.test(text);
  for (const { node, parent, grandparent } of visits) {
    if (node.kind === 'call' && (node.what as PhpNode).kind === 'propertylookup') {
      const lookup = node.what as PhpNode;
      const offset = lookup.offset as PhpNode;
      if (offset.kind !== 'identifier') continue;
      const functionName = offset.name as string;
      const receiver = lookup.what as PhpNode;
      const proxy =
        proxies.get(scopedName(slice(receiver), node), start(node)) ??
        proxyOf(receiver) ??
        (functionName === 'execute_kw' ? { service: 'object' as const } : undefined);
      if (!proxy || !isServiceFunction(proxy.service, functionName)) continue;
      const argNodes = node.arguments as PhpNode[];
      const spread = argNodes.some((arg) => arg.kind === 'variadic' || arg.kind === 'namedargument');
      sites.push({
        language: 'php',
        service: proxy.service,
        transport: 'xmlrpc',
        functionName,
        start: start(node),
        end: end(node),
        baseUrl: proxy.url && baseOfTemplate(proxy.url, scopeOf(node), false),
        args: spread ? undefined : argNodes.map(toExpr),
        dynamicReason: spread ? 'the arguments are unpacked or named' : undefined,
        statement: statementOf(node, parent, grandparent),
      });
    } else if (mentionsJsonRpc && node.kind === 'array') {
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
      const envelope = phpEnvelope(node, { text, parents, templateOf });
      // A service-shaped body posted to another jsonrpc route (/web/dataset/call_kw...) is not the deprecated service.
      if ('elsewhere' in envelope && envelope.elsewhere) continue;
      sites.push({
        language: 'php',
        service: service as LegacyService,
        transport: 'jsonrpc',
        functionName,
        start: start(node),
        end: end(node),
        args: argsExpr?.items,
        dynamicReason: argsExpr?.items ? undefined : 'the JSON-RPC arguments are built dynamically',
        ...('reason' in envelope
          ? { envelopeReason: envelope.reason }
          : { statement: envelope.statement, baseUrl: envelope.url && baseOfEndpoint(envelope.url, scopeOf(node), 'php') }),
      });
    }
  }
  return sites.sort((a, b) => a.start - b.start);

  function statementOf(call: PhpNode, parent: PhpNode | undefined, grandparent: PhpNode | undefined): CallStatement | undefined {
    if (!parent) return undefined;
    if (parent.kind === 'expressionstatement')
      return { start: start(parent), end: end(parent), kind: 'expression', indent: indentAt(text, start(parent)) };
    if (parent.kind === 'return') return { start: start(parent), end: end(parent), kind: 'return', indent: indentAt(text, start(parent)) };
    if (parent.kind === 'assign' && parent.operator === '=' && parent.right === call && grandparent?.kind === 'expressionstatement') {
      return {
        start: start(grandparent),
        end: end(grandparent),
        kind: 'assign',
        target: slice(parent.left as PhpNode),
        indent: indentAt(text, start(grandparent)),
      };
    }
    return undefined;
  }

  function toExpr(node: PhpNode): SourceExpr {
    const base = { start: start(node), end: end(node), text: slice(node) };
    switch (node.kind) {
      case 'string':
        return { ...base, kind: 'string', value: node.value as string };
      case 'number':
        return { ...base, kind: 'number', value: Number(node.value) };
      case 'boolean':
        return { ...base, kind: 'boolean', value: node.value as boolean };
      case 'nullkeyword':
        return { ...base, kind: 'null', value: null };
      case 'unary': {
        const operand = node.what as PhpNode;
        return node.type === '-' && operand.kind === 'number'
          ? { ...base, kind: 'number', value: -Number(operand.value) }
          : { ...base, kind: 'other' };
      }
      case 'cast':
        return node.type === 'object' && (node.expr as PhpNode).kind === 'array'
          ? { ...toExpr(node.expr as PhpNode), ...base, kind: 'dict' }
          : { ...base, kind: 'other' };
      case 'array': {
        const entries = node.items as PhpNode[];
        // An empty array stands for an empty list or an empty mapping alike.
        if (entries.length === 0) return { ...base, kind: 'dict', items: [], entries: [], value: [] };
        if (entries.some((entry) => entry.kind !== 'entry' || entry.unpack || entry.byRef)) return { ...base, kind: 'list' };
        if (entries.every((entry) => entry.key === null)) {
          const items = entries.map((entry) => toExpr(entry.value as PhpNode));
          return { ...base, kind: 'list', items, value: staticList(items) };
        }
        const pairs: { key: string; value: SourceExpr }[] = [];
        for (const entry of entries) {
          const key = entry.key ? stringOf(toExpr(entry.key as PhpNode)) : undefined;
          if (key === undefined) return { ...base, kind: 'dict' };
          pairs.push({ key, value: toExpr(entry.value as PhpNode) });
        }
        return { ...base, kind: 'dict', entries: pairs, value: staticDict(pairs) };
      }
      case 'new':
        return /(^|\\)DateTime(Immutable)?$/.test(slice(node.what as PhpNode))
          ? { ...base, kind: 'other', temporal: 'datetime' }
          : { ...base, kind: 'other' };
      default:
        return { ...base, kind: 'other' };
    }
  }
}

function walk(
  node: PhpNode,
  parent: PhpNode | undefined,
  grandparent: PhpNode | undefined,
  visit: (node: PhpNode, parent?: PhpNode, grandparent?: PhpNode) => void,
): void {
  visit(node, parent, grandparent);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof (child as PhpNode).kind === 'string') walk(child as PhpNode, node, parent, visit);
    } else if (value && typeof (value as PhpNode).kind === 'string') {
      walk(value as PhpNode, node, parent, visit);
    }
  }
}
