// Storage layer: the PGlite worker (statements, transactions, isolation), directory claims, the template cache and
// the pool that caps open databases.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { templateCacheDir } from '../../../src/sandbox/storage/sandboxPaths';
import type { DatabaseCatalog } from '../../../src/sandbox/catalog/databaseCatalog';
import { startTestCatalog, stopTestCatalog } from './testCatalog';
import { claimDirectory, DirectoryBusyError } from '../../../src/sandbox/storage/directoryClaim';
import { PgliteBackend } from '../../../src/sandbox/storage/pgliteBackend';
import { DatabaseError, type Storage } from '../../../src/sandbox/storage/sqlClient';
import { copyTemplate, ensureTemplate } from '../../../src/sandbox/storage/templateCache';
import { WorkerStorage } from '../../../src/sandbox/storage/workerStorage';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-storage-test-'));

/** The test template: one table, `marker`. */
function markerTemplate(): ReturnType<typeof ensureTemplate> {
  return ensureTemplate({
    cacheDir: path.join(scratch, 'templates'),
    version: 'v-test',
    populate: async (storage) => {
      await storage.query('CREATE TABLE marker (id int)');
    },
  });
}
let catalog: DatabaseCatalog;

before(async () => {
  catalog = await startTestCatalog(path.join(scratch, 'data'), { maxOpen: 2 });
  await catalog.createDatabase('one');
});

after(async () => {
  await stopTestCatalog(catalog);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** How many times the event loop turned (setImmediate callbacks ran) while `work` ran. */
async function loopTurnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

const use = <T>(work: (storage: Storage) => Promise<T>) => catalog.use('one', work);

describe('storage (PGlite worker, or PostgreSQL with JSON2_SANDBOX_POSTGRES)', () => {
  it('runs statements with parameters and gives dates as text and counts as numbers', async () => {
    await use(async (db) => {
      const result = await db.query<{ d: string; ts: string; n: number; name: string }>(
        "SELECT '2024-02-29'::date AS d, '2024-02-29 13:14:15'::timestamp AS ts, count(*) AS n, $1::text AS name FROM res_country",
        ['Zoë'],
      );
      assert.deepEqual(result.rows, [{ d: '2024-02-29', ts: '2024-02-29 13:14:15', n: 33, name: 'Zoë' }]);
    });
  });

  it('reports database errors with their SQLSTATE', async () => {
    await use(async (db) => {
      await assert.rejects(
        db.query('SELECT * FROM no_such_table'),
        (error: unknown) => error instanceof DatabaseError && error.code === '42P01',
      );
      await assert.rejects(
        db.query('INSERT INTO res_country (name, code) VALUES (\'{"en_US": "Argentina"}\', \'XX\')'),
        (error: unknown) => error instanceof DatabaseError && error.code === '23505',
      );
    });
  });

  it('commits a transaction whose callback resolves', async () => {
    await use(async (db) => {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO res_country (name, code) VALUES (\'{"en_US": "Committed"}\', \'C1\')');
      });
      const found = await db.query("SELECT count(*) AS n FROM res_country WHERE code = 'C1'");
      assert.equal(found.rows[0].n, 1);
    });
  });

  it('rolls back everything when the callback throws, even after several statements', async () => {
    await use(async (db) => {
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO res_country (name, code) VALUES (\'{"en_US": "Rolled 1"}\', \'R1\')');
          await tx.query('INSERT INTO res_country (name, code) VALUES (\'{"en_US": "Rolled 2"}\', \'R2\')');
          throw new Error('stop here');
        }),
        /stop here/,
      );
      const found = await db.query("SELECT count(*) AS n FROM res_country WHERE code IN ('R1', 'R2')");
      assert.equal(found.rows[0].n, 0);
    });
  });

  it('makes a concurrent statement wait until the transaction ends, so it never sees half of it', async () => {
    await use(async (db) => {
      const seen: number[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = db.transaction(async (tx) => {
        await tx.query('INSERT INTO res_country (name, code) VALUES (\'{"en_US": "Half 1"}\', \'H1\')');
        await gate;
        await tx.query('INSERT INTO res_country (name, code) VALUES (\'{"en_US": "Half 2"}\', \'H2\')');
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const reader = db
        .query<{ n: number }>("SELECT count(*) AS n FROM res_country WHERE code IN ('H1', 'H2')")
        .then((r) => seen.push(r.rows[0].n));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(seen, [], 'the reader waits while the transaction is open');
      release();
      await Promise.all([transaction, reader]);
      assert.deepEqual(seen, [2]);
    });
  });

  it('refuses BEGIN through a shared query, so that no caller joins a transaction by accident', async () => {
    await use(async (db) => {
      await assert.rejects(db.query('BEGIN'), /use transaction\(\) instead/);
      await db.query('INSERT INTO res_country (name, code) VALUES (\'{"en_US": "Alone"}\', \'A1\')');
      await assert.rejects(
        db.transaction(async () => {
          throw new Error('undo');
        }),
      );
      assert.equal(
        (await db.query("SELECT count(*) AS n FROM res_country WHERE code = 'A1'")).rows[0].n,
        1,
        'the insert was committed on its own',
      );
    });
  });

  it('refuses statements on a transaction that has ended', async () => {
    await use(async (db) => {
      let leaked: { query(sql: string): Promise<unknown> } | undefined;
      await db.transaction(async (tx) => {
        leaked = tx;
      });
      await assert.rejects((leaked as { query(sql: string): Promise<unknown> }).query('SELECT 1'), /already ended/);
    });
  });
});

describe('directory claims', () => {
  it('refuses a second claim of one directory in this process and frees it on release', () => {
    const directory = path.join(scratch, 'claimed');
    const claim = claimDirectory(directory);
    assert.throws(() => claimDirectory(directory), DirectoryBusyError);
    claim.release();
    claimDirectory(directory).release();
  });

  it('refuses a directory held by another live process and takes over a lock left by a dead one', () => {
    const directory = path.join(scratch, 'foreign');
    fs.mkdirSync(directory, { recursive: true });
    fs.writeFileSync(path.join(directory, 'owner.lock'), String(process.ppid));
    assert.throws(
      () => claimDirectory(directory),
      (error: unknown) => error instanceof DirectoryBusyError && error.ownerPid === process.ppid,
    );
    fs.writeFileSync(path.join(directory, 'owner.lock'), '999999999');
    claimDirectory(directory).release();
  });

  it('refuses a second pool on the same data folder', () => {
    const databasesDir = path.join(scratch, 'pool-claim', 'databases');
    const first = new PgliteBackend({ databasesDir, templateCacheDir: templateCacheDir() });
    assert.throws(() => new PgliteBackend({ databasesDir, templateCacheDir: templateCacheDir() }), DirectoryBusyError);
    void first.release();
  });
});

describe('template cache and pool', () => {
  it('builds a template once and reuses it; copies are independent databases', async () => {
    const cacheDir = path.join(scratch, 'templates');
    let populated = 0;
    const populate = async (storage: Storage) => {
      populated += 1;
      await storage.query('CREATE TABLE marker (id int)');
    };
    fs.mkdirSync(path.join(cacheDir, 'v-old', 'pgdata'), { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(path.join(cacheDir, 'v-old'), twoHoursAgo, twoHoursAgo);
    fs.mkdirSync(path.join(cacheDir, 'v-in-use', 'pgdata'), { recursive: true });
    const first = await ensureTemplate({ cacheDir, version: 'v-test', populate });
    const second = await ensureTemplate({ cacheDir, version: 'v-test', populate });
    assert.equal(populated, 1);
    assert.equal(first.built, true);
    assert.equal(second.built, false);
    const copy = path.join(scratch, 'copy', 'pgdata');
    await copyTemplate(second.dataDir, copy);
    await assert.rejects(copyTemplate(second.dataDir, copy), /already exists/);
    const storage = await WorkerStorage.open({ dataDir: copy });
    try {
      await storage.query('INSERT INTO marker VALUES (1)');
      assert.equal((await storage.query('SELECT count(*) AS n FROM marker')).rows[0].n, 1);
    } finally {
      await storage.close();
    }
    const original = await WorkerStorage.open({ dataDir: second.dataDir });
    try {
      assert.equal((await original.query('SELECT count(*) AS n FROM marker')).rows[0].n, 0);
    } finally {
      await original.close();
    }
    // Building a version removes the other versions unused for an hour, and keeps one another run may be copying.
    assert.equal(fs.existsSync(path.join(cacheDir, 'v-old')), false);
    assert.equal(fs.existsSync(path.join(cacheDir, 'v-in-use')), true);
  });

  it('copies and drops a PGlite database file by file, so the server goes on answering; a drop never leaves half a database', async () => {
    const template = await markerTemplate();
    const files = fs.readdirSync(template.dataDir, { recursive: true }).length;
    const databasesDir = path.join(scratch, 'turns');
    fs.mkdirSync(databasesDir, { recursive: true });
    let backend = new PgliteBackend({ databasesDir, templateCacheDir: templateCacheDir() });
    try {
      const counts = [
        await loopTurnsDuring(() => backend.createFromTemplate({ location: template.dataDir, built: false, buildMs: 0 }, 'first')),
        await loopTurnsDuring(() => backend.copy('first', 'second')),
        await loopTurnsDuring(() => backend.drop('first')),
      ];
      assert.deepEqual(backend.list(), ['second']);
      // One synchronous copy or removal of the whole folder lets no turn happen until it ends.
      for (const turns of counts) assert.ok(turns > 10, `${turns} turns of the event loop while copying or removing ${files} files`);
    } finally {
      await backend.release();
    }
    // A drop killed after its first step leaves its folder under a `~drop-` name, removed at the next start.
    fs.mkdirSync(path.join(databasesDir, '~drop-0123456789ab', 'pgdata', 'base'), { recursive: true });
    backend = new PgliteBackend({ databasesDir, templateCacheDir: templateCacheDir() });
    try {
      assert.deepEqual(await backend.start(), ['~drop-0123456789ab']);
      assert.equal(fs.existsSync(path.join(databasesDir, '~drop-0123456789ab')), false);
      assert.deepEqual(backend.list(), ['second']);
    } finally {
      await backend.release();
    }
  });

  it('close lets the worker end by itself instead of terminating it (issue 26: a terminated worker racing its own teardown)', async () => {
    const template = await markerTemplate();
    const copy = path.join(scratch, 'closing', 'pgdata');
    await copyTemplate(template.dataDir, copy);
    const storage = await WorkerStorage.open({ dataDir: copy });
    await storage.query('INSERT INTO marker VALUES (1)');
    await storage.close();
    // worker.terminate() ends a thread with exit code 1; a worker that closed its port and returned ends with 0.
    assert.equal(storage.exitCode, 0);
    assert.equal(storage.alive, false);
    const again = await WorkerStorage.open({ dataDir: copy });
    try {
      assert.equal((await again.query('SELECT count(*) AS n FROM marker')).rows[0].n, 1, 'the closed database kept its row');
    } finally {
      await again.close();
    }
  });

  it('refuses to open a directory that holds no database', async () => {
    await assert.rejects(WorkerStorage.open({ dataDir: path.join(scratch, 'empty') }), /not a database directory/);
  });

  it('opens a database again when its worker has stopped', async () => {
    await catalog.use('one', (db) => db.close());
    const answer = await catalog.use('one', (db) => db.query<{ n: number }>('SELECT 1 AS n'));
    assert.deepEqual(answer.rows, [{ n: 1 }]);
  });

  it('keeps at most maxOpen databases open, closing the least recently used idle one', async () => {
    await catalog.createDatabase('two');
    await catalog.createDatabase('three');
    for (const name of ['one', 'two', 'three', 'one']) {
      await catalog.use(name, async (db) => {
        await db.query('SELECT 1');
      });
      assert.ok(catalog.pool.openCount <= 2, `open: ${catalog.pool.openCount}`);
    }
    await catalog.pool.closeIdle(0);
    assert.equal(catalog.pool.openCount, 0);
    assert.deepEqual(catalog.list(), ['one', 'three', 'two']);
    await catalog.dropDatabase('three');
    assert.deepEqual(catalog.list(), ['one', 'two']);
  });
});
