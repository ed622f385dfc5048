// Walking JavaScript statements around a request: the statement after another, the first node of a subtree that matches.
import type { Node } from '@babel/types';

/** The statement after `statement` in the same block, if any. */
export function nextStatement(statement: Node, parents: ReadonlyMap<Node, Node>): Node | undefined {
  const block = parents.get(statement);
  const list = block && (block.type === 'BlockStatement' || block.type === 'Program') ? (block.body as Node[]) : undefined;
  const index = list ? list.indexOf(statement) : -1;
  return list && index >= 0 ? list[index + 1] : undefined;
}

/** The first node under `root` (itself included) that matches, parents first. */
export function findNode(root: Node, match: (node: Node) => boolean): Node | undefined {
  if (match(root)) return root;
  for (const key of Object.keys(root) as (keyof Node)[]) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue;
    const value = root[key] as unknown;
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (child && typeof (child as Node).type === 'string') {
        const found = findNode(child as Node, match);
        if (found) return found;
      }
    }
  }
  return undefined;
}
