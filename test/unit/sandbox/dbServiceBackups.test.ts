// Backups through the db service: dump (zip and plain SQL) and restore, with and without `copy`; the restored
// database is the same (records, custom models, users, keys) and only a copy gets a new uuid.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';
import { grantModelAccess } from '../../support/customModelAccess';
import { python as runPython, type Step } from './legacyPythonClient';

let sandbox: StartedSandbox;

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

const python = (steps: Step[]) => runPython(sandbox.url, steps);
const db = (method: string, ...params: unknown[]): Step => ['/xmlrpc/2/db', method, params];

describe('db service backups', () => {
  it('dumps as zip and as plain SQL, and restores either into an identical database', async () => {
    const master = sandbox.masterPassword;
    const { admin } = sandbox.users;
    const [partner] = await ok<number[]>(sandbox, 'res.partner', 'create', {
      vals_list: [{ name: "Backup d'Œuvre; -- not a comment\nsecond line" }],
    });
    await ok(sandbox, 'ir.model', 'create', { vals_list: { name: 'Backup item', model: 'x_backup_item', state: 'manual' } });
    await grantModelAccess(sandbox, 'x_backup_item');
    const [modelId] = await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', 'x_backup_item']] });
    await ok(sandbox, 'ir.model.fields', 'create', {
      vals_list: { model_id: modelId, name: 'x_label', field_description: 'Label', ttype: 'char', state: 'manual' },
    });
    const [item] = await ok<number[]>(sandbox, 'x_backup_item', 'create', { vals_list: { x_label: 'kept' } });
    const [zip, sql, badFormat] = await python([
      db('dump', master, 'demo', 'zip'),
      db('dump', master, 'demo', 'dump'),
      db('dump', master, 'nope', 'zip'),
    ]);
    const zipBytes = Buffer.from(zip.ok as string, 'base64');
    assert.equal(zipBytes.subarray(0, 2).toString('latin1'), 'PK');
    for (const entry of ['manifest.json', 'dump.sql', 'filestore/']) assert.ok(zipBytes.includes(entry), entry);
    const sqlText = Buffer.from(sql.ok as string, 'base64').toString('utf8');
    assert.match(sqlText, /^-- JSON-2 Explorer sandbox: plain SQL dump\n/);
    assert.match(sqlText, /CREATE TABLE "res_partner"/);
    assert.equal(badFormat.fault?.[0], 2);

    const [fromZip, fromSql, again, wrongMaster] = await python([
      db('restore', master, 'from_zip', zip.ok, false),
      db('restore', master, 'from_sql', sql.ok, true),
      db('restore', master, 'from_zip', zip.ok, false),
      db('restore', 'wrong', 'other', zip.ok, false),
    ]);
    assert.deepEqual([fromZip.ok, fromSql.ok, again.fault?.[0], wrongMaster.fault?.[0]], [true, true, 1, 3]);
    assert.match(String(again.fault?.[1]), /\nException: Database already exists$/);
    const [names] = await python([db('list')]);
    assert.deepEqual(names.ok, ['demo', 'from_sql', 'from_zip']);

    const object = (database: string, model: string, method: string, args: unknown[], kw = {}): Step => [
      '/xmlrpc/2/object',
      'execute_kw',
      [database, admin.id, sandbox.keys.admin, model, method, args, kw],
    ];
    const uuid = (database: string) =>
      object(database, 'ir.config_parameter', 'search_read', [[['key', '=', 'database.uuid']]], { fields: ['value'] });
    const answers = await python([
      object('demo', 'res.partner', 'search_count', [[]]),
      object('from_zip', 'res.partner', 'search_count', [[]]),
      object('from_sql', 'res.partner', 'search_count', [[]]),
      object('from_zip', 'res.partner', 'read', [[partner]], { fields: ['name'] }),
      uuid('demo'),
      uuid('from_zip'),
      uuid('from_sql'),
      object('from_zip', 'res.partner', 'create', [{ name: 'after restore' }]),
      ['/xmlrpc/2/common', 'login', ['from_sql', 'demo', sandbox.users.user.password]],
      object('from_sql', 'x_backup_item', 'read', [[item]], { fields: ['x_label'] }),
    ]);
    for (const answer of answers) assert.equal(answer.fault, undefined, JSON.stringify(answer.fault));
    assert.equal(answers[1].ok, answers[0].ok);
    assert.equal(answers[2].ok, answers[0].ok);
    assert.deepEqual(answers[3].ok, [{ id: partner, name: "Backup d'Œuvre; -- not a comment\nsecond line" }]);
    const value = (answer: { ok?: unknown }) => (answer.ok as { value: string }[])[0].value;
    assert.equal(value(answers[5]), value(answers[4]));
    assert.notEqual(value(answers[6]), value(answers[4]));
    assert.ok((answers[7].ok as number) > partner, 'sequences restored');
    assert.equal(answers[8].ok, sandbox.users.user.id);
    assert.deepEqual(answers[9].ok, [{ id: item, x_label: 'kept' }], 'custom models and fields restored');
  });
});
