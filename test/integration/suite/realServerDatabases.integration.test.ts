// Add Connection against a server that picks databases as a real Odoo server (only X-Odoo-Database; the "No database
// is selected" page for a request without it) and hosts two, in a real VS Code host through the real inputs: the
// databases are listed, JSON-2 is found with the chosen one, no databaseHeader is saved, and the connection reads
// from its own database and keeps working once a third database exists.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionsTestApi } from '../../../src/extension/connections/registerConnections';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { CommandIds } from '../../../src/extension/commandIds';
import { COPY_CITY, COPY_DATABASE, PARTNER, startRealHeaderSandbox } from '../../support/realHeaderSandbox';
import { connectionsApi, connectionSetting, removeConnections, start, StepRecorder } from './connectionsDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

suite('Add Connection against a server hosting several databases (real-header sandbox)', function () {
  this.timeout(180_000);
  let api: ConnectionsTestApi;
  let sandbox: StartedSandbox;
  let recorder: StepRecorder;

  suiteSetup(async () => {
    api = await connectionsApi();
    ({ sandbox } = await startRealHeaderSandbox(startSandbox));
  });
  suiteTeardown(async () => {
    api?.setPrompts(undefined);
    await removeConnections(['several']);
    await sandbox?.stop();
  });
  setup(() => {
    recorder = new StepRecorder(api);
  });
  teardown(async () => {
    recorder.dispose();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  const cityOn = async (connection: string): Promise<string> => {
    const [partner] = await api.service.call<{ city: string }[]>(
      { model: 'res.partner', method: 'search_read', args: { domain: [['name', '=', PARTNER]], fields: ['city'] } },
      { connection },
    );
    return partner.city;
  };

  test('the databases are listed, JSON-2 is found with the one chosen, and the connection outlives a third database', async () => {
    api.inputs.preset({
      url: sandbox.url,
      database: COPY_DATABASE,
      protocol: 'json2',
      apiKey: sandbox.keys.admin,
      name: 'several',
      level: 'user',
    });
    const done = start<string | undefined>(recorder, CommandIds.addConnection);
    await recorder.accept('url');
    await recorder.accept('database');
    // With the database named, the server shows JSON-2 next to the deprecated interfaces: JSON-2 is offered first.
    await recorder.accept('protocol');
    await recorder.accept('apiKey');
    await recorder.accept('name');
    if ((await recorder.next()) === 'level') await recorder.accept('level');
    assert.equal(await done, 'several');
    assert.deepEqual(recorder.problems, [], 'no step showed a problem');

    const entry = connectionSetting('user').find((saved) => (saved as { name?: string }).name === 'several') as Record<string, unknown>;
    assert.equal(entry.database, COPY_DATABASE);
    assert.equal('databaseHeader' in entry, false, 'no databaseHeader: both headers are sent');
    assert.equal('protocol' in entry, false, 'JSON-2, the default interface');
    assert.equal(await cityOn('several'), COPY_CITY);

    await sandbox.server.catalog.createDatabase('third');
    assert.equal(await cityOn('several'), COPY_CITY, 'still its own database once there are three');
  });
});
