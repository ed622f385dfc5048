// Reads a pasted Python snippet into requests: a `requests` (or httpx, or a session's) call to a JSON-2 endpoint, as
// the server's /doc page writes it; else its deprecated RPC calls, converted by the migration assistant.
import type { SyntaxNode } from '@lezer/common';
import { json2BodyWriter } from '../migrate/json2RequestWriter';
import type { SourceExpr } from '../migrate/legacyCall';
import { childNodes, pythonExpressionReader } from '../migrate/pythonExpressions';
import { PythonParseTimeout, pythonTree } from '../migrate/pythonTree';
import { pythonTemplate } from '../migrate/pythonUrls';
import type { UrlTemplate } from '../migrate/urlTemplate';
import { readLegacyCalls } from './legacyPaste';
import { isDatabaseHeader } from '../client/databaseSelection';
import { type PasteResult, type PastedRequest, bearerKey, targetOfUrl } from './pastedRequest';
import { expressionBody, literalText } from './snippetBody';

const HTTP_CALL = /(?:^|\.)(post|request)$/;
/**
 * CPU time the parse of a pasted snippet may take: a snippet of valid Python up to the paste's size limit parses well
 * within it; malformed text beyond a few kilobytes can take seconds (the parser's error recovery).
 */
const PARSE_BUDGET_MS = 300;

/** The requests of a Python snippet, or why there are none. */
export function readPythonSnippet(text: string): PasteResult {
  let tree: ReturnType<typeof pythonTree>;
  try {
    tree = pythonTree(text, PARSE_BUDGET_MS);
  } catch (error) {
    if (!(error instanceof PythonParseTimeout)) throw error;
    return {
      ok: false,
      reason: `the text could not be read as Python within ${PARSE_BUDGET_MS} ms (${text.length.toLocaleString('en-US')} characters, with syntax errors or nested deeply): copy only the call and paste again.`,
    };
  }
  const slice = (node: SyntaxNode): string => text.slice(node.from, node.to);
  const assignments: { name: string; node: SyntaxNode }[] = [];
  const calls: SyntaxNode[] = [];
  tree.iterate({
    enter: (ref) => {
      // The name first: `ref.node` costs the node's depth, which deeply nested text makes quadratic.
      if (ref.name !== 'AssignStatement' && ref.name !== 'CallExpression') return;
      const node = ref.node;
      if (
        node.name === 'AssignStatement' &&
        node.firstChild?.name === 'VariableName' &&
        node.firstChild.nextSibling?.name === 'AssignOp' &&
        node.lastChild
      ) {
        assignments.push({ name: slice(node.firstChild), node: node.lastChild });
      } else if (node.name === 'CallExpression' && node.firstChild && HTTP_CALL.test(slice(node.firstChild))) calls.push(node);
    },
  });
  const valueOf = (name: string, before: number): SyntaxNode | undefined =>
    assignments.filter((entry) => entry.name === name && entry.node.to <= before).pop()?.node;
  const templateOf = (node: SyntaxNode): UrlTemplate =>
    pythonTemplate(node, {
      text,
      slice,
      variable: (name) => {
        const value = valueOf(name, node.from);
        return value ? templateOf(value) : undefined;
      },
    });
  const literal = (node: SyntaxNode): string | undefined => literalText(templateOf(node));
  const reader = pythonExpressionReader(text);
  const requests: PastedRequest[] = [];
  const refusals: string[] = [];
  for (const call of calls) {
    const args = childNodes(call.lastChild ?? call);
    const named = new Map<string, SyntaxNode>();
    const positional: SyntaxNode[] = [];
    for (const arg of args) {
      if (arg.name === 'VariableName' && arg.nextSibling?.name === 'AssignOp') continue;
      if (arg.prevSibling?.name === 'AssignOp' && arg.prevSibling.prevSibling) named.set(slice(arg.prevSibling.prevSibling), arg);
      else positional.push(arg);
    }
    const isRequest = /(?:^|\.)request$/.test(slice(call.firstChild ?? call));
    const verbNode = isRequest ? (named.get('method') ?? positional.shift()) : undefined;
    const verb = verbNode ? literal(verbNode)?.toUpperCase() : 'POST';
    const urlNode = named.get('url') ?? positional[0];
    const url = urlNode && literal(urlNode);
    if (url === undefined) continue;
    const target = targetOfUrl(url);
    if ('reason' in target) {
      if (!/\/(xmlrpc|jsonrpc)\b/.test(url)) refusals.push(target.reason);
      continue;
    }
    if (target.target.kind !== 'json2') continue;
    if (verb !== 'POST') {
      refusals.push(`JSON-2 calls are POST requests; this call sends ${verb ?? 'an unknown method'}.`);
      continue;
    }
    const deref = (node: SyntaxNode | undefined): SyntaxNode | undefined =>
      node?.name === 'VariableName' ? (valueOf(slice(node), node.from) ?? node) : node;
    let bodyNode = deref(named.get('json'));
    const data = deref(named.get('data'));
    if (!bodyNode && data?.name === 'CallExpression' && /(?:^|\.)dumps$/.test(slice(data.firstChild ?? data)))
      bodyNode = deref(childNodes(data.lastChild ?? data)[0]);
    const notes: string[] = [];
    const headers = deref(named.get('headers'));
    let apiKey: string | undefined;
    let database: PastedRequest['database'];
    for (const entry of headers ? (reader.toExpr(headers).entries ?? []) : []) {
      const value = () => literal(nodeAt(headers as SyntaxNode, entry.value));
      if (entry.key.toLowerCase() === 'authorization') apiKey = bearerKey(value() ?? '');
      else if (isDatabaseHeader(entry.key)) {
        const name = value();
        if (name !== undefined) database = { header: entry.key, name };
      }
    }
    const writer = json2BodyWriter();
    const body = bodyNode ? expressionBody(reader.toExpr(bodyNode), writer) : { text: '{}' };
    if ('reason' in body) {
      refusals.push(body.reason);
      continue;
    }
    requests.push({
      source: 'Python requests',
      target: target.target,
      body: body.text,
      prompts: writer.prompts,
      notes,
      baseUrl: target.baseUrl,
      database,
      apiKey,
    });
  }
  if (requests.length > 0) return { ok: true, requests };
  const legacy = readLegacyCalls(text, 'pasted.py', 'Python');
  if (legacy.ok || refusals.length === 0) return legacy;
  return { ok: false, reason: refusals[0] };
}

/** The syntax node an entry's value was read from (found again by its offsets). */
function nodeAt(root: SyntaxNode, expr: SourceExpr): SyntaxNode {
  let found = root;
  for (let node: SyntaxNode | null = root.resolveInner(expr.start, 1); node; node = node.parent) {
    if (node.from === expr.start && node.to === expr.end) found = node;
    if (node.from < expr.start || node.to > expr.end) break;
  }
  return found;
}
