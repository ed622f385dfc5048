// Whole-database operations and the calls running on the same database: duplicate, rename and drop wait for the
// running calls to finish, hold new calls back meanwhile, and those then find the database as the operation left it.
// Runs on PGlite, and on PostgreSQL in the unit-postgres step.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
  // Copies that keep the API keys, so that the sandbox's admin key works on every database.
  for (const name of ['second', 'third'])
    assert.equal((await dbService('duplicate_database', [sandbox.database, name, false])).result, true);
});
after(async () => {
  await sandbox?.stop();
});

const pool = () => sandbox.server.catalog.pool;

interface Answer {
  status: number;
  body: string;
  at: number;
}

async function json2(database: string, model: string, method: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${sandbox.url}/json/2/${model}/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.keys.admin}`, 'Content-Type': 'application/json', 'X-Service-Database': database },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.text(), at: Date.now() };
}

async function dbService(
  method: string,
  args: unknown[],
): Promise<{ result?: unknown; error?: { data?: { message?: string } }; at: number }> {
  const response = await fetch(`${sandbox.url}/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      method: 'call',
      params: { service: 'db', method, args: [sandbox.masterPassword, ...args] },
      id: 1,
    }),
  });
  return { ...((await response.json()) as object), at: Date.now() };
}

async function jsonRpc(service: string, method: string, args: unknown[]): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: 1 }),
  });
  const answer = (await response.json()) as { result?: unknown; error?: unknown };
  if (!('result' in answer)) throw new Error(`${service}.${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (database: string, seconds: number) => json2(database, sandbox.slowMethod.model, sandbox.slowMethod.method, { seconds });
const countPartners = (database: string) => json2(database, 'res.partner', 'search_count', { domain: [] });

describe('whole-database operations and running calls', () => {
  it('lets a call that is using the database finish its statements before a duplicate closes it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = sandbox.server.catalog.use('demo', async (storage) => {
      await gate;
      return (await storage.query<{ n: number }>('SELECT count(*) AS n FROM res_partner')).rows[0].n;
    });
    await until(() => pool().usersOf('demo') === 1, 'the call to start');
    const duplicate = dbService('duplicate_database', ['demo', 'demo_snapshot', false]);
    await until(() => pool().isBlocked('demo'), 'the duplicate to wait');
    release();
    const [count, copied] = await Promise.all([running, duplicate]);
    assert.ok(count > 100, 'the running call read the partners after the duplicate had started');
    assert.equal(copied.result, true, JSON.stringify(copied.error));
    const [onCopy, onSource] = await Promise.all([countPartners('demo_snapshot'), countPartners('demo')]);
    assert.deepEqual([onCopy.status, onSource.status], [200, 200]);
    assert.equal(onCopy.body, onSource.body);
  });

  it('duplicates only after a running call ends, and holds a call made meanwhile until the copy is done', async () => {
    const completedBefore = sandbox.slowMethod.completed();
    const slow = sleep('demo', 0.6);
    await until(() => pool().usersOf('demo') === 1, 'the slow call to start');
    const duplicate = dbService('duplicate_database', ['demo', 'demo_twin', false]);
    await until(() => pool().isBlocked('demo'), 'the duplicate to wait');
    const queued = countPartners('demo');
    const [slept, copied, counted] = await Promise.all([slow, duplicate, queued]);
    assert.equal(slept.status, 200, slept.body);
    assert.deepEqual(JSON.parse(slept.body), { slept: 0.6, cancelled: false });
    assert.equal(sandbox.slowMethod.completed(), completedBefore + 1);
    assert.equal(copied.result, true, JSON.stringify(copied.error));
    assert.ok(copied.at >= slept.at, 'the duplicate ended after the running call');
    assert.equal(counted.status, 200, counted.body);
    assert.ok(counted.at >= slept.at, 'the call made during the duplicate was held until the running call and the copy ended');
    assert.equal((await countPartners('demo_twin')).body, counted.body);
  });

  it('drops only after a running call ends; a call made meanwhile finds no database', async () => {
    const slow = sleep('second', 0.5);
    await until(() => pool().usersOf('second') === 1, 'the slow call to start');
    const dropped = dbService('drop', ['second']);
    await until(() => pool().isBlocked('second'), 'the drop to wait');
    const queued = countPartners('second');
    const [slept, drop, late] = await Promise.all([slow, dropped, queued]);
    assert.equal(slept.status, 200, slept.body);
    assert.equal(drop.result, true, JSON.stringify(drop.error));
    assert.ok(drop.at >= slept.at, 'the drop ended after the running call');
    assert.equal(late.status, 404, 'the database is gone for the call that waited');
    assert.match(late.body, /database/i);
    assert.equal(sandbox.server.catalog.exists('second'), false);
  });

  it('renames only after a running call ends; a call made meanwhile on the old name finds no database, the new name works', async () => {
    const slow = sleep('third', 0.5);
    await until(() => pool().usersOf('third') === 1, 'the slow call to start');
    const renamed = dbService('rename', ['third', 'third_renamed']);
    await until(() => pool().isBlocked('third'), 'the rename to wait');
    const queued = countPartners('third');
    const [slept, rename, late] = await Promise.all([slow, renamed, queued]);
    assert.equal(slept.status, 200, slept.body);
    assert.equal(rename.result, true, JSON.stringify(rename.error));
    assert.ok(rename.at >= slept.at, 'the rename ended after the running call');
    assert.equal(late.status, 404);
    const onNewName = await countPartners('third_renamed');
    assert.equal(onNewName.status, 200, onNewName.body);
    assert.equal(onNewName.body, (await countPartners('demo')).body);
  });
});

describe('create_database and its demo argument', () => {
  it('creates the demo data when asked, and otherwise only the reference data and the administrator', async () => {
    const contents = async (database: string) => {
      const uid = await jsonRpc('common', 'login', [database, 'boss', 'boss pw']);
      assert.equal(typeof uid, 'number', `the administrator logs in to ${database}`);
      const run = (model: string, method: string, args: unknown[], kw: Record<string, unknown> = {}) =>
        jsonRpc('object', 'execute_kw', [database, uid, 'boss pw', model, method, args, kw]);
      const users = (await run('res.users', 'search_read', [[]], { fields: ['login'], order: 'login' })) as Array<{ login: string }>;
      return {
        logins: users.map((user) => user.login),
        partners: await run('res.partner', 'search_count', [[]], { context: { active_test: false } }),
        tags: await run('res.partner.category', 'search_count', [[]]),
        countries: await run('res.country', 'search_count', [[]]),
        currencies: await run('res.currency', 'search_count', [[]], { context: { active_test: false } }),
      };
    };
    assert.equal((await dbService('create_database', ['with_demo', true, 'en_US', 'boss pw', 'boss'])).result, true);
    assert.equal((await dbService('create_database', ['without_demo', false, 'en_US', 'boss pw', 'boss'])).result, true);
    const withDemo = await contents('with_demo');
    const withoutDemo = await contents('without_demo');
    assert.deepEqual(withDemo.logins, ['boss', 'demo', 'robot']);
    assert.ok((withDemo.partners as number) > 100, `demo partners: ${withDemo.partners}`);
    assert.ok((withDemo.tags as number) > 0);
    // Partners: the company's and those of the two users (__system__, archived, and the administrator).
    assert.deepEqual(withoutDemo, {
      logins: ['boss'],
      partners: 3,
      tags: 0,
      countries: withDemo.countries,
      currencies: withDemo.currencies,
    });
    assert.ok((withoutDemo.countries as number) > 30);
  });
});
