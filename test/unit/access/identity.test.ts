// readIdentity against the sandbox: who each demo key acts as, groups named as the server names them, companies, keys.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type AccessIdentity, readIdentity } from '../../../src/core/access/identity';
import { identityText } from '../../../src/core/access/identityText';
import { ConnectionClient } from '../../../src/core/connections/connectionClient';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ok } from '../../support/sandboxHttp';
import { profileOf } from '../requestRun/pipelineHarness';

describe('readIdentity', () => {
  let sandbox: StartedSandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.stop();
  });

  async function identityOf(key: string, signal?: AbortSignal): Promise<AccessIdentity> {
    const client = new ConnectionClient(profileOf('local', sandbox.url, sandbox.database), key);
    try {
      return await readIdentity((call) => client.call(call), { database: sandbox.database, signal, now: sandbox.clock.now() });
    } finally {
      await client.close();
    }
  }

  test('the demo user: their groups by application, one company, their key', async () => {
    const identity = await identityOf(sandbox.keys.user);
    assert.equal(identity.database, sandbox.database);
    assert.deepEqual(identity.user, { id: sandbox.users.user.id, name: 'Marc Demo', login: 'demo' });
    assert.deepEqual(
      identity.groups.map((group) => [group.application, group.fullName, group.xmlId, group.implied]),
      [
        ['Sales', 'Sales / User: Own Documents Only', 'sales_team.group_sale_salesman', false],
        [null, 'Role / User', 'base.group_user', false],
      ],
    );
    assert.equal(identity.groups[0].name, 'User: Own Documents Only');
    assert.equal(identity.groups[0].privilege, 'Sales');
    assert.deepEqual(
      identity.companies.allowed.map((company) => company.name),
      ['My Company (San Francisco)'],
    );
    assert.equal(identity.companies.current.name, 'My Company (San Francisco)');
    assert.equal(identity.lang, 'en_US');
    assert.equal(identity.tz, 'Europe/Brussels');
    assert.ok('name' in identity.key, JSON.stringify(identity.key));
    assert.equal(identity.key.name, 'test key for demo');
    assert.equal(identity.key.scope, null);
    // The test API's keys last one calendar month from the sandbox's clock.
    const expires = new Date(identity.key.expiresAt as string).getTime();
    const days = (expires - sandbox.clock.now().getTime()) / 86_400_000;
    assert.ok(days >= 28 && days <= 31.1, `${identity.key.expiresAt} is ${days} days ahead`);
  });

  test('the administrator: every application, both companies, the current one first', async () => {
    const identity = await identityOf(sandbox.keys.admin);
    assert.equal(identity.user.login, 'admin');
    const names = identity.groups.map((group) => group.fullName);
    for (const name of [
      'Accounting / Administrator',
      'Sales / Administrator',
      'Sales / User: All Documents',
      'Role / Administrator',
      'Access Rights',
    ])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    assert.deepEqual(
      [...new Set(identity.groups.map((group) => group.application))],
      ['Accounting', 'Sales', null],
      'grouped by application, groups without one last',
    );
    assert.equal(identity.groups.find((group) => group.fullName === 'Role / Administrator')?.xmlId, 'base.group_system');
    assert.deepEqual(
      identity.companies.allowed.map((company) => company.name),
      ['My Company (San Francisco)', 'My Company (Chicago)'],
    );
    assert.equal(identity.companies.current.id, identity.companies.allowed[0].id);
  });

  test("a second valid key: the server does not say which one is used, so both are candidates; other scopes don't count", async () => {
    await sandbox.newKey('demo', { name: 'second demo key', days: 5 });
    await sandbox.newKey('demo', { name: 'a key for something else', scope: 'other', days: 5 });
    const identity = await identityOf(sandbox.keys.user);
    assert.ok('unavailable' in identity.key);
    assert.match(identity.key.unavailable, /2 valid API keys/);
    assert.deepEqual(
      identity.key.candidates?.map((key) => key.name),
      ['test key for demo', 'second demo key'],
    );
    // The administrator's answer is about the administrator's keys only.
    const admin = await identityOf(sandbox.keys.admin);
    assert.ok('name' in admin.key && admin.key.name === 'test key for admin', JSON.stringify(admin.key));
  });

  test('a user who may not read their own record: what context_get says, and why the rest is missing', async () => {
    // The robot (API / Contacts) has no right on res.users: the server refuses the read of its own record.
    const identity = await identityOf(sandbox.keys.robot);
    assert.equal(identity.user.id, sandbox.users.robot.id);
    assert.equal(identity.user.name, '');
    assert.deepEqual(identity.groups, []);
    assert.deepEqual(identity.companies.allowed, []);
    assert.equal(identity.problems?.length, 1);
    assert.match(
      identity.problems?.[0] ?? '',
      /^The user may not read their own user record \(res\.users\): You are not allowed to access 'User' \(res\.users\) records\./,
    );
    assert.match(identityText(identity), /^User: {7}user id \d+ \(name not readable\)$/m);
    // Nor their keys (no right on res.users.apikeys either): said, not thrown.
    assert.ok('unavailable' in identity.key && /may not read their API keys/.test(identity.key.unavailable), JSON.stringify(identity.key));
  });

  test('groups the user may not read: said, with the rest of the identity', async () => {
    // As admin (the default key of ok()), turn off the internal users' right to read res.groups, then restore it.
    const rows = await ok<number[]>(sandbox, 'ir.model.access', 'search', {
      domain: [
        ['model_id.model', '=', 'res.groups'],
        ['perm_read', '=', true],
        ['group_id', '!=', false],
        ['perm_write', '=', false],
      ],
    });
    assert.equal(rows.length, 1, "the internal users' read row of res.groups");
    await ok(sandbox, 'ir.model.access', 'write', { ids: rows, vals: { active: false } });
    try {
      const identity = await identityOf(sandbox.keys.user);
      assert.equal(identity.user.login, 'demo');
      assert.deepEqual(identity.groups, []);
      assert.match(identity.problems?.[0] ?? '', /^The user may not read their groups \(res\.groups\): You are not allowed to access/);
      assert.equal(identity.companies.current.name, 'My Company (San Francisco)');
    } finally {
      await ok(sandbox, 'ir.model.access', 'write', { ids: rows, vals: { active: true } });
    }
    assert.equal((await identityOf(sandbox.keys.user)).groups.length, 2);
  });

  test('an aborted read stops before asking', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(identityOf(sandbox.keys.user, controller.signal), { name: 'AbortError' });
  });
});
