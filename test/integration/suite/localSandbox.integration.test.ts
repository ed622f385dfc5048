// Start and Stop Local Sandbox in a real VS Code host (the development build's CLI): a child process on a loopback
// port with its data under global storage, the connection "Local sandbox" with its key in the secret storage, the sample
// file opened and sent, the same address and key after a restart, and clear failures for a busy port or data folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import { CommandIds } from '../../../src/extension/commandIds';
import type { StartOutcome } from '../../../src/extension/sandbox/localSandboxService';
import { eventually, removeConnections } from './connectionsDriver.integration.test';

const EXTENSION_ID = 'json2-explorer.json2-explorer';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function started(outcome: StartOutcome): Extract<StartOutcome, { url: string }> {
  assert.ok(!('error' in outcome), 'error' in outcome ? `${outcome.error.kind}: ${outcome.error.message}` : '');
  return outcome;
}

function failure(outcome: StartOutcome): { kind: string; message: string } {
  assert.ok('error' in outcome, 'the start should have failed');
  return outcome.error;
}

suite('Local sandbox', function () {
  this.timeout(240_000);
  let api: Json2TestApi;

  suiteSetup(async () => {
    api = await vscode.extensions.getExtension<Json2TestApi>(EXTENSION_ID)!.activate();
    assert.ok(api.localSandbox, 'the extension runs in test mode');
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand(CommandIds.stopLocalSandbox);
    await vscode.workspace.getConfiguration('json2').update('sandbox.port', undefined, vscode.ConfigurationTarget.Global);
    await removeConnections(['Local sandbox']);
  });

  test('Start: a child process, the connection with its key, the sample opened and sent; Stop leaves no process', async () => {
    const outcome = started(await vscode.commands.executeCommand<StartOutcome>(CommandIds.startLocalSandbox));
    assert.match(outcome.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(alive(outcome.pid));
    assert.equal(api.localSandbox!.service.state, 'running');
    assert.ok(outcome.sampleFile.startsWith(api.localSandbox!.service.folder), 'the sample lives in global storage');
    assert.ok(fs.existsSync(path.join(api.localSandbox!.service.folder, 'data', 'databases', 'demo')), 'the data lives in global storage');

    const saved = api.connections.service.find('Local sandbox');
    assert.equal(saved?.profile.baseUrl, outcome.url);
    assert.equal(saved?.profile.database, 'demo');
    assert.equal(saved?.level, 'user');
    assert.equal(await api.connections.service.hasSecret('Local sandbox'), true);
    const settingsText = JSON.stringify(vscode.workspace.getConfiguration('json2').inspect('connections'));
    assert.ok(!/[0-9a-f]{40}/.test(settingsText), 'no key in the settings');

    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.fsPath, outcome.sampleFile);
    assert.equal(editor?.document.languageId, 'json2');
    const sent = await vscode.commands.executeCommand<{ results: Array<{ ok: boolean; status?: number }> }>(
      CommandIds.sendRequest,
      editor!.document.uri,
      0,
    );
    assert.deepEqual(
      sent.results.map((result) => [result.ok, result.status]),
      [[true, 200]],
    );
    await eventually(async () => ((await api.requests?.panelState())?.rowsReceived ?? 0) > 0, 'records in the panel');

    const again = started(await vscode.commands.executeCommand<StartOutcome>(CommandIds.startLocalSandbox));
    assert.equal(again.pid, outcome.pid, 'a second Start shows the running sandbox');

    assert.equal(await vscode.commands.executeCommand<boolean>(CommandIds.stopLocalSandbox), true);
    assert.equal(api.localSandbox!.service.state, 'stopped');
    await eventually(() => !alive(outcome.pid), 'the sandbox process to end');
    await assert.rejects(fetch(`${outcome.url}/web/version`));
  });

  test('a restart keeps the address and the stored key (no new key), and the connection still works', async () => {
    const first = api.connections.service.find('Local sandbox')!.profile.baseUrl;
    const outcome = started(await vscode.commands.executeCommand<StartOutcome>(CommandIds.startLocalSandbox));
    assert.equal(outcome.url, first, 'the port of last time, free again, is taken again');
    const count = await api.connections.service.call<number>(
      { model: 'res.partner', method: 'search_count', args: { domain: [] } },
      { connection: 'Local sandbox' },
    );
    assert.ok(count > 100, `partners: ${count}`);
    await vscode.commands.executeCommand(CommandIds.stopLocalSandbox);
    await eventually(() => !alive(outcome.pid), 'the sandbox process to end');
  });

  test('a busy port and an unusable data folder give clear failures, and nothing keeps running', async () => {
    const held = net.createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', () => resolve()));
    const port = (held.address() as AddressInfo).port;
    try {
      await vscode.workspace.getConfiguration('json2').update('sandbox.port', port, vscode.ConfigurationTarget.Global);
      const busy = failure(await vscode.commands.executeCommand<StartOutcome>(CommandIds.startLocalSandbox));
      assert.equal(busy.kind, 'port');
      assert.match(busy.message, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
      assert.equal(api.localSandbox!.service.state, 'stopped');
    } finally {
      held.close();
      await vscode.workspace.getConfiguration('json2').update('sandbox.port', undefined, vscode.ConfigurationTarget.Global);
    }

    const data = path.join(api.localSandbox!.service.folder, 'data');
    const aside = `${data}.aside`;
    fs.renameSync(data, aside);
    fs.writeFileSync(data, 'not a folder');
    try {
      const unusable = failure(await vscode.commands.executeCommand<StartOutcome>(CommandIds.startLocalSandbox));
      assert.equal(unusable.kind, 'dataFolder');
      assert.ok(unusable.message.includes(data), unusable.message);
      assert.equal(api.localSandbox!.service.pid, undefined);
    } finally {
      fs.rmSync(data, { force: true });
      fs.renameSync(aside, data);
    }
  });
});
