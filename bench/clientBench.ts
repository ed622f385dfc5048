// Client benchmark: Json2Client.call's overhead over a raw undici request to the same endpoint, and calls per second
// with and without keep-alive. Runs against a sandbox started through its test API, or against a given target.
import { Pool } from 'undici';
import { Json2Client } from '../src/core/client/json2Client';
import { startSandbox } from '../src/sandbox/testApi';

export interface ClientBenchTarget {
  readonly url: string;
  readonly apiKey: string;
  readonly database?: string;
}

const MODEL = 'res.users';
const METHOD = 'context_get';
const ROUNDS = 30;
const CALLS_PER_ROUND = 50;

/**
 * Measures on one target in one run: per-call time of a raw undici request and of `Json2Client.call` (same path,
 * headers and body, alternating rounds so that drift hits both), the median of their per-round ratios, and sequential
 * calls per second with and without keep-alive.
 */
export async function runClientBench(target?: ClientBenchTarget): Promise<Record<string, number | string>> {
  let stop: (() => Promise<void>) | undefined;
  if (!target) {
    const sandbox = await startSandbox();
    target = { url: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database };
    stop = () => sandbox.stop();
  }
  try {
    return await measure(target);
  } finally {
    await stop?.();
  }
}

async function measure(target: ClientBenchTarget): Promise<Record<string, number | string>> {
  const client = new Json2Client({ baseUrl: target.url, apiKey: target.apiKey, database: target.database });
  const origin = new URL(target.url).origin;
  const pool = new Pool(origin, { connections: 8 });
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    accept: 'application/json',
    authorization: `bearer ${target.apiKey}`,
    'user-agent': 'json2-explorer-bench',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (target.database !== undefined) headers['x-service-database'] = target.database;
  const rawCall = async (): Promise<unknown> => {
    const response = await pool.request({ origin, method: 'POST', path: `/json/2/${MODEL}/${METHOD}`, headers, body: '{}' });
    if (response.statusCode !== 200) throw new Error(`raw call answered ${response.statusCode}`);
    return response.body.json();
  };
  const clientCall = (): Promise<unknown> => client.call(MODEL, METHOD);

  for (let i = 0; i < 50; i += 1) {
    await rawCall();
    await clientCall();
  }
  // Each round times both, in alternating order; the ratio is the median of the rounds' ratios, so that the machine's
  // load, which drifts between rounds, weighs on both sides of each ratio alike.
  const raw: number[] = [];
  const wrapped: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const [first, second] = round % 2 === 0 ? [rawCall, clientCall] : [clientCall, rawCall];
    const firstMs = await perCallMs(first);
    const secondMs = await perCallMs(second);
    const [rawRound, clientRound] = round % 2 === 0 ? [firstMs, secondMs] : [secondMs, firstMs];
    raw.push(rawRound);
    wrapped.push(clientRound);
    ratios.push(clientRound / rawRound);
  }
  const rawMs = median(raw);
  const clientMs = median(wrapped);

  const keptAlive = await callsPerSecond(clientCall);
  const fresh = new Json2Client({ baseUrl: target.url, apiKey: target.apiKey, database: target.database, transport: { keepAlive: false } });
  const withoutKeepAlive = await callsPerSecond(() => fresh.call(MODEL, METHOD));
  await Promise.all([client.close(), fresh.close(), pool.close()]);
  return {
    'client.call': `${MODEL}/${METHOD}`,
    'client.raw undici ms/call': rawMs,
    'client.Json2Client ms/call': clientMs,
    'client.overhead ratio': median(ratios),
    'client.calls/s keep-alive': keptAlive,
    'client.calls/s no keep-alive': withoutKeepAlive,
  };
}

async function perCallMs(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CALLS_PER_ROUND; i += 1) await call();
  return (performance.now() - started) / CALLS_PER_ROUND;
}

async function callsPerSecond(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let calls = 0;
  while (performance.now() - started < 1000) {
    await call();
    calls += 1;
  }
  return Math.round(calls / ((performance.now() - started) / 1000));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 1000) / 1000;
}
