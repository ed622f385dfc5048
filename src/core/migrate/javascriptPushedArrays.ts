// Arrays built the way the odoo-xmlrpc README builds its parameters: `const params = [];` followed by consecutive
// `params.push(x);` statements, and used only once afterwards. Their items are read as if written as a literal.
import type { Node } from '@babel/types';
import { mentions } from './legacyCall';

export interface PushedArray {
  /** Offset of the declaration: the array stands for its pushes only after it. */
  readonly after: number;
  readonly items: readonly Node[];
}

/** Every such array of a file, by name (a name declared twice is left out: its value depends on where it is read). */
export function pushedArrays(nodes: readonly Node[], text: string): Map<string, PushedArray> {
  const found = new Map<string, PushedArray>();
  const twice = new Set<string>();
  for (const block of nodes) {
    if (block.type !== 'BlockStatement' && block.type !== 'Program') continue;
    const body = block.body as Node[];
    body.forEach((statement, index) => {
      if (statement.type !== 'VariableDeclaration' || statement.declarations.length !== 1) return;
      const [declarator] = statement.declarations;
      if (declarator.id.type !== 'Identifier' || declarator.init?.type !== 'ArrayExpression' || declarator.init.elements.length !== 0)
        return;
      const name = declarator.id.name;
      const items: Node[] = [];
      let next = index + 1;
      for (; next < body.length; next += 1) {
        const pushed = pushArgument(body[next], name);
        if (!pushed) break;
        items.push(pushed);
      }
      if (items.length === 0) return;
      // Read once after the pushes, or the pushes may not be all it holds where it is used.
      const rest = text.slice(body[next - 1].end ?? 0, block.end ?? 0);
      if ((rest.match(new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')) ?? []).length !== 1 || !mentions(rest, name))
        return;
      if (found.has(name)) twice.add(name);
      found.set(name, { after: statement.end ?? 0, items });
    });
  }
  for (const name of twice) found.delete(name);
  return found;
}

function pushArgument(statement: Node, name: string): Node | undefined {
  if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'CallExpression') return undefined;
  const call = statement.expression;
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== name) return undefined;
  if (
    callee.property.type !== 'Identifier' ||
    callee.property.name !== 'push' ||
    call.arguments.length !== 1 ||
    call.arguments[0].type === 'SpreadElement'
  )
    return undefined;
  return call.arguments[0] as Node;
}
