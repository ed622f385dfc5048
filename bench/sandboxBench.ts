// Sandbox benchmark: search_read of 80 partners, create and a dotted-path ilike search per second over keep-alive
// HTTP, on PGlite and on PostgreSQL side by side (a throwaway cluster of Debian's postgresql, as in npm test), the cost
// of the first call with a key (slow hash) against later ones (verified-key cache), what databases cost, and the same
// search_read answered from the answer cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { BASE_MODELS } from '../src/sandbox/models/baseModels';
import { GENERIC_METHODS } from '../src/sandbox/methods/genericMethods';
import { populateDatabase } from '../src/sandbox/demo/databaseSetup';
import { Registry } from '../src/sandbox/orm/registry';
import { ensureTemplate } from '../src/sandbox/storage/templateCache';
import { startSandbox, type StartedSandbox } from '../src/sandbox/testApi';

const SEARCH_READ_CALLS = 200;
const CREATE_CALLS = 200;
const LATER_CALLS = 30;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timedCalls(
  pool: Pool,
  sandbox: StartedSandbox,
  key: string,
  path: string,
  bodies: () => string,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await pool.request({
      method: 'POST',
      path,
      body: bodies(),
      headers: { 'content-type': 'application/json', authorization: `bearer ${key}`, 'x-service-database': sandbox.database },
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${text.slice(0, 200)}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Builds a template from scratch in a throw-away cache folder: the cost a first start pays once. */
async function measureTemplateBuild(): Promise<{ ms: number; peakRssMb: number }> {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-bench-template-'));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const registry = Registry.build(BASE_MODELS, GENERIC_METHODS);
    const built = await ensureTemplate({ cacheDir, version: 'bench', populate: (storage) => populateDatabase(storage, registry, 14) });
    return { ms: built.buildMs, peakRssMb: peak / 1e6 };
  } finally {
    clearInterval(sampler);
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

interface Cluster {
  url: string;
  version: string;
  stop(): void;
}

/** The same throwaway cluster as npm test's unit-postgres step (test/host/postgresCluster.mjs). */
async function startCluster(): Promise<Cluster> {
  const modulePath = path.resolve(__dirname, '../../test/host/postgresCluster.mjs');
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<{ startPostgresCluster(): Promise<Cluster> }>;
  return (await load(pathToFileURL(modulePath).href)).startPostgresCluster();
}

const perSecond = (times: number[]) => Math.round(1000 / (times.reduce((a, b) => a + b, 0) / times.length));

/** The workload compared between the backends: calls per second and medians, one call at a time. */
async function measureWorkload(sandbox: StartedSandbox, pool: Pool): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  const searchBody = JSON.stringify({ domain: [], fields: ['name', 'email', 'phone', 'country_id', 'parent_id', 'is_company'], limit: 80 });
  await timedCalls(pool, sandbox, sandbox.keys.admin, '/json/2/res.partner/search_read', () => searchBody, 20);
  const reads = await timedCalls(pool, sandbox, sandbox.keys.admin, '/json/2/res.partner/search_read', () => searchBody, SEARCH_READ_CALLS);
  results['search_read 80 partners, calls/s'] = perSecond(reads);
  results['search_read 80 partners (median), ms'] = Number(median(reads).toFixed(2));

  let n = 0;
  const creates = await timedCalls(
    pool,
    sandbox,
    sandbox.keys.admin,
    '/json/2/res.partner/create',
    () => JSON.stringify({ vals_list: [{ name: `Bench ${n++}`, email: 'bench@example.com' }] }),
    CREATE_CALLS,
  );
  results['create one partner, calls/s'] = perSecond(creates);
  results['create one partner (median), ms'] = Number(median(creates).toFixed(2));

  // Contacts whose company is in a country whose name contains "an": two joins through many2one fields.
  const dottedBody = JSON.stringify({ domain: [['parent_id.country_id.name', 'ilike', 'an']], fields: ['name', 'parent_id'], limit: 80 });
  const dotted = await timedCalls(
    pool,
    sandbox,
    sandbox.keys.admin,
    '/json/2/res.partner/search_read',
    () => dottedBody,
    SEARCH_READ_CALLS,
  );
  results['search_read parent_id.country_id.name ilike, calls/s'] = perSecond(dotted);
  results['search_read parent_id.country_id.name ilike (median), ms'] = Number(median(dotted).toFixed(2));
  return results;
}

/** The same search_read repeated on a sandbox with its answer cache (the default): answered without database work. */
async function measureAnswerCache(): Promise<Record<string, number>> {
  const sandbox = await startSandbox();
  const pool = new Pool(sandbox.url, { connections: 1, pipelining: 1 });
  try {
    const searchBody = JSON.stringify({
      domain: [],
      fields: ['name', 'email', 'phone', 'country_id', 'parent_id', 'is_company'],
      limit: 80,
    });
    await timedCalls(pool, sandbox, sandbox.keys.admin, '/json/2/res.partner/search_read', () => searchBody, 20);
    const reads = await timedCalls(
      pool,
      sandbox,
      sandbox.keys.admin,
      '/json/2/res.partner/search_read',
      () => searchBody,
      SEARCH_READ_CALLS,
    );
    return {
      'sandbox.pglite.search_read 80 partners from the answer cache, calls/s': perSecond(reads),
      'sandbox.pglite.search_read 80 partners from the answer cache (median), ms': Number(median(reads).toFixed(2)),
    };
  } finally {
    await pool.close();
    await sandbox.stop();
  }
}

async function benchBackend(postgres: string | null, results: Record<string, number | string>): Promise<Record<string, number>> {
  const label = postgres === null ? 'pglite' : 'postgres';
  // A fresh cluster has no template yet: build it first, as the PGlite cache already holds one.
  if (postgres !== null) await (await startSandbox({ postgres })).stop();
  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  // The backends' own speed: every read runs on the database (the answer cache is measured on its own below).
  const sandbox = await startSandbox({ postgres, answerCache: false });
  results[`sandbox.${label}.startSandbox (template copy, open, 3 keys), ms`] = Math.round(performance.now() - started);
  const pool = new Pool(sandbox.url, { connections: 1, pipelining: 1 });
  try {
    started = performance.now();
    const report = await sandbox.server.catalog.createDatabase('bench_copy');
    results[`sandbox.${label}.new database from template, ms`] = Math.round(performance.now() - started);
    results[`sandbox.${label}.template copy, ms`] = report.copyMs;
    await sandbox.server.catalog.dropDatabase('bench_copy');
    results[`sandbox.${label}.process RSS added by a sandbox with one open database, MB`] = Math.round(
      (process.memoryUsage().rss - rssBefore) / 1e6,
    );

    if (postgres === null) {
      const firstKey = await sandbox.newKey('admin');
      const first = await timedCalls(pool, sandbox, firstKey, '/json/2/res.users/context_get', () => '{}', 1);
      const later = await timedCalls(pool, sandbox, firstKey, '/json/2/res.users/context_get', () => '{}', LATER_CALLS);
      results['sandbox.first call with a new key, ms'] = Number(first[0].toFixed(1));
      results['sandbox.later calls with the same key (median), ms'] = Number(median(later).toFixed(2));
    }
    const workload = await measureWorkload(sandbox, pool);
    for (const [name, value] of Object.entries(workload)) results[`sandbox.${label}.${name}`] = value;
    if (postgres === null) Object.assign(results, await measureAnswerCache());
    return workload;
  } finally {
    await pool.close();
    await sandbox.stop();
  }
}

export async function runSandboxBench(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  const pglite = await benchBackend(null, results);
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster();
    results['sandbox.postgres server'] = cluster.version;
    const postgres = await benchBackend(cluster.url, results);
    for (const name of Object.keys(pglite).filter((key) => key.endsWith('calls/s'))) {
      results[`sandbox.ratio postgres/pglite, ${name}`] = Number((postgres[name] / pglite[name]).toFixed(2));
    }
  } catch (error) {
    results['sandbox.postgres'] = `not measured: ${(error as Error).message}`;
  } finally {
    cluster?.stop();
  }
  const template = await measureTemplateBuild();
  results['sandbox.template build (initdb + schema + demo data), ms'] = Math.round(template.ms);
  results['sandbox.template build peak RSS, MB'] = Math.round(template.peakRssMb);
  return results;
}

if (require.main === module) {
  runSandboxBench().then(
    (results) => {
      for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(60)} ${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
