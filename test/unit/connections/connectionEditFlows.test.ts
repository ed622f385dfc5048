// Editing, renaming and updating the key of a saved connection, answered by a script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runEditConnectionFlow, runRenameFlow, runUpdateKeyFlow } from '../../../src/core/connections/connectionEditFlows';
import type { ConnectionProfile, SavedConnection } from '../../../src/core/connections/connectionProfile';
import { ScriptedInputPort } from './scriptedInputPort';
import { KEY, tableProbe } from './tableServerProbe';

const profile: ConnectionProfile = {
  name: 'erp',
  baseUrl: 'https://erp.example.com',
  database: 'demo',
  protocol: 'json2',
  readOnly: false,
  production: false,
  allowInsecureHttp: false,
};
const saved: SavedConnection = { profile, level: 'user' };

test('toggles flip one flag and keep the key', async () => {
  for (const field of ['readOnly', 'production', 'allowInsecureHttp'] as const) {
    const edit = await runEditConnectionFlow(new ScriptedInputPort([{ pick: field }]), tableProbe(), saved);
    assert.deepEqual(edit, { profile: { ...profile, [field]: true }, secret: 'keep' });
  }
});

test('the pick shows each setting with its current value; deprecated RPC adds the login', async () => {
  const port = new ScriptedInputPort(['cancel']);
  assert.equal(await runEditConnectionFlow(port, tableProbe(), saved), undefined);
  assert.deepEqual(port.shown[0].items, [
    'Server address',
    'Database',
    'Database header',
    'Read-only',
    'Production',
    'Allow plain http://',
  ]);
  const rpc = new ScriptedInputPort(['cancel']);
  await runEditConnectionFlow(rpc, tableProbe(), { profile: { ...profile, protocol: 'xmlrpc', login: 'admin' }, level: 'user' });
  assert.ok(rpc.shown[0].items?.includes('Login'));
});

test('the database header: one name for a server that must see only one, empty for both again', async () => {
  const port = new ScriptedInputPort([{ pick: 'databaseHeader' }, { text: 'Bad Header' }, { text: ' X-Odoo-Database ' }]);
  const one = await runEditConnectionFlow(port, tableProbe(), saved);
  assert.deepEqual(one, { profile: { ...profile, databaseHeader: 'X-Odoo-Database' }, secret: 'keep' });
  assert.deepEqual(port.shown[1].problems, ['"Bad Header" is not a header name.']);
  assert.match(port.shown[1].prompt, /leave empty to send both X-Odoo-Database and X-Service-Database/);
  const both = await runEditConnectionFlow(new ScriptedInputPort([{ pick: 'databaseHeader' }, { text: '' }]), tableProbe(), {
    profile: { ...profile, databaseHeader: 'X-Odoo-Database' },
    level: 'user',
  });
  assert.deepEqual(both, { profile, secret: 'keep' });
});

test('a new address on the same origin keeps the key; another origin asks whether the key may go there', async () => {
  const samePort = new ScriptedInputPort([{ pick: 'baseUrl' }, { text: 'https://erp.example.com/prefix/' }]);
  assert.deepEqual(await runEditConnectionFlow(samePort, tableProbe(), saved), {
    profile: { ...profile, baseUrl: 'https://erp.example.com/prefix', serverVersion: '19.0' },
    secret: 'keep',
  });
  const forget = await runEditConnectionFlow(
    new ScriptedInputPort([{ pick: 'baseUrl' }, { text: 'https://old.example' }, { pick: 'forget' }]),
    tableProbe(),
    saved,
  );
  assert.equal(forget?.secret, 'forget');
  assert.equal(forget?.profile.protocol, 'xmlrpc', 'the protocol follows the new server');
  const movePort = new ScriptedInputPort([
    { pick: 'baseUrl' },
    { text: 'https://down.example' },
    { text: 'https://new.example' },
    { pick: 'move' },
  ]);
  const move = await runEditConnectionFlow(movePort, tableProbe(), saved);
  assert.equal(move?.secret, 'move');
  assert.match(movePort.shown[1].problems[0], /Cannot reach the server/);
  assert.match(movePort.shown[2].prompt, /given for https:\/\/erp\.example\.com\. Send it to https:\/\/new\.example too\?/);
});

test('the database may be changed or cleared, and is checked', async () => {
  const port = new ScriptedInputPort([{ pick: 'database' }, { text: 'no good' }, { text: '' }]);
  const edit = await runEditConnectionFlow(port, tableProbe(), saved);
  assert.equal(edit?.profile.database, undefined);
  assert.equal('database' in (edit?.profile ?? {}), false);
  assert.match(port.shown[1].problems[0], /not a database name/);
});

test('a new login forgets the password that went with the old one', async () => {
  const rpc: SavedConnection = { profile: { ...profile, protocol: 'jsonrpc', login: 'admin' }, level: 'workspace' };
  const edit = await runEditConnectionFlow(new ScriptedInputPort([{ pick: 'login' }, { text: 'robot' }]), tableProbe(), rpc);
  assert.deepEqual(edit, { profile: { ...rpc.profile, login: 'robot' }, secret: 'forget' });
});

test('rename refuses a name in use (other than its own, in another case)', async () => {
  const port = new ScriptedInputPort([{ text: 'Other' }, { text: 'ERP' }]);
  assert.equal(await runRenameFlow(port, saved, ['erp', 'other']), 'ERP');
  assert.deepEqual(port.shown[0].problems, ['A connection named "Other" exists already.']);
});

test('a new key is checked with the server before it is handed back; the reason is shown first', async () => {
  const port = new ScriptedInputPort([{ text: 'bad' }, { text: `${KEY}\n` }]);
  const updated = await runUpdateKeyFlow(port, tableProbe(), profile, 'The server refused the current key.');
  assert.deepEqual(updated, { secret: KEY, user: { id: 2, name: 'Mitchell Admin', login: 'admin' } });
  assert.equal(port.shown[0].password, true);
  assert.match(port.shown[0].prompt, /^The server refused the current key\. Paste the new API key/);
  assert.match(port.shown[0].problems[0], /Invalid apikey/);
  const rpcPort = new ScriptedInputPort([{ text: 'admin' }]);
  const rpc = await runUpdateKeyFlow(rpcPort, tableProbe(), { ...profile, protocol: 'xmlrpc', login: 'admin' });
  assert.equal(rpc?.secret, 'admin');
  assert.equal(rpcPort.shown[0].id, 'password');
});
