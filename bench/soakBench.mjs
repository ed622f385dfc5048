// `npm run bench soak [-- --minutes N]`: the sandbox's memory under a long mixed load (issue 23). Starts `json2 sandbox`
// (dist/cli.js) in a process of its own as the extension does, measures its RSS with the demo database open and idle
// and with more open databases, then runs N minutes (default 10) of mixed calls: small reads and writes all the time,
// very large reads (every record, every field) alone and four at once, and one database created, used and dropped per
// minute; then one more minute with nothing to do. Reports the RSS over time against the targets.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const MB = 1024 * 1024;
const TARGETS = { idle: 200, perDatabase: 100, peak: 600, after: 250 };
const EXTRA_PARTNERS = 20_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS in MB of the process and its descendants (Linux /proc; the sandbox runs PGlite in threads, not processes). */
function treeRss(pid) {
  let total = 0;
  const visit = (id) => {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      for (const task of fs.readdirSync(`/proc/${id}/task`)) {
        const children = fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return Math.round(total / MB);
}

/**
 * Starts the sandbox as the extension's Start Local Sandbox does (core's startSandboxProcess on dist/cli.js: a fork
 * with the same environment, allocator settings included), on a fresh data folder; its ready line gives the master
 * password it made.
 */
async function startSandbox(root, dataDir) {
  const require = createRequire(import.meta.url);
  const { startSandboxProcess } = require(path.join(root, 'out/src/core/localSandbox/sandboxProcess.js'));
  const { userCacheDir } = require(path.join(root, 'out/src/sandbox/storage/sandboxPaths.js'));
  const process_ = await startSandboxProcess({
    cliPath: path.join(root, 'dist/cli.js'),
    dataDir,
    cacheDir: userCacheDir(),
    port: 0,
    onLog: () => undefined,
  });
  const { ready } = process_;
  return { process: process_, pid: process_.pid, url: ready.url, key: ready.apiKey.key, master: ready.masterPassword };
}

function client(sandbox) {
  const json2 = async (model, method, body, database = 'demo', key = sandbox.key) => {
    const response = await fetch(`${sandbox.url}/json/2/${model}/${method}`, {
      method: 'POST',
      headers: { authorization: `bearer ${key}`, 'content-type': 'application/json', 'x-service-database': database },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${model}/${method} on ${database}: ${response.status} ${text.slice(0, 300)}`);
    return { bytes: Buffer.byteLength(text), value: text.length < 10 * MB ? JSON.parse(text) : null };
  };
  const rpc = async (service, method, args) => {
    const response = await fetch(`${sandbox.url}/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: 1 }),
    });
    const answer = await response.json();
    if (answer.error) throw new Error(`${service}.${method}: ${JSON.stringify(answer.error).slice(0, 300)}`);
    return answer.result;
  };
  return { json2, rpc };
}

async function addPartners({ json2 }) {
  for (let done = 0; done < EXTRA_PARTNERS; done += 2_000) {
    const batch = Array.from({ length: 2_000 }, (_, index) => ({
      name: `Soak contact ${done + index}`,
      email: `soak${done + index}@example.com`,
      city: 'Soakville',
      comment: 'x'.repeat(200),
    }));
    await json2('res.partner', 'create', { vals_list: batch });
  }
}

/** A database made, opened (a login and a read as its admin) and dropped, as a person trying something would. */
async function databaseRoundTrip({ rpc }, master, name) {
  await rpc('db', 'create_database', [master, name, true, 'en_US', 'admin']);
  const uid = await rpc('common', 'login', [name, 'admin', 'admin']);
  await rpc('object', 'execute_kw', [name, uid, 'admin', 'res.partner', 'search_read', [[]], { fields: ['name'], limit: 80 }]);
  await rpc('db', 'drop', [master, name]);
}

async function smallCalls({ json2 }) {
  await json2('res.partner', 'search_read', { domain: [['is_company', '=', true]], fields: ['name', 'email', 'country_id'], limit: 80 });
  await json2('res.partner', 'fields_get', { attributes: ['type', 'string'] });
  const { value: ids } = await json2('res.partner', 'create', { vals_list: [{ name: 'Soak temporary' }] });
  await json2('res.partner', 'write', { ids, vals: { city: 'Elsewhere' } });
  await json2('res.partner', 'unlink', { ids });
}

const largeRead = ({ json2 }) => json2('res.partner', 'search_read', { domain: [], limit: 0 });

async function measureOpenDatabases(sandbox, calls, rss) {
  await calls.json2('res.partner', 'search_read', { domain: [], fields: ['name'], limit: 10 });
  await sleep(5_000);
  const idle = rss();
  const figures = { 'soak: demo open and idle, MB': idle };
  let previous = idle;
  for (const name of ['extra_1', 'extra_2']) {
    await calls.rpc('db', 'create_database', [sandbox.master, name, true, 'en_US', 'admin']);
    await calls.rpc('common', 'login', [name, 'admin', 'admin']);
    await sleep(5_000);
    const now = rss();
    figures[`soak: with ${name} open too, MB (+${now - previous})`] = now;
    previous = now;
  }
  for (const name of ['extra_1', 'extra_2']) await calls.rpc('db', 'drop', [sandbox.master, name]);
  return figures;
}

async function soak(sandbox, calls, rss, minutes, log) {
  const samples = [];
  const started = Date.now();
  const end = started + minutes * 60_000;
  let stop = false;
  const sampler = (async () => {
    while (!stop) {
      samples.push({ s: Math.round((Date.now() - started) / 1000), mb: rss() });
      await sleep(2_000);
    }
  })();
  let calls_ = 0;
  let large = 0;
  let databases = 0;
  const small = (async () => {
    while (Date.now() < end) {
      await smallCalls(calls);
      calls_ += 5;
    }
  })();
  const big = (async () => {
    for (let round = 0; Date.now() < end; round += 1) {
      const concurrent = round % 3 === 2 ? 4 : 1;
      await Promise.all(Array.from({ length: concurrent }, () => largeRead(calls)));
      large += concurrent;
      await sleep(10_000);
    }
  })();
  const dbs = (async () => {
    for (let minute = 0; Date.now() < end; minute += 1) {
      const next = started + (minute + 1) * 60_000;
      await databaseRoundTrip(calls, sandbox.master, `soak_${minute}`);
      databases += 1;
      log(`soak: minute ${minute + 1}, ${rss()} MB`);
      await sleep(Math.max(0, Math.min(next, end) - Date.now()));
    }
  })();
  await Promise.all([small, big, dbs]);
  const soakEnd = Date.now();
  await sleep(60_000);
  stop = true;
  await sampler;
  const during = samples.filter((sample) => sample.s * 1000 <= soakEnd - started);
  const afterward = samples.filter((sample) => sample.s * 1000 > soakEnd - started);
  return { samples, during, afterward, calls: calls_, large, databases, soakSeconds: Math.round((soakEnd - started) / 1000) };
}

/** `options.minutes` (default 10); `options.log` for progress lines. */
export async function measureSoak(root, options = {}) {
  const minutes = options.minutes ?? 10;
  const log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-soak-'));
  const sandbox = await startSandbox(root, path.join(scratch, 'data'));
  const rss = () => treeRss(sandbox.pid);
  const calls = client(sandbox);
  try {
    const figures = { 'soak: after start, MB': rss() };
    Object.assign(figures, await measureOpenDatabases(sandbox, calls, rss));
    await addPartners(calls);
    const { bytes } = await largeRead(calls);
    log(
      `soak: ${minutes} min; one large read is ${(bytes / MB).toFixed(1)} MB of JSON; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const run = await soak(sandbox, calls, rss, minutes, log);
    const peak = Math.max(...run.during.map((sample) => sample.mb));
    const last = run.afterward.at(-1)?.mb ?? rss();
    const firstUnder = run.afterward.find((sample) => sample.mb < TARGETS.after);
    Object.assign(figures, {
      'soak: large read, MB of JSON': Math.round((bytes / MB) * 10) / 10,
      'soak: minutes': minutes,
      'soak: calls (small / large / databases made and dropped)': `${run.calls} / ${run.large} / ${run.databases}`,
      'soak: peak RSS during, MB': peak,
      'soak: RSS at the end of the calls, MB': run.during.at(-1)?.mb,
      'soak: RSS 60 s after, MB': last,
      'soak: under 250 MB after, s': firstUnder ? firstUnder.s - run.soakSeconds : 'not within 60 s',
      'soak: RSS every 30 s, MB': run.samples
        .filter((sample) => sample.s % 30 < 2)
        .map((sample) => sample.mb)
        .join(' '),
      'soak: targets (idle / per database / peak / 60 s after), MB': `${TARGETS.idle} / ${TARGETS.perDatabase} / ${TARGETS.peak} / ${TARGETS.after}`,
      'soak: load average at the end': os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' '),
    });
    return figures;
  } finally {
    await sandbox.process.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
