// Reads a pasted JavaScript/TypeScript snippet into requests: a `fetch` of a JSON-2 endpoint, as the server's /doc page
// writes it (the body as `JSON.stringify({...})` or, in one of its versions, as the object itself); else its deprecated
// RPC calls, converted by the migration assistant.
import { parse } from '@babel/parser';
import type { Node } from '@babel/types';
import { json2BodyWriter } from '../migrate/json2RequestWriter';
import { javascriptExpressionReader, propertyName, walk } from '../migrate/javascriptExpressions';
import { jsTemplate } from '../migrate/javascriptUrls';
import type { UrlTemplate } from '../migrate/urlTemplate';
import { readLegacyCalls } from './legacyPaste';
import { isDatabaseHeader } from '../client/databaseSelection';
import { type PasteResult, type PastedRequest, bearerKey, bodyText, targetOfUrl } from './pastedRequest';
import { expressionBody, literalText } from './snippetBody';

/** The requests of a JavaScript snippet, or why there are none. */
export function readJavaScriptSnippet(text: string): PasteResult {
  let program: Node;
  try {
    program = parse(text, {
      sourceType: 'unambiguous',
      errorRecovery: true,
      plugins: ['typescript'],
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
    }).program as unknown as Node;
  } catch (error) {
    return { ok: false, reason: `the JavaScript cannot be read: ${(error as Error).message}` };
  }
  const parents = new Map<Node, Node>();
  const declarations: { name: string; node: Node }[] = [];
  const fetches: (Node & { type: 'CallExpression' })[] = [];
  walk(program, undefined, (node, parent) => {
    if (parent) parents.set(node, parent);
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init)
      declarations.push({ name: node.id.name, node: node.init });
    if (
      node.type === 'CallExpression' &&
      ((node.callee.type === 'Identifier' && node.callee.name === 'fetch') ||
        (node.callee.type === 'MemberExpression' && propertyName(node.callee.property) === 'fetch'))
    )
      fetches.push(node);
  });
  const valueOf = (name: string, before: number): Node | undefined =>
    declarations.filter((entry) => entry.name === name && (entry.node.end ?? 0) <= before).pop()?.node;
  const deref = (node: Node | undefined): Node | undefined =>
    node?.type === 'Identifier' ? (valueOf(node.name, node.start ?? 0) ?? node) : node;
  const templateOf = (node: Node): UrlTemplate =>
    jsTemplate(node, {
      text,
      parents,
      variable: (name) => {
        const value = valueOf(name, node.start ?? 0);
        return value ? templateOf(value) : undefined;
      },
    });
  const reader = javascriptExpressionReader(text);
  const requests: PastedRequest[] = [];
  const refusals: string[] = [];
  for (const call of fetches) {
    const [urlNode, initNode] = call.arguments as Node[];
    const url = urlNode ? literalText(templateOf(urlNode)) : undefined;
    if (url === undefined) continue;
    const target = targetOfUrl(url);
    if ('reason' in target) {
      if (!/\/(xmlrpc|jsonrpc)\b/.test(url)) refusals.push(target.reason);
      continue;
    }
    if (target.target.kind !== 'json2') continue;
    const init = deref(initNode);
    const options = new Map<string, Node>();
    if (init?.type === 'ObjectExpression')
      for (const property of init.properties)
        if (property.type === 'ObjectProperty') {
          const name = propertyName(property.key);
          if (name) options.set(name, property.value as Node);
        }
    const method = options.get('method');
    const verb = method ? literalText(templateOf(method))?.toUpperCase() : 'GET';
    if (verb !== 'POST') {
      refusals.push(`JSON-2 calls are POST requests; this fetch sends ${verb ?? 'an unknown method'}.`);
      continue;
    }
    let apiKey: string | undefined;
    let database: PastedRequest['database'];
    const headers = deref(options.get('headers'));
    if (headers?.type === 'ObjectExpression')
      for (const property of headers.properties) {
        if (property.type !== 'ObjectProperty') continue;
        const name = propertyName(property.key) ?? '';
        const value = literalText(templateOf(property.value as Node));
        if (name.toLowerCase() === 'authorization') apiKey = bearerKey(value ?? '');
        else if (isDatabaseHeader(name) && value !== undefined) database = { header: name, name: value };
      }
    const writer = json2BodyWriter();
    const body = bodyOf(deref(options.get('body')));
    const written =
      body === undefined
        ? { text: '{}' }
        : 'reason' in body
          ? body
          : 'json' in body
            ? { text: body.json }
            : expressionBody(reader.toExpr(body), writer);
    if ('reason' in written) {
      refusals.push(written.reason);
      continue;
    }
    requests.push({
      source: 'JavaScript fetch',
      target: target.target,
      body: written.text,
      prompts: writer.prompts,
      notes: [],
      baseUrl: target.baseUrl,
      database,
      apiKey,
    });
  }

  /** The body's object expression (inside `JSON.stringify(...)` or as is), or its JSON when it is a string literal. */
  function bodyOf(node: Node | undefined): Node | { json: string } | { reason: string } | undefined {
    if (!node) return undefined;
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'MemberExpression' &&
      text.slice(node.callee.start ?? 0, node.callee.end ?? 0) === 'JSON.stringify' &&
      node.arguments[0]
    ) {
      return deref(node.arguments[0] as Node);
    }
    if (node.type === 'StringLiteral' || node.type === 'TemplateLiteral') {
      const json = literalText(templateOf(node));
      if (json === undefined) return { reason: 'the fetch body is a string built at run time: write it out and paste again.' };
      try {
        return { json: bodyText(JSON.parse(json)) };
      } catch (error) {
        return { reason: `the fetch body is not JSON (${(error as Error).message}).` };
      }
    }
    return node;
  }

  if (requests.length > 0) return { ok: true, requests };
  const legacy = readLegacyCalls(text, 'pasted.ts', 'JavaScript');
  if (legacy.ok || refusals.length === 0) return legacy;
  return { ok: false, reason: refusals[0] };
}
