// Fuzzing domains over real HTTP (issue 24): random well-formed domains (size, depth, dotted paths, operators, any,
// nesting) match what an evaluation in the test says; junk and oversized domains get an answer or a clean refusal; the
// work of every call (statements, SQL size, sub-selects, the query plan) stays within a bound per term of the domain,
// and the database's worker (or connection) is never replaced. No wall time is asserted: `npm run bench domains` times.
// Other inputs: JSON2_FUZZ_SEED=<number>; more of them: JSON2_FUZZ_SCALE=<n>.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOMAIN_LIMITS } from '../../../src/sandbox/orm/domainParser';
import { startSandbox, type RecordedStatement, type StartedSandbox } from '../../../src/sandbox/testApi';
import {
  domainTerms,
  fuzzDomain,
  fuzzRelationalCondition,
  fuzzScalarCondition,
  junkDomain,
  loadWorld,
  type FuzzDomain,
  type Partner,
  type World,
} from '../../support/domainFuzzCases';
import { call, ok, type ErrorObject } from '../../support/sandboxHttp';
import { below, randomSource } from '../../support/seededRandom';

const SEED = Number(process.env.JSON2_FUZZ_SEED ?? 24_002);
const SCALE = Number(process.env.JSON2_FUZZ_SCALE ?? 1);
/**
 * The work one search may cost: a fixed part plus a part per term of its domain (domainTerms). Measured maxima (several seeds)
 * reach a third to two thirds of these (see docs/sandbox.md, "Domains"); work that grew faster than the domain
 * (a statement per condition, SQL repeated per level, sub-selects turned into joins by the planner) breaks them.
 */
const BOUND = {
  statements: 3,
  sqlChars: { base: 1_500, perTerm: 600 },
  subselects: { base: 4, perTerm: 4 },
  params: { base: 4, perTerm: 3 },
  planNodes: { base: 12, perTerm: 12 },
};
/** What a refused domain may be answered with: the reference's errors for a bad domain or a value out of range. */
const CLEAN_ERRORS = new Set(['builtins.ValueError', 'builtins.TypeError', 'psycopg2.errors.NumericValueOutOfRange']);

interface Work {
  terms: number;
  statements: number;
  sqlChars: number;
  subselects: number;
  joins: number;
  params: number;
}
interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}

let sandbox: StartedSandbox;
let world: World;
let storage: unknown;
let everyone: number;
/** The largest share of its bound each measure reached, and where. */
const largest = new Map<string, { share: number; where: string }>();

const ALL = { context: { active_test: false } };
const storageNow = () => sandbox.server.catalog.use(sandbox.database, async (open) => open);
const occurrences = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

before(async () => {
  sandbox = await startSandbox();
  world = await loadWorld(sandbox);
  everyone = world.partners.size;
  storage = await storageNow();
});

after(async () => {
  const shares = [...largest].map(([measure, { share, where }]) => `${measure} ${Math.round(share * 100)} % (${where})`);
  process.stdout.write(`# domain fuzz (seed ${SEED}): largest share of the bound: ${shares.join(', ')}\n`);
  await sandbox?.stop();
});

/** The query plan PostgreSQL makes for `statement` (EXPLAIN, not run): its nodes and join nodes. */
async function planOf(statement: RecordedStatement): Promise<{ nodes: number; joins: number }> {
  const result = await sandbox.server.catalog.use(sandbox.database, (open) =>
    open.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params),
  );
  const raw = result.rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  let nodes = 0;
  let joins = 0;
  const pending = [plan[0].Plan];
  while (pending.length > 0) {
    const node = pending.pop() as PlanNode;
    nodes += 1;
    if (/Join|Nested Loop/.test(node['Node Type'])) joins += 1;
    pending.push(...(node.Plans ?? []));
  }
  return { nodes, joins };
}

/**
 * A search of `domain`, checking the work it cost against BOUND; for a search that ran, PostgreSQL's plan too: no more
 * nodes than the bound and no join the SQL does not write (a sub-select the planner turned into a semi-join, whose
 * planning time explodes with their number).
 */
async function boundedSearch(domain: unknown[], label: string): Promise<{ status: number; json: unknown }> {
  const recording = sandbox.recordStatements();
  let answer: { status: number; json: unknown };
  try {
    answer = await call(sandbox, 'res.partner', 'search', { domain, ...ALL });
  } finally {
    recording.stop();
  }
  const terms = domainTerms(domain);
  const longest = recording.statements.reduce<RecordedStatement | null>(
    (found, statement) => (found === null || statement.sql.length > found.sql.length ? statement : found),
    null,
  );
  const work: Work = {
    terms,
    statements: recording.statements.length,
    sqlChars: longest?.sql.length ?? 0,
    subselects: occurrences(longest?.sql ?? '', /\bSELECT\b/g),
    joins: occurrences(longest?.sql ?? '', /\bJOIN\b/g),
    params: longest?.params.length ?? 0,
  };
  const within = (value: number, bound: { base: number; perTerm: number }, measure: string) => {
    const share = value / (bound.base + bound.perTerm * terms);
    if (share > (largest.get(measure)?.share ?? -1)) largest.set(measure, { share, where: `${label}, ${terms} terms` });
    return share <= 1;
  };
  const show = `${label}: ${JSON.stringify(work)}: ${JSON.stringify(domain).slice(0, 300)}`;
  assert.ok(work.statements <= BOUND.statements, `statements, ${show}`);
  assert.ok(within(work.sqlChars, BOUND.sqlChars, 'SQL characters'), `SQL characters, ${show}`);
  assert.ok(within(work.subselects, BOUND.subselects, 'sub-selects'), `sub-selects, ${show}`);
  assert.ok(within(work.params, BOUND.params, 'parameters'), `parameters, ${show}`);
  if (answer.status === 200 && longest !== null) {
    const plan = await planOf(longest);
    assert.ok(within(plan.nodes, BOUND.planNodes, 'plan nodes'), `plan nodes ${plan.nodes}, ${show}`);
    assert.ok(plan.joins <= work.joins, `${plan.joins} joins in the plan for ${work.joins} in the SQL, ${show}`);
  }
  return answer;
}

async function assertMatches(domain: unknown[], matches: (row: Partner, w: World) => boolean, label: string): Promise<void> {
  const answer = await boundedSearch(domain, label);
  assert.equal(answer.status, 200, `${label}: ${JSON.stringify(answer.json).slice(0, 300)}\n${JSON.stringify(domain).slice(0, 500)}`);
  const expected = [...world.partners.values()]
    .filter((row) => matches(row, world))
    .map((row) => row.id)
    .sort((a, b) => a - b);
  assert.deepEqual(
    [...(answer.json as number[])].sort((a, b) => a - b),
    expected,
    `${label}: ${JSON.stringify(domain)}`,
  );
}

/** An answer, or the error of a bad domain after which the database answers the next call. */
async function assertCleanAnswer(domain: unknown[], label: string): Promise<void> {
  const answer = await boundedSearch(domain, label);
  if (answer.status === 200) return;
  const error = answer.json as ErrorObject;
  assert.equal(answer.status, 500, `${label}: ${JSON.stringify(error).slice(0, 300)}`);
  assert.ok(
    CLEAN_ERRORS.has(error.name),
    `${label}: ${error.name}: ${error.message.slice(0, 300)}\n${JSON.stringify(domain).slice(0, 500)}`,
  );
  assert.equal(await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [], ...ALL }), everyone, `${label}: the next call`);
}

async function assertSameWorker(): Promise<void> {
  assert.equal(await storageNow(), storage, 'the database was opened again: its worker or connection stopped');
  assert.equal((storage as { alive: boolean }).alive, true);
}

/** `|` over all `parts`, leaning left, and what it matches. */
function orOf(parts: FuzzDomain[]): FuzzDomain {
  return {
    domain: [...Array.from({ length: parts.length - 1 }, () => '|'), ...parts.flatMap((part) => part.domain)],
    matches: (row, w) => parts.some((part) => part.matches(row, w)),
  };
}

describe(`domain fuzz (seed ${SEED})`, () => {
  it('random well-formed domains match what an evaluation in the test says, within the bound of work', async () => {
    const random = randomSource(SEED);
    for (let index = 0; index < 100 * SCALE; index += 1) {
      const { domain, matches } = fuzzDomain(random, world, below(random, 5));
      await assertMatches(domain, matches, `domain ${index}`);
    }
    await assertSameWorker();
  });

  it('junk gets an answer or the error of a bad domain, never a crash', async () => {
    const random = randomSource(SEED + 1);
    for (let index = 0; index < 100 * SCALE; index += 1)
      await assertCleanAnswer(junkDomain(random, 1 + below(random, 12)), `junk ${index}`);
    await assertSameWorker();
  });

  it('the work grows linearly: a domain repeated k times costs at most k times as much', async () => {
    const random = randomSource(SEED + 3);
    const unit = orOf([
      ...Array.from({ length: 6 }, () => fuzzScalarCondition(random, world)),
      ...Array.from({ length: 4 }, () => fuzzRelationalCondition(random, world)),
    ]);
    const costs: Array<{ copies: number; sqlChars: number; subselects: number; nodes: number }> = [];
    for (const copies of [1, 4, 16]) {
      const repeated = orOf(Array.from({ length: copies }, () => unit));
      const recording = sandbox.recordStatements();
      try {
        await assertMatches(repeated.domain, repeated.matches, `${copies} copies`);
      } finally {
        recording.stop();
      }
      const longest = recording.statements.reduce((found, statement) => (statement.sql.length > found.sql.length ? statement : found));
      costs.push({
        copies,
        sqlChars: longest.sql.length,
        subselects: occurrences(longest.sql, /\bSELECT\b/g),
        nodes: (await planOf(longest)).nodes,
      });
    }
    const [one] = costs;
    for (const cost of costs.slice(1)) {
      const label = JSON.stringify(costs);
      assert.ok(cost.sqlChars <= one.sqlChars * cost.copies + 20 * cost.copies, `SQL characters: ${label}`);
      assert.ok(cost.subselects <= (one.subselects - 1) * cost.copies + 1, `sub-selects: ${label}`);
      assert.ok(cost.nodes <= one.nodes * cost.copies, `plan nodes: ${label}`);
    }
  });

  it('large and deep domains: answered within the limits, refused beyond them, within the bound of work', async () => {
    const random = randomSource(SEED + 2);
    // Thousands of or-ed conditions (a result to compare, where an AND would be empty), and as many relational ones as
    // the related-tables limit lets through (each reads one to four tables); far more of those are refused.
    const scalar = orOf(Array.from({ length: 3_000 }, () => fuzzScalarCondition(random, world)));
    await assertMatches(scalar.domain, scalar.matches, '3,000 or-ed conditions');
    const relational = orOf(Array.from({ length: 100 }, () => fuzzRelationalCondition(random, world)));
    await assertMatches(relational.domain, relational.matches, '100 or-ed relational conditions');
    await assertCleanAnswer(
      orOf(Array.from({ length: 2_000 }, () => fuzzRelationalCondition(random, world))).domain,
      '2,000 or-ed relational conditions',
    );
    // As deep as allowed, alternating operators over random conditions; one level deeper is refused.
    for (const levels of [DOMAIN_LIMITS.depth - 1, DOMAIN_LIMITS.depth]) {
      const parts = Array.from({ length: levels + 1 }, () => fuzzScalarCondition(random, world));
      const domain: unknown[] = [];
      parts.slice(0, -1).forEach((part, index) => domain.push(index % 2 === 0 ? '|' : '&', ...part.domain));
      domain.push(...parts[parts.length - 1].domain);
      const matches = (row: Partner, w: World): boolean =>
        parts.reduceRight<boolean | null>((rest, part, index) => {
          if (rest === null) return part.matches(row, w);
          return index % 2 === 0 ? part.matches(row, w) || rest : part.matches(row, w) && rest;
        }, null) as boolean;
      if (levels < DOMAIN_LIMITS.depth) await assertMatches(domain, matches, `${levels + 1} levels`);
      else await assertCleanAnswer(domain, `${levels + 1} levels`);
    }
    for (const fields of [DOMAIN_LIMITS.pathFields, DOMAIN_LIMITS.pathFields + 1, 4_500]) {
      await assertCleanAnswer(
        [[`${Array.from({ length: fields - 1 }, () => 'parent_id').join('.')}.name`, 'ilike', 'a']],
        `${fields}-field path`,
      );
    }
    await assertCleanAnswer(
      Array.from({ length: DOMAIN_LIMITS.conditions + 1 }, (_, index) => ['name', '!=', `x${index}`]),
      'too many conditions',
    );
    await assertSameWorker();
  });
});
