// API keys from the real VS Code host against a sandbox without programmatic key management (keyMethods: false, as a
// recorded 19.0 build): Generate and Rotate say so before asking anything, offer the user's preferences in the
// browser, and take the key made there through Update API Key; rotation ends with the report of a rotation.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Json2Client } from '../../../src/core/client/json2Client';
import { userPreferencesUrl } from '../../../src/core/client/webClientUrl';
import type { KeyPrompts } from '../../../src/extension/keys/keyPrompts';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { CommandIds } from '../../../src/extension/commandIds';
import { extensionApi } from './adminDriver.integration.test';
import { addConnectionWithKey, removeConnections, start, StepRecorder } from './connectionsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { SandboxBrowser } from '../../support/sandboxBrowser';

const NAME = 'keys-without-methods';

suite('API keys on a server without programmatic key management', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof extensionApi>>;
  let sandbox: StartedSandbox;
  let recorder: StepRecorder;
  /** Every dialog in order (`offer: …`, `step: …`, `info: …`, `error: …`), the addresses offered, the reports' details. */
  const shown = { dialogs: [] as string[], urls: [] as string[], details: [] as string[] };
  /** What happens when the person is asked to delete the old key in the browser. */
  let onDeleteStep: () => Promise<boolean> = async () => true;
  const prompts: KeyPrompts = {
    showNewKey: async () => assert.fail('no key is made through the API'),
    confirmRevoke: async () => assert.fail('nothing is revoked through the API'),
    confirmRotate: async () => assert.fail('no rotation through the API'),
    showError: (message, detail) => {
      shown.dialogs.push(`error: ${message}`);
      if (detail) shown.details.push(detail);
    },
    showInfo: (message) => {
      shown.dialogs.push(`info: ${message}`);
    },
    offerBrowserPath: async (message, _detail, url) => {
      shown.dialogs.push(`offer: ${message}`);
      shown.urls.push(url);
      return true;
    },
    confirmBrowserStep: async (question, _detail, url) => {
      shown.dialogs.push(`step: ${question}`);
      shown.urls.push(url);
      return onDeleteStep();
    },
    remind: async () => undefined,
  };
  const clients: Json2Client[] = [];
  const works = async (key: string): Promise<boolean> => {
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: key, database: sandbox.database });
    clients.push(client);
    return client.whoami().then(
      () => true,
      () => false,
    );
  };
  /** Deletes a key as a person does in Account Security: logged in on the sandbox's key page, its delete button. */
  const deleteKey = async (name: string): Promise<void> => {
    const admin = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    clients.push(admin);
    const [record] = await admin.call<Array<{ id: number }>>('res.users.apikeys', 'search_read', {
      domain: [['name', '=', name]],
      fields: ['id'],
    });
    const browser = new SandboxBrowser(sandbox.url);
    await browser.logIn(sandbox.users.admin.login, sandbox.users.admin.password as string);
    await browser.get('/odoo/action-base.action_res_users_my');
    const answer = await browser.post('/web/security/keys/delete', { key_id: String(record.id) });
    assert.ok(answer.status < 400, `deleted on the key page: ${answer.status}`);
  };
  const preferences = () => userPreferencesUrl({ baseUrl: sandbox.url, database: sandbox.database });

  suiteSetup(async () => {
    api = await extensionApi();
    sandbox = await startSandbox({ hashCost: 10, keyMethods: false });
    api.keys.setPrompts(prompts);
  });
  suiteTeardown(async () => {
    api?.keys.setPrompts(undefined);
    await removeConnections([NAME]);
    await Promise.all(clients.map((client) => client.close()));
    await sandbox?.stop();
  });
  setup(async () => {
    for (const list of Object.values(shown)) list.length = 0;
    onDeleteStep = async () => true;
  });
  teardown(async () => {
    recorder?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  const connect = async (key: string): Promise<void> => {
    await addConnectionWithKey(api, { name: NAME, baseUrl: sandbox.url, database: sandbox.database }, key);
    recorder = new StepRecorder(api.connections);
  };

  test('Generate API Key…: said before any question, the preferences offered, the key made there pasted and checked', async () => {
    await connect(await sandbox.newKey('admin', { days: 20, name: 'host: connection key' }));
    const made = await sandbox.newKey('admin', { days: 20, name: 'host: made in the browser' });
    api.connections.inputs.preset({ apiKey: made });
    const done = start<boolean>(recorder, CommandIds.generateApiKey, { connectionName: NAME });
    await recorder.accept('apiKey');
    assert.equal(await done, true);
    assert.deepEqual(recorder.shown, ['apiKey'], 'only the key was asked: none of the questions of a key made through the API');
    assert.deepEqual(shown.dialogs, [`offer: "${NAME}": this server cannot make API keys through its API.`]);
    assert.deepEqual(shown.urls, [preferences()]);
    const context = await api.connections.service.call<{ uid: number }>(
      { model: 'res.users', method: 'context_get' },
      { connection: NAME },
    );
    assert.equal(context.uid, sandbox.users.admin.id, 'the connection works with the key made in the browser');
  });

  test('Rotate API Key: made in the browser → pasted → checked → the old key deleted there → checked; the report of a rotation', async () => {
    const oldKey = await sandbox.newKey('admin', { days: 20, name: 'host: before rotation' });
    await connect(oldKey);
    const newKey = await sandbox.newKey('admin', { days: 20, name: 'host: rotated in the browser' });
    onDeleteStep = async () => {
      await deleteKey('host: before rotation');
      return true;
    };
    api.connections.inputs.preset({ apiKey: newKey });
    const done = start<boolean>(recorder, CommandIds.rotateApiKey, { connectionName: NAME });
    await recorder.accept('apiKey');
    assert.equal(await done, true);
    assert.deepEqual(shown.dialogs, [
      `offer: "${NAME}": this server cannot rotate API keys through its API.`,
      `step: Now delete the old key of "${NAME}" in Account Security.`,
      `info: The key of "${NAME}" was rotated: the new key is stored; the old key is revoked.`,
    ]);
    assert.equal(await works(oldKey), false);
    const context = await api.connections.service.call<{ uid: number }>(
      { model: 'res.users', method: 'context_get' },
      { connection: NAME },
    );
    assert.equal(context.uid, sandbox.users.admin.id, 'the connection uses the new key');
  });

  test('Rotate API Key whose old key was not deleted: stopped at the last step, the keys valid now reported', async () => {
    const oldKey = await sandbox.newKey('admin', { days: 20, name: 'host: kept old key' });
    await connect(oldKey);
    const newKey = await sandbox.newKey('admin', { days: 20, name: 'host: second new key' });
    api.connections.inputs.preset({ apiKey: newKey });
    const done = start<boolean>(recorder, CommandIds.rotateApiKey, NAME);
    await recorder.accept('apiKey');
    assert.equal(await done, false);
    assert.equal(
      shown.dialogs.at(-1),
      `error: Key rotation of "${NAME}" stopped while revoking the old key: the server still takes the old key: it was not deleted in Account Security`,
    );
    assert.match(
      shown.details.at(-1) ?? '',
      /The old key: still valid \(not revoked\)[\s\S]*The new key: valid, and it is the key the connection uses now/,
    );
    assert.equal(await works(oldKey), true);
  });
});
