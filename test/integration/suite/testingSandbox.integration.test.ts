// Request files in VS Code's Test Explorer against the sandbox, in a real host: discovery (folders, files, requests,
// following the files on disk), a run (passed, failed at the assertion's line with expected/actual, skipped after a
// failed dependency), cancellation, re-run of the failed tests, and "Run with connection…".
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { RecordedTestRun } from '../../../src/extension/testing/requestTestRun';
import type { TestingTestApi } from '../../../src/extension/testing/registerTesting';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { eventually, StepRecorder } from './connectionsDriver.integration.test';
import { CONNECTION, DECLINE_ALL, endRequestsSuite, startRequestsSuite } from './requestsDriver.integration.test';

const FOLDER = 'api-tests';

const PARTNERS = `# @connection ${CONNECTION}
### Version
GET /web/version
?? status == 200

### Companies
# @name companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"], "order": "id", "limit": 2 }
?? body[0].name exists
?? body.length == 5

### Their contacts
POST res.partner/search_read
{ "domain": [["parent_id", "in", {{companies.response.body[*].id}}]], "fields": ["name"] }

### No checks
POST res.partner/search_count
{ "domain": [] }
`;

const ELSEWHERE = `# @connection nowhere
### Count
POST res.partner/search_count
{ "domain": [] }
?? status == 200
`;

function workspaceFile(...parts: string[]): string {
  const folder = process.env.JSON2_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(folder, 'a test workspace');
  return path.join(folder, ...parts);
}

function write(relative: string, text: string): vscode.Uri {
  const file = workspaceFile(FOLDER, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return vscode.Uri.file(file);
}

function child(collection: vscode.TestItemCollection, label: string): vscode.TestItem | undefined {
  return [...collection].map(([, item]) => item).find((item) => item.label === label);
}

function labels(collection: vscode.TestItemCollection): string[] {
  return [...collection].map(([, item]) => item.label);
}

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((line) => line.startsWith(needle)) + 1;
}

suite('Request files in the Test Explorer', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let testing: TestingTestApi;
  let sandbox: StartedSandbox;
  let partners: vscode.Uri;

  /** The folder item of the test files, once discovered. */
  const folderItem = () => child(testing.controller.items, FOLDER);
  const fileItem = (name: string, parent = folderItem()) => (parent ? child(parent.children, name) : undefined);

  /** Runs the items and returns what the run reported. */
  async function runItems(
    items: vscode.TestItem[],
    profile: 'run' | 'withConnection' = 'run',
    cancel?: vscode.CancellationToken,
  ): Promise<RecordedTestRun> {
    const before = testing.runs().length;
    await testing.run(items, profile, cancel);
    const run = testing.runs().at(-1);
    assert.ok(run && testing.runs().length === before + 1 && run.ended, 'one run, ended');
    return run;
  }

  suiteSetup(async () => {
    ({ api, sandbox } = await startRequestsSuite());
    assert.ok(api.testing, 'the testing test API');
    testing = api.testing;
    api.requests.setPrompts(DECLINE_ALL);
    partners = write('partners.json2', PARTNERS);
    write('nested/elsewhere.json2', ELSEWHERE);
    write(
      'nested/slow.json2',
      `# @connection ${CONNECTION}\n### Slow\nPOST ${sandbox.slowMethod.model}/${sandbox.slowMethod.method}\n{ "${sandbox.slowMethod.argument}": 30 }\n\n### After it\nGET /web/version\n`,
    );
  });
  suiteTeardown(async () => {
    fs.rmSync(workspaceFile(FOLDER), { recursive: true, force: true });
    await endRequestsSuite({ api, sandbox });
  });

  test('discovery: folders, files and their requests (title or @name, at the request line), following the files on disk', async () => {
    await testing.discover();
    const folder = folderItem();
    assert.ok(folder, `the folder ${FOLDER} among ${labels(testing.controller.items).join(', ')}`);
    assert.deepEqual(labels(folder.children).sort(), ['nested', 'partners.json2']);
    assert.deepEqual(labels(child(folder.children, 'nested')?.children ?? folder.children).sort(), ['elsewhere.json2', 'slow.json2']);
    const file = fileItem('partners.json2');
    assert.ok(file?.canResolveChildren, 'requests are read when the file is expanded');
    await testing.expand(file);
    assert.deepEqual(labels(file.children), ['Version', 'Companies', 'Their contacts', 'No checks']);
    const companies = child(file.children, 'Companies');
    assert.equal(companies?.description, '@companies');
    assert.equal(companies?.range?.start.line, lineOf(PARTNERS, 'POST res.partner/search_read') - 1);
    assert.equal(companies?.uri?.toString(), partners.toString());

    // Created, changed, renamed and deleted on disk: the tree follows.
    const extra = write('extra.json2', `# @connection ${CONNECTION}\n### One\nGET /web/version\n`);
    await eventually(() => fileItem('extra.json2') !== undefined, 'the created file in the tree', 20_000);
    const extraItem = fileItem('extra.json2') as vscode.TestItem;
    await testing.expand(extraItem);
    assert.deepEqual(labels(extraItem.children), ['One']);
    fs.appendFileSync(extra.fsPath, '\n### Two\nGET /web/version\n');
    await eventually(() => labels(extraItem.children).join() === 'One,Two', 'the added request in the tree', 20_000);
    fs.renameSync(extra.fsPath, workspaceFile(FOLDER, 'renamed.json2'));
    await eventually(() => fileItem('extra.json2') === undefined && fileItem('renamed.json2') !== undefined, 'the renamed file', 20_000);
    fs.rmSync(workspaceFile(FOLDER, 'renamed.json2'));
    await eventually(() => fileItem('renamed.json2') === undefined, 'the deleted file gone', 20_000);

    // An open document is followed as it is typed, before it is saved.
    const document = await vscode.workspace.openTextDocument(partners);
    const editor = await vscode.window.showTextDocument(document);
    const end = new vscode.Position(document.lineCount, 0);
    await editor.edit((edit) => edit.insert(end, '\n### Typed\nGET /web/version\n'));
    await eventually(() => labels(file.children).at(-1) === 'Typed', 'the typed request in the tree');
    await editor.edit((edit) => edit.delete(new vscode.Range(end, new vscode.Position(document.lineCount, 0))));
    await document.save();
    await eventually(() => labels(file.children).join() === 'Version,Companies,Their contacts,No checks', 'the reverted file');
  });

  test("a run: passed, failed at the assertion's line with expected and actual, skipped after a failed dependency; re-run failed", async () => {
    await testing.discover();
    const file = fileItem('partners.json2') as vscode.TestItem;
    await testing.expand(file);
    const run = await runItems([file]);
    const id = (label: string) => (child(file.children, label) as vscode.TestItem).id;
    assert.deepEqual(Object.fromEntries([...run.results].map(([key, result]) => [key, result.state])), {
      [id('Version')]: 'passed',
      [id('Companies')]: 'failed',
      [id('Their contacts')]: 'skipped',
      [id('No checks')]: 'passed',
    });
    const failed = run.results.get(id('Companies'));
    assert.deepEqual(failed?.messages, [
      {
        message: '?? body.length == 5: got 2',
        line: lineOf(PARTNERS, '?? body.length == 5'),
        expected: '5',
        actual: '2',
      },
    ]);
    assert.match(failed?.output ?? '', /^companies: POST res\.partner\/search_read \(requests\) → 200\r\n\[\r\n {2}\{\r\n {4}"id": \d+,/);
    assert.match(run.results.get(id('Their contacts'))?.output ?? '', /it needs the answer of companies, which failed/);
    assert.doesNotMatch(JSON.stringify([...run.results.values()]), new RegExp(sandbox.keys.admin), 'no key in what the tests show');

    // "Re-run failed tests" from VS Code's own command: only the failed request runs again.
    const before = testing.runs().length;
    await vscode.commands.executeCommand('testing.reRunFailTests');
    await eventually(() => testing.runs().length > before && (testing.runs().at(-1)?.ended ?? false), 'the re-run', 30_000);
    const rerun = testing.runs().at(-1) as RecordedTestRun;
    assert.deepEqual([...rerun.results.keys()], [id('Companies')]);
    assert.equal(rerun.results.get(id('Companies'))?.state, 'failed');
  });

  test('cancellation: the request being sent stops, the rest of the run is skipped', async () => {
    await testing.discover();
    const file = fileItem('slow.json2', child(folderItem()?.children ?? testing.controller.items, 'nested')) as vscode.TestItem;
    await testing.expand(file);
    const source = new vscode.CancellationTokenSource();
    const before = testing.runs().length;
    const running = runItems([file], 'run', source.token);
    await eventually(() => (testing.runs()[before]?.started.length ?? 0) === 1, 'the slow request started', 30_000);
    source.cancel();
    const run = await running;
    const [slow, after] = [child(file.children, 'Slow'), child(file.children, 'After it')] as vscode.TestItem[];
    assert.equal(run.results.get(slow.id)?.state, 'errored');
    assert.match(run.results.get(slow.id)?.messages[0]?.message ?? '', /cancel/i);
    assert.equal(run.results.get(after.id)?.state, 'skipped');
    assert.match(run.results.get(after.id)?.output ?? '', /The run was cancelled\./);
  });

  test('"Run with connection…" asks once and overrides the file\'s connection', async () => {
    await testing.discover();
    const file = fileItem('elsewhere.json2', child(folderItem()?.children ?? testing.controller.items, 'nested')) as vscode.TestItem;
    await testing.expand(file);
    const count = child(file.children, 'Count') as vscode.TestItem;
    const plain = await runItems([file]);
    assert.equal(plain.results.get(count.id)?.state, 'errored');
    assert.match(plain.results.get(count.id)?.messages[0]?.message ?? '', /nowhere/);
    const steps = new StepRecorder(api.connections);
    try {
      api.connections.inputs.preset({ connection: CONNECTION });
      const running = runItems([file], 'withConnection').finally(() => {
        steps.settled = true;
      });
      await steps.accept('connection');
      const chosen = await running;
      assert.equal(chosen.results.get(count.id)?.state, 'passed');
      assert.match(chosen.results.get(count.id)?.output ?? '', /\(requests\) → 200/);
    } finally {
      steps.dispose();
    }
  });
});
