// Reads a domain (prefix notation with implicit `&`) into a tree, rejecting malformed terms and wrong arities.
import { valueError } from '../errors/serviceErrors';
import { pythonRepr } from './pythonRepr';

export type DomainNode =
  | { kind: 'and' | 'or'; children: DomainNode[] }
  | { kind: 'not'; child: DomainNode }
  | { kind: 'condition'; path: string; operator: string; value: unknown; term: readonly unknown[] }
  | { kind: 'constant'; value: boolean };

/** Deprecated spellings and their current operator. */
const OPERATOR_ALIASES: Record<string, string> = { '<>': '!=', '==': '=' };

function isTerm(item: unknown): item is unknown[] {
  return Array.isArray(item) && item.length === 3;
}

function parseTerm(item: unknown[], domain: unknown): DomainNode {
  const [left, operator, value] = item;
  // The always-true and always-false terms of older code: (1, '=', 1) and (0, '=', 1).
  if (typeof left === 'number' && operator === '=' && value === 1 && (left === 1 || left === 0)) return { kind: 'constant', value: left === 1 };
  if (typeof left !== 'string' || left === '' || typeof operator !== 'string') {
    throw valueError(`Invalid domain term ${pythonRepr(item)} in ${pythonRepr(domain)}`);
  }
  const normalized = Object.hasOwn(OPERATOR_ALIASES, operator) ? OPERATOR_ALIASES[operator] : operator.toLowerCase();
  return { kind: 'condition', path: left, operator: normalized, value, term: item };
}

/** True for `{}`: an empty mapping is false in Python, so the reference server's `domain or []` reads it as no domain. */
function isEmptyMapping(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** Parses `domain`; an empty domain (or null, or an empty mapping) matches everything. */
export function parseDomain(domain: unknown): DomainNode {
  if (domain === null || domain === undefined || domain === false || isEmptyMapping(domain)) return { kind: 'constant', value: true };
  if (!Array.isArray(domain)) throw valueError(`Invalid domain: ${pythonRepr(domain)}`);
  const stack: DomainNode[] = [];
  for (let index = domain.length - 1; index >= 0; index -= 1) {
    const item: unknown = domain[index];
    if (item === '!') {
      const child = stack.pop();
      if (!child) throw valueError(`Domain ${pythonRepr(domain)} is syntactically not correct: '!' needs one term`);
      stack.push({ kind: 'not', child });
    } else if (item === '&' || item === '|') {
      const first = stack.pop();
      const second = stack.pop();
      if (!first || !second) throw valueError(`Domain ${pythonRepr(domain)} is syntactically not correct: '${item}' needs two terms`);
      stack.push({ kind: item === '&' ? 'and' : 'or', children: [first, second] });
    } else if (isTerm(item)) {
      stack.push(parseTerm(item, domain));
    } else {
      throw valueError(`Invalid domain term ${pythonRepr(item)} in ${pythonRepr(domain)}`);
    }
  }
  if (stack.length === 0) return { kind: 'constant', value: true };
  if (stack.length === 1) return stack[0];
  return { kind: 'and', children: stack.reverse() };
}

/** True when some condition of the tree is on `field` (directly, not through a dotted path). */
export function mentionsField(node: DomainNode, field: string): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.some((child) => mentionsField(child, field));
    case 'not':
      return mentionsField(node.child, field);
    case 'condition':
      return node.path === field;
    case 'constant':
      return false;
  }
}
