// Random domains for the domain fuzz test: well-formed ones over the demo partners and tags together with what an
// evaluation in the test says they match (the oracle), and junk that the sandbox must refuse cleanly.
import type { StartedSandbox } from '../../src/sandbox/testApi';
import { ok } from './sandboxHttp';
import { below, pick, type Random } from './seededRandom';

export interface Partner {
  id: number;
  name: string;
  city: string | null;
  color: number;
  isCompany: boolean;
  parent: number | null;
  tags: number[];
}
export interface Tag {
  id: number;
  name: string;
  color: number;
  parent: number | null;
}

/** The records the oracle evaluates domains on (read once from the sandbox). */
export class World {
  readonly children = new Map<number, number[]>();
  readonly tagChildren = new Map<number, number[]>();

  constructor(
    readonly partners: Map<number, Partner>,
    readonly tags: Map<number, Tag>,
  ) {
    for (const partner of partners.values())
      if (partner.parent !== null) this.children.set(partner.parent, [...(this.children.get(partner.parent) ?? []), partner.id]);
    for (const tag of tags.values())
      if (tag.parent !== null) this.tagChildren.set(tag.parent, [...(this.tagChildren.get(tag.parent) ?? []), tag.id]);
  }
}

/** The demo partners and tags of `sandbox`'s database, archived ones too. */
export async function loadWorld(sandbox: StartedSandbox): Promise<World> {
  type Fields = Record<string, unknown>;
  const all = { context: { active_test: false } };
  const idOf = (value: unknown) => (Array.isArray(value) ? (value[0] as number) : null);
  const partners = await ok<Fields[]>(sandbox, 'res.partner', 'search_read', {
    domain: [],
    fields: ['name', 'city', 'color', 'is_company', 'parent_id', 'category_id'],
    ...all,
  });
  const tags = await ok<Fields[]>(sandbox, 'res.partner.category', 'search_read', {
    domain: [],
    fields: ['name', 'color', 'parent_id'],
    ...all,
  });
  return new World(
    new Map(
      partners.map((row): [number, Partner] => [
        row.id as number,
        {
          id: row.id as number,
          name: row.name as string,
          city: row.city === false ? null : (row.city as string),
          color: row.color as number,
          isCompany: row.is_company === true,
          parent: idOf(row.parent_id),
          tags: row.category_id as number[],
        },
      ]),
    ),
    new Map(
      tags.map((row): [number, Tag] => [
        row.id as number,
        { id: row.id as number, name: row.name as string, color: row.color as number, parent: idOf(row.parent_id) },
      ]),
    ),
  );
}

type Kind = 'partner' | 'tag';
type Row = Partner | Tag;
type Predicate = (row: Row, world: World) => boolean;

export interface FuzzDomain {
  domain: unknown[];
  matches: Predicate;
}

// ASCII ILIKE patterns without i and k: some non-ASCII capitals (İ, the Kelvin sign) fold to them in PostgreSQL, and
// the oracle folds ASCII only.
const PATTERNS = ['a', 'e', 'o', 'n', 'r', 'de', 'an', 'er', 'Co', 'AZ', 'zz', 'ol'];
const CITIES: Array<string | false> = ['Lyon', 'Fremont', 'Leuven', 'Dubai', 'Nowhere', false];
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function scalarCondition(random: Random, kind: Kind, world: World): [string, string, unknown, Predicate] {
  const names = [...(kind === 'partner' ? world.partners.values() : world.tags.values())].map((row) => row.name);
  const field = pick(random, kind === 'partner' ? ['name', 'city', 'color', 'is_company', 'id'] : ['name', 'color', 'id']);
  const ids = [...(kind === 'partner' ? world.partners.keys() : world.tags.keys())];
  if (field === 'name' || field === 'city') {
    const get = (row: Row) => (field === 'name' ? row.name : (row as Partner).city);
    const value = (): string | false => (field === 'name' ? pick(random, [...names, 'Nobody']) : pick(random, CITIES));
    const operator = pick(random, ['=', '!=', 'ilike', 'not ilike', 'like', 'in', 'not in']);
    if (operator === 'ilike' || operator === 'not ilike' || operator === 'like') {
      const pattern = pick(random, PATTERNS);
      const like = (text: string | null) =>
        text !== null && (operator === 'like' ? text.includes(pattern) : asciiLower(text).includes(asciiLower(pattern)));
      return [field, operator, pattern, operator === 'not ilike' ? (row) => !like(get(row)) : (row) => like(get(row))];
    }
    if (operator === 'in' || operator === 'not in') {
      const list = Array.from({ length: below(random, 4) }, value);
      const inList = (text: string | null) => (text === null ? list.includes(false) : list.includes(text));
      return [field, operator, list, operator === 'in' ? (row) => inList(get(row)) : (row) => !inList(get(row))];
    }
    const wanted = value();
    const equal = (text: string | null) => (wanted === false ? text === null : text === wanted);
    return [field, operator, wanted, operator === '=' ? (row) => equal(get(row)) : (row) => !equal(get(row))];
  }
  if (field === 'is_company') {
    const wanted = random() < 0.5;
    const operator = pick(random, ['=', '!=']);
    return [field, operator, wanted, (row) => ((row as Partner).isCompany === wanted) === (operator === '=')];
  }
  const pool = field === 'id' ? [...ids, 999_999] : Array.from({ length: 12 }, (_, index) => index);
  const get = (row: Row) => (field === 'id' ? row.id : row.color);
  const operator = pick(random, field === 'id' ? ['in', 'not in', '=', '!='] : ['=', '!=', '<', '>', '<=', '>=', 'in', 'not in']);
  if (operator === 'in' || operator === 'not in') {
    const list = Array.from({ length: below(random, 5) }, () => pick(random, pool));
    return [field, operator, list, (row) => list.includes(get(row)) === (operator === 'in')];
  }
  const wanted = pick(random, pool);
  const compare: Record<string, (a: number) => boolean> = {
    '=': (a) => a === wanted,
    '!=': (a) => a !== wanted,
    '<': (a) => a < wanted,
    '>': (a) => a > wanted,
    '<=': (a) => a <= wanted,
    '>=': (a) => a >= wanted,
  };
  return [field, operator, wanted, (row) => compare[operator](get(row))];
}

function hierarchy(start: number, step: (id: number) => number[]): Set<number> {
  const found = new Set<number>();
  const pending = [start];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...step(id));
  }
  return found;
}

/** The related records of `row` through relation `name` of `kind`, and their kind. */
function related(kind: Kind, name: string, row: Row, world: World): { kind: Kind; rows: Row[]; single: boolean } {
  if (kind === 'tag') return { kind: 'tag', rows: row.parent === null ? [] : [world.tags.get(row.parent) as Tag], single: true };
  const partner = row as Partner;
  if (name === 'parent_id')
    return { kind: 'partner', rows: partner.parent === null ? [] : [world.partners.get(partner.parent) as Partner], single: true };
  if (name === 'category_id') return { kind: 'tag', rows: partner.tags.map((id) => world.tags.get(id) as Tag), single: false };
  return { kind: 'partner', rows: (world.children.get(partner.id) ?? []).map((id) => world.partners.get(id) as Partner), single: false };
}

const RELATIONS: Record<Kind, string[]> = { partner: ['parent_id', 'category_id', 'child_ids'], tag: ['parent_id'] };
const TARGET: Record<string, Kind> = {
  'partner.parent_id': 'partner',
  'partner.category_id': 'tag',
  'partner.child_ids': 'partner',
  'tag.parent_id': 'tag',
};

function relationalCondition(random: Random, kind: Kind, world: World, depth: number): [string, string, unknown, Predicate] {
  const name = pick(random, RELATIONS[kind]);
  const target = TARGET[`${kind}.${name}`];
  const linked = (row: Row) => related(kind, name, row, world).rows;
  const choice = below(random, depth > 0 ? 5 : 3);
  if (choice === 0) {
    const operator = pick(random, ['=', '!=']);
    return [name, operator, false, (row) => (linked(row).length === 0) === (operator === '=')];
  }
  if (choice === 1) {
    const pool = [...(target === 'partner' ? world.partners.keys() : world.tags.keys())];
    const list = Array.from({ length: below(random, 4) }, () => pick(random, pool));
    const operator = pick(random, ['in', 'not in']);
    return [name, operator, list, (row) => linked(row).some((other) => list.includes(other.id)) === (operator === 'in')];
  }
  if (choice === 2 && kind === 'partner' && name !== 'category_id') {
    const start = pick(random, [...world.partners.keys()]);
    const operator = pick(random, ['child_of', 'parent_of']);
    const family = hierarchy(
      start,
      operator === 'child_of'
        ? (id) => world.children.get(id) ?? []
        : (id) => {
            const parent = world.partners.get(id)?.parent;
            return parent === null || parent === undefined ? [] : [parent];
          },
    );
    return ['id', operator, start, (row) => family.has(row.id)];
  }
  if (choice <= 3) {
    const inner = fuzzNode(random, target, world, depth - 1);
    const operator = pick(random, ['any', 'not any']);
    return [name, operator, inner.domain, (row) => linked(row).some((other) => inner.matches(other, world)) === (operator === 'any')];
  }
  // A dotted path: some related record meets the rest of the path.
  const [path, operator, value, rest] = condition(random, target, world, depth - 1);
  return [`${name}.${path}`, operator, value, (row) => linked(row).some((other) => rest(other, world))];
}

/** One random condition on a field of the partner itself (no related table). */
export function fuzzScalarCondition(random: Random, world: World): FuzzDomain {
  const [field, operator, value, matches] = scalarCondition(random, 'partner', world);
  return { domain: [[field, operator, value]], matches };
}

/** One random condition through a relation of the partner (a dotted path, any, a hierarchy, ids of linked records). */
export function fuzzRelationalCondition(random: Random, world: World): FuzzDomain {
  const [field, operator, value, matches] = relationalCondition(random, 'partner', world, 1);
  return { domain: [[field, operator, value]], matches };
}

function condition(random: Random, kind: Kind, world: World, depth: number): [string, string, unknown, Predicate] {
  return random() < 0.6 ? scalarCondition(random, kind, world) : relationalCondition(random, kind, world, depth);
}

/** A random well-formed domain on `kind`, with the records it matches. */
export function fuzzNode(random: Random, kind: Kind, world: World, depth: number): FuzzDomain {
  const roll = random();
  if (depth <= 0 || roll < 0.45) {
    const [path, operator, value, matches] = condition(random, kind, world, depth);
    return { domain: [[path, operator, value]], matches };
  }
  if (roll < 0.55) {
    const inner = fuzzNode(random, kind, world, depth - 1);
    return { domain: ['!', ...inner.domain], matches: (row, w) => !inner.matches(row, w) };
  }
  const parts = Array.from({ length: 2 + below(random, 3) }, () => fuzzNode(random, kind, world, depth - 1));
  const and = random() < 0.5;
  const matches: Predicate = and
    ? (row, w) => parts.every((part) => part.matches(row, w))
    : (row, w) => parts.some((part) => part.matches(row, w));
  const operator = and ? '&' : '|';
  // The same n-ary operator spelled leaning left (`& & a b c`) or right (`& a & b c`).
  if (random() < 0.5)
    return { domain: [...Array.from({ length: parts.length - 1 }, () => operator), ...parts.flatMap((part) => part.domain)], matches };
  return { domain: parts.flatMap((part, index) => (index < parts.length - 1 ? [operator, ...part.domain] : part.domain)), matches };
}

/** A random domain, written as the top-level list of terms and-ed side by side when it is an AND. */
export function fuzzDomain(random: Random, world: World, depth: number): FuzzDomain {
  const parts = Array.from({ length: 1 + below(random, 3) }, () => fuzzNode(random, 'partner', world, depth));
  return { domain: parts.flatMap((part) => part.domain), matches: (row, w) => parts.every((part) => part.matches(row, w)) };
}

const JUNK_ITEMS: unknown[] = [
  '&',
  '|',
  '!',
  '&&',
  'and',
  '',
  ' ',
  0,
  1,
  -1,
  1.5,
  1e308,
  2 ** 63,
  true,
  false,
  null,
  {},
  { a: 1 },
  [],
  [[]],
  ['name'],
  ['name', '='],
  ['name', '=', 'x', 'y'],
  [1, '=', 1],
  [0, '=', 1],
  [2, '=', 1],
  ['', '=', 1],
  ['name', '', 1],
  ['name', 'nope', 1],
  ['nope', '=', 1],
  ['name', '=', { x: 1 }],
  ['name', '=', [1, [2, [3]]]],
  ['name', 'in', 'x'],
  ['name', 'in', [null, {}, []]],
  ['color', '=', 'x'],
  ['color', '>', 1e20],
  ['color', 'in', [1.5, 2, 'x']],
  ['date', '=', 'not a date'],
  ['date', '>', '2024-02-30'],
  ['create_date', '<', '2024-01-01 25:00:00'],
  ['parent_id', '=', 'Azure'],
  ['parent_id', 'ilike', ''],
  ['parent_id', 'any', 'x'],
  ['parent_id', 'any', [['nope', '=', 1]]],
  ['category_id', '>', 1],
  ['child_ids', 'child_of', 'x'],
  ['name', 'child_of', 1],
  ['parent_id.nope', '=', 1],
  ['name.x', '=', 1],
  ['..', '=', 1],
  ['parent_id.', '=', 1],
  ['constructor', '=', 1],
  ['__proto__', '=', 1],
  ['name', 'toString', 1],
  ['name', '=', 'nul\u0000byte'],
  ['name', 'ilike', '%_\\'],
  ['name', '=like', '%'],
  ['name', '=', "it's"],
  ['name', '=', '$1'],
  ['name', '=', "'; DROP TABLE res_partner; --"],
  ['id', 'in', [-1, 0, 2 ** 53]],
  ['color', '=?', false],
  ['display_name', 'ilike', 'a'],
  ['user_ids.login', '=', 'admin'],
  ['company_id.name', '!=', false],
  ['active', 'in', [true, false]],
];

/** Junk: random items of domains, real and broken, in a random order and nesting. */
export function junkDomain(random: Random, size: number): unknown[] {
  const domain: unknown[] = [];
  for (let index = 0; index < size; index += 1) {
    const item = pick(random, JUNK_ITEMS);
    domain.push(random() < 0.1 ? [item] : random() < 0.05 ? ['name', 'in', [item, item]] : item);
  }
  return domain;
}

/**
 * The size of a domain in terms: each operator and each item that is not a condition counts one, each condition one
 * per field of its path, plus the terms of an `any` / `not any` sub-domain. The work the sandbox does for a domain is
 * bounded by a constant per term.
 */
export function domainTerms(domain: unknown): number {
  if (!Array.isArray(domain)) return 0;
  let terms = 0;
  for (const item of domain) {
    if (Array.isArray(item) && item.length === 3 && typeof item[0] === 'string') {
      terms += Math.max(1, item[0].split('.').length);
      if ((item[1] === 'any' || item[1] === 'not any') && Array.isArray(item[2])) terms += domainTerms(item[2]);
    } else {
      terms += 1;
    }
  }
  return terms;
}
