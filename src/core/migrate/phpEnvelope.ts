// Finds, around a JSON-RPC body in PHP, the curl statements posting it to /jsonrpc and the reading of its "result":
// the consecutive statements a conversion replaces (the body's own assignment included).
import { type CallStatement, indentAt, mentions } from './legacyCall';
import { namesOtherRoute } from './proxyUrls';
import { type UrlTemplate, endpointOfTemplate, isOpaque, templateText } from './urlTemplate';

/** The parts of php-parser's nodes that are read here. */
export interface PhpNode {
  readonly kind: string;
  readonly loc?: { start: { offset: number }; end: { offset: number } } | null;
  readonly [key: string]: unknown;
}

export type PhpEnvelope =
  | { readonly statement: CallStatement; readonly url?: UrlTemplate }
  | { readonly reason: string; readonly elsewhere?: boolean };

const SHAPES =
  '[$payload = json_encode(<body>);] $curl = curl_init(<url>/jsonrpc); curl_setopt_array($curl, [... CURLOPT_POSTFIELDS => ...]); ' +
  "then return or assign json_decode(curl_exec($curl), true)['result'], in consecutive statements";

interface PhpSource {
  readonly text: string;
  readonly parents: ReadonlyMap<PhpNode, PhpNode>;
  /** A URL expression folded (variables, concatenation, "$var" strings, sprintf). */
  readonly templateOf: (node: PhpNode) => UrlTemplate;
}

/** The statements posting the request whose "params" array is `params`, or why there are none to rewrite. */
export function phpEnvelope(params: PhpNode, source: PhpSource): PhpEnvelope {
  const { text, parents } = source;
  const start = (node: PhpNode): number => node.loc?.start.offset ?? 0;
  const end = (node: PhpNode): number => node.loc?.end.offset ?? 0;
  const slice = (node: PhpNode): string => text.slice(start(node), end(node));
  const refuse = (why: string): PhpEnvelope => ({ reason: `${why} (the assistant rewrites ${SHAPES})` });
  const entry = parents.get(params);
  const body = entry && parents.get(entry);
  const encode = body && parents.get(body);
  if (entry?.kind !== 'entry' || body?.kind !== 'array' || encode?.kind !== 'call' || slice(encode.what as PhpNode) !== 'json_encode') {
    return refuse('the body is not sent as json_encode([...])');
  }
  let holder: PhpNode = encode;
  while (parents.get(holder) && !Array.isArray(parents.get(holder)?.children)) holder = parents.get(holder) as PhpNode;
  const block = parents.get(holder);
  const list = (block?.children ?? []) as PhpNode[];
  const index = list.indexOf(holder);
  if (index < 0) return refuse('the request is not made of plain statements');

  const assigned = (statement: PhpNode | undefined): PhpNode | undefined => {
    const expression = statement?.kind === 'expressionstatement' ? (statement.expression as PhpNode) : undefined;
    return expression?.kind === 'assign' && expression.operator === '=' ? expression : undefined;
  };
  const callName = (node: PhpNode | undefined): string | undefined => (node?.kind === 'call' ? slice(node.what as PhpNode) : undefined);
  let payload: string | undefined;
  let initIndex: number;
  const payloadAssign = assigned(holder);
  if (payloadAssign?.right === encode) {
    payload = slice(payloadAssign.left as PhpNode);
    initIndex = index + 1;
  } else {
    initIndex = index;
    while (initIndex > 0 && callName(assigned(list[initIndex - 1])?.right as PhpNode) !== 'curl_init') initIndex -= 1;
    initIndex -= 1;
  }
  const init = assigned(list[initIndex]);
  const initCall = init?.right as PhpNode | undefined;
  if (!init || callName(initCall) !== 'curl_init') return refuse('curl_init does not come right before');
  const handle = slice(init.left as PhpNode);
  const urlNode = (initCall?.arguments as PhpNode[])[0];
  const url = urlNode ? source.templateOf(urlNode) : [];
  if (namesOtherRoute(templateText(url))) return { reason: 'posted to another route', elsewhere: true };
  // An endpoint the file does not show (the environment, a parameter) is taken for /jsonrpc: the body names a service.
  if (endpointOfTemplate(url)?.transport !== 'jsonrpc' && !isOpaque(url)) return refuse('the request is not posted to /jsonrpc');

  let last = initIndex + 1;
  const setsOption = (statement: PhpNode | undefined): boolean => {
    const call = statement?.kind === 'expressionstatement' ? (statement.expression as PhpNode) : undefined;
    const name = callName(call);
    return (name === 'curl_setopt_array' || name === 'curl_setopt') && slice((call?.arguments as PhpNode[])[0]) === handle;
  };
  while (setsOption(list[last])) last += 1;
  if (last === initIndex + 1) return refuse('no curl_setopt follows curl_init');
  const options = text.slice(start(list[initIndex + 1]), end(list[last - 1]));
  if (payload ? !mentions(options, payload) : !(index > initIndex && index < last)) return refuse('the body is not among the curl options');

  const final = list[last];
  const value = final?.kind === 'return' ? (final.expr as PhpNode) : (assigned(final)?.right as PhpNode | undefined);
  const decoded = value?.kind === 'offsetlookup' ? (value.what as PhpNode) : undefined;
  const resultKey = value?.kind === 'offsetlookup' ? (value.offset as PhpNode) : undefined;
  const exec = decoded && callName(decoded) === 'json_decode' ? (decoded.arguments as PhpNode[])[0] : undefined;
  if (
    !final ||
    !value ||
    resultKey?.kind !== 'string' ||
    resultKey.value !== 'result' ||
    callName(exec) !== 'curl_exec' ||
    slice((exec?.arguments as PhpNode[])[0]) !== handle
  ) {
    return refuse('the "result" of json_decode(curl_exec(...), true) is not read right after the options');
  }
  if (payload && block && mentions(text.slice(end(final), end(block)), payload))
    return refuse(`\`${payload}\` is used again after the request`);
  const first = list[payload ? index : initIndex];
  const target = final.kind === 'return' ? undefined : slice(assigned(final)?.left as PhpNode);
  return {
    statement: {
      start: start(first),
      end: end(final),
      kind: final.kind === 'return' ? 'return' : 'assign',
      target,
      indent: indentAt(text, start(first)),
    },
    url,
  };
}
