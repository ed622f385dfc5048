// Reads a domain (prefix notation with implicit `&`) into a tree in one linear pass, rejecting malformed terms, wrong
// arities and domains over the sandbox's limits (conditions, nesting, path length) before any SQL is built.
import { typeError, valueError } from '../errors/serviceErrors';
import { conditionRepr, pythonRepr } from './pythonRepr';

export type DomainNode =
  | { kind: 'and' | 'or'; children: DomainNode[] }
  | { kind: 'not'; child: DomainNode }
  | { kind: 'condition'; path: string; operator: string; value: unknown; term: readonly unknown[]; subdomain?: DomainNode }
  | { kind: 'constant'; value: boolean };

/**
 * What one domain may hold. The reference server has no such numbers: its long domains cost time (its workers are
 * stopped by a time limit) and its deep ones end in Python's RecursionError. The sandbox refuses earlier, with the
 * ValueError the reference gives a domain it cannot use, long before PostgreSQL's parser or planner (or PGlite's
 * worker) could suffer; see docs/sandbox.md, "Domains".
 */
export const DOMAIN_LIMITS = {
  /** Conditions, counting those of `any` sub-domains. */
  conditions: 10_000,
  /** Levels of `&`/`|`/`!`, `any` sub-domains and dotted-path steps nested in one another. */
  depth: 64,
  /** Fields in one dotted path (`parent_id.country_id.code` has 3). */
  pathFields: 32,
  /**
   * Tables the SQL of one domain reads besides the searched one: each dotted-path step, `any`, one2many or many2many
   * condition, match on a related record's name, and hierarchy (checked while the SQL is built).
   */
  relatedTables: 500,
} as const;

/** Deprecated spellings and their current operator. */
const OPERATOR_ALIASES: Record<string, string> = { '<>': '!=', '==': '=' };

const SUBDOMAIN_OPERATORS = new Set(['any', 'not any']);

/** The operators of a condition (after the aliases), as the reference's domains know them. */
const KNOWN_OPERATORS = new Set([
  '=',
  '!=',
  '<',
  '>',
  '<=',
  '>=',
  '=?',
  'like',
  'not like',
  'ilike',
  'not ilike',
  '=like',
  'not =like',
  '=ilike',
  'not =ilike',
  'in',
  'not in',
  'child_of',
  'parent_of',
  'any',
  'not any',
]);

type Condition = Extract<DomainNode, { kind: 'condition' }>;

/** The budget of one domain and its sub-domains; `depths` remembers the nesting depth of each node built. */
class Budget {
  conditions = 0;
  readonly depths = new Map<DomainNode, number>();

  countCondition(): void {
    this.conditions += 1;
    if (this.conditions > DOMAIN_LIMITS.conditions) {
      throw valueError(`Domain too large: more than ${DOMAIN_LIMITS.conditions} conditions (the sandbox's limit)`);
    }
  }

  /** Records `node`'s depth, refusing it when `outer + depth` goes over the limit. */
  place<T extends DomainNode>(node: T, depth: number, outer: number): T {
    if (outer + depth > DOMAIN_LIMITS.depth) {
      throw valueError(
        `Domain nested too deeply: more than ${DOMAIN_LIMITS.depth} levels of '&', '|', '!', 'any' and dotted paths (the sandbox's limit)`,
      );
    }
    this.depths.set(node, depth);
    return node;
  }

  depthOf(node: DomainNode): number {
    return this.depths.get(node) ?? 1;
  }
}

/**
 * An `&` or `|` still growing while the domain is read: its children are kept in two arrays (`front` reversed) so
 * that adding a child at either end, and merging a smaller group into a larger one, costs no copy of the rest.
 * Nested operators of one kind become one node, as the reference's Domain flattens them.
 */
class OpenGroup {
  readonly front: DomainNode[] = [];
  readonly back: DomainNode[] = [];
  childDepth = 0;

  constructor(readonly kind: 'and' | 'or') {}

  get size(): number {
    return this.front.length + this.back.length;
  }

  append(node: DomainNode, depth: number): void {
    this.back.push(node);
    this.childDepth = Math.max(this.childDepth, depth);
  }

  prepend(node: DomainNode, depth: number): void {
    this.front.push(node);
    this.childDepth = Math.max(this.childDepth, depth);
  }

  /** Moves `later`'s children after this group's (or this group's before `later`'s, the smaller one moving). */
  static merge(earlier: OpenGroup, later: OpenGroup): OpenGroup {
    if (earlier.size >= later.size) {
      for (let index = later.front.length - 1; index >= 0; index -= 1) earlier.back.push(later.front[index]);
      for (const node of later.back) earlier.back.push(node);
      earlier.childDepth = Math.max(earlier.childDepth, later.childDepth);
      return earlier;
    }
    for (let index = earlier.back.length - 1; index >= 0; index -= 1) later.front.push(earlier.back[index]);
    for (const node of earlier.front) later.front.push(node);
    later.childDepth = Math.max(later.childDepth, earlier.childDepth);
    return later;
  }

  close(budget: Budget, outer: number): DomainNode {
    const children = [...this.front].reverse().concat(this.back);
    return budget.place({ kind: this.kind, children }, this.childDepth + 1, outer);
  }
}

type Entry = DomainNode | OpenGroup;

function closed(entry: Entry, budget: Budget, outer: number): DomainNode {
  return entry instanceof OpenGroup ? entry.close(budget, outer) : entry;
}

function combine(kind: 'and' | 'or', first: Entry, second: Entry, budget: Budget, outer: number): OpenGroup {
  const left = first instanceof OpenGroup && first.kind === kind ? first : null;
  const right = second instanceof OpenGroup && second.kind === kind ? second : null;
  if (left && right) return OpenGroup.merge(left, right);
  if (left) {
    const node = closed(second, budget, outer);
    left.append(node, budget.depthOf(node));
    return left;
  }
  if (right) {
    const node = closed(first, budget, outer);
    right.prepend(node, budget.depthOf(node));
    return right;
  }
  const group = new OpenGroup(kind);
  const firstNode = closed(first, budget, outer);
  const secondNode = closed(second, budget, outer);
  group.append(firstNode, budget.depthOf(firstNode));
  group.append(secondNode, budget.depthOf(secondNode));
  return group;
}

function negate(entry: Entry, budget: Budget, outer: number): DomainNode {
  const node = closed(entry, budget, outer);
  // `!!x` is x, as in the reference (its `~` of a negation gives the negated domain back).
  if (node.kind === 'not') return node.child;
  return budget.place({ kind: 'not', child: node }, budget.depthOf(node) + 1, outer);
}

function isTerm(item: unknown): item is unknown[] {
  return Array.isArray(item) && item.length === 3;
}

function parseTerm(item: unknown[], domain: unknown, budget: Budget, outer: number): DomainNode {
  budget.countCondition();
  const [left, operator, value] = item;
  // The always-true and always-false terms of older code: (1, '=', 1) and (0, '=', 1).
  if (typeof left === 'number' && operator === '=' && value === 1 && (left === 1 || left === 0))
    return { kind: 'constant', value: left === 1 };
  if (typeof left !== 'string' || left === '' || typeof operator !== 'string') {
    throw valueError(`Invalid domain term ${pythonRepr(item)} in ${pythonRepr(domain)}`);
  }
  // The reference checks the operator when it builds the condition, before it looks at the field.
  if (!KNOWN_OPERATORS.has(Object.hasOwn(OPERATOR_ALIASES, operator) ? OPERATOR_ALIASES[operator] : operator.toLowerCase()))
    throw valueError(`Invalid operator in condition ${conditionRepr(item)}`);
  const fields = countFields(left);
  if (fields > DOMAIN_LIMITS.pathFields) {
    throw valueError(
      `Field path too long: ${pythonRepr(abbreviated(left))} has ${fields} fields, the sandbox's limit is ${DOMAIN_LIMITS.pathFields}`,
    );
  }
  const normalized = Object.hasOwn(OPERATOR_ALIASES, operator) ? OPERATOR_ALIASES[operator] : operator.toLowerCase();
  const condition: Condition = { kind: 'condition', path: left, operator: normalized, value, term: item };
  let depth = fields;
  if (SUBDOMAIN_OPERATORS.has(normalized) && Array.isArray(value)) {
    // Placed one level below this condition's path: a chain of `any` stops at the depth limit, not at the stack's.
    budget.place(condition, depth, outer);
    condition.subdomain = parseWithin(value, budget, outer + depth);
    depth += budget.depthOf(condition.subdomain);
  }
  return budget.place(condition, depth, outer);
}

/** A long path cut in the middle for an error message. */
function abbreviated(path: string): string {
  return path.length <= 120 ? path : `${path.slice(0, 60)}…${path.slice(-40)}`;
}

function countFields(path: string): number {
  let fields = 1;
  for (let index = path.indexOf('.'); index !== -1; index = path.indexOf('.', index + 1)) fields += 1;
  return fields;
}

function parseWithin(domain: unknown, budget: Budget, outer: number): DomainNode {
  if (domain === null || domain === undefined || domain === false || isEmptyMapping(domain)) return { kind: 'constant', value: true };
  if (!Array.isArray(domain)) throw typeError(`Domain() invalid argument type for domain: ${pythonRepr(domain)}`);
  const stack: Entry[] = [];
  for (let index = domain.length - 1; index >= 0; index -= 1) {
    const item: unknown = domain[index];
    if (item === '!') {
      const child = stack.pop();
      if (!child) throw valueError(`Domain ${pythonRepr(domain)} is syntactically not correct: '!' needs one term`);
      stack.push(negate(child, budget, outer));
    } else if (item === '&' || item === '|') {
      const first = stack.pop();
      const second = stack.pop();
      if (!first || !second) throw valueError(`Domain ${pythonRepr(domain)} is syntactically not correct: '${item}' needs two terms`);
      stack.push(combine(item === '&' ? 'and' : 'or', first, second, budget, outer));
    } else if (isTerm(item)) {
      stack.push(parseTerm(item, domain, budget, outer));
    } else {
      throw valueError(`Domain() invalid item in domain: ${pythonRepr(item)}`);
    }
  }
  if (stack.length === 0) return { kind: 'constant', value: true };
  if (stack.length === 1) return closed(stack[0], budget, outer);
  // Terms side by side are and-ed, in their order (the stack holds them last first).
  let implicit: Entry = stack[stack.length - 1];
  for (let index = stack.length - 2; index >= 0; index -= 1) implicit = combine('and', implicit, stack[index], budget, outer);
  return closed(implicit, budget, outer);
}

/** True for `{}`: an empty mapping is false in Python, so the reference server's `domain or []` reads it as no domain. */
function isEmptyMapping(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * Parses `domain`; an empty domain (or null, or an empty mapping) matches everything. Sub-domains of `any` and
 * `not any` are parsed too (`subdomain`), under the same limits.
 */
export function parseDomain(domain: unknown): DomainNode {
  return parseWithin(domain, new Budget(), 0);
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
