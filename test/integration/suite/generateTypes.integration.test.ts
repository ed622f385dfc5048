// Generate Types… in a real VS Code host against the sandbox: on model nodes selected together (TypeScript with the
// typed client) and from the command palette (database and models picked, Python); the file is written where the save
// dialog says, opened, names the database in its header, and holds no key.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandIds } from '../../../src/extension/commandIds';
import type { WrittenTypes } from '../../../src/extension/typegen/typesCommands';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { addConnectionWithKey, removeConnections, start, StepRecorder } from './connectionsDriver.integration.test';
import { explorerApi, TreeWalker } from './explorerDriver.integration.test';
import { startSandbox } from './sandboxDriver.integration.test';

const CONNECTION = 'types-sandbox';

suite('Generate Types against the sandbox', function () {
  this.timeout(240_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let sandbox: StartedSandbox;
  let tree: TreeWalker;
  let scratch: string;

  suiteSetup(async () => {
    api = await explorerApi();
    tree = new TreeWalker(api);
    sandbox = await startSandbox();
    await addConnectionWithKey(api, { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-types-'));
  });
  suiteTeardown(async () => {
    api.explorer.types.saveTo = undefined;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeConnections([CONNECTION]);
    await sandbox?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Runs the command with the steps given (preset, accepted in order), saving to `file`. */
  async function generate(file: string, steps: Record<string, string>, ...args: unknown[]): Promise<WrittenTypes | undefined> {
    api.explorer.types.saveTo = vscode.Uri.file(file);
    const recorder = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset(steps);
      const done = start<WrittenTypes | undefined>(recorder, CommandIds.generateTypes, ...args);
      for (const step of Object.keys(steps)) await recorder.accept(step);
      return await done;
    } finally {
      recorder.dispose();
      api.explorer.types.saveTo = undefined;
    }
  }

  function assertNoSecret(text: string): void {
    for (const secret of [sandbox.keys.admin, sandbox.masterPassword]) assert.ok(!text.includes(secret), 'no key in the file');
  }

  test('two model nodes selected together: TypeScript with the typed client, written and opened', async () => {
    const partner = await tree.path(CONNECTION, sandbox.database, 'res', 'res.partner');
    const users = await tree.path(CONNECTION, sandbox.database, 'res', 'res.users');
    const file = path.join(scratch, 'odooTypes.ts');
    const written = await generate(file, { typesLanguage: 'ts', typesClient: 'yes' }, partner, [partner, users]);
    assert.ok(written, 'the command wrote the file');
    assert.equal(written.uri.fsPath, file);
    assert.deepEqual([...written.models].sort(), ['res.partner', 'res.users']);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^export interface ResPartnerRead \{$/m);
    assert.match(text, /^export interface ResUsersRead \{$/m);
    assert.match(text, /^export class Json2Client\b/m);
    assert.match(text, new RegExp(`^// Database: ${sandbox.database}$`, 'm'));
    assert.ok(text.split('\n').includes(`// Server:   ${sandbox.url}`), 'the header names the server');
    assertNoSecret(text);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, file, 'the written file is opened');
  });

  test('from the command palette: database and model picked, Python', async () => {
    const file = path.join(scratch, 'odoo_types.py');
    const written = await generate(file, {
      typesDatabase: `${CONNECTION} / ${sandbox.database}`,
      typesModels: 'res.partner',
      typesLanguage: 'python',
    });
    assert.ok(written, 'the command wrote the file');
    assert.deepEqual(written.models, ['res.partner']);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^ResPartnerRead = TypedDict\('ResPartnerRead', \{$/m);
    assert.match(text, new RegExp(`^# Database: ${sandbox.database}$`, 'm'));
    assertNoSecret(text);
  });
});
