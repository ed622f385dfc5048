// JSON-RPC bodies sent with axios or got (not fetch): the request posting the body and the reading of its "result"
// that a conversion replaces with one `fetch` of JSON-2. axios answers in `.data`; got's `.json()` gives the answer.
import type { Node } from '@babel/types';
import { indentAt, mentions } from './legacyCall';
import type { JsEnvelope } from './javascriptEnvelope';
import { findNode, nextStatement } from './javascriptStatements';
import { jsScopeOf } from './javascriptUrls';
import { namesOtherRoute } from './proxyUrls';
import { type UrlTemplate, baseOfEndpoint, endpointOfTemplate, isOpaque, templateText } from './urlTemplate';

interface HttpSource {
  readonly text: string;
  readonly parents: ReadonlyMap<Node, Node>;
  readonly templateOf: (node: Node) => UrlTemplate;
}

/** The request a body is sent by: the promise of the answer, its URL and where the answer's JSON is read. */
interface LibraryRequest {
  readonly library: 'axios' | 'got';
  /** `axios.post(url, body)`, or `got.post(url, { json: body }).json()`. */
  readonly promise: Node;
  readonly url: Node;
  /** `.data` for axios (its response holds the JSON there), nothing for got's `.json()`. */
  readonly accessor: string;
}

const SHAPES =
  'axios.post(<url>/jsonrpc, <body>) or got.post(<url>/jsonrpc, { json: <body> }).json(), then .then((r) => r.data.result) (got: (a) => a.result), ' +
  'or awaited into a variable whose .data.result (got: .result; axios: also const { data } = ... then data.result) is read in the next statement';

/** The axios or got request that sends `sent` (the body literal, or the variable holding it), if it is one. */
export function libraryRequestOf(sent: Node, source: HttpSource): LibraryRequest | undefined {
  const slice = (node: Node): string => source.text.slice(node.start ?? 0, node.end ?? 0);
  const parent = source.parents.get(sent);
  const axiosNames = new Set([
    'axios',
    ...[...source.text.matchAll(/(\w+)\s*=\s*require\(\s*['"]axios['"]\s*\)|import\s+(\w+)\s+from\s+['"]axios['"]/g)].map(
      (m) => m[1] ?? m[2],
    ),
  ]);
  if (
    parent?.type === 'CallExpression' &&
    parent.arguments[1] === sent &&
    parent.callee.type === 'MemberExpression' &&
    parent.callee.object.type === 'Identifier' &&
    axiosNames.has(parent.callee.object.name) &&
    slice(parent.callee.property) === 'post'
  )
    return { library: 'axios', promise: parent, url: parent.arguments[0] as Node, accessor: '.data' };
  const property = parent;
  const options = property && source.parents.get(property);
  const call = options && source.parents.get(options);
  if (
    property?.type !== 'ObjectProperty' ||
    slice(property.key) !== 'json' ||
    call?.type !== 'CallExpression' ||
    call.arguments[1] !== options
  )
    return undefined;
  const callee = slice(call.callee);
  const posts =
    /^got\.post$/.test(callee) ||
    (callee === 'got' && options.type === 'ObjectExpression' && /\bmethod\s*:\s*['"]post['"]/i.test(slice(options)));
  const member = source.parents.get(call);
  const json = member && source.parents.get(member);
  if (!posts || member?.type !== 'MemberExpression' || slice(member.property) !== 'json' || json?.type !== 'CallExpression')
    return undefined;
  return { library: 'got', promise: json, url: call.arguments[0] as Node, accessor: '' };
}

/**
 * The code to replace around an axios or got request: `first` is the body's own declaration when it has one (then
 * `names` holds its variable). Shapes: a `.then` reading the result; an awaited variable whose result the next
 * statement reads; `(await request).data.result` as a statement's value.
 */
export function libraryEnvelope(request: LibraryRequest, first: Node | undefined, names: string[], source: HttpSource): JsEnvelope {
  const { text, parents } = source;
  const slice = (node: Node): string => text.slice(node.start ?? 0, node.end ?? 0);
  const refuse = (why: string): JsEnvelope => ({ reason: `${why} (the assistant rewrites ${SHAPES})` });
  const url = source.templateOf(request.url);
  if (namesOtherRoute(templateText(url))) return { reason: 'posted to another route', elsewhere: true };
  if (endpointOfTemplate(url)?.transport !== 'jsonrpc' && !isOpaque(url)) return refuse('the request is not sent to /jsonrpc');
  const baseUrl = baseOfEndpoint(url, jsScopeOf(request.promise, parents), 'javascript');
  const reads = (node: Node | undefined, holder: string): boolean =>
    node?.type === 'MemberExpression' &&
    slice(node.property) === 'result' &&
    slice(node.object).replace(/\s+/g, '') === `${holder}${request.accessor}`;

  // request.then((r) => r.data.result)
  const member = parents.get(request.promise);
  const then = member && parents.get(member);
  if (
    member?.type === 'MemberExpression' &&
    slice(member.property) === 'then' &&
    then?.type === 'CallExpression' &&
    then.arguments.length === 1
  ) {
    const read = new RegExp(`^\\(?\\s*([\\w$]+)\\s*\\)?\\s*=>\\s*\\1${request.accessor.replace('.', '\\.')}\\.result$`).test(
      slice(then.arguments[0]),
    );
    if (!read) return refuse("the .then does not read the answer's result");
    if (first) return refuse('the body is declared apart from a then-chain');
    const start = request.promise.start ?? 0;
    return { replacement: { start, end: then.end ?? 0, prefix: '', suffix: '', indent: indentAt(text, start) }, baseUrl };
  }
  const awaited = parents.get(request.promise);
  if (awaited?.type !== 'AwaitExpression') return refuse('the request is neither awaited nor followed by .then');
  const outer = parents.get(awaited);
  const statement = (read: Node): { prefix: string; last: Node } | undefined => {
    // A type assertion around the read (`response.data.result as number`) goes with it: the new answer is typed any.
    let node = read;
    for (
      let up = parents.get(node);
      up && /^(TSAsExpression|TSNonNullExpression|TSSatisfiesExpression|ParenthesizedExpression)$/.test(up.type);
      up = parents.get(up)
    )
      node = up;
    const holder = parents.get(node);
    const owner = holder && parents.get(holder);
    if (holder?.type === 'ReturnStatement') return { prefix: 'return await ', last: holder };
    if (holder?.type === 'VariableDeclarator' && owner?.type === 'VariableDeclaration' && owner.declarations.length === 1)
      return { prefix: `${owner.kind} ${slice(holder.id)} = await `, last: owner };
    if (holder?.type === 'AssignmentExpression' && owner?.type === 'ExpressionStatement')
      return { prefix: `${slice(holder.left)} = await `, last: owner };
    return undefined;
  };
  // (await request).data.result as the value of a return, a declaration or an assignment.
  let readNode: Node | undefined = outer;
  while (readNode?.type === 'ParenthesizedExpression') readNode = parents.get(readNode);
  const inlineRead = request.accessor ? readNode && parents.get(readNode) : readNode;
  if (inlineRead?.type === 'MemberExpression' && slice(inlineRead.property) === 'result') {
    const at = statement(inlineRead);
    if (!at) return refuse('the "result" is read inside a larger expression');
    return finish(first ?? at.last, at.last, at.prefix);
  }
  // const response = await request;  (axios also: const { data } = await request;)  then response.data.result next.
  const declarator = outer;
  const declaration = declarator && parents.get(declarator);
  if (declarator?.type !== 'VariableDeclarator' || declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1)
    return refuse('the answer is not awaited into a variable');
  let holder: string;
  if (declarator.id.type === 'Identifier') holder = declarator.id.name;
  else if (
    request.accessor === '.data' &&
    declarator.id.type === 'ObjectPattern' &&
    declarator.id.properties.length === 1 &&
    declarator.id.properties[0].type === 'ObjectProperty' &&
    slice(declarator.id.properties[0].key) === 'data' &&
    declarator.id.properties[0].value.type === 'Identifier'
  ) {
    holder = declarator.id.properties[0].value.name;
    const last = nextStatement(declaration, parents);
    const read =
      last && findNode(last, (node) => node.type === 'MemberExpression' && slice(node).replace(/\s+/g, '') === `${holder}.result`);
    return readNext(read, last, holder);
  } else return refuse('the answer is not awaited into one variable');
  const last = nextStatement(declaration, parents);
  const read = last && findNode(last, (node) => reads(node, holder));
  return readNext(read, last, holder);

  function readNext(read: Node | undefined, last: Node | undefined, holder: string): JsEnvelope {
    if (!read || !last) return refuse('the "result" of the answer is not read in the next statement');
    if (first && nextStatement(first, parents) !== declaration) return refuse('the body is not declared right before the request');
    const at = statement(read);
    if (!at || at.last !== last) return refuse('the "result" is read inside a larger expression');
    names.push(holder);
    return finish(first ?? declaration!, last, at.prefix);
  }

  function finish(from: Node, last: Node, prefix: string): JsEnvelope {
    const block = parents.get(last);
    const after = block ? text.slice(last.end ?? 0, block.end ?? 0) : '';
    const stillUsed = names.find((name) => mentions(after, name));
    if (stillUsed) return refuse(`\`${stillUsed}\` is used again after the request`);
    const start = from.start ?? 0;
    return { replacement: { start, end: last.end ?? 0, prefix, suffix: ';', indent: indentAt(text, start) }, baseUrl };
  }
}
