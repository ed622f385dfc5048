// Folds a Python string expression (literals, f-strings, +, % formatting, .format, variables) into a URL template.
import type { SyntaxNode } from '@lezer/common';
import { type UrlPart, type UrlTemplate, joinParts } from './urlTemplate';

export interface PythonUrlSource {
  readonly text: string;
  readonly slice: (node: SyntaxNode) => string;
  /** The template a variable (or `self.attribute`) was assigned, if the file shows it. */
  readonly variable: (name: string) => UrlTemplate | undefined;
}

/** An expression that cannot be written back as it stands (a padded number...): the base URL is not kept. */
const UNUSABLE_SCOPE = Number.NaN;

/** The innermost function holding `node` (its start offset), or -1 at module level. */
export function pythonScopeOf(node: SyntaxNode): number {
  for (let parent = node.parent; parent; parent = parent.parent)
    if (parent.name === 'FunctionDefinition' || parent.name === 'LambdaExpression') return parent.from;
  return -1;
}

export function pythonTemplate(node: SyntaxNode, source: PythonUrlSource, depth = 0): UrlTemplate {
  const { slice } = source;
  const hole = (expr: SyntaxNode, scope = pythonScopeOf(expr)): UrlPart[] => [{ expr: slice(expr), scope }];
  if (depth > 8) return hole(node);
  const fold = (child: SyntaxNode): UrlTemplate => pythonTemplate(child, source, depth + 1);
  switch (node.name) {
    case 'String': {
      const value = pythonStringValue(slice(node));
      return value === undefined ? hole(node) : [{ text: value }];
    }
    case 'FormatString':
      return formatString(node) ?? hole(node);
    case 'ParenthesizedExpression': {
      const inner = node.firstChild?.nextSibling;
      return inner && inner.nextSibling?.name === ')' ? fold(inner) : hole(node);
    }
    case 'VariableName':
    case 'MemberExpression': {
      const known = source.variable(slice(node));
      return known ?? hole(node);
    }
    case 'BinaryExpression': {
      const left = node.firstChild;
      const operator = left?.nextSibling;
      const right = operator?.nextSibling;
      if (!left || !operator || !right) return hole(node);
      if (slice(operator) === '+') return joinParts([...fold(left), ...fold(right)]);
      if (slice(operator) === '%' && left.name === 'String') {
        const items = right.name === 'TupleExpression' ? children(right) : [right];
        return percentFormat(slice(left), items) ?? hole(node);
      }
      return hole(node);
    }
    case 'CallExpression': {
      const callee = node.firstChild;
      if (
        callee?.name === 'MemberExpression' &&
        callee.firstChild?.name === 'String' &&
        callee.lastChild &&
        slice(callee.lastChild) === 'format'
      ) {
        return braceFormat(slice(callee.firstChild), node.getChild('ArgList')) ?? hole(node);
      }
      return hole(node);
    }
    default:
      return hole(node);
  }

  function formatString(string: SyntaxNode): UrlTemplate | undefined {
    const text = slice(string);
    const opening = /^[rRfF]{1,2}('''|"""|'|")/.exec(text);
    if (!opening) return undefined;
    const raw = /r/i.test(opening[0]);
    const parts: UrlPart[] = [];
    let at = string.from + opening[0].length;
    const literal = (until: number): void => {
      const segment = source.text.slice(at, until).replace(/\{\{/g, '{').replace(/\}\}/g, '}');
      parts.push({ text: raw ? segment : unescape(segment) });
    };
    for (let child = string.firstChild; child; child = child.nextSibling) {
      if (child.name !== 'FormatReplacement') continue;
      literal(child.from);
      const inner = child.firstChild?.nextSibling;
      if (!inner || inner.nextSibling?.name !== '}') parts.push({ expr: slice(child).slice(1, -1), scope: UNUSABLE_SCOPE });
      else parts.push(...fold(inner));
      at = child.to;
    }
    literal(string.to - opening[1].length);
    return joinParts(parts);
  }

  function percentFormat(formatLiteral: string, items: SyntaxNode[]): UrlTemplate | undefined {
    const format = pythonStringValue(formatLiteral);
    if (format === undefined) return undefined;
    const parts: UrlPart[] = [];
    let index = 0;
    let last = 0;
    for (const match of format.matchAll(/%(%|[sdi]|[-+ #0-9.]*[a-zA-Z])/g)) {
      parts.push({ text: format.slice(last, match.index) });
      last = (match.index ?? 0) + match[0].length;
      if (match[1] === '%') {
        parts.push({ text: '%' });
        continue;
      }
      const item = items[index++];
      if (!item) return undefined;
      if (/^[sdi]$/.test(match[1])) parts.push(...(item.name === 'Number' ? [{ text: slice(item) }] : fold(item)));
      else parts.push({ expr: slice(item), scope: UNUSABLE_SCOPE });
    }
    parts.push({ text: format.slice(last) });
    return index === items.length ? joinParts(parts) : undefined;
  }

  function braceFormat(formatLiteral: string, argList: SyntaxNode | null): UrlTemplate | undefined {
    const format = pythonStringValue(formatLiteral);
    if (format === undefined || !argList) return undefined;
    const positional: SyntaxNode[] = [];
    const named = new Map<string, SyntaxNode>();
    for (const arg of children(argList)) {
      if (arg.name === 'VariableName' && arg.nextSibling?.name === 'AssignOp') continue;
      if (arg.prevSibling?.name === 'AssignOp' && arg.prevSibling.prevSibling) named.set(slice(arg.prevSibling.prevSibling), arg);
      else if (arg.name === '*' || arg.name === '**') return undefined;
      else positional.push(arg);
    }
    const parts: UrlPart[] = [];
    let next = 0;
    let last = 0;
    for (const match of format.matchAll(/\{\{|\}\}|\{([^{}]*)\}/g)) {
      parts.push({ text: format.slice(last, match.index) });
      last = (match.index ?? 0) + match[0].length;
      if (match[0] === '{{' || match[0] === '}}') {
        parts.push({ text: match[0][0] });
        continue;
      }
      const field = match[1];
      const argument = field === '' ? positional[next++] : /^\d+$/.test(field) ? positional[Number(field)] : named.get(field);
      if (!argument) return undefined;
      parts.push(...fold(argument));
    }
    parts.push({ text: format.slice(last) });
    return joinParts(parts);
  }
}

function children(node: SyntaxNode): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (!['(', ')', ',', 'AssignOp'].includes(child.name)) found.push(child);
  return found;
}

function unescape(text: string): string {
  return text.replace(
    /\\(n|t|r|\\|'|"|\n)/g,
    (_, c: string) => ({ n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '\n': '' })[c] ?? c,
  );
}

/** A Python string literal's value (plain, raw or unicode; not bytes, not formatted), or undefined. */
export function pythonStringValue(literal: string): string | undefined {
  const match = /^([rRuU]?)('''|"""|'|")([\s\S]*)\2$/.exec(literal);
  if (!match) return undefined;
  return match[1].toLowerCase() === 'r' ? match[3] : unescape(match[3]);
}
