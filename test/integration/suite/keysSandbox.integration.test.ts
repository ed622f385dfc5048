// API keys from the real VS Code host against the sandbox: Generate (stored in the connection, choices remembered),
// Rotate (with a failure injected at a step: the old key still works, checked on the server), Revoke, and reminders.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Json2Client } from '../../../src/core/client/json2Client';
import type { KeyReminder } from '../../../src/core/keys/keyReminders';
import type { KeyPrompts, NewKeyFacts } from '../../../src/extension/keys/keyPrompts';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { extensionApi, inDays, savedEntry } from './adminDriver.integration.test';
import {
  addConnectionWithKey,
  connectionSetting,
  eventually,
  removeConnections,
  setConnectionSetting,
  start,
  StepRecorder,
} from './connectionsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const NAME = 'keys-sandbox';

suite('API keys against the sandbox', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof extensionApi>>;
  let sandbox: StartedSandbox;
  let recorder: StepRecorder;
  /** What the dialogs were shown, and how they answer. */
  const shown = {
    newKeys: [] as Array<{ key: string; facts: NewKeyFacts }>,
    errors: [] as Array<{ message: string; detail?: string }>,
    infos: [] as string[],
    reminders: [] as KeyReminder[],
  };
  const answers = { store: true, confirm: true };
  const prompts: KeyPrompts = {
    showNewKey: async (key, facts) => {
      shown.newKeys.push({ key, facts });
      return answers.store;
    },
    confirmRevoke: async () => answers.confirm,
    confirmRotate: async () => answers.confirm,
    showError: (message, detail) => {
      shown.errors.push({ message, detail });
    },
    showInfo: (message) => {
      shown.infos.push(message);
    },
    offerBrowserPath: async () => assert.fail('this sandbox has generate and revoke: no browser path'),
    confirmBrowserStep: async () => assert.fail('this sandbox has generate and revoke: no browser path'),
    remind: async (reminder) => {
      shown.reminders.push(reminder);
      return undefined;
    },
  };
  const clients: Json2Client[] = [];
  const clientOf = (key: string): Json2Client => {
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: key, database: sandbox.database });
    clients.push(client);
    return client;
  };
  /** Whether the server accepts the key now. */
  const works = async (key: string): Promise<boolean> =>
    clientOf(key)
      .whoami()
      .then(
        () => true,
        (error: { status?: number }) => {
          if (error.status !== 401) throw error;
          return false;
        },
      );
  /** Gives the connection `key` (through Update API Key), then follows the steps of the command under test only. */
  const connect = async (name: string, key: string): Promise<void> => {
    await addConnectionWithKey(api, { name, baseUrl: sandbox.url, database: sandbox.database }, key);
    recorder.dispose();
    recorder = new StepRecorder(api.connections);
  };
  const keyRecords = async (name: string): Promise<Array<{ id: number; scope: string | false; expiration_date: string }>> =>
    clientOf(sandbox.keys.admin).call('res.users.apikeys', 'search_read', {
      domain: [['name', '=', name]],
      fields: ['scope', 'expiration_date'],
    });

  suiteSetup(async () => {
    api = await extensionApi();
    sandbox = await startSandbox({ hashCost: 10 });
    api.keys.setPrompts(prompts);
    api.connections.setPrompts({
      confirmProduction: async () => false,
      confirmRemoval: async () => false,
      offerKeyUpdate: async () => false,
    });
  });
  suiteTeardown(async () => {
    api?.keys.setPrompts(undefined);
    api?.connections.setPrompts(undefined);
    await removeConnections([NAME]);
    await Promise.all(clients.map((client) => client.close()));
    await sandbox?.stop();
  });
  setup(async () => {
    recorder = new StepRecorder(api.connections);
    for (const list of Object.values(shown)) list.length = 0;
    Object.assign(answers, { store: true, confirm: true });
  });
  teardown(async () => {
    recorder.dispose();
    sandbox.faults.clear();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  test('Generate API Key…: the new key is shown once, stored in the connection with its scope and expiration; the choices are remembered', async () => {
    const connectionKey = await sandbox.newKey('admin', { days: 20, name: 'connection key' });
    await connect(NAME, connectionKey);
    api.connections.inputs.preset({ keyName: 'made in the editor', keyScope: 'rpc', keyLifetime: '7d', storeConnection: NAME });
    const done = start<boolean>(recorder, CommandIds.generateApiKey, { connectionName: NAME });
    for (const step of ['keyName', 'keyScope', 'keyLifetime', 'storeConnection']) await recorder.accept(step);
    assert.equal(await done, true);
    assert.equal(shown.newKeys.length, 1);
    const [{ key, facts }] = shown.newKeys;
    assert.deepEqual(facts, { name: 'made in the editor', scope: 'rpc', expiration: inDays(7), connection: NAME });
    const [record] = await keyRecords('made in the editor');
    assert.equal(record.scope, 'rpc');
    assert.equal(record.expiration_date.slice(0, 10), inDays(7));
    assert.equal(await works(key), true);
    await eventually(() => savedEntry(NAME)?.keyExpiration === inDays(7), 'the expiration recorded with the connection');
    assert.equal(savedEntry(NAME)?.keyScope, 'rpc');
    assert.equal(JSON.stringify(connectionSetting('user')).includes(key), false, 'never the key in the settings');
    // The connection uses the new key: with the old one revoked on the server, its calls still work.
    await clientOf(sandbox.keys.admin).revokeKey(connectionKey);
    const context = await api.connections.service.call<{ uid: number }>(
      { model: 'res.users', method: 'context_get' },
      { connection: NAME },
    );
    assert.equal(context.uid, sandbox.users.admin.id);

    // Next time the scope and the lifetime chosen are offered first: Enter on each keeps them.
    answers.store = false;
    api.connections.inputs.preset({ keyName: 'second key' });
    const again = start<boolean>(recorder, CommandIds.generateApiKey, { connectionName: NAME });
    for (const step of ['keyName', 'keyScope', 'keyLifetime']) await recorder.accept(step);
    assert.equal(await again, true);
    assert.deepEqual(shown.newKeys[1].facts, { name: 'second key', scope: 'rpc', expiration: inDays(7), connection: NAME });
    await clientOf(sandbox.keys.admin).revokeKey(shown.newKeys[1].key);
  });

  test("Generate API Key… refused by the server: the reason in plain words with the server's message", async () => {
    const userKey = sandbox.keys.user;
    const name = `${NAME}-user`;
    await connect(name, userKey);
    try {
      api.connections.inputs.preset({ keyName: 'not allowed', keyLifetime: '1d' });
      const done = start<boolean>(recorder, CommandIds.generateApiKey, name);
      for (const step of ['keyName', 'keyScope', 'keyLifetime']) await recorder.accept(step);
      assert.equal(await done, false);
      assert.equal(shown.newKeys.length, 0);
      assert.match(
        shown.errors[0]?.message ?? '',
        /Generating the key failed \(422\)\. Programmatic keys are turned off for this user.*The server said: Programmatic API keys are not enabled/s,
      );
    } finally {
      await removeConnections([name]);
    }
  });

  test('Rotate API Key with the revoke step failing: a report of both keys valid; the old key still works on the server', async () => {
    const oldKey = await sandbox.newKey('admin', { days: 20, name: 'before rotation' });
    await connect(NAME, oldKey);
    sandbox.faults.failMethod('res.users.apikeys', 'revoke');
    const done = start<boolean>(recorder, CommandIds.rotateApiKey, { connectionName: NAME });
    assert.equal(await done, false);
    sandbox.faults.clear();
    assert.equal(shown.errors.length, 1);
    const [{ message, detail }] = shown.errors;
    assert.match(message, /Key rotation of "keys-sandbox" stopped while revoking the old key: .*Injected fault/);
    assert.match(detail ?? '', /The old key: still valid \(not revoked\)/);
    assert.match(detail ?? '', /The new key ".*rotated.*": valid, and it is the key the connection uses now/);
    assert.equal(await works(oldKey), true, 'the old key still works, on the server');
    assert.equal(`${message}${detail}`.includes(oldKey), false);
    const rotatedName = `${NAME} (rotated ${new Date().toISOString().slice(0, 10)})`;
    const records = await keyRecords(rotatedName);
    assert.equal(records.length, 1, 'the new key exists on the server');
    // The connection holds the new key: with the old one revoked, its calls still work.
    await clientOf(sandbox.keys.admin).revokeKey(oldKey);
    assert.equal(
      (await api.connections.service.call<{ uid: number }>({ model: 'res.users', method: 'context_get' }, { connection: NAME })).uid,
      sandbox.users.admin.id,
    );

    // Without the fault the rotation completes: the key in use is replaced and revoked.
    const completed = start<boolean>(recorder, CommandIds.rotateApiKey, NAME);
    assert.equal(await completed, true);
    assert.match(shown.infos.at(-1) ?? '', /was rotated: the new key is stored and expires on .*; the old key is revoked/);
    const after = await keyRecords(rotatedName);
    assert.equal(after.length, 1);
    assert.notEqual(after[0].id, records[0].id, 'the key from the first attempt was revoked (its record is gone), a new one made');
    assert.equal(
      (await api.connections.service.call<{ uid: number }>({ model: 'res.users', method: 'context_get' }, { connection: NAME })).uid,
      sandbox.users.admin.id,
    );
  });

  test('Rotate API Key with the check failing: the old key goes back into the connection and the new one is revoked again', async () => {
    const oldKey = await sandbox.newKey('admin', { days: 20, name: 'before failed check' });
    await connect(NAME, oldKey);
    const rotatedName = `${NAME} (rotated ${new Date().toISOString().slice(0, 10)})`;
    const before = (await keyRecords(rotatedName)).map((record) => record.id);
    sandbox.faults.failMethod('res.users', 'context_get');
    assert.equal(await start<boolean>(recorder, CommandIds.rotateApiKey, NAME), false);
    sandbox.faults.clear();
    assert.match(shown.errors[0]?.message ?? '', /stopped while checking the new key/);
    assert.match(shown.errors[0]?.detail ?? '', /The old key: valid, and it is the key the connection uses\.\n.*was revoked again/s);
    assert.deepEqual(
      (await keyRecords(rotatedName)).map((record) => record.id),
      before,
      'no new key left on the server',
    );
    assert.equal(await works(oldKey), true);
    await eventually(
      async () =>
        (await api.connections.service.call<{ uid: number }>({ model: 'res.users', method: 'context_get' }, { connection: NAME }).then(
          (context) => context.uid,
          () => 0,
        )) === sandbox.users.admin.id,
      'the connection works with the old key again',
    );
  });

  test("Revoke API Key…: a pasted key, a key that is not valid (explained), then the connection's own key", async () => {
    const own = await sandbox.newKey('admin', { days: 20, name: 'own key' });
    await connect(NAME, own);
    const other = await sandbox.newKey('admin', { days: 3, name: 'to paste' });
    api.connections.inputs.preset({ revokeWhich: 'pasted', revokeKey: other });
    const done = start<boolean>(recorder, CommandIds.revokeApiKey, { connectionName: NAME });
    await recorder.accept('revokeWhich');
    await recorder.accept('revokeKey');
    assert.equal(await done, true);
    assert.equal(await works(other), false, 'the pasted key is refused by the server');
    assert.equal(await works(own), true);

    api.connections.inputs.preset({ revokeWhich: 'pasted', revokeKey: other });
    const again = start<boolean>(recorder, CommandIds.revokeApiKey, NAME);
    await recorder.accept('revokeWhich');
    await recorder.accept('revokeKey');
    assert.equal(await again, false);
    assert.match(
      shown.errors[0]?.message ?? '',
      /Revoking the key failed \(403\)\. That key cannot be revoked: it is already revoked or expired/,
    );
    assert.equal(shown.errors[0]?.message.includes(other), false);

    answers.confirm = false;
    api.connections.inputs.preset({ revokeWhich: 'own' });
    const declined = start<boolean>(recorder, CommandIds.revokeApiKey, NAME);
    await recorder.accept('revokeWhich');
    assert.equal(await declined, false);
    assert.equal(await works(own), true, 'nothing revoked without confirmation');
    answers.confirm = true;
    api.connections.inputs.preset({ revokeWhich: 'own' });
    const revokeOwn = start<boolean>(recorder, CommandIds.revokeApiKey, NAME);
    await recorder.accept('revokeWhich');
    assert.equal(await revokeOwn, true);
    assert.equal(await works(own), false);
    await eventually(async () => !(await api.connections.service.hasSecret(NAME)), 'the revoked key removed from the secret storage');
  });

  test("Update API Key with another key forgets the old key's scope and expiration: no reminder for the replaced key", async () => {
    const name = `${NAME}-replaced`;
    const oldKey = await sandbox.newKey('admin', { days: 3, name: 'replaced key' });
    const newKey = await sandbox.newKey('admin', { days: 30, name: 'replacing key' });
    await addConnectionWithKey(api, { name, baseUrl: sandbox.url, database: sandbox.database }, oldKey);
    try {
      // What Generate or Rotate records for the key they store.
      const others = connectionSetting('user').filter((entry) => (entry as { name?: string }).name !== name);
      await setConnectionSetting('user', [...others, { ...savedEntry(name), keyScope: 'rpc', keyExpiration: inDays(3) }]);
      await eventually(
        () => api.connections.service.find(name)?.profile.keyExpiration === inDays(3),
        'the expiration read with the connection',
      );
      assert.deepEqual(
        (await api.keys.checkReminders()).filter((r) => r.connection === name).map((r) => r.kind),
        ['expiresSoon'],
      );

      await addConnectionWithKey(api, { ...(savedEntry(name) as { name: string; baseUrl: string; database: string }) }, oldKey);
      assert.equal(savedEntry(name)?.keyExpiration, inDays(3), 'the same key given again keeps what is known about it');
      assert.equal(savedEntry(name)?.keyScope, 'rpc');

      await addConnectionWithKey(api, { ...(savedEntry(name) as { name: string; baseUrl: string; database: string }) }, newKey);
      await eventually(() => api.connections.service.find(name)?.profile.keyExpiration === undefined, 'the old expiration removed');
      const entry = savedEntry(name);
      assert.ok(entry && !('keyExpiration' in entry) && !('keyScope' in entry), JSON.stringify(entry));
      assert.equal(entry.user !== undefined, true, "the key's user is still recorded");
      assert.deepEqual(
        (await api.keys.checkReminders(new Date(Date.now() + 86_400_000))).filter((r) => r.connection === name),
        [],
      );
      const context = await api.connections.service.call<{ uid: number }>(
        { model: 'res.users', method: 'context_get' },
        { connection: name },
      );
      assert.equal(context.uid, sandbox.users.admin.id, 'the connection works with the new key');
    } finally {
      await removeConnections([name]);
    }
  });

  test('reminders: a key expiring within the notice, and a key already expired, from the dates recorded with the connections', async () => {
    const soon = `${NAME}-soon`;
    const expired = `${NAME}-expired`;
    const others = connectionSetting('user').filter((entry) => ![soon, expired].includes((entry as { name: string }).name));
    await setConnectionSetting('user', [
      ...others,
      { name: soon, baseUrl: sandbox.url, database: sandbox.database, keyExpiration: inDays(3) },
      { name: expired, baseUrl: sandbox.url, database: sandbox.database, keyExpiration: inDays(-2) },
    ]);
    try {
      await eventually(() => api.connections.service.find(expired) !== undefined, 'the connections read');
      const due = await api.keys.checkReminders();
      assert.deepEqual(
        due.filter((r) => [soon, expired].includes(r.connection)).map((r) => [r.connection, r.kind]),
        [
          [soon, 'expiresSoon'],
          [expired, 'expired'],
        ],
      );
      await eventually(() => shown.reminders.length >= 2, 'the reminders shown');
      assert.match(shown.reminders.find((r) => r.connection === soon)?.message ?? '', /expires in 3 days/);
      const later = await api.keys.checkReminders();
      assert.deepEqual(
        later.filter((r) => [soon, expired].includes(r.connection)).map((r) => r.connection),
        [expired],
        'the early reminder once a day; the expired one each time',
      );
      await vscode.workspace.getConfiguration('json2').update('keys.expiryReminderDays', 2, vscode.ConfigurationTarget.Global);
      const tomorrow = await api.keys.checkReminders(new Date(Date.now() + 86_400_000));
      assert.deepEqual(
        tomorrow.filter((r) => [soon, expired].includes(r.connection)).map((r) => r.connection),
        [soon, expired],
      );
    } finally {
      await vscode.workspace.getConfiguration('json2').update('keys.expiryReminderDays', undefined, vscode.ConfigurationTarget.Global);
      await setConnectionSetting('user', others.length > 0 ? others : undefined);
    }
  });
});
