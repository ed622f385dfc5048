// The answer cache of read-only JSON-2 calls, over real HTTP: a repeated read is answered from it byte for byte, and
// a read after a write through each way of writing (JSON-2, XML-RPC, JSON-RPC, the key pages, the database manager,
// rights, rules and users, the test API's helpers, raw SQL) sees the write. Authentication, expiry and fault injection
// happen as before. Runs on PGlite and, in the unit-postgres step, on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { search_read } from '../../../src/sandbox/methods/searchMethods';
import type { CurrentUser } from '../../../src/sandbox/orm/access/currentUser';
import { AnswerCache, type CacheTicket } from '../../../src/sandbox/catalog/answerCache';
import { issueApiKey } from '../../../src/sandbox/keys/keyIssuer';
import { isPlainRead } from '../../../src/sandbox/storage/writeGenerations';
import { call, ok, rawRequest, type CallOptions } from '../../support/sandboxHttp';
import { SandboxBrowser } from '../../support/sandboxBrowser';
import { python, type Step } from './legacyPythonClient';

type Row = Record<string, unknown>;

let sandbox: StartedSandbox;
let probe: number;

before(async () => {
  sandbox = await startSandbox();
  [probe] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Cache probe' }] });
});
after(async () => {
  await sandbox?.stop();
});

const answers = () => sandbox.server.catalog.answers;
const as = (who: 'admin' | 'user' | 'robot'): CallOptions => ({ key: sandbox.keys[who] });
const onDatabase = (database: string, key: string): CallOptions => ({ key, headers: { 'X-Service-Database': database } });

/** Reads twice and checks that the second answer came from the cache, the same bytes: what follows crosses a kept answer. */
async function cachedRead<T = unknown>(model: string, method: string, body: unknown, options: CallOptions = {}): Promise<T> {
  const first = await call(sandbox, model, method, body, options);
  assert.equal(first.status, 200, first.text);
  const hits = answers().hits;
  const second = await call(sandbox, model, method, body, options);
  assert.equal(answers().hits, hits + 1, `${model}/${method} was not answered from the cache`);
  assert.equal(second.text, first.text);
  return second.json as T;
}

const PROBE_READ = () => ({ domain: [['id', '=', probe]], fields: ['name'] });
const probeName = async (options: CallOptions = {}) =>
  (await ok<Row[]>(sandbox, 'res.partner', 'search_read', PROBE_READ(), options))[0]?.name;

describe('answer cache: what is kept', () => {
  it('answers a repeated read from the cache with the same bytes and headers; another body, user or language is another answer', async () => {
    await cachedRead('res.partner', 'search_read', PROBE_READ());
    const plain = await call(sandbox, 'res.partner', 'search_read', PROBE_READ());
    const kept = await call(sandbox, 'res.partner', 'search_read', PROBE_READ());
    assert.deepEqual(
      [kept.status, kept.headers['content-type'], kept.headers['content-length']],
      [plain.status, plain.headers['content-type'], plain.headers['content-length']],
    );
    const hits = answers().hits;
    const french = await ok<Row[]>(sandbox, 'res.country', 'search_read', {
      domain: [['code', '=', 'BE']],
      fields: ['name'],
      context: { lang: 'fr_FR' },
    });
    const english = await ok<Row[]>(sandbox, 'res.country', 'search_read', {
      domain: [['code', '=', 'BE']],
      fields: ['name'],
      context: { lang: 'en_US' },
    });
    assert.notEqual(french[0].name, english[0].name);
    assert.equal(answers().hits, hits, 'a body with another language is not the same call');
    assert.equal((await ok<Row[]>(sandbox, 'res.partner', 'search_read', PROBE_READ(), as('user'))).length, 1);
    assert.equal(answers().hits, hits, 'another user is not the same call');
  });

  it("never keeps writes, errors or a model's own methods", async () => {
    const hits = answers().hits;
    for (let i = 0; i < 2; i += 1) {
      assert.equal((await call(sandbox, 'res.partner', 'write', { ids: [probe], vals: { phone: String(i) } })).status, 200);
      assert.equal((await call(sandbox, 'res.partner', 'search_read', { domain: [['no_such_field', '=', 1]] })).status, 500);
      assert.equal((await call(sandbox, 'res.users', 'context_get', {})).status, 200);
    }
    assert.equal(answers().hits, hits);
  });
});

describe('answer cache: a read after a write sees the write', () => {
  it('through JSON-2', async () => {
    await cachedRead('res.partner', 'search_read', PROBE_READ());
    await ok(sandbox, 'res.partner', 'write', { ids: [probe], vals: { name: 'Written by JSON-2' } });
    assert.equal(await probeName(), 'Written by JSON-2');
  });

  it('through XML-RPC and JSON-RPC', async () => {
    const { admin } = sandbox.users;
    await cachedRead('res.partner', 'search_read', PROBE_READ());
    const [written] = await python(sandbox.url, [
      [
        '/xmlrpc/2/object',
        'execute_kw',
        [sandbox.database, admin.id, sandbox.keys.admin, 'res.partner', 'write', [[probe], { name: 'Written by XML-RPC' }], {}],
      ] as Step,
    ]);
    assert.equal(written.ok, true, JSON.stringify(written));
    assert.equal(await probeName(), 'Written by XML-RPC');
    await cachedRead('res.partner', 'search_read', PROBE_READ());
    const body = {
      jsonrpc: '2.0',
      method: 'call',
      id: 1,
      params: {
        service: 'object',
        method: 'execute_kw',
        args: [sandbox.database, admin.id, sandbox.keys.admin, 'res.partner', 'write', [[probe], { name: 'Written by JSON-RPC' }], {}],
      },
    };
    const answer = await rawRequest(sandbox.url, {
      path: '/jsonrpc',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.deepEqual((answer.json as Row).result, true, answer.text);
    assert.equal(await probeName(), 'Written by JSON-RPC');
  });

  it('through the key pages: a key made there is listed, a key deleted there is gone and refused', async () => {
    const listKeys = () => ok<Row[]>(sandbox, 'res.users.apikeys', 'search_read', { domain: [], fields: ['name'] });
    await cachedRead('res.users.apikeys', 'search_read', { domain: [], fields: ['name'] });
    const browser = new SandboxBrowser(sandbox.url);
    await browser.logIn('demo', 'demo');
    await browser.get('/web/security');
    const made = await browser.post('/web/security/keys/new', { name: 'Made on the page', duration: '1d', password: 'demo' });
    const key = /id="new-api-key">([0-9a-f]{40})</.exec(made.text)?.[1] as string;
    assert.ok(key);
    assert.ok((await listKeys()).some((row) => row.name === 'Made on the page'));
    assert.equal((await cachedRead<Row[]>('res.partner', 'search_read', PROBE_READ(), { key })).length, 1);
    await cachedRead('res.users.apikeys', 'search_read', { domain: [], fields: ['name'] });
    const page = await browser.get('/web/security');
    const id = /Made on the page<\/td>[\s\S]*?name="key_id" value="(\d+)"/.exec(page.text)?.[1] as string;
    assert.equal((await browser.post('/web/security/keys/delete', { key_id: id })).status, 303);
    assert.ok(!(await listKeys()).some((row) => row.name === 'Made on the page'));
    assert.equal(
      (await call(sandbox, 'res.partner', 'search_read', PROBE_READ(), { key })).status,
      401,
      'a deleted key is refused although its read was kept',
    );
  });

  it('through the database manager: create, duplicate, drop and restore replace what was kept under a name', async () => {
    const master = sandbox.masterPassword;
    const marker = async (database: string, key: string) =>
      (
        await ok<Row[]>(
          sandbox,
          'res.partner',
          'search_read',
          { domain: [['name', '=', 'Manager marker']], fields: ['name'] },
          onDatabase(database, key),
        )
      ).length;
    await ok(sandbox, 'res.partner', 'write', { ids: [probe], vals: { name: 'Manager marker' } });
    const backup = Buffer.from(
      await (await managerPost('backup', { master_pwd: master, name: 'demo', backup_format: 'zip' })).arrayBuffer(),
    );
    assert.equal((await managerPost('duplicate', { master_pwd: master, name: 'demo', new_name: 'cached' })).status, 303);
    assert.equal(
      await cachedRead<Row[]>(
        'res.partner',
        'search_read',
        { domain: [['name', '=', 'Manager marker']], fields: ['name'] },
        onDatabase('cached', sandbox.keys.admin),
      ).then((rows) => rows.length),
      1,
    );
    assert.equal((await managerPost('drop', { master_pwd: master, name: 'cached' })).status, 303);
    assert.equal(
      (
        await call(
          sandbox,
          'res.partner',
          'search_read',
          { domain: [['name', '=', 'Manager marker']], fields: ['name'] },
          onDatabase('cached', sandbox.keys.admin),
        )
      ).status,
      404,
    );
    assert.equal(
      (await managerPost('create', { master_pwd: master, name: 'cached', login: 'admin', password: 'owner pw', lang: 'en_US' })).status,
      303,
    );
    const ownerKey = await keyFor('cached', 'admin');
    assert.equal(await marker('cached', ownerKey), 0, 'a new database made under the name holds no marker');
    await cachedRead(
      'res.partner',
      'search_read',
      { domain: [['name', '=', 'Manager marker']], fields: ['name'] },
      onDatabase('cached', ownerKey),
    );
    assert.equal((await managerPost('drop', { master_pwd: master, name: 'cached' })).status, 303);
    assert.equal((await restore('cached', backup)).status, 303);
    assert.equal(await marker('cached', await keyFor('cached', 'admin')), 1, 'the restored database holds the marker');
    await cachedRead(
      'res.partner',
      'search_read',
      { domain: [['name', '=', 'Manager marker']], fields: ['name'] },
      onDatabase('cached', sandbox.keys.admin),
    );
    assert.equal((await managerPost('drop', { master_pwd: master, name: 'cached' })).status, 303);
    assert.equal((await managerPost('duplicate', { master_pwd: master, name: 'demo', new_name: 'cached' })).status, 303);
    await ok(sandbox, 'res.partner', 'write', { ids: [probe], vals: { name: 'Cache probe' } }, onDatabase('cached', sandbox.keys.admin));
    assert.equal(await marker('cached', sandbox.keys.admin), 0);
    assert.equal((await managerPost('drop', { master_pwd: master, name: 'cached' })).status, 303);
  });

  it('through whole-database operations alone: a copy or rename made under a name that had kept answers', async () => {
    const { catalog } = sandbox.server;
    const markers = { domain: [['name', '=', 'Copy marker']], fields: ['name'] };
    const count = async (database: string) =>
      (await ok<Row[]>(sandbox, 'res.partner', 'search_read', markers, onDatabase(database, sandbox.keys.admin))).length;
    await catalog.copyDatabase(sandbox.database, 'left');
    await ok(sandbox, 'res.partner', 'create', { vals_list: [{ name: 'Copy marker' }] }, onDatabase('left', sandbox.keys.admin));
    assert.equal((await cachedRead<Row[]>('res.partner', 'search_read', markers, onDatabase('left', sandbox.keys.admin))).length, 1);
    await catalog.copyDatabase('left', 'right');
    await cachedRead('res.partner', 'search_read', markers, onDatabase('right', sandbox.keys.admin));
    await catalog.dropDatabase('left');
    await catalog.copyDatabase(sandbox.database, 'left');
    assert.equal(await count('left'), 0, 'a copy made under the name is read, not what was kept');
    await catalog.dropDatabase('right');
    await catalog.renameDatabase('left', 'right');
    assert.equal(await count('right'), 0, 'a database renamed to the name is read, not what was kept');
    await catalog.dropDatabase('right');
  });

  it('through rights, rules and users: the next read follows them, and a revoked or expired key is still refused', async () => {
    const robotKey = await sandbox.newKey('robot', { days: 2 });
    const robot: CallOptions = { key: robotKey };
    const partnerModel = (await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', 'res.partner']] }))[0];
    const [robotGroup] = await ok<Row[]>(sandbox, 'ir.model.data', 'search_read', {
      domain: [
        ['model', '=', 'res.groups'],
        ['module', '=', 'sandbox'],
        ['name', '=', 'group_api_contacts'],
      ],
      fields: ['res_id'],
    });
    const all = await cachedRead<number>('res.partner', 'search_count', { domain: [] }, robot);
    const [ruleId] = await ok<number[]>(sandbox, 'ir.rule', 'create', {
      vals_list: {
        name: 'robots see companies only',
        model_id: partnerModel,
        groups: [[4, robotGroup.res_id]],
        domain_force: "[('is_company', '=', True)]",
      },
    });
    const companies = await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] }, robot);
    assert.ok(companies < all, 'a new rule applies to the next read');
    await ok(sandbox, 'ir.rule', 'unlink', { ids: [ruleId] });
    assert.equal(await cachedRead<number>('res.partner', 'search_count', { domain: [] }, robot), all);
    const [accessRow] = await ok<number[]>(sandbox, 'ir.model.access', 'search', {
      domain: [
        ['model_id', '=', partnerModel],
        ['group_id', '=', robotGroup.res_id],
      ],
    });
    await ok(sandbox, 'ir.model.access', 'write', { ids: [accessRow], vals: { active: false } });
    assert.equal(
      (await call(sandbox, 'res.partner', 'search_count', { domain: [] }, robot)).status,
      403,
      'a right taken away applies to the next read',
    );
    await ok(sandbox, 'ir.model.access', 'write', { ids: [accessRow], vals: { active: true } });
    const chicago = (await ok<number[]>(sandbox, 'res.company', 'search', { domain: [['name', '=', 'My Company (Chicago)']] }))[0];
    await ok(sandbox, 'res.users', 'write', { ids: [sandbox.users.robot.id], vals: { company_ids: [[4, chicago]] } });
    assert.ok(
      (await ok<number>(sandbox, 'res.partner', 'search_count', { domain: [] }, robot)) > all,
      'a company given to the user applies to the next read',
    );
    await ok(sandbox, 'res.users', 'write', { ids: [sandbox.users.robot.id], vals: { company_ids: [[3, chicago]] } });
    assert.equal(await cachedRead<number>('res.partner', 'search_count', { domain: [] }, robot), all);
    sandbox.clock.advance(3 * 86_400_000);
    try {
      assert.equal(
        (await call(sandbox, 'res.partner', 'search_count', { domain: [] }, robot)).status,
        401,
        'an expired key is refused although its read was kept',
      );
    } finally {
      sandbox.clock.reset();
    }
    await cachedRead('res.partner', 'search_count', { domain: [] }, robot);
    await ok(sandbox, 'res.users.apikeys', 'revoke', { key: robotKey });
    assert.equal(
      (await call(sandbox, 'res.partner', 'search_count', { domain: [] }, robot)).status,
      401,
      'a revoked key is refused although its read was kept',
    );
  });

  it("through the test API's helpers and raw SQL on the storage", async () => {
    const count = () => cachedRead<number>('res.users.apikeys', 'search_count', { domain: [] });
    const before = await count();
    await sandbox.newKey('demo');
    assert.equal(await count(), before + 1);
    await sandbox.server.catalog.use(sandbox.database, (storage) =>
      storage.query('UPDATE res_partner SET name = $1 WHERE id = $2', ['Written by SQL', probe]),
    );
    assert.equal(await probeName(), 'Written by SQL');
    await cachedRead('res.partner', 'search_read', PROBE_READ());
    await sandbox.server.catalog.use(sandbox.database, (storage) =>
      storage.transaction((cr) => cr.query('UPDATE res_partner SET name = $1 WHERE id = $2', ['Written in a transaction', probe])),
    );
    assert.equal(await probeName(), 'Written in a transaction');
  });
});

describe('answer cache: bounds and statement kinds', () => {
  const user: CurrentUser = {
    id: 2,
    login: 'admin',
    name: 'Admin',
    companyId: 1,
    companyIds: [1],
    partnerId: 3,
    lang: 'en_US',
    tz: null,
    groups: new Set(['base.group_user']),
    groupIds: new Set([1]),
  };
  const body = (i: number) => Buffer.from(JSON.stringify({ domain: [['id', '=', i]] }));

  it('keeps at most its size in bytes, the least recently used first out, nothing over an eighth of it', () => {
    const cache = new AnswerCache({ maxBytes: 20_000 });
    const ticket = (i: number): CacheTicket => {
      const made = cache.ticket('db', user, 'res.partner', search_read, body(i));
      assert.ok(made);
      return made;
    };
    const answer = 'x'.repeat(900);
    const perEntry = 2 * (ticket(0).key.length + answer.length);
    const fits = Math.floor(20_000 / perEntry);
    for (let i = 0; i < fits; i += 1) cache.set(ticket(i), answer);
    assert.equal(cache.get(ticket(0)), answer, 'read once more: now the most recently used');
    cache.set(ticket(fits), answer);
    const kept = (i: number) => cache.get(ticket(i)) !== undefined;
    assert.deepEqual([kept(1), kept(0), kept(fits)], [false, true, true], 'the least recently used went first');
    for (let i = fits + 1; i < 3 * fits; i += 1) {
      cache.set(ticket(i), answer);
      assert.ok(cache.size <= 20_000, `size ${cache.size}`);
    }
    const big = ticket(99);
    cache.set(big, 'y'.repeat(1_300));
    assert.equal(cache.get(big), undefined, 'an answer over an eighth of the size is not kept');
    cache.generations.bump('db');
    assert.equal(cache.size, 0, "a write forgets the database's answers");
    assert.equal(new AnswerCache({ maxBytes: 0 }).ticket('db', user, 'res.partner', search_read, body(1)), undefined);
  });

  it('counts as a plain read only a SELECT or SHOW that calls no sequence function and makes nothing', () => {
    for (const sql of [
      'SELECT id FROM res_partner',
      '  select count(*) from x',
      "SELECT set_config('json2.lang', $1, true)",
      'SHOW server_version',
    ])
      assert.ok(isPlainRead(sql), sql);
    for (const sql of [
      'UPDATE res_partner SET name = $1',
      'INSERT INTO x VALUES (1)',
      "SELECT nextval('x_id_seq')",
      'SELECT setval($1, 3)',
      'SELECT * INTO copy FROM x',
      'WITH gone AS (DELETE FROM x RETURNING id) SELECT * FROM gone',
      'DROP SCHEMA public CASCADE',
      'SET CONSTRAINTS ALL DEFERRED',
    ])
      assert.ok(!isPlainRead(sql), sql);
  });
});

describe('answer cache: fault injection and turning it off', () => {
  it('a fault armed for the next call or for the method meets the call as before', async () => {
    await cachedRead('res.partner', 'search_read', PROBE_READ());
    const fired = sandbox.faults.fired;
    sandbox.faults.failStatement(1);
    assert.equal((await call(sandbox, 'res.partner', 'search_read', PROBE_READ())).status, 500);
    sandbox.faults.failMethod('res.partner', 'search_read');
    try {
      assert.equal((await call(sandbox, 'res.partner', 'search_read', PROBE_READ())).status, 500);
    } finally {
      sandbox.faults.clear();
    }
    assert.equal(sandbox.faults.fired, fired + 2);
    await cachedRead('res.partner', 'search_read', PROBE_READ());
  });

  it('startSandbox({ answerCache: false }) (json2 sandbox --no-answer-cache) runs every read on the database', async () => {
    const plain = await startSandbox({ answerCache: false });
    try {
      for (let i = 0; i < 3; i += 1) await ok(plain, 'res.partner', 'search_read', { domain: [], fields: ['name'], limit: 5 });
      assert.deepEqual([plain.server.catalog.answers.hits, plain.server.catalog.answers.size], [0, 0]);
    } finally {
      await plain.stop();
    }
  });
});

function managerPost(action: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.url}/web/database/${action}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

function restore(name: string, file: Buffer): Promise<Response> {
  const form = new FormData();
  form.set('master_pwd', sandbox.masterPassword);
  form.set('name', name);
  form.set('backup_file', new Blob([file]), 'demo.zip');
  return fetch(`${sandbox.url}/web/database/restore`, { method: 'POST', body: form, redirect: 'manual' });
}

/** A key of `login` on `database` (a database made by the manager has no key yet). */
async function keyFor(database: string, login: string): Promise<string> {
  return (
    await issueApiKey(sandbox.server.catalog, database, {
      login,
      name: 'answer cache test',
      expiration: new Date(sandbox.clock.now().getTime() + 86_400_000),
      scope: null,
    })
  ).key;
}
