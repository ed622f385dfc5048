// Database management from the real VS Code host against the sandbox: create, duplicate (neutralised), back up, restore
// and drop, with the results checked on the server (its list and its records), and the master password per server.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { DatabaseManagerClient } from '../../../src/core/client/databaseManagerClient';
import { Json2Client } from '../../../src/core/client/json2Client';
import { LegacyRpcClient } from '../../../src/core/client/legacyRpcClient';
import type { DatabasePrompts } from '../../../src/extension/databases/databasePrompts';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { extensionApi } from './adminDriver.integration.test';
import {
  connectionSetting,
  eventually,
  removeConnections,
  setConnectionSetting,
  start,
  StepRecorder,
} from './connectionsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const NAME = 'databases-sandbox';
const MARKER = 'Partner kept by the backup';

suite('Database management against the sandbox', function () {
  this.timeout(180_000);
  let api: Awaited<ReturnType<typeof extensionApi>>;
  let sandbox: StartedSandbox;
  let recorder: StepRecorder;
  let manager: DatabaseManagerClient;
  let scratch: string;
  const node = (database?: string): { connectionName: string; database?: string } => ({
    connectionName: NAME,
    ...(database ? { database } : {}),
  });
  const shown = { errors: [] as string[], infos: [] as string[], offers: [] as string[] };
  const dialogs = { destination: undefined as vscode.Uri | undefined, source: undefined as vscode.Uri | undefined, remember: true };
  const prompts: DatabasePrompts = {
    backupDestination: async () => dialogs.destination,
    restoreSource: async () => dialogs.source,
    offerToRemember: async (origin) => {
      shown.offers.push(origin);
      return dialogs.remember;
    },
    showError: (message) => {
      shown.errors.push(message);
    },
    showInfo: (message) => {
      shown.infos.push(message);
    },
  };
  /** Names of the partners of a database, read with the admin key (keys travel with copies and backups). */
  async function partnerNames(database: string): Promise<string[]> {
    const client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database });
    try {
      return (
        await client.call<Array<{ name: string }>>('res.partner', 'search_read', { domain: [['name', '=', MARKER]], fields: ['name'] })
      ).map((p) => p.name);
    } finally {
      await client.close();
    }
  }

  /** The same through the deprecated XML-RPC interface with the admin's password (a neutralised copy has no keys). */
  async function partnerNamesByPassword(database: string): Promise<string[]> {
    const client = new LegacyRpcClient({
      baseUrl: sandbox.url,
      protocol: 'xmlrpc',
      database,
      login: 'admin',
      password: sandbox.users.admin.password as string,
    });
    try {
      const partners = (await client.executeKw('res.partner', 'search_read', [[['name', '=', MARKER]]], { fields: ['name'] })) as Array<{
        name: string;
      }>;
      return partners.map((p) => p.name);
    } finally {
      await client.close();
    }
  }

  suiteSetup(async () => {
    api = await extensionApi();
    sandbox = await startSandbox({ hashCost: 10 });
    manager = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: sandbox.masterPassword });
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-databases-'));
    const others = connectionSetting('user').filter((entry) => (entry as { name?: string }).name !== NAME);
    await setConnectionSetting('user', [...others, { name: NAME, baseUrl: sandbox.url, database: sandbox.database }]);
    await eventually(() => api.connections.service.find(NAME) !== undefined, 'the connection read');
    api.databases.setPrompts(prompts);
    const admin = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    await admin.call('res.partner', 'create', { vals_list: [{ name: MARKER }] });
    await admin.close();
  });
  suiteTeardown(async () => {
    api?.databases.setPrompts(undefined);
    await vscode.commands.executeCommand(CommandIds.forgetMasterPassword, NAME);
    await removeConnections([NAME]);
    await manager?.close();
    await sandbox?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });
  setup(() => {
    recorder = new StepRecorder(api.connections);
    for (const list of Object.values(shown)) list.length = 0;
  });
  teardown(async () => {
    recorder.dispose();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  test("Create Database…: a wrong master password is refused on the server's word; the right one creates it and may be remembered", async () => {
    api.connections.inputs.preset({
      newDatabase: 'made',
      adminLogin: 'boss',
      adminPassword: 'boss-secret-1',
      demoData: false,
      masterPassword: 'not the master password',
    });
    const refused = start<boolean>(recorder, CommandIds.createDatabase, node());
    for (const step of ['newDatabase', 'adminLogin', 'adminPassword', 'demoData', 'masterPassword']) await recorder.accept(step);
    assert.equal(await refused, false);
    assert.match(shown.errors[0] ?? '', /Database creation error: .*Access Denied/i);
    assert.equal(shown.errors[0].includes('not the master password'), false);
    assert.equal((await manager.list()).includes('made'), false);
    assert.equal(await api.databases.hasMasterPassword(sandbox.url), false, 'a refused password is not offered for remembering');

    api.connections.inputs.preset({
      newDatabase: 'made',
      adminLogin: 'boss',
      adminPassword: 'boss-secret-1',
      demoData: false,
      masterPassword: sandbox.masterPassword,
    });
    const created = start<boolean>(recorder, CommandIds.createDatabase, node());
    for (const step of ['newDatabase', 'adminLogin', 'adminPassword', 'demoData', 'masterPassword']) await recorder.accept(step);
    assert.equal(await created, true);
    assert.ok((await manager.list()).includes('made'), 'the server lists the new database');
    const login = new LegacyRpcClient({
      baseUrl: sandbox.url,
      protocol: 'xmlrpc',
      database: 'made',
      login: 'boss',
      password: 'boss-secret-1',
    });
    assert.ok((await login.authenticate()) > 0, 'its administrator logs in with the login and password given');
    await login.close();
    await eventually(async () => api.databases.hasMasterPassword(sandbox.url), 'the master password remembered for the server');
    assert.deepEqual(shown.offers, [new URL(sandbox.url).origin]);
  });

  test('Duplicate Database… on a database node, neutralised: the copy is listed, holds the records and has no API keys', async () => {
    api.connections.inputs.preset({ newDatabase: 'demo_copy', neutralize: true });
    const done = start<boolean>(recorder, CommandIds.duplicateDatabase, node(sandbox.database));
    await recorder.accept('newDatabase');
    await recorder.accept('neutralize');
    assert.equal(await done, true, shown.errors.join('\n'));
    assert.ok((await manager.list()).includes('demo_copy'));
    assert.deepEqual(await partnerNamesByPassword('demo_copy'), [MARKER]);
    await assert.rejects(partnerNames('demo_copy'), /Invalid apikey/, 'neutralised: the copy has no API keys');
    assert.deepEqual(shown.offers, [], 'the remembered master password is used without asking');
  });

  test('Back Up Database… (zip) to the file chosen in the save dialog, then Restore Database… of it as a copy', async () => {
    dialogs.destination = vscode.Uri.file(path.join(scratch, 'demo-backup.zip'));
    api.connections.inputs.preset({ backupFormat: 'zip' });
    const backup = start<string | undefined>(recorder, CommandIds.backupDatabase, node(sandbox.database));
    await recorder.accept('backupFormat');
    assert.equal(await backup, dialogs.destination.fsPath, shown.errors.join('\n'));
    const bytes = fs.readFileSync(dialogs.destination.fsPath);
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'a zip file');
    assert.equal(fs.existsSync(`${dialogs.destination.fsPath}.part`), false);
    assert.match(shown.infos[0] ?? '', /The backup of "demo" was saved to .*demo-backup\.zip \(\d+(\.\d)? KB\)/);

    dialogs.source = dialogs.destination;
    api.connections.inputs.preset({ newDatabase: 'restored', restoreCopy: true, neutralize: false });
    const restore = start<boolean>(recorder, CommandIds.restoreDatabase, node());
    await recorder.accept('newDatabase');
    await recorder.accept('restoreCopy');
    await recorder.accept('neutralize');
    assert.equal(await restore, true, shown.errors.join('\n'));
    assert.ok((await manager.list()).includes('restored'));
    assert.deepEqual(await partnerNames('restored'), [MARKER], 'the restored database holds the records of the backup');
  });

  test("Drop Database… from the palette: the database picked from the server's list, its name typed exactly to confirm", async () => {
    api.connections.inputs.preset({ connection: NAME, database: 'made', confirmDrop: 'mad' });
    const done = start<boolean>(recorder, CommandIds.dropDatabase);
    await recorder.accept('connection');
    await recorder.accept('database');
    await recorder.accept('confirmDrop');
    assert.match(await recorder.problemOn('confirmDrop'), /Type the database name exactly/);
    assert.ok((await manager.list()).includes('made'), 'nothing dropped on a wrong name');
    api.connections.inputs.preset({ confirmDrop: 'made' });
    await recorder.enter('confirmDrop');
    assert.equal(await done, true, shown.errors.join('\n'));
    assert.deepEqual((await manager.list()).filter((name) => ['made', 'demo_copy', 'restored'].includes(name)).sort(), [
      'demo_copy',
      'restored',
    ]);
    for (const name of ['demo_copy', 'restored']) await manager.drop(name);
  });

  test('Change Master Password…: the server takes the new one, and the remembered one is updated', async () => {
    const changed = 'a-new-master-password';
    api.connections.inputs.preset({ newMasterPassword: changed, newMasterPasswordAgain: changed });
    const done = start<boolean>(recorder, CommandIds.changeMasterPassword, node());
    await recorder.accept('newMasterPassword');
    await recorder.accept('newMasterPasswordAgain');
    assert.equal(await done, true, shown.errors.join('\n'));
    const withOld = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: sandbox.masterPassword });
    // A copy of a database that exists (an unknown name is refused before anything is sent): the old password is refused.
    await assert.rejects(withOld.duplicate(sandbox.database, 'never-made'), /Access Denied/i);
    assert.ok(!(await manager.list()).includes('never-made'), 'nothing copied with the old password');
    await withOld.close();
    // The remembered password is the new one: a backup goes through without asking.
    dialogs.destination = vscode.Uri.file(path.join(scratch, 'after-change.dump'));
    api.connections.inputs.preset({ backupFormat: 'dump' });
    const backup = start<string | undefined>(recorder, CommandIds.backupDatabase, node(sandbox.database));
    await recorder.accept('backupFormat');
    assert.equal(await backup, dialogs.destination.fsPath, shown.errors.join('\n'));
    assert.ok(fs.statSync(dialogs.destination.fsPath).size > 0);
  });
});
