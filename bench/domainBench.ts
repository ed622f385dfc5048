// Domain benchmark (issue 24): how long the sandbox takes to answer or refuse long, deep and random domains on PGlite
// (on PostgreSQL when JSON2_SANDBOX_POSTGRES names a server). The fuzz test checks the work per term; this times it.
import { DOMAIN_LIMITS } from '../src/sandbox/orm/domainParser';
import { startSandbox, type StartedSandbox } from '../src/sandbox/testApi';
import { fuzzDomain, fuzzScalarCondition, loadWorld } from '../test/support/domainFuzzCases';
import { call } from '../test/support/sandboxHttp';
import { below, randomSource } from '../test/support/seededRandom';

const ALL = { context: { active_test: false } };
const RANDOM_DOMAINS = 200;

/** Milliseconds of one search of `domain` (median of `runs`), checking the answer's status. */
async function timedSearch(sandbox: StartedSandbox, domain: unknown[], status: number, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const answer = await call(sandbox, 'res.partner', 'search', { domain, ...ALL });
    times.push(performance.now() - started);
    if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  return Number(times.sort((a, b) => a - b)[Math.floor(runs / 2)].toFixed(1));
}

export async function runDomainBench(): Promise<Record<string, number | string>> {
  const sandbox = await startSandbox({ answerCache: false });
  const label = `domains.${sandbox.backend}`;
  const results: Record<string, number | string> = {};
  try {
    const random = randomSource(24_002);
    const records = await loadWorld(sandbox);
    const or = (parts: unknown[][]) => [...Array.from({ length: parts.length - 1 }, () => '|'), ...parts.flat()];
    for (const count of [1_000, 3_000, 10_000]) {
      const domain = or(Array.from({ length: count }, () => fuzzScalarCondition(random, records).domain));
      results[`${label}.${count} or-ed random conditions, ms`] = await timedSearch(sandbox, domain, 200);
    }
    // The planner's old weak spot: and-ed sub-selects (200 of them took PostgreSQL 104 s before the fix).
    for (const count of [100, 250, DOMAIN_LIMITS.relatedTables]) {
      const domain = Array.from({ length: count }, (_, index) => ['parent_id.name', '!=', `x${index}`]);
      results[`${label}.${count} and-ed parent_id.name conditions, ms`] = await timedSearch(sandbox, domain, 200);
    }
    const attack = Array.from({ length: 20_000 }, (_, index) => ['parent_id.name', '!=', `x${index}`]);
    results[`${label}.20,000 dotted-path conditions refused, ms`] = await timedSearch(sandbox, attack, 500);
    const path = `${Array.from({ length: DOMAIN_LIMITS.pathFields - 1 }, () => 'parent_id').join('.')}.name`;
    results[`${label}.${DOMAIN_LIMITS.pathFields}-field path, ms`] = await timedSearch(sandbox, [[path, 'ilike', 'a']], 200);
    const times: number[] = [];
    for (let index = 0; index < RANDOM_DOMAINS; index += 1) {
      const { domain } = fuzzDomain(random, records, below(random, 5));
      times.push(await timedSearch(sandbox, domain, 200, 1));
    }
    times.sort((a, b) => a - b);
    results[`${label}.${RANDOM_DOMAINS} random fuzz domains (median), ms`] = times[Math.floor(times.length / 2)];
    results[`${label}.${RANDOM_DOMAINS} random fuzz domains (slowest), ms`] = times[times.length - 1];
    return results;
  } finally {
    await sandbox.stop();
  }
}
