// Reads JavaScript/TypeScript argument expressions (Babel nodes) into SourceExpr: literals, arrays, objects, dates.
import type { Node } from '@babel/types';
import type { PushedArray } from './javascriptPushedArrays';
import { type SourceExpr, type Temporal, staticDict, staticList } from './legacyCall';

export interface JsExpressionReader {
  toExpr(node: Node): SourceExpr;
  /** Remembers that a variable holds a Date, when `value` makes one. */
  rememberTemporal(name: string, value: Node): void;
}

export function javascriptExpressionReader(text: string, arrays: ReadonlyMap<string, PushedArray> = new Map()): JsExpressionReader {
  const slice = (node: Node): string => text.slice(node.start ?? 0, node.end ?? 0);
  const dates = new Set<string>();
  const temporalOf = (node: Node): Temporal | undefined => {
    if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Date') return 'datetime';
    if (node.type === 'Identifier' && dates.has(node.name)) return 'datetime';
    if (node.type === 'TSAsExpression' || node.type === 'ParenthesizedExpression' || node.type === 'TSNonNullExpression')
      return temporalOf(node.expression);
    return undefined;
  };

  function toExpr(node: Node): SourceExpr {
    const base = { start: node.start ?? 0, end: node.end ?? 0, text: slice(node) };
    switch (node.type) {
      case 'StringLiteral':
        return { ...base, kind: 'string', value: node.value };
      case 'TemplateLiteral':
        return node.expressions.length === 0
          ? { ...base, kind: 'string', value: node.quasis.map((q) => q.value.cooked ?? '').join('') }
          : { ...base, kind: 'other' };
      case 'NumericLiteral':
        return { ...base, kind: 'number', value: node.value };
      case 'UnaryExpression':
        return node.operator === '-' && node.argument.type === 'NumericLiteral'
          ? { ...base, kind: 'number', value: -node.argument.value }
          : { ...base, kind: 'other' };
      case 'BooleanLiteral':
        return { ...base, kind: 'boolean', value: node.value };
      case 'NullLiteral':
        return { ...base, kind: 'null', value: null };
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'ParenthesizedExpression':
        return toExpr(node.expression);
      case 'ArrayExpression': {
        if (node.elements.some((element) => !element || element.type === 'SpreadElement')) return { ...base, kind: 'list' };
        const items = node.elements.map((element) => toExpr(element as Node));
        return { ...base, kind: 'list', items, value: staticList(items) };
      }
      case 'ObjectExpression': {
        const entries: { key: string; value: SourceExpr }[] = [];
        for (const property of node.properties) {
          if (property.type !== 'ObjectProperty' || (property.computed && property.key.type !== 'StringLiteral'))
            return { ...base, kind: 'dict' };
          const key = propertyName(property.key);
          if (key === undefined) return { ...base, kind: 'dict' };
          entries.push({ key, value: toExpr(property.value) });
        }
        return { ...base, kind: 'dict', entries, value: staticDict(entries) };
      }
      case 'Identifier': {
        // An array built by pushes stands for its items; written back, its name still gives the same array.
        const pushed = arrays.get(node.name);
        if (pushed && (node.start ?? 0) > pushed.after) {
          const items = pushed.items.map(toExpr);
          return { ...base, kind: 'list', items, value: staticList(items) };
        }
        const temporal = temporalOf(node);
        return temporal ? { ...base, kind: 'other', temporal } : { ...base, kind: 'other' };
      }
      default: {
        const temporal = temporalOf(node);
        return temporal ? { ...base, kind: 'other', temporal } : { ...base, kind: 'other' };
      }
    }
  }

  return {
    toExpr,
    rememberTemporal: (name, value) => {
      if (temporalOf(value)) dates.add(name);
    },
  };
}

export function propertyName(key: Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  return undefined;
}

/** Visits every node of a Babel tree, parents first. */
export function walk(node: Node, parent: Node | undefined, visit: (node: Node, parent: Node | undefined) => void): void {
  visit(node, parent);
  for (const key of Object.keys(node) as (keyof Node)[]) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue;
    const value = node[key] as unknown;
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof (child as Node).type === 'string') walk(child as Node, node, visit);
    } else if (value && typeof (value as Node).type === 'string') {
      walk(value as Node, node, visit);
    }
  }
}
