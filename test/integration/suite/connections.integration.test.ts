// Connections in a real VS Code host, without a server: settings levels, switching through the real quick pick,
// removal, and the Add Connection input refusing an unreachable server.
import assert from 'node:assert/strict';
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
import { CommandIds } from '../../../src/extension/commandIds';

suite('Connections (no server)', () => {
  let api: ConnectionsTestApi;
  let recorder: StepRecorder;

  suiteSetup(async () => {
    api = await connectionsApi();
  });
  setup(() => {
    recorder = new StepRecorder(api);
  });
  teardown(async () => {
    recorder.dispose();
    api.setPrompts(undefined);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await setConnectionSetting('workspace', undefined);
    await setConnectionSetting('user', undefined);
  });

  test('the connection commands are contributed', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['addConnection', 'editConnection', 'renameConnection', 'removeConnection', 'updateApiKey', 'switchConnection']) {
      assert.ok(commands.includes(`json2.${id}`), `json2.${id}`);
    }
  });

  test('connections come from user and workspace settings; a workspace one hides a user one of the same name', async () => {
    await setConnectionSetting('user', [
      { name: 'shared', baseUrl: 'https://user.example.com' },
      { name: 'mine', baseUrl: 'https://mine.example.com' },
    ]);
    await setConnectionSetting('workspace', [
      { name: 'Shared', baseUrl: 'https://team.example.com' },
      { name: 'bad', baseUrl: 'ftp://x' },
    ]);
    await eventually(() => api.service.list().length === 2, 'two connections');
    assert.deepEqual(
      api.service.list().map((c) => [c.profile.name, c.level, c.profile.baseUrl]),
      [
        ['Shared', 'workspace', 'https://team.example.com'],
        ['mine', 'user', 'https://mine.example.com'],
      ],
    );
    assert.match(
      api.service
        .problems()
        .map((p) => p.message)
        .join(' '),
      /https:\/\//,
    );
  });

  test('Switch Connection picks the active connection in the real quick pick', async () => {
    await setConnectionSetting('user', [
      { name: 'first', baseUrl: 'https://first.example.com' },
      { name: 'second', baseUrl: 'https://second.example.com' },
    ]);
    await eventually(() => api.service.list().length === 2, 'two connections');
    await api.service.setActive('first');
    api.inputs.preset({ connection: 'second' });
    const done = start(recorder, CommandIds.switchConnection);
    await recorder.accept('connection');
    await done;
    assert.equal(api.service.active()?.profile.name, 'second');
  });

  test('Remove Connection asks, then deletes the settings entry', async () => {
    await setConnectionSetting('user', [
      { name: 'gone', baseUrl: 'https://gone.example.com', note: 'x' },
      { name: 'kept', baseUrl: 'https://kept.example.com' },
    ]);
    await eventually(() => api.service.list().length === 2, 'two connections');
    const asked: string[] = [];
    api.setPrompts({
      confirmRemoval: async (profile) => {
        asked.push(profile.name);
        return asked.length > 1;
      },
      confirmProduction: async () => false,
      offerKeyUpdate: async () => false,
    });
    await vscode.commands.executeCommand(CommandIds.removeConnection, 'gone');
    assert.equal(connectionSetting('user').length, 2, 'declining keeps it');
    await vscode.commands.executeCommand(CommandIds.removeConnection, { connectionName: 'gone' });
    assert.deepEqual(asked, ['gone', 'gone']);
    assert.deepEqual(connectionSetting('user'), [{ name: 'kept', baseUrl: 'https://kept.example.com' }]);
  });

  test('Edit Connection turns on read-only through the real quick pick; the entry keeps its place and extra keys', async () => {
    await setConnectionSetting('user', [
      { name: 'a', baseUrl: 'https://a.example.com' },
      { name: 'b', baseUrl: 'https://b.example.com', note: 'kept' },
    ]);
    await eventually(() => api.service.list().length === 2, 'two connections');
    api.inputs.preset({ field: 'readOnly' });
    const done = start(recorder, CommandIds.editConnection, 'b');
    await recorder.accept('field');
    await done;
    assert.deepEqual(connectionSetting('user'), [
      { name: 'a', baseUrl: 'https://a.example.com' },
      { name: 'b', baseUrl: 'https://b.example.com', readOnly: true, note: 'kept' },
    ]);
    assert.equal(api.service.find('b')?.profile.readOnly, true);
  });

  test('Rename Connection refuses a taken name, renames in place and keeps it active', async () => {
    await setConnectionSetting('workspace', [
      { name: 'old', baseUrl: 'https://old.example.com' },
      { name: 'other', baseUrl: 'https://other.example.com' },
    ]);
    await eventually(() => api.service.list().length === 2, 'two connections');
    await api.service.setActive('old');
    api.inputs.preset({ name: 'OTHER' });
    const done = start(recorder, CommandIds.renameConnection, 'old');
    await recorder.accept('name');
    assert.match(await recorder.problemOn('name'), /exists already/);
    api.inputs.preset({ name: 'new' });
    await recorder.enter('name');
    await done;
    assert.deepEqual(
      connectionSetting('workspace').map((entry) => (entry as { name: string }).name),
      ['new', 'other'],
    );
    assert.equal(api.service.active()?.profile.name, 'new');
  });

  test('Add Connection keeps the person on the URL step when nothing answers there', async () => {
    api.inputs.preset({ url: 'http://127.0.0.1:9' });
    const done = start(recorder, CommandIds.addConnection);
    await recorder.accept('url');
    assert.match(await recorder.problemOn('url'), /answers at this address|Cannot reach|answers neither/);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await done, undefined);
    assert.deepEqual(connectionSetting('user'), []);
  });
});
