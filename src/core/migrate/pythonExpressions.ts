// Reads Python argument expressions (Lezer nodes) into SourceExpr: literals with their values, lists, mappings, dates.
import type { SyntaxNode } from '@lezer/common';
import { type SourceExpr, type Temporal, staticDict, staticList, stringOf } from './legacyCall';
import { pythonStringValue } from './pythonUrls';

export const PUNCTUATION = new Set(['(', ')', '[', ']', '{', '}', ',', ':', 'Comment', '⚠']);

/** `datetime(...)`, `datetime.now()`, `date.today()`... (the standard module's constructors). */
const DATETIME_CALL = /(^|\.)(datetime(\.(now|utcnow|today|fromisoformat|strptime|fromtimestamp|utcfromtimestamp|combine))?)$/;
const DATE_CALL = /(^|\.)(date(\.(today|fromisoformat|fromtimestamp))?)$/;

export function childNodes(node: SyntaxNode): SyntaxNode[] {
  const children: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (!PUNCTUATION.has(child.name)) children.push(child);
  return children;
}

export function argumentNodes(node: SyntaxNode | null): SyntaxNode[] {
  return node ? childNodes(node) : [];
}

export interface PythonExpressionReader {
  toExpr(node: SyntaxNode): SourceExpr;
  /** Whether an expression gives a datetime or a date (a constructor, arithmetic on one, or a variable assigned one). */
  temporalOf(node: SyntaxNode): Temporal | undefined;
  /** Remembers that a variable holds a datetime or a date. */
  rememberTemporal(name: string, kind: Temporal): void;
}

export function pythonExpressionReader(text: string): PythonExpressionReader {
  const slice = (node: SyntaxNode): string => text.slice(node.from, node.to);
  const temporalVariables = new Map<string, Temporal>();

  function temporalOf(node: SyntaxNode): Temporal | undefined {
    if (node.name === 'CallExpression' && node.firstChild) {
      const callee = slice(node.firstChild);
      if (DATETIME_CALL.test(callee)) return 'datetime';
      if (DATE_CALL.test(callee)) return 'date';
      return undefined;
    }
    if (node.name === 'BinaryExpression' && node.firstChild && /^[-+]$/.test(slice(node.firstChild.nextSibling ?? node)))
      return temporalOf(node.firstChild);
    if (node.name === 'ParenthesizedExpression') {
      const inner = childNodes(node);
      return inner.length === 1 ? temporalOf(inner[0]) : undefined;
    }
    if (node.name === 'VariableName' || node.name === 'MemberExpression') return temporalVariables.get(slice(node));
    return undefined;
  }

  function toExpr(node: SyntaxNode): SourceExpr {
    const base = { start: node.from, end: node.to, text: slice(node) };
    switch (node.name) {
      case 'String': {
        const value = pythonStringValue(base.text);
        return value === undefined ? { ...base, kind: 'other' } : { ...base, kind: 'string', value };
      }
      case 'Number': {
        const value = Number(base.text.replace(/_/g, ''));
        return Number.isFinite(value) ? { ...base, kind: 'number', value } : { ...base, kind: 'other' };
      }
      case 'UnaryExpression': {
        const operand = node.lastChild;
        if (node.firstChild && slice(node.firstChild) === '-' && operand?.name === 'Number')
          return { ...base, kind: 'number', value: -Number(slice(operand).replace(/_/g, '')) };
        return { ...base, kind: 'other' };
      }
      case 'Boolean':
        return { ...base, kind: 'boolean', value: base.text === 'True' };
      case 'None':
        return { ...base, kind: 'null', value: null };
      case 'ParenthesizedExpression': {
        const inner = childNodes(node);
        return inner.length === 1 ? { ...toExpr(inner[0]), start: node.from, end: node.to, text: base.text } : { ...base, kind: 'other' };
      }
      case 'ArrayExpression':
      case 'TupleExpression': {
        const children = childNodes(node);
        if (children.some((child) => child.name === '*' || child.name === 'for' || child.name === 'ArrayComprehensionExpression'))
          return { ...base, kind: 'list' };
        const items = children.map(toExpr);
        return { ...base, kind: 'list', items, value: staticList(items) };
      }
      case 'DictionaryExpression': {
        const children = childNodes(node);
        const entries: { key: string; value: SourceExpr }[] = [];
        for (let index = 0; index < children.length; index += 2) {
          const key = stringOf(toExpr(children[index]));
          if (key === undefined || !children[index + 1]) return { ...base, kind: 'dict' };
          entries.push({ key, value: toExpr(children[index + 1]) });
        }
        return { ...base, kind: 'dict', entries, value: staticDict(entries) };
      }
      default: {
        const temporal = temporalOf(node);
        return temporal ? { ...base, kind: 'other', temporal } : { ...base, kind: 'other' };
      }
    }
  }

  return {
    toExpr,
    temporalOf,
    rememberTemporal: (name, kind) => {
      temporalVariables.set(name, kind);
    },
  };
}
