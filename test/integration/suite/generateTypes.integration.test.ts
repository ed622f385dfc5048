// Generate Types… in a real VS Code host against the sandbox: on model nodes selected together (TypeScript with the
// typed client, a depth), from the command palette (database and models picked, Python) and with "Models this project
// uses" (the workspace's request file); the file is written where the save dialog says, opened, names the database in
// its header, and holds no key. After a refresh of the schema, a generated file of the workspace that no longer matches
// is offered for regeneration once per change: accepted, it is rewritten as one undoable edit.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { requestFileModels } from '../../../src/core/requestFile/requestFileModels';
import { projectModelUses } from '../../../src/core/typegen/projectModels';
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
    const written = await generate(file, { typesDepth: '1', typesLanguage: 'ts', typesClient: 'yes' }, partner, [partner, users]);
    assert.ok(written, 'the command wrote the file');
    assert.equal(written.uri.fsPath, file);
    assert.ok(written.models.includes('res.partner') && written.models.includes('res.users'));
    assert.ok(written.models.includes('res.company'), 'depth 1 reaches the models the relations name');
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
      typesScope: 'choose',
      typesModels: 'res.partner',
      typesDepth: '0',
      typesLanguage: 'python',
    });
    assert.ok(written, 'the command wrote the file');
    assert.deepEqual(written.models, ['res.partner']);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^ResPartnerRead = TypedDict\('ResPartnerRead', \{$/m);
    assert.match(text, new RegExp(`^# Database: ${sandbox.database}$`, 'm'));
    assertNoSecret(text);
  });

  test('"Models this project uses": the models of the workspace\'s request file', async () => {
    const file = path.join(scratch, 'project_types.py');
    const written = await generate(file, {
      typesDatabase: `${CONNECTION} / ${sandbox.database}`,
      typesScope: 'project',
      typesDepth: '0',
      typesLanguage: 'python',
    });
    assert.ok(written, 'the command wrote the file');
    // test/fixtures/workspace/partners.json2 calls res.partner; the suites that ran before this one in the same host
    // left request files of their own in the workspace, so the rest is what the core scan finds there today, less the
    // models the database lacks.
    assert.ok(written.models.includes('res.partner'), `res.partner among ${written.models.join(', ')}`);
    assert.deepEqual([...written.models].sort(), await workspaceModelsOnDatabase());
  });

  /** The models the core project scan finds in the workspace folder that the sandbox's database has, sorted. */
  async function workspaceModelsOnDatabase(): Promise<string[]> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the host has a workspace folder');
    const found = (await projectModelUses([folder], requestFileModels)).map((use) => use.model);
    const response = await fetch(`${sandbox.url}/json/2/ir.model/search_read`, {
      method: 'POST',
      headers: {
        authorization: `bearer ${sandbox.keys.admin}`,
        'content-type': 'application/json',
        'x-service-database': sandbox.database,
      },
      body: JSON.stringify({ domain: [['model', 'in', found]], fields: ['model'] }),
    });
    assert.equal(response.status, 200);
    const known = new Set(((await response.json()) as { model: string }[]).map((row) => row.model));
    return found.filter((model) => known.has(model)).sort();
  }
});

suite('The offer to regenerate generated types after a schema refresh', function () {
  this.timeout(240_000);
  let api: Awaited<ReturnType<typeof explorerApi>>;
  let sandbox: StartedSandbox;
  let tree: TreeWalker;
  let folder: string;
  const offered: string[][] = [];
  let answer: 'regenerate' | 'notNow' = 'regenerate';

  const call = (model: string, method: string, args: Record<string, unknown>) =>
    api.connections.service.call({ model, method, args }, { connection: CONNECTION });
  async function addField(name: string): Promise<void> {
    const [partner] = (await call('ir.model', 'search_read', { domain: [['model', '=', 'res.partner']], fields: ['id'] })) as {
      id: number;
    }[];
    await call('ir.model.fields', 'create', {
      vals_list: [{ name, model_id: partner.id, ttype: 'char', field_description: name, state: 'manual' }],
    });
  }
  /** Refreshes the database node, as a person does, and waits for the check that follows. */
  async function refresh(): Promise<{ differences: readonly string[]; answer: unknown; regenerated: boolean }[]> {
    const database = await tree.path(CONNECTION, sandbox.database);
    await vscode.commands.executeCommand(CommandIds.explorerRefresh, database);
    return api.explorer.types.lastCheck;
  }

  suiteSetup(async () => {
    api = await explorerApi();
    tree = new TreeWalker(api);
    sandbox = await startSandbox();
    await addConnectionWithKey(api, { name: CONNECTION, baseUrl: sandbox.url, database: sandbox.database }, sandbox.keys.admin);
    const workspace = process.env.JSON2_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace, 'the host has a workspace folder');
    folder = path.join(workspace, 'generated');
    fs.mkdirSync(folder, { recursive: true });
    api.explorer.types.answerOffer = async (offer) => {
      offered.push([...offer.differences]);
      return answer;
    };
  });
  suiteTeardown(async () => {
    api.explorer.types.answerOffer = undefined;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeConnections([CONNECTION]);
    await sandbox?.stop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  test('nothing while the file matches; a new field offered, accepted, the file rewritten and undoable; not again', async () => {
    const file = path.join(folder, 'odooTypes.ts');
    api.explorer.types.saveTo = vscode.Uri.file(file);
    const recorder = new StepRecorder(api.connections);
    try {
      const partner = await tree.path(CONNECTION, sandbox.database, 'res', 'res.partner');
      api.connections.inputs.preset({ typesDepth: '0', typesLanguage: 'ts', typesClient: 'no' });
      const done = start<WrittenTypes | undefined>(recorder, CommandIds.generateTypes, partner, [partner]);
      for (const step of ['typesDepth', 'typesLanguage', 'typesClient']) await recorder.accept(step);
      assert.ok(await done, 'the file was generated');
    } finally {
      recorder.dispose();
      api.explorer.types.saveTo = undefined;
    }
    assert.deepEqual(await refresh(), [], 'an unchanged schema offers nothing');

    await addField('x_regenerated');
    const outcomes = await refresh();
    assert.deepEqual(
      outcomes.map(({ differences, answer: given, regenerated }) => ({ differences, given, regenerated })),
      [{ differences: ['res.partner: field x_regenerated was added (char)'], given: 'regenerate', regenerated: true }],
    );
    assert.match(fs.readFileSync(file, 'utf8'), /^ {2}x_regenerated: string \| false;$/m, 'the file on disk is rewritten');
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    assert.ok(!document.getText().includes('x_regenerated'), 'Undo brings the old text back');
    await vscode.commands.executeCommand('redo');
    assert.ok(document.getText().includes('x_regenerated'));
    await document.save();
    assert.deepEqual(await refresh(), [], 'the regenerated file matches: nothing offered');
  });

  test('"Not now": the same change is not offered again; a further change is', async () => {
    answer = 'notNow';
    const file = path.join(folder, 'odooTypes.ts');
    const before = fs.readFileSync(file, 'utf8');
    offered.length = 0;
    await addField('x_later');
    const first = await refresh();
    assert.deepEqual(
      first.map((outcome) => [outcome.answer, outcome.regenerated]),
      [['notNow', false]],
    );
    assert.equal(fs.readFileSync(file, 'utf8'), before, 'the file is left as it is');
    assert.deepEqual(await refresh(), [], 'the same change is not offered twice');
    await addField('x_later_again');
    const again = await refresh();
    assert.equal(again.length, 1, 'a further change is offered');
    assert.deepEqual(offered, [['res.partner: field x_later was added (char)'], again[0].differences]);
  });
});
