// The deprecated db service through Python's xmlrpc.client: the 13 functions, the master password (right and wrong:
// nothing changes), several databases, and neutralised copies without API keys.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { python as runPython, type Answer, type Step } from './legacyPythonClient';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox({ databases: ['second'] });
});
after(async () => {
  await sandbox?.stop();
});

const python = (steps: Step[]) => runPython(sandbox.url, steps);
const db = (method: string, ...params: unknown[]): Step => ['/xmlrpc/2/db', method, params];
const values = (answers: Answer[]) => answers.map((answer) => answer.ok ?? answer.fault);
const list = async () => (await python([db('list')]))[0].ok as string[];

describe('db service', () => {
  it('answers server_version, db_exist, list and list_lang without a master password', async () => {
    const [version, exists, missing, names, langs] = await python([
      db('server_version'),
      db('db_exist', 'demo'),
      db('db_exist', 'nope'),
      db('list'),
      db('list_lang'),
    ]);
    assert.deepEqual([version.ok, exists.ok, missing.ok, names.ok], ['19.0', true, false, ['demo', 'second']]);
    assert.ok((langs.ok as string[][]).some(([code, name]) => code === 'fr_BE' && name.startsWith('French')));
  });

  it('refuses every other function with a wrong master password (fault 3) and changes nothing', async () => {
    const wrong = 'not the master password';
    const answers = await python([
      db('create_database', wrong, 'x1', false, 'en_US', 'pw', 'admin', 'BE', ''),
      db('duplicate_database', wrong, 'demo', 'x2', false),
      db('drop', wrong, 'second'),
      db('dump', wrong, 'demo', 'zip'),
      db('restore', wrong, 'x3', '', false),
      db('change_admin_password', wrong, 'new'),
      db('rename', wrong, 'second', 'x4'),
      db('migrate_databases', wrong, ['demo']),
      db('list_countries', wrong),
      db('list_countries'),
    ]);
    // After 5 wrong ones the checks are slowed (docs/sandbox.md, "Login throttling"), never refused unchecked.
    assert.deepEqual(
      values(answers),
      Array.from({ length: 10 }, () => [3, 'Access Denied']),
    );
    assert.deepEqual(await list(), ['demo', 'second']);
    const [still] = await python([db('list_countries', sandbox.masterPassword)]);
    assert.ok((still.ok as string[][]).some(([code, name]) => code === 'BE' && name === 'Belgium'));
  });

  it('creates a database whose administrator logs in, with no API key', async () => {
    const master = sandbox.masterPassword;
    const [created, duplicateName] = await python([
      db('create_database', master, 'made', false, 'fr_BE', 'boss password', 'boss', 'BE', '+32 2 555 01 02'),
      db('create_database', master, 'made', false, 'en_US', 'x', 'admin', null, null),
    ]);
    assert.equal(created.ok, true);
    assert.equal(duplicateName.fault?.[0], 1);
    assert.match(String(duplicateName.fault?.[1]), /odoo\.service\.db\.DatabaseExists: database 'made' already exists!$/);
    const [uid] = await python([['/xmlrpc/2/common', 'login', ['made', 'boss', 'boss password']]]);
    assert.equal(typeof uid.ok, 'number');
    const object = (model: string, method: string, args: unknown[], kw = {}): Step => [
      '/xmlrpc/2/object',
      'execute_kw',
      ['made', uid.ok, 'boss password', model, method, args, kw],
    ];
    const [keys, company, me] = await python([
      object('res.users.apikeys', 'search_count', [[]]),
      object('res.company', 'search_read', [[]], { fields: ['country_id', 'phone'] }),
      object('res.users', 'read', [[uid.ok]], { fields: ['lang', 'login'] }),
    ]);
    assert.equal(keys.ok, 0);
    const [row] = company.ok as { country_id: [number, string]; phone: string }[];
    assert.deepEqual([row.country_id[1], row.phone], ['Belgium', '+32 2 555 01 02']);
    assert.deepEqual(me.ok, [{ id: uid.ok, lang: 'fr_BE', login: 'boss' }]);
  });

  it('duplicates (neutralised: no keys, flagged; or not: keys work), renames and drops', async () => {
    const master = sandbox.masterPassword;
    const { admin } = sandbox.users;
    const [plain, neutral] = await python([
      db('duplicate_database', master, 'demo', 'copy_plain', false),
      db('duplicate_database', master, 'demo', 'copy_neutral', true),
    ]);
    assert.deepEqual([plain.ok, neutral.ok], [true, true]);
    const param = (database: string, key: string): Step => [
      '/xmlrpc/2/object',
      'execute_kw',
      [database, admin.id, admin.password, 'ir.config_parameter', 'search_read', [[['key', '=', key]]], { fields: ['value'] }],
    ];
    const answers = await python([
      ['/xmlrpc/2/common', 'login', ['copy_plain', 'admin', sandbox.keys.admin]],
      ['/xmlrpc/2/common', 'login', ['copy_neutral', 'admin', sandbox.keys.admin]],
      ['/xmlrpc/2/common', 'login', ['copy_neutral', 'admin', admin.password]],
      ['/xmlrpc/2/object', 'execute_kw', ['copy_neutral', admin.id, admin.password, 'res.users.apikeys', 'search_count', [[]]]],
      param('copy_neutral', 'database.is_neutralized'),
      param('copy_plain', 'database.is_neutralized'),
      param('copy_plain', 'database.uuid'),
      param('demo', 'database.uuid'),
    ]);
    assert.deepEqual(values(answers.slice(0, 4)), [admin.id, false, admin.id, 0]);
    assert.deepEqual(
      (answers[4].ok as { value: string }[]).map((row) => row.value),
      ['True'],
    );
    assert.deepEqual(answers[5].ok, []);
    assert.notEqual((answers[6].ok as { value: string }[])[0].value, (answers[7].ok as { value: string }[])[0].value);
    const [renamed, dropped, droppedAgain] = await python([
      db('rename', master, 'copy_plain', 'renamed'),
      db('drop', master, 'copy_neutral'),
      db('drop', master, 'copy_neutral'),
    ]);
    assert.deepEqual([renamed.ok, dropped.ok, droppedAgain.ok], [true, true, false]);
    assert.deepEqual(await list(), ['demo', 'made', 'renamed', 'second']);
    const [afterRename] = await python([['/xmlrpc/2/common', 'login', ['renamed', 'admin', sandbox.keys.admin]]]);
    assert.equal(afterRename.ok, admin.id);
  });

  it('changes the master password, and refuses migrate_databases', async () => {
    const [changed, oldRefused, migrate, back] = await python([
      db('change_admin_password', sandbox.masterPassword, 'another master'),
      db('list_countries', sandbox.masterPassword),
      db('migrate_databases', 'another master', ['demo']),
      db('change_admin_password', 'another master', sandbox.masterPassword),
    ]);
    assert.equal(changed.ok, true);
    assert.equal(oldRefused.fault?.[0], 3);
    assert.equal(migrate.fault?.[0], 2);
    assert.match(String(migrate.fault?.[1]), /not supported/);
    assert.equal(back.ok, true);
  });
});
