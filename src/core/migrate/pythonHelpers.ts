// Recognises a Python JSON-RPC helper, a function that posts {"service": <param>, "method": <param>, "args": <param>}
// (the server documentation's own `call(url, service, method, *args)`), so that its calls are read as service calls.
import type { SyntaxNode } from '@lezer/common';
import { childNodes } from './pythonExpressions';
import { pythonStringValue } from './pythonUrls';

export interface ServiceHelper {
  readonly name: string;
  readonly serviceIndex: number;
  readonly methodIndex: number;
  /** Where the RPC arguments start: a `*args` parameter takes the rest, a plain one a list. */
  readonly argsIndex: number;
  readonly argsStarred: boolean;
  /** The parameter naming the endpoint (`url`, `endpoint`...), when there is one. */
  readonly urlIndex?: number;
}

/** The helper a function definition is, or undefined. */
export function pythonHelperOf(definition: SyntaxNode, slice: (node: SyntaxNode) => string): ServiceHelper | undefined {
  const name = definition.getChild('VariableName');
  const paramList = definition.getChild('ParamList');
  const body = definition.getChild('Body');
  if (!name || !paramList || !body) return undefined;
  const params: { name: string; starred: boolean }[] = [];
  for (let child = paramList.firstChild; child; child = child.nextSibling) {
    if (child.name === 'VariableName') params.push({ name: slice(child), starred: child.prevSibling?.name === '*' });
  }
  if (params[0]?.name === 'self') params.shift();
  const cursor = body.cursor();
  do {
    if (cursor.name !== 'DictionaryExpression') continue;
    const children = childNodes(cursor.node);
    const entries = new Map<string, string>();
    for (let index = 0; index + 1 < children.length; index += 2) {
      const key = children[index].name === 'String' ? pythonStringValue(slice(children[index])) : undefined;
      if (key !== undefined && children[index + 1].name === 'VariableName') entries.set(key, slice(children[index + 1]));
    }
    const indexOf = (key: string): number => params.findIndex((param) => param.name === entries.get(key));
    const [serviceIndex, methodIndex, argsIndex] = [indexOf('service'), indexOf('method'), indexOf('args')];
    if (serviceIndex < 0 || methodIndex < 0 || argsIndex < 0) continue;
    const urlIndex = params.findIndex((param) => /url|uri|endpoint/i.test(param.name));
    return {
      name: slice(name),
      serviceIndex,
      methodIndex,
      argsIndex,
      argsStarred: params[argsIndex].starred,
      ...(urlIndex >= 0 ? { urlIndex } : {}),
    };
  } while (cursor.next() && cursor.from < body.to);
  return undefined;
}
