// Finds, around a JSON-RPC body in JavaScript, the `fetch` to /jsonrpc and the reading of its "result": the code a
// conversion replaces with one `fetch` of JSON-2 (the body's own declaration included).
import type { Node } from '@babel/types';
import { indentAt, mentions } from './legacyCall';
import { libraryEnvelope, libraryRequestOf } from './javascriptHttpEnvelope';
import { findNode, nextStatement } from './javascriptStatements';
import { jsScopeOf } from './javascriptUrls';
import { namesOtherRoute } from './proxyUrls';
import { type UrlTemplate, baseOfEndpoint, endpointOfTemplate, isOpaque, templateText } from './urlTemplate';

export interface JsReplacement {
  readonly start: number;
  readonly end: number;
  readonly prefix: string;
  readonly suffix: string;
  readonly indent: string;
}
export type JsEnvelope =
  | { readonly replacement: JsReplacement; readonly baseUrl?: UrlTemplate }
  | { readonly reason: string; readonly elsewhere?: boolean };

const SHAPES =
  'fetch(<url>/jsonrpc, { body: JSON.stringify(<body>) }).then((r) => r.json()).then((a) => a.result), ' +
  'or const response = await fetch(...) followed by (await response.json()).result, in consecutive statements';

interface JsSource {
  readonly text: string;
  readonly parents: ReadonlyMap<Node, Node>;
  /** A URL expression folded (variables, concatenation, template literals). */
  readonly templateOf: (node: Node) => UrlTemplate;
}

/** The code posting the request whose "params" object is `params`, or why there is none to rewrite. */
export function javascriptEnvelope(params: Node, source: JsSource): JsEnvelope {
  const { text, parents } = source;
  const slice = (node: Node): string => text.slice(node.start ?? 0, node.end ?? 0);
  const refuse = (why: string): JsEnvelope => ({ reason: `${why} (the assistant rewrites ${SHAPES})` });
  const property = parents.get(params);
  const body = property && parents.get(property);
  if (property?.type !== 'ObjectProperty' || body?.type !== 'ObjectExpression')
    return refuse('the params are not inside a request object literal');

  let first: Node | undefined;
  const names: string[] = [];
  let stringify: Node | undefined = parents.get(body);
  // The node that sends the body: the literal itself, or its variable in the next statement.
  let sent: Node | undefined = body;
  const declarator = stringify;
  if (declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier') {
    first = parents.get(declarator);
    if (first?.type !== 'VariableDeclaration' || first.declarations.length !== 1)
      return refuse('the body is declared together with other variables');
    names.push(declarator.id.name);
    const next = nextStatement(first, parents);
    stringify = next ? findNode(next, (node) => isStringify(node) && slice(node.arguments[0]) === names[0]) : undefined;
    sent = next ? findNode(next, (node) => node.type === 'Identifier' && node.name === names[0]) : undefined;
  }
  const library = sent && libraryRequestOf(sent, source);
  if (library) return libraryEnvelope(library, first, names, source);
  if (!stringify || !isStringify(stringify)) return refuse('the body is not sent as JSON.stringify(...)');
  const option = parents.get(stringify);
  const options = option && parents.get(option);
  const fetchCall = options && parents.get(options);
  if (
    option?.type !== 'ObjectProperty' ||
    slice(option.key) !== 'body' ||
    fetchCall?.type !== 'CallExpression' ||
    slice(fetchCall.callee) !== 'fetch' ||
    fetchCall.arguments[1] !== options
  ) {
    return refuse('the body is not the body option of a fetch call');
  }
  const urlNode = fetchCall.arguments[0];
  const url = source.templateOf(urlNode);
  if (namesOtherRoute(templateText(url))) return { reason: 'posted to another route', elsewhere: true };
  // An endpoint the file does not show (the environment, a parameter) is taken for /jsonrpc: the body names a service.
  if (endpointOfTemplate(url)?.transport !== 'jsonrpc' && !isOpaque(url)) return refuse('the request is not sent to /jsonrpc');
  const baseUrl = baseOfEndpoint(url, jsScopeOf(fetchCall, parents), 'javascript');

  // fetch(...).then((r) => r.json()).then((a) => a.result): the whole chain becomes the new promise.
  const chain = thenChainEnd(fetchCall, parents, slice);
  if (chain) {
    const start = first?.start ?? fetchCall.start ?? 0;
    if (first) return refuse('the body is declared apart from a then-chain');
    return { replacement: { start, end: chain.end ?? 0, prefix: '', suffix: '', indent: indentAt(text, start) }, baseUrl };
  }
  // const response = await fetch(...); then a statement whose value is (await response.json()).result.
  const awaited = parents.get(fetchCall);
  const responseDeclarator = awaited && parents.get(awaited);
  const responseStatement = responseDeclarator && parents.get(responseDeclarator);
  if (
    awaited?.type !== 'AwaitExpression' ||
    responseDeclarator?.type !== 'VariableDeclarator' ||
    responseDeclarator.id.type !== 'Identifier' ||
    responseStatement?.type !== 'VariableDeclaration' ||
    responseStatement.declarations.length !== 1
  ) {
    return refuse('the answer is not awaited into a variable');
  }
  const response = responseDeclarator.id.name;
  names.push(response);
  if (first && nextStatement(first, parents) !== responseStatement) return refuse('the body is not declared right before the request');
  first ??= responseStatement;
  const last = nextStatement(responseStatement, parents);
  const read =
    last &&
    findNode(
      last,
      (node) =>
        node.type === 'MemberExpression' &&
        /^\(?\s*await\s+([\w$]+)\.json\(\)\s*\)?$/.exec(slice(node.object))?.[1] === response &&
        slice(node.property) === 'result',
    );
  if (!last || !read) return refuse('the "result" of the answer is not read in the next statement');
  let prefix: string;
  if (last.type === 'ReturnStatement' && last.argument === read) prefix = 'return await ';
  else if (last.type === 'VariableDeclaration' && last.declarations.length === 1 && last.declarations[0].init === read)
    prefix = `${last.kind} ${slice(last.declarations[0].id)} = await `;
  else if (last.type === 'ExpressionStatement' && last.expression.type === 'AssignmentExpression' && last.expression.right === read)
    prefix = `${slice(last.expression.left)} = await `;
  else return refuse('the "result" is read inside a larger expression');
  const block = parents.get(last);
  const after = block ? text.slice(last.end ?? 0, block.end ?? 0) : '';
  const stillUsed = names.find((name) => mentions(after, name));
  if (stillUsed) return refuse(`\`${stillUsed}\` is used again after the request`);
  const start = first.start ?? 0;
  return { replacement: { start, end: last.end ?? 0, prefix, suffix: ';', indent: indentAt(text, start) }, baseUrl };
}

function isStringify(node: Node): node is Node & { type: 'CallExpression'; arguments: Node[] } {
  return (
    node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    node.callee.object.type === 'Identifier' &&
    node.callee.object.name === 'JSON' &&
    node.callee.property.type === 'Identifier' &&
    node.callee.property.name === 'stringify' &&
    node.arguments.length >= 1
  );
}

/** `fetch(...).then((r) => r.json()).then((a) => a.result)`: the outer call, or undefined. */
function thenChainEnd(fetchCall: Node, parents: ReadonlyMap<Node, Node>, slice: (node: Node) => string): Node | undefined {
  const firstThen = thenOf(fetchCall, parents);
  const secondThen = firstThen && thenOf(firstThen, parents);
  if (!firstThen || !secondThen) return undefined;
  const parse = /^\(?\s*([\w$]+)\s*\)?\s*=>\s*\1\.json\(\)$/.test(slice(firstThen.arguments[0]));
  const read = /^\(?\s*([\w$]+)\s*\)?\s*=>\s*\1\.result$/.test(slice(secondThen.arguments[0]));
  return parse && read ? secondThen : undefined;
}

function thenOf(call: Node, parents: ReadonlyMap<Node, Node>): (Node & { type: 'CallExpression' }) | undefined {
  const member = parents.get(call);
  const next = member && parents.get(member);
  if (member?.type !== 'MemberExpression' || member.property.type !== 'Identifier' || member.property.name !== 'then') return undefined;
  return next?.type === 'CallExpression' && next.callee === member && next.arguments.length === 1 ? next : undefined;
}
