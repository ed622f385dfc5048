// Idle databases (issue 23): the pool closes a database left idle, idle after a burst of reads, or idle with a grown
// PGlite heap, and the next call opens it again transparently; calls that arrive while it closes wait for the close
// and then open it again.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DatabaseCatalog } from '../../../src/sandbox/catalog/databaseCatalog';
import { parseSandboxArguments, type ServeOptions } from '../../../src/sandbox/command/commandOptions';
import { startTestCatalog, stopTestCatalog } from './testCatalog';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-idle-test-'));
const catalogs: DatabaseCatalog[] = [];

async function catalogWith(name: string, options: Parameters<typeof startTestCatalog>[1]): Promise<DatabaseCatalog> {
  const catalog = await startTestCatalog(path.join(scratch, name), options);
  catalogs.push(catalog);
  await catalog.createDatabase('one');
  return catalog;
}

/** Waits (on the event loop, not on a clock) until `condition` holds; fails after many turns without it. */
async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 2_000; turn += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`never happened: ${what}`);
}

const countPartners = (catalog: DatabaseCatalog) =>
  catalog.use(
    'one',
    async (db) => (await db.query<{ n: number }>("SELECT count(*) AS n FROM res_partner WHERE name = 'Idle Test'")).rows[0].n,
  );

const addPartner = (catalog: DatabaseCatalog) =>
  catalog.use('one', (db) => db.query("INSERT INTO res_partner (name, active, type) VALUES ('Idle Test', true, 'contact')"));

let catalog: DatabaseCatalog;

before(async () => {
  catalog = await catalogWith('main', { idleCloseMs: 0 });
});

after(async () => {
  for (const each of catalogs) await stopTestCatalog(each);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('idle databases (PGlite, or PostgreSQL with JSON2_SANDBOX_POSTGRES)', () => {
  it('closes an idle database and opens it again on the next call, with everything committed before', async () => {
    await addPartner(catalog);
    assert.equal(catalog.pool.isOpen('one'), true);
    await catalog.pool.closeIdle(0);
    assert.equal(catalog.pool.isOpen('one'), false);
    assert.equal(await countPartners(catalog), 1);
    assert.equal(catalog.pool.isOpen('one'), true);
  });

  it('leaves a database that a call is using open', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = catalog.use('one', async (db) => {
      await held;
      return db.query<{ n: number }>('SELECT 1 AS n');
    });
    await waitUntil(() => catalog.pool.usersOf('one') === 1, 'the call took the database');
    await catalog.pool.closeIdle(0);
    assert.equal(catalog.pool.isOpen('one'), true);
    release();
    assert.deepEqual((await running).rows, [{ n: 1 }]);
  });

  it('makes calls that arrive while the database closes wait for the close, then opens it once again', async () => {
    await countPartners(catalog);
    const closing = catalog.pool.closeIdle(0);
    const during = await Promise.all([countPartners(catalog), addPartner(catalog).then(() => countPartners(catalog))]);
    await closing;
    assert.deepEqual(during, [1, 2]);
    assert.equal(catalog.pool.openCount, 1);
    assert.equal(await countPartners(catalog), 2);
  });

  it('closes a database left idle for the idle time by itself', async () => {
    const quick = await catalogWith('quick', { idleCloseMs: 50 });
    await countPartners(quick);
    const before = quick.pool.closedCounts.idle;
    await waitUntil(() => !quick.pool.isOpen('one'), 'the idle database was closed');
    assert.ok(quick.pool.closedCounts.idle > before);
    assert.equal(await countPartners(quick), 0);
  });

  it('closes an idle PGlite database whose heap passed the bound at once (PostgreSQL: nothing to give back)', async () => {
    const bounded = await catalogWith('bounded', { idleCloseMs: 0, maxIdleMemoryBytes: 1 });
    await countPartners(bounded);
    if (bounded.backendKind === 'postgres') {
      assert.equal(bounded.pool.isOpen('one'), true);
      assert.equal(bounded.pool.closedCounts.memory, 0);
      return;
    }
    await waitUntil(() => !bounded.pool.isOpen('one'), 'the grown database was closed');
    const closed = bounded.pool.closedCounts.memory;
    assert.ok(closed > 0);
    assert.equal(await countPartners(bounded), 0);
    await waitUntil(() => !bounded.pool.isOpen('one'), 'the grown database was closed again after the next call');
    assert.ok(bounded.pool.closedCounts.memory > closed);
  });
});

describe('databases idle after a burst of reads (PGlite; PostgreSQL: nothing to give back)', () => {
  it('closes a database that read many rows once idle for the shorter time, and only then', async () => {
    let now = 1_000_000;
    const burst = await catalogWith('burst', { idleCloseMs: 600_000, burstRows: 1_500, burstIdleMs: 20_000, poolNow: () => now });
    const readRows = (count: number) =>
      burst.use('one', async (db) => (await db.query<{ n: number }>('SELECT generate_series(1, $1::int) AS n', [count])).rows.length);
    // Counted from the opening of the database: the reads that made it are behind the close.
    await burst.pool.closeIdle(0);
    assert.equal(await readRows(999), 999);
    assert.equal(await readRows(999), 999);
    now += 20_000;
    await burst.pool.closeAfterBurst();
    assert.equal(burst.pool.isOpen('one'), true, 'statements under 1,000 rows do not count, however many');
    assert.equal(await readRows(1_500), 1_500);
    now += 19_999;
    await burst.pool.closeAfterBurst();
    assert.equal(burst.pool.isOpen('one'), true, 'not idle long enough yet');
    now += 1;
    await burst.pool.closeAfterBurst();
    if (burst.backendKind === 'postgres') {
      assert.equal(burst.pool.isOpen('one'), true);
      assert.equal(burst.pool.closedCounts.burst, 0);
      return;
    }
    assert.equal(burst.pool.isOpen('one'), false);
    assert.equal(burst.pool.closedCounts.burst, 1);
    assert.equal(await readRows(5), 5, 'the next call opens it again');
    now += 20_000;
    await burst.pool.closeAfterBurst();
    assert.equal(burst.pool.isOpen('one'), true, 'reopened: its count of rows starts again');
  });

  it('leaves a database that a call is using open', async () => {
    let now = 1_000_000;
    const busy = await catalogWith('busy', { idleCloseMs: 600_000, burstRows: 1, burstIdleMs: 20_000, poolNow: () => now });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = busy.use('one', async (db) => {
      await db.query('SELECT generate_series(1, 1000) AS n');
      await held;
      return (await db.query<{ n: number }>('SELECT 1 AS n')).rows;
    });
    await waitUntil(() => busy.pool.usersOf('one') === 1, 'the call took the database');
    now += 60_000;
    await busy.pool.closeAfterBurst();
    assert.equal(busy.pool.isOpen('one'), true);
    release();
    assert.deepEqual(await running, [{ n: 1 }]);
  });
});

describe('json2 sandbox --idle-close-seconds', () => {
  const serve = (argv: string[]) => parseSandboxArguments(argv) as ServeOptions;
  it('takes seconds (0: never) and refuses anything else', () => {
    assert.equal(serve(['--idle-close-seconds', '30']).idleCloseMs, 30_000);
    assert.equal(serve(['--idle-close-seconds', '0']).idleCloseMs, 0);
    assert.equal(serve([]).idleCloseMs, undefined);
    assert.throws(() => serve(['--idle-close-seconds', 'soon']), /--idle-close-seconds needs a whole number from 0 to 604800/);
  });
});
