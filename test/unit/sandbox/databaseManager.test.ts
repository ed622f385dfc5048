// The database-manager controllers over HTTP: create → list → duplicate (neutralised) → backup (zip and dump) → drop
// → restore (with and without copy) → list, the data checked at each step; a wrong master password changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { python as runPython, type Step } from './legacyPythonClient';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

async function post(action: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${sandbox.url}/web/database/${action}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

async function list(): Promise<string[]> {
  const response = await fetch(`${sandbox.url}/web/database/list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json-rpc' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: {}, id: 1 }),
  });
  const body = (await response.json()) as { jsonrpc: string; id: number; result: string[] };
  assert.deepEqual([body.jsonrpc, body.id], ['2.0', 1]);
  return body.result;
}

async function restore(name: string, file: Buffer, filename: string, extra: Record<string, string> = {}, master = sandbox.masterPassword) {
  const form = new FormData();
  form.set('master_pwd', master);
  form.set('name', name);
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  form.set('backup_file', new Blob([file]), filename);
  const response = await fetch(`${sandbox.url}/web/database/restore`, { method: 'POST', body: form, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

const python = (steps: Step[]) => runPython(sandbox.url, steps);
const login = (database: string, user: string, password: string): Step => ['/xmlrpc/2/common', 'login', [database, user, password]];
const MARKER = 'Backup marker ✓ «ü»';

/** The data checked at each step: every partner (archived included) and the marker partner, read by password. */
async function partnerData(
  database: string,
  user = 'admin',
  password = sandbox.users.admin.password as string,
): Promise<{ count: unknown; marker: unknown }> {
  const [uid] = await python([login(database, user, password)]);
  assert.equal(typeof uid.ok, 'number', `${user} logs in to ${database}`);
  const run = (method: string, args: unknown[], kw: Record<string, unknown>): Step => [
    '/xmlrpc/2/object',
    'execute_kw',
    [database, uid.ok, password, 'res.partner', method, args, kw],
  ];
  const [count, marker] = await python([
    run('search_count', [[]], { context: { active_test: false } }),
    run('search_read', [[['name', '=', MARKER]]], { fields: ['name', 'email'] }),
  ]);
  return { count: count.ok, marker: (marker.ok as Array<Record<string, unknown>>).map((row) => [row.name, row.email]) };
}

describe('database manager', () => {
  it('serves a manager page with a form per action', async () => {
    const response = await fetch(`${sandbox.url}/web/database/manager`);
    const html = await response.text();
    assert.equal(response.status, 200);
    for (const action of ['create', 'duplicate', 'drop', 'backup', 'restore', 'change_password'])
      assert.match(html, new RegExp(`action="/web/database/${action}"`));
    assert.match(html, /enctype="multipart\/form-data"/);
  });

  it('goes through the whole round trip, and a wrong master password changes nothing at any step', async () => {
    const master = sandbox.masterPassword;
    const wrong = async (action: string, fields: Record<string, string>, sentence: string) => {
      const before = await list();
      const answer = await post(action, { ...fields, master_pwd: 'wrong' });
      assert.equal(answer.status, 200, action);
      assert.match(answer.text, new RegExp(`${sentence}: Access Denied`), action);
      assert.deepEqual(await list(), before, action);
    };
    await wrong('create', { name: 'shop', login: 'owner', password: 'owner pw', lang: 'en_US' }, 'Database creation error');
    const created = await post('create', {
      master_pwd: master,
      name: 'shop',
      login: 'owner',
      password: 'owner pw',
      lang: 'en_US',
      phone: '123',
    });
    assert.deepEqual([created.status, created.location], [303, '/web/database/manager']);
    assert.deepEqual(await list(), ['demo', 'shop']);
    // Created without demo data: the company's partner and those of the two users.
    assert.deepEqual(await partnerData('shop', 'owner', 'owner pw'), { count: 3, marker: [] });
    const marked = await fetch(`${sandbox.url}/json/2/res.partner/create`, {
      method: 'POST',
      headers: { Authorization: `bearer ${sandbox.keys.admin}`, 'Content-Type': 'application/json', 'X-Service-Database': 'demo' },
      body: JSON.stringify({ vals_list: [{ name: MARKER, email: 'marker@example.com' }] }),
    });
    assert.equal(marked.status, 200, await marked.text());
    const source = await partnerData('demo');
    assert.deepEqual(source.marker, [[MARKER, 'marker@example.com']]);
    const again = await post('create', { master_pwd: master, name: 'shop', login: 'x', password: 'y', lang: 'en_US' });
    assert.match(again.text, /Database creation error: database &#39;shop&#39; already exists!/);

    await wrong('duplicate', { name: 'demo', new_name: 'demo_copy' }, 'Database duplication error');
    assert.equal(
      (await post('duplicate', { master_pwd: master, name: 'demo', new_name: 'demo_copy', neutralize_database: 'on' })).status,
      303,
    );
    const [ownerLogin, keyOnCopy, passwordOnCopy] = await python([
      login('shop', 'owner', 'owner pw'),
      login('demo_copy', 'admin', sandbox.keys.admin),
      login('demo_copy', 'admin', sandbox.users.admin.password as string),
    ]);
    assert.equal(typeof ownerLogin.ok, 'number');
    assert.deepEqual([keyOnCopy.ok, passwordOnCopy.ok], [false, sandbox.users.admin.id]);
    assert.deepEqual(await partnerData('demo_copy'), source);

    await wrong('backup', { name: 'demo', backup_format: 'zip' }, 'Database backup error');
    const backups: Record<string, Buffer> = {};
    for (const format of ['zip', 'dump']) {
      const response = await fetch(`${sandbox.url}/web/database/backup`, {
        method: 'POST',
        body: new URLSearchParams({ master_pwd: master, name: 'demo', backup_format: format }),
      });
      assert.equal(response.status, 200);
      assert.match(
        String(response.headers.get('content-disposition')),
        new RegExp(`^attachment; filename="demo_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d\\.${format}"$`),
      );
      backups[format] = Buffer.from(await response.arrayBuffer());
    }
    assert.equal(backups.zip.subarray(0, 2).toString('latin1'), 'PK');
    assert.match(backups.dump.subarray(0, 60).toString('utf8'), /^-- JSON-2 Explorer sandbox: plain SQL dump/);

    await wrong('drop', { name: 'shop' }, 'Database deletion error');
    assert.equal((await post('drop', { master_pwd: master, name: 'shop' })).status, 303);
    assert.deepEqual(await list(), ['demo', 'demo_copy']);

    const refused = await restore('restored', backups.zip, 'demo.zip', {}, 'wrong');
    assert.match(refused.text, /Database restore error: Access Denied/);
    assert.deepEqual(await list(), ['demo', 'demo_copy']);
    assert.deepEqual(await partnerData('demo'), source, 'the refused restore changed nothing');
    assert.equal((await restore('restored', backups.zip, 'demo.zip')).status, 303);
    assert.equal((await restore('restored_copy', backups.dump, 'demo.dump', { copy: '1', neutralize: '1' })).status, 303);
    assert.deepEqual(await list(), ['demo', 'demo_copy', 'restored', 'restored_copy']);
    const [keyRestored, keyNeutralized] = await python([
      login('restored', 'admin', sandbox.keys.admin),
      login('restored_copy', 'admin', sandbox.keys.admin),
    ]);
    assert.deepEqual([keyRestored.ok, keyNeutralized.ok], [sandbox.users.admin.id, false]);
    assert.deepEqual(await partnerData('restored'), source);
    assert.deepEqual(await partnerData('restored_copy'), source);

    await wrong('change_password', { master_pwd_new: 'new master' }, 'Master password update error');
    assert.equal((await post('change_password', { master_pwd: master, master_pwd_new: 'new master' })).status, 303);
    assert.match((await post('drop', { master_pwd: master, name: 'restored' })).text, /Database deletion error: Access Denied/);
    assert.equal((await post('change_password', { master_pwd: 'new master', master_pwd_new: master })).status, 303);
  });
});
