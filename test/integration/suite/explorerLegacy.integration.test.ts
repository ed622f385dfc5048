// The explorer tree in a real VS Code host over the deprecated interfaces: connections with a login and password
// (XML-RPC and JSON-RPC) to a sandbox started as an older release (--legacy-only: no /json/2, no schema documents).
// Databases from /web/database/list, models from ir.model and fields from fields_get, all through execute_kw.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import {
  connectionSetting,
  eventually,
  removeConnections,
  setConnectionSetting,
  start,
  StepRecorder,
} from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';
import { CommandIds } from '../../../src/extension/commandIds';

const XMLRPC = 'tree-xmlrpc';
const JSONRPC = 'tree-jsonrpc';
const NO_PASSWORD = 'tree-no-password';

suite('Explorer tree over the deprecated interfaces', function () {
  this.timeout(180_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let sandbox: StartedSandbox;
  let tree: TreeWalker;
  const requests: string[] = [];

  /** Saves a connection with a login (user settings), nothing in the secret storage yet. */
  async function saveLoginConnection(name: string, protocol: 'xmlrpc' | 'jsonrpc'): Promise<void> {
    const others = connectionSetting('user').filter((entry) => (entry as { name?: string }).name !== name);
    await setConnectionSetting('user', [...others, { name, baseUrl: sandbox.url, database: sandbox.database, protocol, login: 'admin' }]);
    await eventually(() => api.connections.service.find(name) !== undefined, `the connection ${name}`);
  }

  /** Runs `command` (the Update API Key flow), types the admin's password in its real input, waits until it is stored. */
  async function enterPassword(name: string, command: string, ...args: unknown[]): Promise<void> {
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({ password: sandbox.users.admin.password ?? '' });
      const done = start(recorder, command, ...args);
      await recorder.accept('password');
      await done;
    } finally {
      recorder.dispose();
    }
    await eventually(() => api.connections.service.hasSecret(name), `the password of ${name} in the secret storage`);
  }

  /** Adds a connection with a login, its password given through the real Update API Key input. */
  async function addPasswordConnection(name: string, protocol: 'xmlrpc' | 'jsonrpc'): Promise<void> {
    await saveLoginConnection(name, protocol);
    await enterPassword(name, CommandIds.updateApiKey, name);
  }

  suiteSetup(async () => {
    api = await explorerApi();
    tree = new TreeWalker(api);
    sandbox = await startSandbox({ log: (line) => requests.push(line), legacyOnly: true, hashCost: 10 });
    await addPasswordConnection(XMLRPC, 'xmlrpc');
    await addPasswordConnection(JSONRPC, 'jsonrpc');
  });
  suiteTeardown(async () => {
    await removeConnections([XMLRPC, JSONRPC, NO_PASSWORD]);
    await sandbox?.stop();
  });

  for (const [connection, endpoint] of [
    [XMLRPC, '/xmlrpc/2/object'],
    [JSONRPC, '/jsonrpc'],
  ] as const) {
    test(`databases, models and res.partner's fields with labels, types and relations (${connection.slice(5)})`, async () => {
      const before = requests.length;
      const databases = await tree.children(await tree.path(connection));
      assert.deepEqual(
        databases.map((node) => tree.item(node).label),
        ['demo'],
      );
      assert.equal(tree.item(databases[0]).description, 'configured');
      const model = await tree.path(connection, 'demo', 'res', 'res.partner');
      assert.equal(tree.item(model).description, 'Contact');
      const fields = await tree.fields(model);
      const country = fields.get('country_id');
      assert.ok(country, `country_id among ${[...fields.keys()].join(', ')}`);
      assert.equal(country.description, 'many2one → res.country');
      assert.equal(fields.get('name')?.description, 'char');
      assert.equal(fields.get('child_ids')?.description, 'one2many → res.partner');
      assert.equal(fields.get('type')?.description, 'selection');
      const asked = requests.slice(before);
      assert.ok(
        asked.some((line) => line.startsWith('POST /web/database/list 200')),
        `the databases were listed: ${asked.join(' | ')}`,
      );
      assert.ok(
        asked.filter((line) => line.startsWith(`POST ${endpoint} 200`)).length >= 2,
        `ir.model and fields_get through execute_kw: ${asked.join(' | ')}`,
      );
      assert.ok(!asked.some((line) => /\/json\/2\/|\/doc-bearer\//.test(line)), `nothing asked of JSON-2: ${asked.join(' | ')}`);
    });
  }

  test("a password connection with nothing stored asks for its password on the database node, and the node's command sets it", async () => {
    await saveLoginConnection(NO_PASSWORD, 'xmlrpc');
    const database = await tree.path(NO_PASSWORD, 'demo');
    const [missing] = await tree.children(database);
    const item = tree.item(missing);
    assert.equal(item.label, 'No password or key for this connection yet: click to set it.');
    assert.equal(item.command?.command, CommandIds.updateApiKey);
    await enterPassword(NO_PASSWORD, item.command.command, ...(item.command.arguments ?? []));
    const groups = await tree.children(database);
    assert.ok(
      groups.some((node) => tree.item(node).label === 'res'),
      `models listed once the password is set: ${groups
        .map((node) => String(tree.item(node).label))
        .slice(0, 10)
        .join(', ')}`,
    );
  });

  test("New Request File for Model over the deprecated interface: the file's request runs through execute_kw", async () => {
    const model = await tree.path(XMLRPC, 'demo', 'res', 'res.country');
    const uri = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.explorerNewModelRequest, model);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    const sent = await vscode.commands.executeCommand<{ results: Array<{ ok: boolean; status?: number }> }>(CommandIds.sendRequest, uri, 0);
    assert.equal(sent.results[0].ok, true, "the new file's request runs through execute_kw");
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('Open Documentation Page on a server known to be 18.0 says it has no such page and opens nothing', async () => {
    const model = await tree.path(XMLRPC, 'demo', 'res', 'res.country');
    const entries = connectionSetting('user') as Array<Record<string, unknown>>;
    const entry = entries.find((saved) => saved.name === XMLRPC);
    const others = entries.filter((saved) => saved.name !== XMLRPC);
    await setConnectionSetting('user', [...others, { ...entry, serverVersion: '18.0' }]);
    await eventually(
      () => api.connections.service.find(XMLRPC)?.profile.serverVersion === '18.0',
      'the version recorded with the connection',
    );
    const opened = api.explorer.openedUrls.length;
    assert.equal(await vscode.commands.executeCommand(CommandIds.explorerOpenModelDocumentation, model), undefined);
    assert.equal(api.explorer.openedUrls.length, opened, 'no browser opened');
    const response = await fetch(`${sandbox.url}/web/version`);
    assert.equal(((await response.json()) as { version: string }).version, '18.0', 'the sandbox says 18.0 too');
  });
});
