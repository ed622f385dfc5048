// Folds a PHP URL expression (strings, "…$var…" strings, the . operator, sprintf, variables) into a URL template.
import type { PhpNode } from './phpEnvelope';
import { type UrlPart, type UrlTemplate, joinParts } from './urlTemplate';

export interface PhpUrlSource {
  readonly text: string;
  readonly parents: ReadonlyMap<PhpNode, PhpNode>;
  /** The template a variable was assigned in the function holding `at` (PHP functions see no globals), if the file shows it. */
  readonly variable: (name: string, at: PhpNode) => UrlTemplate | undefined;
}

const FUNCTIONS = new Set(['function', 'method', 'closure', 'arrowfunc']);

/** The innermost function holding `node` (its start offset), or -1 at the top level. */
export function phpScopeOf(node: PhpNode, parents: ReadonlyMap<PhpNode, PhpNode>): number {
  for (let parent = parents.get(node); parent; parent = parents.get(parent))
    if (FUNCTIONS.has(parent.kind)) return parent.loc?.start.offset ?? 0;
  return -1;
}

export function phpTemplate(node: PhpNode, source: PhpUrlSource, depth = 0): UrlTemplate {
  const slice = (of: PhpNode): string => source.text.slice(of.loc?.start.offset ?? 0, of.loc?.end.offset ?? 0);
  const hole = (of: PhpNode): UrlPart[] => [{ expr: slice(of), scope: phpScopeOf(of, source.parents) }];
  if (depth > 8) return hole(node);
  const fold = (child: PhpNode): UrlTemplate => phpTemplate(child, source, depth + 1);
  switch (node.kind) {
    case 'string':
      return [{ text: node.value as string }];
    case 'encapsed': {
      if (node.type !== 'string') return hole(node);
      const parts = (node.value as PhpNode[]).map((part) => part.expression as PhpNode);
      return joinParts(
        parts.flatMap((part) =>
          part.kind === 'string' ? [{ text: part.value as string }] : part.kind === 'variable' ? variableParts(part) : hole(node),
        ),
      );
    }
    case 'bin':
      return node.type === '.' ? joinParts([...fold(node.left as PhpNode), ...fold(node.right as PhpNode)]) : hole(node);
    case 'variable':
    case 'propertylookup':
    case 'staticlookup':
      return source.variable(slice(node), node) ?? hole(node);
    case 'call': {
      const args = node.arguments as PhpNode[];
      if (slice(node.what as PhpNode) !== 'sprintf' || args[0]?.kind !== 'string') return hole(node);
      const format = args[0].value as string;
      const parts: UrlPart[] = [];
      let index = 1;
      let last = 0;
      for (const match of format.matchAll(/%(%|[sd]|[-+ 0-9.']*[a-zA-Z])/g)) {
        parts.push({ text: format.slice(last, match.index) });
        last = (match.index ?? 0) + match[0].length;
        if (match[1] === '%') {
          parts.push({ text: '%' });
          continue;
        }
        const arg = args[index++];
        if (!arg) return hole(node);
        parts.push(...(/^[sd]$/.test(match[1]) ? fold(arg) : [{ expr: slice(arg), scope: Number.NaN }]));
      }
      parts.push({ text: format.slice(last) });
      return index === args.length ? joinParts(parts) : hole(node);
    }
    default:
      return hole(node);
  }

  // "$url/xmlrpc": the variable's own template, or the variable itself (the node's text is only its name).
  function variableParts(variable: PhpNode): UrlTemplate {
    const name = `$${variable.name as string}`;
    return source.variable(name, variable) ?? [{ expr: name, scope: phpScopeOf(variable, source.parents) }];
  }
}
