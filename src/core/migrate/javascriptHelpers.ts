// Recognises a JavaScript JSON-RPC helper: a function that posts `{ service: <param>, method: <param>, args: <param> }`
// and returns the answer's `result` (`jsonRpc(url, 'object', 'execute_kw', ...args)`), so that its calls with literal
// service and method are read as the deprecated calls they make.
import type { Node } from '@babel/types';
import { propertyName } from './javascriptExpressions';

export interface JsServiceHelper {
  readonly name: string;
  readonly serviceIndex: number;
  readonly methodIndex: number;
  /** Where the RPC arguments start: a rest parameter takes the rest, a plain one a list. */
  readonly argsIndex: number;
  readonly argsRest: boolean;
  /** The parameter naming the server or the endpoint, when there is one. */
  readonly urlIndex?: number;
  /** True when the helper adds `/jsonrpc` to that parameter itself (it names the server, not the endpoint). */
  readonly urlIsBase: boolean;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassMethod', 'ObjectMethod']);

/** The helper a function is, given its name (declaration or the variable it is assigned to), or undefined. */
export function javascriptHelperOf(fn: Node, name: string | undefined, text: string, nodes: readonly Node[]): JsServiceHelper | undefined {
  if (!name || !FUNCTION_TYPES.has(fn.type) || !('params' in fn) || !('body' in fn)) return undefined;
  const params = (fn.params as Node[]).map((param) =>
    param.type === 'Identifier'
      ? { name: param.name, rest: false }
      : param.type === 'RestElement' && param.argument.type === 'Identifier'
        ? { name: param.argument.name, rest: true }
        : param.type === 'AssignmentPattern' && param.left.type === 'Identifier'
          ? { name: param.left.name, rest: false }
          : { name: '', rest: false },
  );
  const body = fn.body as Node;
  const inside = (node: Node): boolean => (node.start ?? 0) >= (body.start ?? 0) && (node.end ?? 0) <= (body.end ?? 0);
  const bodyText = text.slice(body.start ?? 0, body.end ?? 0);
  // It must hand back the answer's result, so that a converted call gives what the helper gave.
  if (!/\.result\b/.test(bodyText)) return undefined;
  for (const node of nodes) {
    if (node.type !== 'ObjectExpression' || !inside(node)) continue;
    const entries = new Map<string, string>();
    for (const property of node.properties)
      if (property.type === 'ObjectProperty' && property.value.type === 'Identifier') {
        const key = propertyName(property.key);
        if (key) entries.set(key, property.value.name);
      }
    const indexOf = (key: string): number => params.findIndex((param) => param.name !== '' && param.name === entries.get(key));
    const [serviceIndex, methodIndex, argsIndex] = [indexOf('service'), indexOf('method'), indexOf('args')];
    if (serviceIndex < 0 || methodIndex < 0 || argsIndex < 0) continue;
    const urlIndex = params.findIndex((param) => /url|uri|endpoint|host|server/i.test(param.name));
    const urlName = urlIndex >= 0 ? params[urlIndex].name : undefined;
    const urlIsBase =
      urlName !== undefined &&
      (new RegExp(`\\$\\{\\s*${urlName}\\s*\\}/jsonrpc`).test(bodyText) ||
        new RegExp(`\\b${urlName}\\s*\\+\\s*['"]/jsonrpc`).test(bodyText));
    return {
      name,
      serviceIndex,
      methodIndex,
      argsIndex,
      argsRest: params[argsIndex].rest,
      ...(urlIndex >= 0 ? { urlIndex } : {}),
      urlIsBase,
    };
  }
  return undefined;
}
