// The json2.connections setting: reading entries, refusing secrets and bad values, levels and trust, editing in place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseConnectionEntry, isCalendarDate } from '../../../src/core/connections/connectionValidation';
import {
  mergeConnectionLevels,
  readConnectionLevel,
  toSettingsEntry,
  withConnectionRemoved,
  withConnectionSaved,
} from '../../../src/core/connections/connectionSettings';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';

const local = { name: 'local', baseUrl: 'http://127.0.0.1:8069/', database: 'demo' };

function problemsOf(value: unknown): string[] {
  const parsed = parseConnectionEntry(value);
  return 'problems' in parsed ? parsed.problems : [];
}

test('a minimal entry reads with defaults and a normalised URL', () => {
  const parsed = parseConnectionEntry(local);
  assert.ok('profile' in parsed);
  assert.deepEqual(parsed.profile, {
    name: 'local',
    baseUrl: 'http://127.0.0.1:8069',
    database: 'demo',
    protocol: 'json2',
    readOnly: false,
    production: false,
    allowInsecureHttp: false,
  });
});

test('a path prefix is kept, a trailing slash is not', () => {
  const parsed = parseConnectionEntry({ name: 'proxied', baseUrl: 'https://erp.example.com/odoo/' });
  assert.ok('profile' in parsed);
  assert.equal(parsed.profile.baseUrl, 'https://erp.example.com/odoo');
});

test('plain http to another host is refused unless allowed on the connection', () => {
  assert.match(problemsOf({ name: 'lan', baseUrl: 'http://erp.lan' }).join(' '), /unencrypted/);
  assert.deepEqual(problemsOf({ name: 'lan', baseUrl: 'http://erp.lan', allowInsecureHttp: true }), []);
});

test('an entry holding a secret is refused, whatever the key is called', () => {
  for (const key of ['apiKey', 'api_key', 'password', 'key', 'token', 'secret']) {
    const problems = problemsOf({ ...local, [key]: '0123456789abcdef0123456789abcdef01234567' });
    assert.ok(
      problems.some((p) => p.includes('looks like a secret')),
      `${key}: ${problems.join(' ')}`,
    );
  }
});

test('credentials in the URL are refused', () => {
  assert.match(problemsOf({ name: 'x', baseUrl: 'https://admin:secret@erp.example.com' }).join(' '), /user name or password/);
});

test('each field is checked', () => {
  assert.match(problemsOf({ baseUrl: 'https://a.example' }).join(' '), /"name" is missing/);
  assert.match(problemsOf({ name: ' starts with space', baseUrl: 'https://a.example' }).join(' '), /not a connection name/);
  assert.match(problemsOf({ ...local, database: 'bad name;' }).join(' '), /not a database name/);
  assert.match(problemsOf({ ...local, databaseHeader: 'Bad Header' }).join(' '), /not a header name/);
  assert.match(problemsOf({ ...local, protocol: 'soap' }).join(' '), /"protocol" must be one of/);
  assert.match(problemsOf({ ...local, protocol: 'xmlrpc' }).join(' '), /need a login/);
  assert.match(problemsOf({ ...local, readOnly: 'yes' }).join(' '), /"readOnly" must be true or false/);
  assert.match(problemsOf({ ...local, keyExpiration: '2026-02-30' }).join(' '), /must be a date/);
  assert.match(problemsOf({ ...local, variables: { password: 'x' } }).join(' '), /looks like a secret/);
  assert.match(problemsOf({ ...local, user: { name: 'no id' } }).join(' '), /integer "id"/);
  assert.match(problemsOf('local').join(' '), /must be an object/);
});

test('calendar dates are real dates', () => {
  assert.equal(isCalendarDate('2024-02-29'), true);
  assert.equal(isCalendarDate('2023-02-29'), false);
  assert.equal(isCalendarDate('2024-2-1'), false);
});

test('a deprecated-RPC entry keeps its login; a JSON-2 entry drops one', () => {
  const rpc = parseConnectionEntry({ ...local, protocol: 'xmlrpc', login: 'admin' });
  assert.ok('profile' in rpc);
  assert.equal(rpc.profile.login, 'admin');
  const json2 = parseConnectionEntry({ ...local, login: 'admin' });
  assert.ok('profile' in json2);
  assert.equal(json2.profile.login, undefined);
});

test('a level keeps the good entries and reports the others by position', () => {
  const list = readConnectionLevel(
    [local, { name: 'broken' }, { ...local, name: 'LOCAL' }, { ...local, name: 'my-db' }, { ...local, name: 'my db' }],
    'user',
  );
  assert.deepEqual(
    list.connections.map((c) => c.profile.name),
    ['local', 'my-db'],
  );
  assert.deepEqual(
    list.problems.map((p) => [p.index, p.name]),
    [
      [1, 'broken'],
      [2, 'LOCAL'],
      [4, 'my db'],
    ],
  );
  assert.match(list.problems[2].message, /JSON2_API_KEY_MY_DB/);
  assert.equal(readConnectionLevel({ not: 'a list' }, 'user').problems.length, 1);
  assert.equal(readConnectionLevel(undefined, 'user').connections.length, 0);
});

test('workspace connections hide user ones of the same name, and are ignored when the workspace is untrusted', () => {
  const user = [local, { name: 'staging', baseUrl: 'https://staging.example.com' }];
  const workspace = [{ name: 'Local', baseUrl: 'https://attacker.example.net' }];
  const trusted = mergeConnectionLevels({ user, workspace, workspaceTrusted: true });
  assert.deepEqual(
    trusted.connections.map((c) => [c.profile.name, c.level]),
    [
      ['Local', 'workspace'],
      ['staging', 'user'],
    ],
  );
  const untrusted = mergeConnectionLevels({ user, workspace, workspaceTrusted: false });
  assert.deepEqual(
    untrusted.connections.map((c) => [c.profile.name, c.profile.baseUrl]),
    [
      ['local', 'http://127.0.0.1:8069'],
      ['staging', 'https://staging.example.com'],
    ],
  );
});

test('the settings form leaves defaults out and reads back to the same profile', () => {
  const profile: ConnectionProfile = {
    name: 'prod',
    baseUrl: 'https://erp.example.com',
    database: 'main',
    protocol: 'jsonrpc',
    login: 'robot',
    readOnly: true,
    production: true,
    allowInsecureHttp: false,
    keyScope: null,
    keyExpiration: '2026-12-31',
    serverVersion: '17.0',
    user: { id: 7, name: 'Robot' },
    variables: { partner: '42' },
  };
  const entry = toSettingsEntry(profile);
  assert.equal('databaseHeader' in entry, false);
  // A connection that must send one header only keeps its choice.
  assert.equal(toSettingsEntry({ ...profile, databaseHeader: 'X-Odoo-Database' }).databaseHeader, 'X-Odoo-Database');
  assert.equal('allowInsecureHttp' in entry, false);
  const back = parseConnectionEntry(JSON.parse(JSON.stringify(entry)));
  assert.ok('profile' in back);
  assert.deepEqual(back.profile, profile);
});

test('saving replaces the entry in place, keeps the others (even broken ones) and notes it does not know', () => {
  const before = [{ name: 'broken' }, { ...local, readOnly: true, note: 'kept' }, { name: 'other', baseUrl: 'https://o.example' }];
  const parsed = parseConnectionEntry(local);
  assert.ok('profile' in parsed);
  const after = withConnectionSaved(before, 'LOCAL', { ...parsed.profile, name: 'renamed' });
  assert.deepEqual(after[0], { name: 'broken' });
  assert.deepEqual(after[1], { name: 'renamed', baseUrl: 'http://127.0.0.1:8069', database: 'demo', note: 'kept' });
  assert.deepEqual(after[2], before[2]);
  assert.equal(withConnectionSaved(before, undefined, parsed.profile).length, 4);
  assert.deepEqual(
    withConnectionRemoved(before, 'local').map((e) => (e as { name: string }).name),
    ['broken', 'other'],
  );
  assert.equal(before.length, 3, 'the input list is not changed');
});
