// Folds a JavaScript URL expression (literals, template literals, +, variables, an xmlrpc client's options object)
// into a URL template.
import type { Node } from '@babel/types';
import { type UrlPart, type UrlTemplate, joinParts } from './urlTemplate';

export interface JsUrlSource {
  readonly text: string;
  readonly parents: ReadonlyMap<Node, Node>;
  /** The template a variable was assigned, if the file shows it. */
  readonly variable: (name: string) => UrlTemplate | undefined;
}

const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassMethod',
  'ClassPrivateMethod',
  'ObjectMethod',
]);

/** The innermost function holding `node` (its start offset), or -1 at the top level. */
export function jsScopeOf(node: Node, parents: ReadonlyMap<Node, Node>): number {
  for (let parent = parents.get(node); parent; parent = parents.get(parent)) if (FUNCTIONS.has(parent.type)) return parent.start ?? 0;
  return -1;
}

export function jsTemplate(node: Node, source: JsUrlSource, depth = 0): UrlTemplate {
  const slice = (of: Node): string => source.text.slice(of.start ?? 0, of.end ?? 0);
  const hole = (of: Node): UrlPart[] => [{ expr: slice(of), scope: jsScopeOf(of, source.parents) }];
  if (depth > 8) return hole(node);
  const fold = (child: Node): UrlTemplate => jsTemplate(child, source, depth + 1);
  switch (node.type) {
    case 'StringLiteral':
      return [{ text: node.value }];
    case 'TemplateLiteral': {
      const parts: UrlPart[] = [];
      node.quasis.forEach((quasi, index) => {
        if (quasi.value.cooked === null || quasi.value.cooked === undefined) parts.push(...hole(node));
        else parts.push({ text: quasi.value.cooked });
        const expression = node.expressions[index];
        if (expression) parts.push(...fold(expression as Node));
      });
      return joinParts(parts);
    }
    case 'BinaryExpression':
      return node.operator === '+' && node.left.type !== 'PrivateName' ? joinParts([...fold(node.left), ...fold(node.right)]) : hole(node);
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSNonNullExpression':
      return fold(node.expression);
    case 'Identifier':
    case 'MemberExpression':
      return source.variable(slice(node)) ?? hole(node);
    default:
      return hole(node);
  }
}

/**
 * The URL of an `xmlrpc` client's options: `{ url }`, or `{ host, port, path }` (http, or https for a secure client).
 * Undefined when the options show no path.
 */
export function optionsTemplate(
  options: Node & { type: 'ObjectExpression' },
  secure: boolean,
  source: JsUrlSource,
): UrlTemplate | undefined {
  const value = (key: string): Node | undefined => {
    const property = options.properties.find(
      (p) =>
        p.type === 'ObjectProperty' &&
        !p.computed &&
        ((p.key.type === 'Identifier' && p.key.name === key) || (p.key.type === 'StringLiteral' && p.key.value === key)),
    );
    return property?.type === 'ObjectProperty' ? (property.value as Node) : undefined;
  };
  const url = value('url');
  if (url) return jsTemplate(url, source);
  const path = value('path');
  if (!path) return undefined;
  const host = value('host');
  const port = value('port');
  const parts: UrlPart[] = [{ text: secure ? 'https://' : 'http://' }, ...(host ? jsTemplate(host, source) : [{ text: 'localhost' }])];
  if (port) parts.push({ text: ':' }, ...(port.type === 'NumericLiteral' ? [{ text: String(port.value) }] : jsTemplate(port, source)));
  return joinParts([...parts, ...jsTemplate(path, source)]);
}
