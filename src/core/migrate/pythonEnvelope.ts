// Finds, around a JSON-RPC body in Python, the `requests` post to /jsonrpc and the reading of its "result": the
// statements a conversion replaces (the body's own assignment included).
import type { SyntaxNode } from '@lezer/common';
import { type CallStatement, indentAt, mentions } from './legacyCall';
import { namesOtherRoute } from './proxyUrls';
import { type UrlTemplate, endpointOfTemplate, isOpaque, templateText } from './urlTemplate';

export type Envelope =
  | { readonly statement: CallStatement; readonly url?: UrlTemplate }
  | { readonly reason: string; readonly elsewhere?: boolean };

const SHAPES =
  'requests.post(<url>/jsonrpc, json=<body>).json()["result"], or response = requests.post(...) followed by response.json()["result"], in consecutive statements';

interface PythonSource {
  readonly text: string;
  readonly slice: (node: SyntaxNode) => string;
  /** A URL expression folded (variables, concatenation, formatting). */
  readonly templateOf: (node: SyntaxNode) => UrlTemplate;
}

/** The statements posting the request whose "params" mapping is `params`, or why there are none to rewrite. */
export function pythonEnvelope(params: SyntaxNode, source: PythonSource): Envelope {
  const { slice } = source;
  const refuse = (why: string): Envelope => ({ reason: `${why} (the assistant rewrites ${SHAPES})` });
  const body = params.parent;
  if (body?.name !== 'DictionaryExpression') return refuse('the params are not inside a request mapping literal');
  let first: SyntaxNode | undefined;
  let post: SyntaxNode | undefined;
  let payload: string | undefined;
  if (body.parent?.name === 'AssignStatement' && body.parent.firstChild?.name === 'VariableName') {
    first = body.parent;
    payload = slice(body.parent.firstChild);
    const next = nextStatement(first);
    post = next
      ? nodesIn(next, 'CallExpression').find((call) => isPost(call, slice) && slice(keywordValue(call, 'json', slice) ?? call) === payload)
      : undefined;
  } else if (
    body.parent?.name === 'ArgList' &&
    body.prevSibling?.name === 'AssignOp' &&
    body.prevSibling.prevSibling &&
    slice(body.prevSibling.prevSibling) === 'json'
  ) {
    post = body.parent.parent ?? undefined;
  }
  if (!post || !isPost(post, slice)) return refuse('the body is not posted with json= in the next statement');
  const urlNode = post.getChild('ArgList')?.firstChild?.nextSibling;
  const url = urlNode ? source.templateOf(urlNode) : [];
  if (namesOtherRoute(templateText(url))) return { reason: 'posted to another route', elsewhere: true };
  // An endpoint the file does not show (the environment, a parameter) is taken for /jsonrpc: the body names a service.
  if (endpointOfTemplate(url)?.transport !== 'jsonrpc' && !isOpaque(url)) return refuse('the request is not posted to /jsonrpc');

  let last: SyntaxNode | undefined;
  let value: SyntaxNode | undefined = resultRead(post, slice);
  const names = payload ? [payload] : [];
  if (value) {
    last = statementHolding(value);
  } else {
    const assigned = post.parent;
    if (assigned?.name === 'AssignStatement' && assigned.firstChild?.name === 'VariableName' && assigned.lastChild?.from === post.from) {
      const response = slice(assigned.firstChild);
      names.push(response);
      const next = nextStatement(assigned);
      const read = next ? nodesIn(next, 'VariableName').find((node) => slice(node) === response && resultRead(node, slice)) : undefined;
      value = read ? resultRead(read, slice) : undefined;
      last = value ? statementHolding(value) : undefined;
      first ??= assigned;
    }
  }
  if (!value || !last) return refuse('the "result" of the answer is not read right after the request');
  first ??= last;
  const kind = last.name === 'ReturnStatement' ? 'return' : last.name === 'AssignStatement' ? 'assign' : 'expression';
  const block = last.parent;
  const after = block ? source.text.slice(last.to, block.to) : '';
  const stillUsed = names.find((name) => mentions(after, name));
  if (stillUsed) return refuse(`\`${stillUsed}\` is used again after the request`);
  if (kind === 'assign' && last.firstChild?.nextSibling?.nextSibling?.from !== value.from)
    return refuse('the "result" is read inside a larger expression');
  const statement: CallStatement = {
    start: first.from,
    end: last.to,
    kind,
    indent: indentAt(source.text, first.from),
    target: kind === 'assign' && last.firstChild ? slice(last.firstChild) : undefined,
  };
  return { statement, url };
}

function isPost(call: SyntaxNode, slice: (node: SyntaxNode) => string): boolean {
  const callee = call.firstChild;
  return (
    call.name === 'CallExpression' &&
    callee?.name === 'MemberExpression' &&
    callee.lastChild?.name === 'PropertyName' &&
    slice(callee.lastChild) === 'post'
  );
}

function keywordValue(call: SyntaxNode, keyword: string, slice: (node: SyntaxNode) => string): SyntaxNode | undefined {
  for (let child = call.getChild('ArgList')?.firstChild ?? null; child; child = child.nextSibling) {
    if (child.name === 'VariableName' && slice(child) === keyword && child.nextSibling?.name === 'AssignOp')
      return child.nextSibling.nextSibling ?? undefined;
  }
  return undefined;
}

/** The nodes of a kind inside a statement, in order. */
function nodesIn(statement: SyntaxNode, name: string): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const cursor = statement.cursor();
  do {
    if (cursor.name === name) found.push(cursor.node);
  } while (cursor.next() && cursor.from < statement.to);
  return found;
}

/** `<x>.json()["result"]` or `<x>.json().get("result")` read from `node` (the response expression), if so. */
function resultRead(node: SyntaxNode, slice: (node: SyntaxNode) => string): SyntaxNode | undefined {
  const json = node.parent;
  if (
    json?.name !== 'MemberExpression' ||
    json.firstChild?.from !== node.from ||
    json.lastChild?.name !== 'PropertyName' ||
    slice(json.lastChild) !== 'json'
  )
    return undefined;
  const parsed = json.parent;
  if (parsed?.name !== 'CallExpression' || slice(parsed.getChild('ArgList') ?? parsed) !== '()') return undefined;
  const read = parsed.parent;
  if (read?.name !== 'MemberExpression' || read.firstChild?.from !== parsed.from) return undefined;
  if (/^\[\s*(['"])result\1\s*\]$/.test(slice(read).slice(slice(parsed).length))) return read;
  if (read.lastChild?.name === 'PropertyName' && slice(read.lastChild) === 'get') {
    const call = read.parent;
    if (call?.name === 'CallExpression' && /^\(\s*(['"])result\1\s*\)$/.test(slice(call.getChild('ArgList') ?? call))) return call;
  }
  return undefined;
}

function statementHolding(value: SyntaxNode): SyntaxNode | undefined {
  const parent = value.parent;
  if (!parent || parent.lastChild?.from !== value.from) return undefined;
  return ['ReturnStatement', 'AssignStatement', 'ExpressionStatement'].includes(parent.name) ? parent : undefined;
}

function nextStatement(statement: SyntaxNode): SyntaxNode | undefined {
  let next = statement.nextSibling;
  while (next && next.name === 'Comment') next = next.nextSibling;
  return next && next.name.endsWith('Statement') ? next : undefined;
}
