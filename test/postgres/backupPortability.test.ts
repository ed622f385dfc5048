// Backups move between the backends: a PGlite sandbox's zip and dump restore on PostgreSQL and a PostgreSQL
// sandbox's restore on PGlite, each giving the same records, custom model, users and working API keys.
// Needs JSON2_SANDBOX_POSTGRES (the unit-postgres step of npm test sets it); without it the test fails, never skips.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, testPostgresUrl, type StartedSandbox } from '../../src/sandbox/testApi';
import { ok } from '../support/sandboxHttp';
import { grantModelAccess } from '../support/customModelAccess';

type Row = Record<string, unknown>;
let pglite: StartedSandbox;
let postgres: StartedSandbox;

before(async () => {
  const url = testPostgresUrl();
  if (url === null)
    throw new Error("these tests need a PostgreSQL server: set JSON2_SANDBOX_POSTGRES (npm test's unit-postgres step does)");
  [pglite, postgres] = await Promise.all([startSandbox({ postgres: null }), startSandbox({ postgres: url })]);
});
after(async () => {
  await Promise.all([pglite?.stop(), postgres?.stop()]);
});

async function backup(from: StartedSandbox, format: 'zip' | 'dump'): Promise<Buffer> {
  const response = await fetch(`${from.url}/web/database/backup`, {
    method: 'POST',
    body: new URLSearchParams({ master_pwd: from.masterPassword, name: from.database, backup_format: format }),
  });
  assert.equal(response.status, 200, `backup ${format}`);
  return Buffer.from(await response.arrayBuffer());
}

async function restore(into: StartedSandbox, name: string, file: Buffer, filename: string): Promise<void> {
  const form = new FormData();
  form.set('master_pwd', into.masterPassword);
  form.set('name', name);
  form.set('backup_file', new Blob([file]), filename);
  const response = await fetch(`${into.url}/web/database/restore`, { method: 'POST', body: form, redirect: 'manual' });
  assert.equal(response.status, 303, `restore ${filename}: ${response.status} ${await response.text()}`);
}

/** What must survive a backup and restore: partners, users, the custom model with its record, tags. */
async function snapshot(sandbox: StartedSandbox, database: string, key = sandbox.keys.admin): Promise<Row> {
  const options = { key, headers: { 'X-Service-Database': database } };
  const partners = await ok<Row[]>(
    sandbox,
    'res.partner',
    'search_read',
    { domain: [], fields: ['name', 'email', 'country_id', 'category_id', 'active'], order: 'id', context: { active_test: false } },
    options,
  );
  const users = await ok<Row[]>(sandbox, 'res.users', 'search_read', { domain: [], fields: ['login', 'name'], order: 'id' }, options);
  const boats = await ok<Row[]>(
    sandbox,
    'x_portable_boat',
    'search_read',
    { domain: [], fields: ['x_name', 'x_length', 'x_launched'], order: 'id' },
    options,
  );
  return { partners, users, boats };
}

/** Adds data of its own to the sandbox's database: a custom model with fields and a record, an awkward partner. */
async function addData(sandbox: StartedSandbox, label: string): Promise<void> {
  const [modelId] = await ok<number[]>(sandbox, 'ir.model', 'create', {
    vals_list: { name: 'Portable boat', model: 'x_portable_boat', state: 'manual', field_id: [] },
  });
  await grantModelAccess(sandbox, 'x_portable_boat');
  for (const [name, ttype] of [
    ['x_name', 'char'],
    ['x_length', 'float'],
    ['x_launched', 'date'],
  ]) {
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: { model_id: modelId, name, ttype, state: 'manual', field_description: name },
    });
  }
  await ok(sandbox, 'x_portable_boat', 'create', { vals_list: { x_name: `Sloop ${label} ⛵`, x_length: 12.5, x_launched: '2024-02-29' } });
  await ok(sandbox, 'res.partner', 'create', {
    vals_list: { name: `O'Brien \\ ${label} 東京 "quoted"`, email: `${label}@example.com`, category_id: [[6, 0, [1, 2]]] },
  });
}

describe('backups between PGlite and PostgreSQL', () => {
  it('restores a PGlite backup (zip and dump) on PostgreSQL, and a PostgreSQL backup on PGlite, identically', async () => {
    assert.deepEqual([pglite.backend, postgres.backend], ['pglite', 'postgres']);
    await addData(pglite, 'pglite');
    await addData(postgres, 'postgres');
    const fromPglite = await snapshot(pglite, pglite.database);
    const fromPostgres = await snapshot(postgres, postgres.database);

    await restore(postgres, 'from_pglite_zip', await backup(pglite, 'zip'), 'demo.zip');
    await restore(postgres, 'from_pglite_dump', await backup(pglite, 'dump'), 'demo.dump');
    // The keys are restored as hashes: the PGlite sandbox's key works on the PostgreSQL copy.
    assert.deepEqual(await snapshot(postgres, 'from_pglite_zip', pglite.keys.admin), fromPglite);
    assert.deepEqual(await snapshot(postgres, 'from_pglite_dump', pglite.keys.admin), fromPglite);

    await restore(pglite, 'from_postgres_zip', await backup(postgres, 'zip'), 'demo.zip');
    await restore(pglite, 'from_postgres_dump', await backup(postgres, 'dump'), 'demo.dump');
    assert.deepEqual(await snapshot(pglite, 'from_postgres_zip', postgres.keys.admin), fromPostgres);
    assert.deepEqual(await snapshot(pglite, 'from_postgres_dump', postgres.keys.admin), fromPostgres);

    // A record created after the restore takes the next id: the sequences came along.
    const [next] = await ok<number[]>(
      postgres,
      'res.partner',
      'create',
      { vals_list: { name: 'after restore' } },
      { key: pglite.keys.admin, headers: { 'X-Service-Database': 'from_pglite_zip' } },
    );
    assert.equal(next, Math.max(...(fromPglite.partners as Row[]).map((row) => row.id as number)) + 1);
  });
});
