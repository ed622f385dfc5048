// Connections against the sandbox, in a real VS Code host: Add Connection through the real inputs (JSON-2 and deprecated
// RPC), keys only in the secret storage, read-only and production modes, the offer to update a refused key, removal,
// and a search of every channel of docs/security.md for the keys used.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import {
  connectionsApi,
  connectionSetting,
  eventually,
  setConnectionSetting,
  start,
  StepRecorder,
} from './connectionsDriver.integration.test';
import type { ConnectionsTestApi } from '../../../src/extension/connections/registerConnections';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { Json2Client } from '../../../src/core/client/json2Client';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

suite('Connections against the sandbox', function () {
  this.timeout(120_000);
  let api: ConnectionsTestApi;
  let sandbox: StartedSandbox;
  let recorder: StepRecorder;
  const requests: string[] = [];
  const keysUsed = new Set<string>();

  suiteSetup(async () => {
    api = await connectionsApi();
    sandbox = await startSandbox({ log: (line) => requests.push(line) });
    for (const key of Object.values(sandbox.keys)) keysUsed.add(key);
  });
  suiteTeardown(async () => {
    api?.setPrompts(undefined);
    await sandbox?.stop();
  });
  setup(() => {
    recorder = new StepRecorder(api);
  });
  teardown(async () => {
    recorder.dispose();
    api.setPrompts(undefined);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  /** Presses Enter on the interface step (its answer preset) when the server offers a choice. */
  async function acceptProtocolIfAsked(): Promise<boolean> {
    if ((await recorder.next()) !== 'protocol') return false;
    await recorder.accept('protocol');
    return true;
  }

  test('Add Connection (JSON-2): a refused key is shown on its input; the checked key goes to the secret storage only', async () => {
    api.inputs.preset({
      url: sandbox.url,
      protocol: 'json2',
      database: sandbox.database,
      apiKey: 'f'.repeat(40),
      name: 'sandbox',
      level: 'user',
    });
    const done = start<string | undefined>(recorder, CommandIds.addConnection);
    await recorder.accept('url');
    await recorder.accept('database');
    await acceptProtocolIfAsked();
    await recorder.accept('apiKey');
    assert.match(await recorder.problemOn('apiKey'), /Invalid apikey/);
    api.inputs.preset({ apiKey: sandbox.keys.admin });
    await recorder.enter('apiKey');
    await recorder.accept('name');
    await recorder.accept('level');
    assert.equal(await done, 'sandbox');
    const [entry] = connectionSetting('user') as Array<Record<string, unknown>>;
    assert.deepEqual(
      { ...entry, serverVersion: undefined },
      {
        name: 'sandbox',
        baseUrl: sandbox.url,
        database: sandbox.database,
        serverVersion: undefined,
        user: { id: sandbox.users.admin.id, name: sandbox.users.admin.name, login: 'admin' },
      },
    );
    assert.equal(await api.service.hasSecret('sandbox'), true);
    assert.equal(api.service.active()?.profile.name, 'sandbox');
    const context = await api.service.call<{ uid: number }>({ model: 'res.users', method: 'context_get' });
    assert.equal(context.uid, sandbox.users.admin.id);
  });

  test('Add Connection (deprecated RPC): login and password checked with authenticate, then calls through execute_kw', async () => {
    const password = sandbox.users.admin.password as string;
    api.inputs.preset({
      url: sandbox.url,
      protocol: 'xmlrpc',
      database: sandbox.database,
      login: 'admin',
      password,
      name: 'sandbox-rpc',
      level: 'workspace',
    });
    const done = start<string | undefined>(recorder, CommandIds.addConnection);
    await recorder.accept('url');
    await recorder.accept('database');
    assert.equal(await acceptProtocolIfAsked(), true, 'the sandbox offers the deprecated interfaces next to JSON-2');
    await recorder.accept('login');
    await recorder.accept('password');
    await recorder.accept('name');
    await recorder.accept('level');
    assert.equal(await done, 'sandbox-rpc');
    const [entry] = connectionSetting('workspace') as Array<Record<string, unknown>>;
    assert.equal(entry.protocol, 'xmlrpc');
    assert.equal(entry.login, 'admin');
    // The demo password equals the login, so the entry is checked by its keys: none of them holds a secret.
    assert.deepEqual(
      Object.keys(entry).sort(),
      ['baseUrl', 'database', 'login', 'name', 'protocol', 'serverVersion', 'user'].filter((key) => key in entry),
    );
    assert.equal(await api.service.hasSecret('sandbox-rpc'), true);
    const count = await api.service.call<number>(
      { model: 'res.partner', method: 'search_count', args: { domain: [] } },
      { connection: 'sandbox-rpc' },
    );
    assert.ok(count > 0);
  });

  test('a read-only connection refuses write before sending: the sandbox sees no call', async () => {
    const [partner] = await api.service.call<Array<{ id: number; name: string }>>(
      { model: 'res.partner', method: 'search_read', args: { domain: [], fields: ['name'], limit: 1 } },
      { connection: 'sandbox' },
    );
    api.inputs.preset({ field: 'readOnly' });
    const done = start(recorder, CommandIds.editConnection, 'sandbox');
    await recorder.accept('field');
    await done;
    await eventually(() => api.service.find('sandbox')?.profile.readOnly === true, 'the read-only flag');
    const before = requests.length;
    await assert.rejects(
      api.service.call(
        { model: 'res.partner', method: 'write', ids: [partner.id], args: { vals: { name: 'changed' } } },
        { connection: 'sandbox' },
      ),
      /read-only/,
    );
    assert.deepEqual(requests.slice(before), [], 'nothing reached the sandbox');
    const [after] = await api.service.call<Array<{ name: string }>>(
      { model: 'res.partner', method: 'read', ids: [partner.id], args: { fields: ['name'] } },
      { connection: 'sandbox' },
    );
    assert.equal(after.name, partner.name);
    await setConnectionSetting(
      'user',
      connectionSetting('user').map((e) => ({ ...(e as object), readOnly: undefined })),
    );
    await eventually(() => api.service.find('sandbox')?.profile.readOnly === false, 'read-only off again');
  });

  test('a production connection asks before unlink, naming model, method and records; declining sends nothing', async () => {
    const [id] = await api.service.call<number[]>(
      { model: 'res.partner', method: 'create', args: { vals_list: [{ name: 'Doomed partner' }] } },
      { connection: 'sandbox' },
    );
    await setConnectionSetting(
      'user',
      connectionSetting('user').map((e) => ({ ...(e as object), production: true })),
    );
    await eventually(() => api.service.find('sandbox')?.profile.production === true, 'the production flag');
    const questions: string[] = [];
    let answer = false;
    api.setPrompts({
      confirmProduction: async (q) => {
        questions.push(q.message);
        return answer;
      },
      confirmRemoval: async () => false,
      offerKeyUpdate: async () => false,
    });
    const before = requests.length;
    await assert.rejects(
      api.service.call({ model: 'res.partner', method: 'unlink', ids: [id] }, { connection: 'sandbox' }),
      /not confirmed/,
    );
    assert.deepEqual(requests.slice(before), []);
    assert.deepEqual(questions, ['Run res.partner.unlink on 1 record on the production connection "sandbox"?']);
    answer = true;
    await api.service.call({ model: 'res.partner', method: 'unlink', ids: [id] }, { connection: 'sandbox' });
    assert.equal(
      await api.service.call(
        { model: 'res.partner', method: 'search_count', args: { domain: [['id', '=', id]] } },
        { connection: 'sandbox' },
      ),
      0,
    );
    assert.equal(questions.length, 2, 'reads did not ask');
    await setConnectionSetting(
      'user',
      connectionSetting('user').map((e) => ({ ...(e as object), production: undefined })),
    );
  });

  test('a refused key (401) is not retried and the notification offers to update it', async () => {
    const temporary = await sandbox.newKey('admin', { days: 1, name: 'to revoke' });
    keysUsed.add(temporary);
    api.inputs.preset({ apiKey: temporary });
    const set = start(recorder, CommandIds.updateApiKey, 'sandbox');
    await recorder.accept('apiKey');
    await set;
    const admin = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    await admin.revokeKey(temporary);
    await admin.close();
    await vscode.commands.executeCommand('notifications.clearAll');
    const before = requests.length;
    await assert.rejects(
      api.service.call({ model: 'res.users', method: 'context_get' }, { connection: 'sandbox' }),
      (error: unknown) => (error as { kind?: string }).kind === 'auth',
    );
    // A new client looks at the database list once before its first call (knownDatabases.ts); the call is not retried.
    const calls = requests.slice(before).filter((line) => !line.includes('/web/database/list'));
    assert.equal(calls.length, 1, `one request, no retry: ${requests.slice(before).join(' | ')}`);
    // The notification's button, pressed through the workbench's own command, opens the real key input.
    api.inputs.preset({ apiKey: sandbox.keys.admin });
    await eventually(
      async () => {
        await vscode.commands.executeCommand('notification.acceptPrimaryAction');
        return recorder.shown.includes('apiKey') && recorder.shown.filter((s) => s === 'apiKey').length >= 2;
      },
      'the key input opened from the notification',
      20_000,
    );
    await recorder.accept('apiKey');
    await eventually(async () => {
      try {
        return (
          (await api.service.call<{ uid: number }>({ model: 'res.users', method: 'context_get' }, { connection: 'sandbox' })).uid ===
          sandbox.users.admin.id
        );
      } catch {
        return false;
      }
    }, 'calls working with the updated key');
  });

  test("calls that ask for a connection's client at once get one client (issue 26: two split the schema caches)", async () => {
    // Setting the key again drops the clients (once its change reached the extension): the next ones are made anew.
    const changed = new Promise<void>((resolve) => {
      const subscription = api.service.onDidChange(() => {
        subscription.dispose();
        resolve();
      });
    });
    api.inputs.preset({ apiKey: sandbox.keys.admin });
    const set = start(recorder, CommandIds.updateApiKey, 'sandbox');
    await recorder.accept('apiKey');
    await set;
    await changed;
    const [first, ...others] = await Promise.all([
      api.service.client('sandbox'),
      api.service.client('sandbox'),
      api.service.client('sandbox', sandbox.database),
    ]);
    for (const other of others) assert.equal(other, first, 'the same client');
    assert.equal(await api.service.client('sandbox'), first, 'and it is kept');
    assert.equal((await first.call<{ uid: number }>({ model: 'res.users', method: 'context_get' })).uid, sandbox.users.admin.id);
  });

  test('removing a connection deletes its key: the same connection added back by hand has none', async () => {
    api.setPrompts({ confirmRemoval: async () => true, confirmProduction: async () => false, offerKeyUpdate: async () => false });
    const saved = connectionSetting('user');
    await vscode.commands.executeCommand(CommandIds.removeConnection, 'sandbox');
    assert.deepEqual(connectionSetting('user'), []);
    await setConnectionSetting('user', saved);
    await eventually(() => api.service.find('sandbox') !== undefined, 'the connection back in settings');
    assert.equal(await api.service.hasSecret('sandbox'), false);
    await assert.rejects(api.service.call({ model: 'res.users', method: 'context_get' }, { connection: 'sandbox' }), /no key/);
    await setConnectionSetting('user', undefined);
    await setConnectionSetting('workspace', undefined);
  });

  test("no key used in this suite appears in settings, workspace files, the log or the editor's files", async () => {
    const userDataDir = path.resolve(api.logUri.fsPath, '../../../..');
    const workspace = process.env.JSON2_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    assert.ok(fs.existsSync(path.join(userDataDir, 'User', 'settings.json')), `user settings under ${userDataDir}`);
    assert.ok(
      fs.readdirSync(api.logUri.fsPath).some((name) => name.includes('JSON-2')),
      'the JSON-2 log file exists',
    );
    const found = [userDataDir, workspace]
      .flatMap((root) => filesUnder(root))
      .filter((file) => {
        const text = fs.readFileSync(file).toString('latin1');
        return [...keysUsed].some((key) => text.includes(key));
      });
    assert.deepEqual(found, []);
  });
});

function filesUnder(root: string): string[] {
  if (!root || !fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file).size < 50 * 1024 * 1024);
}
