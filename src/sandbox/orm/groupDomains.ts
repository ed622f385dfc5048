// The domains grouped reads give back with each group (`__domain`, `__extra_domain`): the condition of each groupby
// value, and-ed with the request's domain the way the reference's Domain writes a conjunction (flat: `&`, `&`, a, b, c).
import type { GroupBy, GroupRow } from './groupQuery';

/** The domain that selects the records of one group of `group`, the `index`-th groupby, from the group's row. */
export function groupDomain(group: GroupBy, row: GroupRow, index: number): unknown[] {
  const name = group.field.name;
  const raw = row[`g${index}`];
  if (raw === null || raw === undefined) return group.field.type === 'many2many' ? [[name, 'not any', []]] : [[name, '=', false]];
  if (group.granularity) return ['&', [name, '>=', row[`b${index}`]], [name, '<', row[`e${index}`]]];
  return [[name, '=', raw]];
}

/** The end of the prefix expression of `domain` that starts at `start`, and its and-ed parts (`&` flattened). */
function readExpression(domain: readonly unknown[], start: number, parts: unknown[][]): number {
  const item = domain[start];
  if (item === '&') return readExpression(domain, readExpression(domain, start + 1, parts), parts);
  let end = start + 1;
  if (item === '|') end = readExpression(domain, readExpression(domain, end, []), []);
  else if (item === '!') end = readExpression(domain, end, []);
  parts.push(domain.slice(start, end) as unknown[]);
  return end;
}

/** The parts of a domain's conjunction: its top-level terms, with nested `&` opened up. */
function conjuncts(domain: readonly unknown[]): unknown[][] {
  const parts: unknown[][] = [];
  let index = 0;
  while (index < domain.length) index = readExpression(domain, index, parts);
  return parts;
}

/** Domains and-ed into one flat conjunction (empty domains left out). */
export function andDomains(domains: ReadonlyArray<readonly unknown[]>): unknown[] {
  const parts = domains.flatMap((domain) => conjuncts(domain));
  if (parts.length === 0) return [];
  return [...Array<string>(parts.length - 1).fill('&'), ...parts.flat()];
}
