// Finds deprecated RPC calls in Python source with the Lezer Python parser: ServerProxy objects and JSON-RPC bodies.
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/python';
import { type CallStatement, type LegacyCallSite, type LegacyService, type SourceExpr, entryOf, indentAt, staticDict, staticList, stringOf } from './legacyCall';
import { isServiceFunction } from './legacyFunctions';
import { baseUrlOf, endpointOfUrl } from './proxyUrls';
import { pythonEnvelope } from './pythonEnvelope';

const PUNCTUATION = new Set(['(', ')', '[', ']', '{', '}', ',', ':', 'Comment', '⚠']);

interface Proxy { readonly service: LegacyService; readonly baseUrl?: string }

/** Every deprecated call in a Python file. */
export function findPythonCalls(text: string): LegacyCallSite[] {
  const tree = parser.parse(text);
  const slice = (node: SyntaxNode): string => text.slice(node.from, node.to);
  const strings = new Map<string, string>();
  const proxies = new Map<string, Proxy>();
  const calls: SyntaxNode[] = [];
  const dicts: SyntaxNode[] = [];
  tree.iterate({
    enter: (ref) => {
      if (ref.name === 'AssignStatement') remember(ref.node);
      else if (ref.name === 'CallExpression') calls.push(ref.node);
      else if (ref.name === 'DictionaryExpression') dicts.push(ref.node);
    },
  });

  function remember(node: SyntaxNode): void {
    const target = node.firstChild;
    const value = node.lastChild;
    if (!target || !value || target.nextSibling?.name !== 'AssignOp' || value === target) return;
    if (value.name === 'String' || value.name === 'FormatString' || value.name === 'BinaryExpression' || value.name === 'CallExpression' && !proxyOf(value)) {
      strings.set(slice(target), slice(value));
    }
    const proxy = proxyOf(value);
    if (proxy) proxies.set(slice(target), proxy);
  }

  function proxyOf(node: SyntaxNode): Proxy | undefined {
    if (node.name !== 'CallExpression') return undefined;
    const callee = node.firstChild;
    if (!callee || !/(^|\.)ServerProxy$/.test(slice(callee))) return undefined;
    const urlNode = argumentNodes(node.getChild('ArgList'))[0];
    if (!urlNode) return undefined;
    const urlText = urlNode.name === 'VariableName' || urlNode.name === 'MemberExpression' ? strings.get(slice(urlNode)) ?? slice(urlNode) : slice(urlNode);
    const endpoint = endpointOfUrl(urlText);
    return endpoint?.service ? { service: endpoint.service, baseUrl: baseUrlOf(urlText) } : undefined;
  }

  const sites: LegacyCallSite[] = [];
  for (const call of calls) {
    const callee = call.firstChild;
    if (callee?.name !== 'MemberExpression') continue;
    const receiver = callee.firstChild;
    const functionName = callee.lastChild?.name === 'PropertyName' ? slice(callee.lastChild) : undefined;
    if (!receiver || !functionName) continue;
    const proxy = proxies.get(slice(receiver)) ?? proxyOf(receiver) ?? (functionName === 'execute_kw' ? { service: 'object' as const } : undefined);
    if (!proxy || !isServiceFunction(proxy.service, functionName)) continue;
    const { args, dynamicReason } = callArguments(call.getChild('ArgList'));
    sites.push({
      language: 'python', service: proxy.service, transport: 'xmlrpc', functionName, args, dynamicReason,
      start: call.from, end: call.to, statement: statementOf(call), baseUrl: proxy.baseUrl,
    });
  }
  if (endpointOfUrl(text)?.transport === 'jsonrpc' || /\/jsonrpc\b/.test(text)) {
    for (const dict of dicts) {
      const body = toExpr(dict);
      const service = stringOf(entryOf(body, 'service'));
      const functionName = stringOf(entryOf(body, 'method'));
      if (!service || !functionName || !['object', 'common', 'db'].includes(service) || !isServiceFunction(service as LegacyService, functionName)) continue;
      const argsExpr = entryOf(body, 'args');
      const envelope = pythonEnvelope(dict, { text, slice, strings });
      // A service-shaped body posted to another jsonrpc route (/web/dataset/call_kw...) is not the deprecated service.
      if ('elsewhere' in envelope && envelope.elsewhere) continue;
      sites.push({
        language: 'python', service: service as LegacyService, transport: 'jsonrpc', functionName,
        args: argsExpr?.items, dynamicReason: argsExpr?.items ? undefined : 'the JSON-RPC arguments are built dynamically',
        start: dict.from, end: dict.to,
        ...('reason' in envelope ? { envelopeReason: envelope.reason } : { statement: envelope.statement, baseUrl: envelope.baseUrl }),
      });
    }
  }
  return sites.sort((a, b) => a.start - b.start);

  function callArguments(argList: SyntaxNode | null): { args?: SourceExpr[]; dynamicReason?: string } {
    const args: SourceExpr[] = [];
    for (let child = argList?.firstChild ?? null; child; child = child.nextSibling) {
      if (PUNCTUATION.has(child.name)) continue;
      if (child.name === '*' || child.name === '**') return { dynamicReason: 'the arguments are unpacked from a variable (*args or **kwargs)' };
      if (child.name === 'VariableName' && child.nextSibling?.name === 'AssignOp') return { dynamicReason: 'the proxy call has keyword arguments' };
      args.push(toExpr(child));
    }
    return { args };
  }

  function toExpr(node: SyntaxNode): SourceExpr {
    const base = { start: node.from, end: node.to, text: slice(node) };
    switch (node.name) {
      case 'String': {
        const value = pythonString(base.text);
        return value === undefined ? { ...base, kind: 'other' } : { ...base, kind: 'string', value };
      }
      case 'Number': {
        const value = Number(base.text.replace(/_/g, ''));
        return Number.isFinite(value) ? { ...base, kind: 'number', value } : { ...base, kind: 'other' };
      }
      case 'UnaryExpression': {
        const operand = node.lastChild;
        if (node.firstChild && slice(node.firstChild) === '-' && operand?.name === 'Number') return { ...base, kind: 'number', value: -Number(slice(operand).replace(/_/g, '')) };
        return { ...base, kind: 'other' };
      }
      case 'Boolean': return { ...base, kind: 'boolean', value: base.text === 'True' };
      case 'None': return { ...base, kind: 'null', value: null };
      case 'ParenthesizedExpression': {
        const inner = argumentNodes(node);
        return inner.length === 1 ? { ...toExpr(inner[0]), start: node.from, end: node.to, text: base.text } : { ...base, kind: 'other' };
      }
      case 'ArrayExpression':
      case 'TupleExpression': {
        const children = childNodes(node);
        if (children.some((child) => child.name === '*' || child.name === 'for' || child.name === 'ArrayComprehensionExpression')) return { ...base, kind: 'list' };
        const items = children.map(toExpr);
        return { ...base, kind: 'list', items, value: staticList(items) };
      }
      case 'DictionaryExpression': {
        const children = childNodes(node);
        const entries: { key: string; value: SourceExpr }[] = [];
        for (let index = 0; index < children.length; index += 2) {
          const key = stringOf(toExpr(children[index]));
          if (key === undefined || !children[index + 1]) return { ...base, kind: 'dict' };
          entries.push({ key, value: toExpr(children[index + 1]) });
        }
        return { ...base, kind: 'dict', entries, value: staticDict(entries) };
      }
      default: return { ...base, kind: 'other' };
    }
  }

  function statementOf(call: SyntaxNode): CallStatement | undefined {
    const parent = call.parent;
    if (!parent || parent.lastChild?.from !== call.from) return undefined;
    const indent = indentAt(text, parent.from);
    if (parent.name === 'ExpressionStatement') return { start: parent.from, end: parent.to, kind: 'expression', indent };
    if (parent.name === 'ReturnStatement') return { start: parent.from, end: parent.to, kind: 'return', indent };
    if (parent.name === 'AssignStatement' && parent.firstChild?.nextSibling?.name === 'AssignOp' && parent.firstChild.nextSibling.nextSibling?.from === call.from) {
      return { start: parent.from, end: parent.to, kind: 'assign', target: slice(parent.firstChild), indent };
    }
    return undefined;
  }
}

function childNodes(node: SyntaxNode): SyntaxNode[] {
  const children: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (!PUNCTUATION.has(child.name)) children.push(child);
  return children;
}

function argumentNodes(node: SyntaxNode | null): SyntaxNode[] {
  return node ? childNodes(node) : [];
}

/** A Python string literal's value (plain, raw or unicode; not bytes, not formatted), or undefined. */
function pythonString(literal: string): string | undefined {
  const match = /^([rRuU]?)('''|"""|'|")([\s\S]*)\2$/.exec(literal);
  if (!match) return undefined;
  if (match[1].toLowerCase() === 'r') return match[3];
  return match[3].replace(/\\(n|t|r|\\|'|"|\n)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '\n': '' })[c] ?? c);
}
